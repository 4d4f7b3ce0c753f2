import Diagnostics
import Foundation
import LessonModel
import TutorbuildSupport

/// `--bless`: rewrites expected output blocks in place with what the snippets printed.
///
/// Only existing ```` ```output ```` blocks are rewritten; a snippet without one is left alone
/// (add an empty output block to opt in, and bless fills it). What a snippet printed is untrusted text:
/// the fence written around it is longer than any run of backticks or tildes in it, every line carries
/// the block's container prefix (`> `, a list's indentation), and the rewritten file is parsed again
/// before it is written, so that each block holds exactly the output and nothing printed becomes Markdown.
enum OutputBlessing {
    /// One block to rewrite: snippet `snippet`'s expected output, and what it printed.
    struct Edit {
        var snippet: Int
        var expected: ExpectedOutput
        var actual: String
    }

    /// Rewrites the blocks it can and returns their snippets; an output Markdown cannot hold in a fenced
    /// block (a carriage return, which ends a line there, or a NUL) is left as it was, and stays a failure.
    static func rewrite(_ document: LessonDocument, _ edits: [Edit]) throws -> Set<Int> {
        var candidates = edits.filter { canHold(OutputComparison.normalized($0.actual)) }
        // A block the parse does not read back as written is dropped, and the rest written again.
        for _ in 0..<2 {
            guard !candidates.isEmpty, let text = rewritten(document.source.text, candidates) else { return [] }
            let wrong = misread(text, candidates, as: document)
            if wrong.isEmpty {
                do {
                    try text.write(toFile: document.source.path, atomically: true, encoding: .utf8)
                } catch {
                    throw DocTestError.io("cannot rewrite '\(document.source.path)': \(error)")
                }
                return Set(candidates.map(\.snippet))
            }
            candidates.removeAll { wrong.contains($0.snippet) }
        }
        return []
    }

    /// Whether a fenced block can hold `body` line for line.
    static func canHold(_ body: String) -> Bool {
        !body.utf8.contains { $0 == 0x0D || $0 == 0x00 }
    }

    /// `source` with each edit's block replaced, or `nil` when a block's fence is not where it was found.
    static func rewritten(_ source: String, _ edits: [Edit]) -> String? {
        // Lines split on bytes: "\r\n" is one Character, and a split on Characters would miss it.
        var lines = source.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        // Bottom-up, so earlier line numbers stay valid.
        for edit in edits.sorted(by: { $0.expected.range.start.line > $1.expected.range.start.line }) {
            let open = edit.expected.range.start.line - 1
            let close = edit.expected.range.end.line - 1
            guard open >= 0, close > open, close < lines.count else { return nil }
            let fenceLine = lines[open]
            var prefix = String(fenceLine.prefix { $0 == " " || $0 == ">" })
            let rest = fenceLine.dropFirst(prefix.count)
            guard let fenceChar = rest.first, fenceChar == "`" || fenceChar == "~" else { return nil }
            // After a bare `>`, a line starting with a tab would lose part of it to the quote's optional space.
            if prefix.hasSuffix(">") { prefix += " " }
            let body = OutputComparison.normalized(edit.actual)
            let fence = String(repeating: fenceChar, count: max(rest.prefix { $0 == fenceChar }.count, longestRun(of: fenceChar, in: body) + 1))
            let info = rest.drop { $0 == fenceChar }
            var replacement = [prefix + fence + info]
            if !body.isEmpty {
                replacement += body.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.isEmpty ? String(prefix.trimmingSuffixSpaces) : prefix + $0
                }
            }
            replacement.append(prefix + fence)
            lines.replaceSubrange(open...close, with: replacement)
        }
        return lines.joined(separator: "\n")
    }

    /// The longest run of `character` anywhere in `text`: a closing fence may follow any indentation or
    /// container prefix, so runs are counted wherever they are.
    static func longestRun(of character: Character, in text: String) -> Int {
        let byte = character.asciiValue!
        var longest = 0, run = 0
        for b in text.utf8 {
            run = b == byte ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// The edits whose block `text`, parsed as `document` is, does not hold exactly: all of them when any
    /// snippet's code or another block changed too.
    private static func misread(_ text: String, _ edits: [Edit], as document: LessonDocument) -> Set<Int> {
        var ignored = DiagnosticBag()
        let parsed = LessonParser().parse(SourceFile(path: document.path, text: text), slug: document.slug, language: document.language, into: &ignored)
        let all = Set(edits.map(\.snippet))
        guard parsed.snippets.count == document.snippets.count else { return all }
        for (before, after) in zip(document.snippets, parsed.snippets) {
            let kept = all.contains(before.index) || before.expectedOutput?.text == after.expectedOutput?.text
            if before.code != after.code || before.attributes != after.attributes || !kept { return all }
        }
        return Set(edits.filter { edit in
            !(parsed.snippets[edit.snippet].expectedOutput.map { OutputComparison.matches($0.text, edit.actual) } ?? false)
        }.map(\.snippet))
    }
}

private extension String {
    var trimmingSuffixSpaces: Substring { Substring(self).trimmingSuffix { $0 == " " } }
}
