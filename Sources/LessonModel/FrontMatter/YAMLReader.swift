internal import Cyaml

/// Reads YAML text with libyaml into `YAMLNode` values; the only file that touches libyaml.
public enum YAMLReader {
    /// Most nodes a document may expand to, so alias bombs end with an error instead of memory exhaustion.
    static let maximumNodes = 10_000
    static let maximumDepth = 64

    /// Parses the first document of `text`; `nil` for an empty document.
    public static func parse(_ text: String) -> Result<YAMLNode?, YAMLError> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(YAMLError(message: "cannot initialise the YAML parser", line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        var document = yaml_document_t()
        let loaded: Int32 = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return yaml_parser_load(&parser, &document)
        }
        guard loaded == 1 else {
            let message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            let context = parser.context.map { String(cString: $0) + ": " } ?? ""
            let mark = parser.problem_mark
            return .failure(YAMLError(message: context + message, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
        }
        defer { yaml_document_delete(&document) }
        guard let root = yaml_document_get_root_node(&document) else { return .success(nil) }
        var budget = maximumNodes
        return copy(root, in: &document, budget: &budget, depth: 0).map { Optional($0) }
    }

    private static func copy(
        _ node: UnsafeMutablePointer<yaml_node_t>, in document: inout yaml_document_t, budget: inout Int, depth: Int
    ) -> Result<YAMLNode, YAMLError> {
        let line = Int(node.pointee.start_mark.line) + 1
        let column = Int(node.pointee.start_mark.column) + 1
        budget -= 1
        guard budget >= 0, depth < maximumDepth else {
            return .failure(YAMLError(message: "document is too large or too deeply nested", line: line, column: column))
        }
        switch node.pointee.type {
        case YAML_SCALAR_NODE:
            let scalar = node.pointee.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            return .success(YAMLNode(value: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line, column: column))
        case YAML_SEQUENCE_NODE:
            var items: [YAMLNode] = []
            var item = node.pointee.data.sequence.items.start
            while let current = item, current != node.pointee.data.sequence.items.top {
                guard let child = yaml_document_get_node(&document, current.pointee) else { break }
                switch copy(child, in: &document, budget: &budget, depth: depth + 1) {
                case .success(let value): items.append(value)
                case .failure(let error): return .failure(error)
                }
                item = current + 1
            }
            return .success(YAMLNode(value: .sequence(items), line: line, column: column))
        case YAML_MAPPING_NODE:
            var pairs: [YAMLNode.Pair] = []
            var pair = node.pointee.data.mapping.pairs.start
            while let current = pair, current != node.pointee.data.mapping.pairs.top {
                guard let keyNode = yaml_document_get_node(&document, current.pointee.key),
                    let valueNode = yaml_document_get_node(&document, current.pointee.value)
                else { break }
                let key = copy(keyNode, in: &document, budget: &budget, depth: depth + 1)
                let value = copy(valueNode, in: &document, budget: &budget, depth: depth + 1)
                switch (key, value) {
                case (.success(let k), .success(let v)): pairs.append(YAMLNode.Pair(key: k, value: v))
                case (.failure(let error), _), (_, .failure(let error)): return .failure(error)
                }
                pair = current + 1
            }
            return .success(YAMLNode(value: .mapping(pairs), line: line, column: column))
        default:
            return .success(YAMLNode(value: .scalar("", plain: true), line: line, column: column))
        }
    }
}
