import Diagnostics
import Foundation
import LessonModel
import TutorbuildSupport

/// The records as lines of tab-separated fields (`LineField`): read on every rebuild after an edit, where
/// decoding JSON of a thousand lessons cost more than loading the one that changed.
///
/// ```
/// entry   <name> <hash>
/// lesson  <slug> <source language> <order> <folder> <snippet inputs> <passed> <failed> <skipped> <han characters>
/// page    <language> <title> <summary> <generated from or -> <source hash> <source size> <stale 0/1> <results digest> [<+id or ->…]
/// diagnostic <id> <severity> <path> <line> <column> <+end path or -> <end line> <end column> <message> <+detail or -> [<path> <line> <column> <message>]…
/// diagnostics <count of the diagnostic lines>
/// ```
/// A `page` line belongs to the `lesson` line above it; a `diagnostic` line's last fields are its notes, four each.
/// Diagnostics are lines too, not JSON: a course of a thousand lessons records a thousand warnings, whose JSON took
/// longer to encode and decode than the rest of the records.
extension LessonRecords {
    var lines: String {
        var out = ""
        for (name, hash) in entries.sorted(by: { $0.key < $1.key }) {
            out += "entry\t\(LineField.escaped(name))\t\(hash)\n"
        }
        for lesson in lessons {
            let site = lesson.site
            out += ["lesson", LineField.escaped(site.slug), site.sourceLanguage.rawValue, String(site.order), LineField.escaped(site.folder),
                    lesson.snippetInputs, String(lesson.passed), String(lesson.failed), String(lesson.skipped),
                    LineField.escaped(lesson.hanCharacters)].joined(separator: "\t") + "\n"
            for page in site.pages {
                var fields = ["page", page.language.rawValue, LineField.escaped(page.title), LineField.escaped(page.summary),
                              page.generatedFrom?.rawValue ?? "-", page.sourceHash, String(page.sourceSize), page.isStale ? "1" : "0",
                              page.resultsDigest]
                fields += page.sectionIDs.map { $0.map { "+" + LineField.escaped($0) } ?? "-" }
                out += fields.joined(separator: "\t") + "\n"
            }
        }
        for diagnostic in diagnostics {
            var fields = ["diagnostic", LineField.escaped(diagnostic.id.rawValue), diagnostic.severity.rawValue]
            fields += Self.fields(diagnostic.location)
            // The end's path marked with `+`, as a page's section ids are, so that a path `-` is not "no end".
            fields += diagnostic.endLocation.map { ["+" + LineField.escaped($0.path), String($0.line), String($0.column)] } ?? ["-", "0", "0"]
            fields += [LineField.escaped(diagnostic.message), diagnostic.detail.map { "+" + LineField.escaped($0) } ?? "-"]
            for note in diagnostic.notes { fields += Self.fields(note.location) + [LineField.escaped(note.message)] }
            out += fields.joined(separator: "\t") + "\n"
        }
        out += "diagnostics\t\(diagnostics.count)\n"
        return out
    }

    private static func fields(_ location: SourceLocation) -> [String] {
        [LineField.escaped(location.path), String(location.line), String(location.column)]
    }

    /// The records `lines` wrote, or `nil` for anything else.
    init?(lines body: ArraySlice<UInt8>) {
        var entries: [String: String] = [:]
        var lessons: [Lesson] = []
        var diagnostics: [Diagnostic]?
        var read: [Diagnostic] = []
        for line in body.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            func text(_ k: Int) -> String? { fields[k].withUnsafeBufferPointer { LineField.unescaped(bytes: $0) } }
            func number(_ k: Int) -> Int? { Int(String(decoding: fields[k], as: UTF8.self)) }
            func language(_ k: Int) -> Language? { Language(rawValue: String(decoding: fields[k], as: UTF8.self)) }
            /// A field written as `-` for none or `+` and the text: `.some(nil)` for none, `nil` for anything else.
            func marked(_ k: Int) -> String?? {
                if fields[k].elementsEqual("-".utf8) { return .some(nil) }
                guard fields[k].first == UInt8(ascii: "+"),
                      let text = fields[k].dropFirst().withUnsafeBufferPointer({ LineField.unescaped(bytes: $0) })
                else { return nil }
                return .some(text)
            }
            func place(_ k: Int) -> SourceLocation? {
                guard let path = text(k), let line = number(k + 1), let column = number(k + 2) else { return nil }
                return SourceLocation(path: path, line: line, column: column)
            }
            switch String(decoding: fields[0], as: UTF8.self) {
            case "entry":
                guard fields.count == 3, let name = text(1) else { return nil }
                entries[name] = String(decoding: fields[2], as: UTF8.self)
            case "lesson":
                guard fields.count == 10, let slug = text(1), let source = language(2), let order = number(3), let folder = text(4),
                      let passed = number(6), let failed = number(7), let skipped = number(8), let han = text(9)
                else { return nil }
                lessons.append(Lesson(
                    site: RecordedLesson(slug: slug, sourceLanguage: source, order: order, folder: folder, pages: []),
                    snippetInputs: String(decoding: fields[5], as: UTF8.self), passed: passed, failed: failed, skipped: skipped,
                    hanCharacters: han))
            case "page":
                guard !lessons.isEmpty, fields.count >= 9, let language = language(1), let title = text(2), let summary = text(3),
                      let size = number(6)
                else { return nil }
                let from = String(decoding: fields[4], as: UTF8.self)
                guard from == "-" || Language(rawValue: from) != nil else { return nil }
                var ids: [String?] = []
                for k in 9..<fields.count {
                    guard let id = marked(k) else { return nil }
                    ids.append(id)
                }
                lessons[lessons.count - 1].site.pages.append(RecordedLesson.Page(
                    language: language, title: title, summary: summary, generatedFrom: Language(rawValue: from),
                    sourceHash: String(decoding: fields[5], as: UTF8.self), sourceSize: size, isStale: fields[7].elementsEqual("1".utf8),
                    sectionIDs: ids, resultsDigest: String(decoding: fields[8], as: UTF8.self)))
            case "diagnostic":
                guard fields.count >= 11, (fields.count - 11) % 4 == 0, let id = text(1),
                      let severity = Diagnostic.Severity(rawValue: String(decoding: fields[2], as: UTF8.self)),
                      let location = place(3), let message = text(9)
                else { return nil }
                guard let endPath = marked(6), let detail = marked(10), let endLine = number(7), let endColumn = number(8) else { return nil }
                let end = endPath.map { SourceLocation(path: $0, line: endLine, column: endColumn) }
                var notes: [Diagnostic.Note] = []
                for start in stride(from: 11, to: fields.count, by: 4) {
                    guard let at = place(start), let text = text(start + 3) else { return nil }
                    notes.append(Diagnostic.Note(location: at, message: text))
                }
                read.append(Diagnostic(
                    id: Diagnostic.ID(rawValue: id), severity: severity, location: location, endLocation: end, message: message,
                    notes: notes, detail: detail))
            case "diagnostics":
                guard fields.count == 2, number(1) == read.count else { return nil }
                diagnostics = read
            default:
                return nil
            }
        }
        guard let diagnostics else { return nil }
        self.init(entries: entries, lessons: lessons, diagnostics: diagnostics)
    }
}
