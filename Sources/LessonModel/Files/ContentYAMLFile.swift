import Diagnostics
import Foundation

/// An optional YAML file beside the lessons (`glossary.yml`, `search-terms.yml`), read like a lesson.
package enum ContentYAMLFile {
    /// The file's document, or nil when there is none, it is empty, or it cannot be read or parsed (reported
    /// as `syntax` with `syntaxMessage` of libyaml's words, at the place libyaml names).
    package static func read(
        _ path: String, syntax: Diagnostic.ID, _ syntaxMessage: (String) -> Diagnostic.Message, into bag: inout DiagnosticBag
    ) -> YAMLNode? {
        // Size limit, encoding, and only a regular file (a FIFO would block the build).
        guard FileManager.default.fileExists(atPath: path), let text = TextFile.read(path, into: &bag) else { return nil }
        switch YAMLReader.parse(text) {
        case .failure(let error):
            bag.error(syntax, SourceLocation(path: path, line: error.line, column: error.column), syntaxMessage(error.message))
            return nil
        case .success(let node): return node
        }
    }

    /// The items of the file's top-level `key:` list; nil when there is no file or it cannot be read, and an
    /// error (`shape`, `shapeMessage`) when the document is not a mapping with such a list.
    package static func list(
        _ path: String, key: String, syntax: Diagnostic.ID, _ syntaxMessage: (String) -> Diagnostic.Message,
        shape: Diagnostic.ID, _ shapeMessage: Diagnostic.Message, into bag: inout DiagnosticBag
    ) -> [YAMLNode]? {
        guard let root = read(path, syntax: syntax, syntaxMessage, into: &bag) else { return nil }
        guard case .mapping(let pairs) = root.value, let list = pairs.first(where: { $0.key.string == key })?.value,
              case .sequence(let items) = list.value
        else {
            bag.error(shape, SourceLocation(path: path, line: root.line, column: root.column), shapeMessage)
            return nil
        }
        return items
    }
}
