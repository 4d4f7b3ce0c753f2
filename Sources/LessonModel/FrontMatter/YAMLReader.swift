internal import Cyaml

/// Reads YAML text with libyaml into `YAMLNode` values; the only file that touches libyaml.
///
/// The tree is built here from libyaml's events rather than by `yaml_parser_load`, so every limit holds
/// while the text is read: a document nested 100,000 deep or a list of a million items stops at the limit,
/// before libyaml has built (or even scanned) the rest of it.
public enum YAMLReader {
    /// Most nodes a document may expand to, so alias bombs end with an error instead of memory exhaustion.
    static let maximumNodes = 10_000
    static let maximumDepth = 64
    /// Longest YAML text read at all (a glossary is the longest expected, a few hundred KB at most).
    public static let maximumBytes = 1024 * 1024

    /// Parses the first document of `text`; `nil` for an empty document.
    public static func parse(_ text: String) -> Result<YAMLNode?, YAMLError> {
        var events = 0
        return parse(text, eventsRead: &events)
    }

    /// A collection being read: its children so far, and how many nodes it expands to.
    private struct Open {
        var isMapping: Bool
        var items: [YAMLNode] = []
        var pendingKey: YAMLNode?
        var pairs: [YAMLNode.Pair] = []
        var line: Int
        var column: Int
        var anchor: String?
        var nodes = 1
    }

    /// `parse(_:)`, counting the events libyaml produced (for tests that show the reading stops early).
    static func parse(_ text: String, eventsRead: inout Int) -> Result<YAMLNode?, YAMLError> {
        var text = text
        if text.utf8.count > maximumBytes {
            return .failure(YAMLError(message: "YAML text is over the \(maximumBytes / 1024) KB limit", line: 1, column: 1))
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .failure(YAMLError(message: "cannot initialise the YAML parser", line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        return text.withUTF8 { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return read(&parser, eventsRead: &eventsRead)
        }
    }

    private static func read(_ parser: inout yaml_parser_t, eventsRead: inout Int) -> Result<YAMLNode?, YAMLError> {
        var stack: [Open] = []
        var anchors: [String: (node: YAMLNode, nodes: Int)] = [:]
        var budget = maximumNodes
        var root: YAMLNode?

        /// Adds a finished node to the collection being read, or makes it the root.
        func place(_ node: YAMLNode, nodes: Int, anchor: String?) {
            if let anchor { anchors[anchor] = (node, nodes) }
            guard !stack.isEmpty else {
                root = node
                return
            }
            stack[stack.count - 1].nodes += nodes
            if !stack[stack.count - 1].isMapping {
                stack[stack.count - 1].items.append(node)
            } else if let key = stack[stack.count - 1].pendingKey {
                stack[stack.count - 1].pairs.append(YAMLNode.Pair(key: key, value: node))
                stack[stack.count - 1].pendingKey = nil
            } else {
                stack[stack.count - 1].pendingKey = node
            }
        }

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                let message = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
                let context = parser.context.map { String(cString: $0) + ": " } ?? ""
                let mark = parser.problem_mark
                return .failure(YAMLError(message: context + message, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
            }
            defer { yaml_event_delete(&event) }
            eventsRead += 1
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            let tooLarge = YAMLError(message: "document is too large or too deeply nested", line: line, column: column)
            switch event.type {
            case YAML_SCALAR_EVENT:
                budget -= 1
                guard budget >= 0 else { return .failure(tooLarge) }
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let node = YAMLNode(value: .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE), line: line, column: column)
                place(node, nodes: 1, anchor: scalar.anchor.map { String(cString: $0) })
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                budget -= 1
                guard budget >= 0, stack.count < maximumDepth else { return .failure(tooLarge) }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                stack.append(Open(isMapping: isMapping, line: line, column: column, anchor: anchor.map { String(cString: $0) }))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let open = stack.popLast() else { break }
                let value: YAMLNode.Value = open.isMapping ? .mapping(open.pairs) : .sequence(open.items)
                place(YAMLNode(value: value, line: open.line, column: open.column), nodes: open.nodes, anchor: open.anchor)
            case YAML_ALIAS_EVENT:
                let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
                // An anchor still open (a node containing itself) is not defined yet, as libyaml's loader says.
                guard let target = anchors[name] else {
                    return .failure(YAMLError(message: "found undefined alias '\(name)'", line: line, column: column))
                }
                // An alias costs every node it stands for: that is what a bomb multiplies.
                budget -= target.nodes
                guard budget >= 0 else { return .failure(tooLarge) }
                place(target.node, nodes: target.nodes, anchor: nil)
            case YAML_DOCUMENT_END_EVENT, YAML_STREAM_END_EVENT:
                // Only the first document is read.
                return .success(root)
            default:
                break
            }
        }
    }
}
