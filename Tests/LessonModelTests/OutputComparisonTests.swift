import LessonModel
import Testing

/// Output compared without trailing blanks: the byte path must agree with the Character rule it replaces.
@Suite("Comparing output")
struct OutputComparisonTests {
    /// The rule on Characters, as it was written before the byte path.
    func byCharacters(_ text: String) -> String {
        func trimmed(_ line: Substring, of blanks: Set<Character>) -> String {
            var characters = Array(line)
            while let last = characters.last, blanks.contains(last) { characters.removeLast() }
            return String(characters)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { trimmed($0, of: [" ", "\t", "\r"]) }
        return trimmed(Substring(lines.joined(separator: "\n")), of: ["\n"])
    }

    @Test("trailing blanks and newlines are dropped the same on bytes as on Characters", arguments: [
        "", "\n", "\n\n", "a", "a\n", "a \t\n", "a\n  \n\n", " \n a \n", "x \u{301} \n", " \u{301}\n", "\t\u{301}\n",
        "\n\u{301}x", "键盘  \n👍🏽\t\n", "a\r\nb \r\n", "a\r \nb\r", "e\u{301} ", "\u{301} \t", "   ",
    ])
    func sameAsCharacters(text: String) {
        #expect(OutputComparison.normalized(text) == byCharacters(text))
    }

    @Test("an output differing only in trailing blanks compares equal")
    func trailingBlanks() {
        #expect(OutputComparison.normalized("1\n2  \n\n") == OutputComparison.normalized("1 \n2"))
        #expect(OutputComparison.normalized("1\n 2") != OutputComparison.normalized("1\n2"))
    }
}
