import LessonModel
import Testing

/// Output compared without trailing blanks, and otherwise byte for byte.
@Suite("Comparing output")
struct OutputComparisonTests {
    /// The rule on Unicode scalars: a line feed ends a line; spaces, tabs and carriage returns before one,
    /// or before the end, do not count, nor do line feeds at the end.
    func byScalars(_ text: String) -> [Unicode.Scalar] {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" { lines.append([]) } else { lines[lines.count - 1].append(scalar) }
        }
        var out: [Unicode.Scalar] = []
        for (k, var line) in lines.enumerated() {
            while let last = line.last, last == " " || last == "\t" || last == "\r" { line.removeLast() }
            if k > 0 { out.append("\n") }
            out += line
        }
        while out.last == "\n" { out.removeLast() }
        return out
    }

    @Test("trailing blanks (carriage returns too) and newlines are dropped as the rule on scalars says", arguments: [
        "", "\n", "\n\n", "a", "a\n", "a \t\n", "a\n  \n\n", " \n a \n", "x \u{301} \n", " \u{301}\n", "\t\u{301}\n",
        "\n\u{301}x", "键盘  \n👍🏽\t\n", "a\r\nb \r\n", "a\r \nb\r", "e\u{301} ", "\u{301} \t", "   ", "a\rb\r\r\n\r\n",
    ])
    func sameAsScalars(text: String) {
        #expect(Array(OutputComparison.normalized(text).unicodeScalars) == byScalars(text))
    }

    @Test("an output differing only in trailing blanks compares equal")
    func trailingBlanks() {
        #expect(OutputComparison.matches("1\n2  \n\n", "1 \n2"))
        #expect(!OutputComparison.matches("1\n 2", "1\n2"))
    }

    @Test("issue 30 #2: outputs are equal only when their bytes are, after the whitespace rule", arguments: [
        ("\u{E9}", "e\u{301}", false),
        ("\u{C5}", "\u{212B}", false),
        ("\u{1E9B}\u{323}", "\u{17F}\u{323}\u{307}", false),
        ("a\u{200B}b", "ab", false),
        ("a\rb", "ab", false),
        ("a\r\nb\r\n", "a\nb", true),
        ("a \r", "a", true),
        ("键盘\r\n", "键盘", true),
        ("e\u{301}", "e\u{301}\n", true),
    ])
    func bytes(expected: String, actual: String, equal: Bool) {
        #expect(OutputComparison.matches(expected, actual) == equal)
        #expect(OutputComparison.matches(actual, expected) == equal)
    }
}
