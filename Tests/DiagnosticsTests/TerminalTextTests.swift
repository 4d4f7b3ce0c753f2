import Diagnostics
import Testing

@Suite("Terminal text: control characters are shown, never obeyed")
struct TerminalTextTests {
    @Test("escape sequences, bell, C1 controls and bidi overrides are written visibly", arguments: [
        ("title\u{1B}]0;pwned\u{07}", "title\\e]0;pwned\\u{7}"),
        ("\u{1B}[2K\u{1B}[1A erased", "\\e[2K\\e[1A erased"),
        ("c1 \u{9B}31m", "c1 \\u{9B}31m"),
        ("over\rwrite", "over\\rwrite"),
        ("bidi \u{202E}txt.exe", "bidi \\u{202E}txt.exe"),
        ("line\n\ttab 键盘", "line\n\ttab 键盘"),
    ])
    func escaped(input: String, expected: String) {
        #expect(TerminalText.escaped(input) == expected)
    }

    @Test("a diagnostic from hostile text prints no control character, in colour or not", arguments: [false, true])
    func formatted(color: Bool) {
        let diagnostic = Diagnostic(
            id: .example, severity: .error,
            location: SourceLocation(path: "content/\u{1B}[31mred/en.md", line: 3, column: 1),
            message: "link target '\u{1B}]0;title\u{07}' not found",
            notes: [.init(location: SourceLocation(path: "content/a/en.md", line: 1, column: 1), message: "\u{9B}2J")],
            detail: "-expected\n+\u{1B}[2Jcleared")
        let text = DiagnosticFormatter(useColor: color).format(diagnostic)
        // Only the formatter's own colour sequences may remain: ESC followed by '[' digits and 'm'.
        let stripped = text.replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(!stripped.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) })
        #expect(stripped.contains("\\e[2Jcleared"))
    }

    @Test("at most 200 diagnostics are printed, then one line counts the rest")
    func capped() {
        let many = (0..<250).map { n in
            Diagnostic(id: .example, severity: n < 240 ? .error : .warning, location: SourceLocation(path: "a.md", line: n + 1, column: 1), message: "problem \(n)")
        }
        let lines = DiagnosticFormatter().format(many)
        #expect(lines.count == DiagnosticFormatter.maximumPrinted + 1)
        #expect(lines.last?.contains("50 more") == true)
        #expect(lines.last?.contains("40 errors, 10 warnings") == true)
        #expect(DiagnosticFormatter().format(Array(many.prefix(3))).count == 3)
    }
}
