import Foundation
import LessonModel
import TutorbuildSupport

/// `--bless`: rewrites expected output blocks in place with what the snippets printed.
///
/// Only existing ```` ```output ```` blocks are rewritten; a snippet without one is left alone
/// (add an empty output block to opt in, and bless fills it).
enum OutputBlessing {
    static func rewrite(_ document: LessonDocument, _ edits: [(ExpectedOutput, String)]) throws {
        var lines = document.source.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Bottom-up, so earlier line numbers stay valid.
        for (expected, actual) in edits.sorted(by: { $0.0.range.start.line > $1.0.range.start.line }) {
            let open = expected.range.start.line - 1
            let close = expected.range.end.line - 1
            guard open >= 0, close > open, close < lines.count else { continue }
            let fenceLine = lines[open]
            let indent = String(fenceLine.prefix { $0 == " " || $0 == ">" })
            let rest = fenceLine.dropFirst(indent.count)
            guard let fenceChar = rest.first, fenceChar == "`" || fenceChar == "~" else { continue }
            let body = OutputComparison.normalized(actual)
            var fenceLength = rest.prefix { $0 == fenceChar }.count
            // The fence must be longer than any run of its character inside the output.
            let longestRun = body.split(separator: "\n").map { (line: Substring) -> Int in
                line.drop { $0 == " " }.prefix { $0 == fenceChar }.count
            }.max() ?? 0
            fenceLength = max(fenceLength, longestRun + 1)
            let fence = String(repeating: fenceChar, count: fenceLength)
            let info = rest.drop { $0 == fenceChar }
            var replacement = [indent + fence + info]
            if !body.isEmpty {
                replacement += body.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? String(indent.trimmingSuffixSpaces) : indent + $0 }
            }
            replacement.append(indent + fence)
            lines.replaceSubrange(open...close, with: replacement)
        }
        let text = lines.joined(separator: "\n")
        do {
            try text.write(toFile: document.source.path, atomically: true, encoding: .utf8)
        } catch {
            throw DocTestError.io("cannot rewrite '\(document.source.path)': \(error)")
        }
    }
}

private extension String {
    var trimmingSuffixSpaces: Substring { Substring(self).trimmingSuffix { $0 == " " } }
}
