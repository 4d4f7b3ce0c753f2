import Testing
@testable import TutorbuildSupport

/// Texts kept as one field of a line (`LineField`).
@Suite struct LineFieldTests {
    @Test("a text reads back from its field as it was, and the field holds no tab or line end", arguments: [
        "plain", "", "tab\there", "two\nlines", "crlf\r\nend", "back\\slash", "\\n is not a line end", "中文\t😀", "e\u{301}\\\t", String(repeating: "{\"a\":\"\\/x\"}\n", count: 50),
    ])
    func roundTrip(_ text: String) {
        let field = LineField.escaped(text)
        #expect(!field.unicodeScalars.contains { $0 == "\t" || $0 == "\n" || $0 == "\r" })
        #expect(LineField.unescaped(field[...]) == text)
        // A field cut from the middle of a line reads the same.
        let line = "a\t" + field + "\tb"
        let middle = line.split(separator: "\t", omittingEmptySubsequences: false)[1]
        #expect(LineField.unescaped(middle) == text)
    }

    @Test("escapes it never writes read as no text", arguments: ["\\x", "ends with \\", "\\u0041"])
    func unknownEscapes(_ field: String) {
        #expect(LineField.unescaped(field[...]) == nil)
    }
}
