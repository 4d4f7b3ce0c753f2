import Diagnostics
import DocTest
import LessonModel
import ScriptConversion
import SiteBuilder

/// Every diagnostic id tutorbuild reports, explained: what `tutorbuild explain` prints and
/// `docs/diagnostics.md` holds. Each layer declares its ids and their explanations in its `DiagnosticIDs.swift`.
enum DiagnosticCatalog {
    static let explanations: [Diagnostic.Explanation] = {
        typealias Explanation = Diagnostic.Explanation
        let layers = [Explanation.lessonModel, Explanation.docTest, Explanation.scriptConversion, Explanation.siteBuilder, Explanation.commands]
        return layers.joined().sorted { $0.id < $1.id }
    }()

    static func explanation(of id: String) -> Diagnostic.Explanation? {
        explanations.first { $0.id.rawValue == id }
    }

    /// One line per id, the ids aligned, for `explain --list`.
    static var list: String {
        let width = explanations.map(\.id.rawValue.count).max() ?? 0
        return explanations.map { $0.id.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
            .joined(separator: "\n")
    }

    /// The command that writes `docs/diagnostics.md`.
    static let regenerate = "swift run tutorbuild explain --markdown > docs/diagnostics.md"

    /// `docs/diagnostics.md`: an index of every id, then each explanation, grouped by the id's first word.
    static var markdown: String {
        var lines = [
            "# Diagnostics",
            "",
            "Every problem tutorbuild reports has a stable id, printed at the end of its line (`[lesson.empty]`) and",
            "in `--format json`. `tutorbuild explain ID` prints what the id means, a minimal input that triggers it",
            "and how to fix it; `tutorbuild explain --list` lists every id. This page holds the same text.",
            "",
            "<!-- Generated from the explanations beside the ids (Sources/*/DiagnosticIDs.swift); do not edit.",
            "     Regenerate with: \(regenerate) -->",
            "",
            "| id | summary |",
            "| --- | --- |",
        ]
        for explanation in explanations {
            let anchor = explanation.id.rawValue.filter { $0 != "." }
            lines.append("| [`\(explanation.id)`](#\(anchor)) | \(explanation.summary) |")
        }
        var group = ""
        for explanation in explanations {
            let first = String(explanation.id.rawValue.prefix { $0 != "." })
            if first != group {
                group = first
                lines += ["", "## \(first)"]
            }
            lines += ["", explanation.markdown]
        }
        return lines.joined(separator: "\n")
    }
}
