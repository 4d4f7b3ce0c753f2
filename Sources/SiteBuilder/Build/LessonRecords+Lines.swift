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
/// diagnostic …   (`DiagnosticLine`)
/// diagnostics <count of the diagnostic lines>
/// ```
/// A `page` line belongs to the `lesson` line above it.
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
        for diagnostic in diagnostics { out += DiagnosticLine.line(diagnostic) + "\n" }
        out += "diagnostics\t\(diagnostics.count)\n"
        return out
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
                    guard let id = DiagnosticLine.marked(fields[k]) else { return nil }
                    ids.append(id)
                }
                lessons[lessons.count - 1].site.pages.append(RecordedLesson.Page(
                    language: language, title: title, summary: summary, generatedFrom: Language(rawValue: from),
                    sourceHash: String(decoding: fields[5], as: UTF8.self), sourceSize: size, isStale: fields[7].elementsEqual("1".utf8),
                    sectionIDs: ids, resultsDigest: String(decoding: fields[8], as: UTF8.self)))
            case "diagnostic":
                guard let diagnostic = DiagnosticLine.diagnostic(fields) else { return nil }
                read.append(diagnostic)
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
