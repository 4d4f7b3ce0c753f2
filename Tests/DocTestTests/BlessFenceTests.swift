import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// `--bless` writes what a snippet printed inside a fence nothing printed can close, in every container
/// (issue 30 #3: in a blockquote a tab-indented run of backticks closed the block and injected Markdown).
@Suite("Blessed output stays inside its block")
struct BlessFenceTests {
    /// Where the snippet and its output block sit: the prefix of their lines and what comes before them.
    static let contexts: [(name: String, before: String, prefix: String)] = [
        ("top level", "", ""),
        ("blockquote", "", "> "),
        ("bare blockquote", "", ">"),
        ("nested blockquote", "", "> > "),
        ("list item", "- Step:\n\n", "  "),
        ("ordered list item", "1. Step:\n\n", "   "),
        ("blockquote in a list item", "- Step:\n\n", "  > "),
        ("indented fence", "", "  "),
    ]

    static let outputs = [
        "```",
        "\t```",
        "  \t~~~~",
        "\t\t```````\nafter",
        "    ````",
        "a ``` b ```` c ~~~~~ d",
        "> ```\n# Injected heading\n<script>alert(1)</script>\n```",
        "~~~\n```\n~~~~\n````",
        "line\n\n\n```\n\n",
        "- item\n```output\n* other",
        " ` `` ``` ",
        "\u{0B}```\u{0C}",
    ]

    static func lesson(before: String, prefix: String, fence: String = "```") -> String {
        let blank = String(prefix.reversed().drop { $0 == " " }.reversed())
        let lines = ["\(fence)swift", "print(1)", fence, "", "\(fence)output", "old", fence]
        return TemporaryCourse.lesson("Bless", "## Step\n\n" + before + lines.map { $0.isEmpty ? blank : prefix + $0 }.joined(separator: "\n") + "\n\nAfter.\n")
    }

    static func parse(_ text: String, path: String) -> LessonDocument {
        var bag = DiagnosticBag()
        return LessonParser().parse(SourceFile(path: path, text: text), slug: "bless", language: .en, into: &bag)
    }

    @Test("issue 30 #3: an adversarial output blessed in any container reads back as exactly that output",
          arguments: contexts.indices, outputs)
    func readsBack(context: Int, output: String) throws {
        let (_, before, prefix) = Self.contexts[context]
        for fence in ["```", "~~~~"] {
            let folder = TemporaryFolder.make().path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let path = folder + "/en.md"
            let text = Self.lesson(before: before, prefix: prefix, fence: fence)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let document = Self.parse(text, path: path)
            let expected = try #require(document.snippets.first?.expectedOutput, "\(text)")
            let blessed = try OutputBlessing.rewrite(document, [.init(snippet: 0, expected: expected, actual: output)])
            #expect(blessed == [0])
            let again = Self.parse(try String(contentsOfFile: path, encoding: .utf8), path: path)
            #expect(again.snippets.count == 1)
            #expect(again.snippets.first.map { OutputComparison.matches($0.expectedOutput?.text ?? "<none>", output) } == true)
            // Nothing printed became a heading or a block outside the output.
            #expect(again.sections.count == document.sections.count)
            #expect(again.markdown.blocks.count == document.markdown.blocks.count)
        }
    }

    @Test("issue 30 #3: an output a fenced block cannot hold (a carriage return, a NUL) is not blessed", arguments: [
        "a\rb", "a\r```\nb", "nul\u{0}",
    ])
    func unwritable(output: String) throws {
        let folder = TemporaryFolder.make().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/en.md"
        let text = Self.lesson(before: "", prefix: "> ")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let document = Self.parse(text, path: path)
        let expected = try #require(document.snippets.first?.expectedOutput)
        #expect(try OutputBlessing.rewrite(document, [.init(snippet: 0, expected: expected, actual: output)]).isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    @Test("issue 30 #3: the fence is longer than any run of its character anywhere in the output")
    func longestRun() {
        #expect(OutputBlessing.longestRun(of: "`", in: "a\n\t``` x ````\n") == 4)
        #expect(OutputBlessing.longestRun(of: "~", in: "~~ ~~~") == 3)
        #expect(OutputBlessing.longestRun(of: "`", in: "none") == 0)
    }
}
