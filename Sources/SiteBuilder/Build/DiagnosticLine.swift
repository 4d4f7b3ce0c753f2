import Diagnostics
import TutorbuildSupport

/// A diagnostic as one line of tab-separated fields (`LineField`), for the records a rebuild reads: a course of a
/// thousand lessons records a thousand warnings, whose JSON took longer to encode and decode than everything else
/// the records hold.
///
/// ```
/// diagnostic <id> <severity> <path> <line> <column> <+end path or -> <end line> <end column> <message> <+detail or -> [<path> <line> <column> <message>]…
/// ```
/// The last fields are the notes, four each.
enum DiagnosticLine {
    static func line(_ diagnostic: Diagnostic) -> String {
        var fields = ["diagnostic", LineField.escaped(diagnostic.id.rawValue), diagnostic.severity.rawValue]
        fields += Self.fields(diagnostic.location)
        // The end's path marked with `+`, as the detail is, so that a path `-` is not "no end".
        fields += diagnostic.endLocation.map { ["+" + LineField.escaped($0.path), String($0.line), String($0.column)] } ?? ["-", "0", "0"]
        fields += [LineField.escaped(diagnostic.message), diagnostic.detail.map { "+" + LineField.escaped($0) } ?? "-"]
        for note in diagnostic.notes { fields += Self.fields(note.location) + [LineField.escaped(note.message)] }
        return fields.joined(separator: "\t")
    }

    private static func fields(_ location: SourceLocation) -> [String] {
        [LineField.escaped(location.path), String(location.line), String(location.column)]
    }

    /// The diagnostic `line(_:)` wrote, from its fields (the first is `diagnostic`), or `nil` for anything else.
    static func diagnostic(_ fields: [ArraySlice<UInt8>]) -> Diagnostic? {
        guard fields.count >= 11, (fields.count - 11) % 4 == 0, fields[0].elementsEqual("diagnostic".utf8) else { return nil }
        func text(_ k: Int) -> String? { fields[k].withUnsafeBufferPointer { LineField.unescaped(bytes: $0) } }
        func number(_ k: Int) -> Int? { Int(String(decoding: fields[k], as: UTF8.self)) }
        func place(_ k: Int) -> SourceLocation? {
            guard let path = text(k), let line = number(k + 1), let column = number(k + 2) else { return nil }
            return SourceLocation(path: path, line: line, column: column)
        }
        guard let id = text(1), let severity = Diagnostic.Severity(rawValue: String(decoding: fields[2], as: UTF8.self)),
              let location = place(3), let message = text(9),
              let endPath = marked(fields[6]), let detail = marked(fields[10]), let endLine = number(7), let endColumn = number(8)
        else { return nil }
        var notes: [Diagnostic.Note] = []
        for start in stride(from: 11, to: fields.count, by: 4) {
            guard let at = place(start), let text = text(start + 3) else { return nil }
            notes.append(Diagnostic.Note(location: at, message: text))
        }
        return Diagnostic(
            id: Diagnostic.ID(rawValue: id), severity: severity, location: location,
            endLocation: endPath.map { SourceLocation(path: $0, line: endLine, column: endColumn) }, message: message,
            notes: notes, detail: detail)
    }

    /// A field written as `-` for none or `+` and the text: `.some(nil)` for none, `nil` for anything else.
    static func marked(_ field: ArraySlice<UInt8>) -> String?? {
        if field.elementsEqual("-".utf8) { return .some(nil) }
        guard field.first == UInt8(ascii: "+"), let text = field.dropFirst().withUnsafeBufferPointer({ LineField.unescaped(bytes: $0) })
        else { return nil }
        return .some(text)
    }
}
