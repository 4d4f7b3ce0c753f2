@testable import DocTest
import DocTestProtocol
import Foundation
import LessonModel
import Testing

/// Output is compared byte for byte after the whitespace rule, and the diff shows what a terminal would not
/// (issue 30 #2: "é" precomposed passed for "e\u{301}", and a line ending in `\r` made a malformed diff).
@Suite("Output comparison and its diff")
struct OutputDiffTests {
    static func judged(expected: String, printed: String) -> ProgramVerdict {
        let document = HostileNumberTests.document("```swift\nprint(1)\n```\n\n```output\n\(expected)\n```\n")
        var transcript = RunTranscript()
        transcript.entered = [0]
        transcript.outputs = [0: printed]
        transcript.ended = true
        return HostileNumberTests.verdict(document, HostileNumberTests.outcome(transcript))
    }

    @Test("issue 30 #2: a snippet passes only when its output's bytes match, after the whitespace rule", arguments: [
        ("caf\u{E9}", "cafe\u{301}\n", false),
        ("\u{212B}", "\u{C5}\n", false),
        ("a b", "a\u{A0}b\n", false),
        ("done", "done\r\n", true),
        ("one\ntwo", "one \r\ntwo\t\r\n\r\n", true),
        ("a\u{301}", "a\u{301}\n", true),
    ])
    func bytes(expected: String, printed: String, passes: Bool) {
        let verdict = Self.judged(expected: expected, printed: printed)
        #expect((verdict.results[0]?.status == .passed) == passes)
        #expect(verdict.diagnostics.contains { $0.diagnostic.id == .doctestOutputMismatch } == !passes)
    }

    @Test("issue 30 #2: lines that look alike are shown scalar by scalar; controls and invisible characters always escaped", arguments: [
        ("caf\u{E9}", "cafe\u{301}", ["-caf\\u{E9}", "+cafe\\u{301}"]),
        ("a b", "a\u{A0}b", ["-a b", "+a\\u{A0}b"]),
        ("a\tb", "a b", ["-a\\tb", "+a b"]),
        ("ab", "a\u{200B}b", ["-ab", "+a\\u{200B}b"]),
        ("ab", "a\rb", ["-ab", "+a\\rb"]),
        ("x\n键盘", "x\n键盘!", ["-键盘", "+键盘!"]),
        ("👨‍👩‍👧", "👨👩👧", ["-\\u{1F468}\\u{200D}\\u{1F469}\\u{200D}\\u{1F467}", "+\\u{1F468}\\u{1F469}\\u{1F467}"]),
    ])
    func visible(expected: String, actual: String, lines: [String]) {
        let diff = UnifiedDiff.diff(expected: expected, actual: actual)
        let shown = diff.split(separator: "\n").map(String.init)
        for line in lines { #expect(shown.contains(line), "\(diff)") }
        // Nothing the diff prints moves the cursor or hides: every line is one line.
        #expect(!diff.unicodeScalars.contains { $0 == "\r" || $0 == "\u{200B}" || $0 == "\u{A0}" })
    }

    @Test("issue 30 #2: a diff of outputs with carriage returns has one line per output line")
    func carriageReturns() {
        let diff = UnifiedDiff.diff(expected: "one\ntwo\nthree", actual: "one\rtwo\nthree")
        #expect(diff == """
            --- expected
            +++ actual
            @@ -1,3 +1,2 @@
            -one
            -two
            +one\\rtwo
             three
            """)
    }
}
