import Foundation
import LessonModel
import TutorbuildSupport

extension GeneratedPage.Facts {
    /// The facts as lines of tab-separated fields, for the conversion cache.
    ///
    /// Read for every generated page of every build: a few fields split on tabs cost far less than a
    /// JSON decoder per page.
    var lines: String {
        var lines = ["title\t" + LineField.escaped(title), "summary\t" + LineField.escaped(summary)]
        lines.append("translated-from\t" + (translatedFrom.map { (["+"] + $0.map(LineField.escaped)).joined(separator: "\t") } ?? "-"))
        lines.append((["snippets"] + snippetIndices.map(String.init)).joined(separator: "\t"))
        for id in sectionIDs { lines.append("section\t" + (id.map { "+" + LineField.escaped($0) } ?? "-")) }
        return lines.joined(separator: "\n")
    }

    /// Facts written by `lines`, or `nil` for anything else.
    init?(lines text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        guard lines.count >= 4,
              lines[0].count == 2, lines[0][0] == "title", let title = LineField.unescaped(lines[0][1]),
              lines[1].count == 2, lines[1][0] == "summary", let summary = LineField.unescaped(lines[1][1]),
              lines[2].count >= 2, lines[2][0] == "translated-from",
              lines[3].first == "snippets"
        else { return nil }
        var translatedFrom: [String]?
        switch (lines[2][1], lines[2].count) {
        case ("-", 2): translatedFrom = nil
        case ("+", _):
            let parts = lines[2].dropFirst(2).map(LineField.unescaped)
            guard !parts.contains(where: { $0 == nil }) else { return nil }
            translatedFrom = parts.map { $0! }
        default: return nil
        }
        let indices = lines[3].dropFirst().map { Int($0) }
        guard !indices.contains(where: { $0 == nil }) else { return nil }
        var sectionIDs: [String?] = []
        for line in lines.dropFirst(4) {
            guard line.count == 2, line[0] == "section" else { return nil }
            if line[1] == "-" {
                sectionIDs.append(nil)
            } else {
                guard line[1].first == "+", let id = LineField.unescaped(line[1].dropFirst()) else { return nil }
                sectionIDs.append(id)
            }
        }
        self.init(title: title, summary: summary, translatedFrom: translatedFrom, sectionIDs: sectionIDs, snippetIndices: indices.map { $0! })
    }
}

extension ScriptPageGenerator {
    /// `facts` as the conversion cache stores them: lines, or JSON when a benchmark turns the lines off.
    static func stored(_ facts: GeneratedPage.Facts) -> String {
        guard !SpeedMachinery.lineFormats else { return facts.lines }
        return (try? JSONEncoder().encode(facts)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The facts in a conversion cache entry `stored(_:)` wrote, or `nil`.
    static func facts(_ stored: String) -> GeneratedPage.Facts? {
        guard !SpeedMachinery.lineFormats else { return GeneratedPage.Facts(lines: stored) }
        return try? JSONDecoder().decode(GeneratedPage.Facts.self, from: Data(stored.utf8))
    }
}
