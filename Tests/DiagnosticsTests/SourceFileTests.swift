import Diagnostics
import Testing

@Suite("Source locations")
struct SourceFileTests {
    @Test("byte columns become scalar columns on lines with Chinese text", arguments: [
        // (line text, byte column, expected scalar column)
        ("abc", 3, 3),
        ("键盘 x", 8, 4),  // 键 and 盘 are 3 bytes each, then a space
        ("第一响应者", 1, 1),
        ("第一响应者", 13, 5),
        ("é👍x", 7, 3),
    ])
    func scalarColumns(text: String, byteColumn: Int, expected: Int) {
        let file = SourceFile(path: "a.md", text: "first\n" + text + "\n")
        let location = file.location(SourcePosition(line: 2, column: byteColumn))
        #expect(location == SourceLocation(path: "a.md", line: 2, column: expected))
    }

    @Test("line bytes exclude the newline and a carriage return")
    func lineBytes() {
        let file = SourceFile(path: "a.md", text: "one\r\ntwo\nthree")
        #expect(Array(file.lineBytes(1)) == Array("one".utf8))
        #expect(Array(file.lineBytes(3)) == Array("three".utf8))
        #expect(file.lineBytes(9).isEmpty)
        #expect(file.lineCount == 3)
    }

    @Test("every newline starts a line, an empty text is one empty line", arguments: [
        ("", 1), ("x", 1), ("\n", 2), ("a\n\nb\n", 4), ("键\n盘", 2),
    ])
    func lineCount(text: String, lines: Int) {
        let file = SourceFile(path: "a.md", text: text)
        #expect(file.lineCount == lines)
        let rebuilt = (1...lines).map { String(decoding: file.lineBytes($0), as: UTF8.self) }.joined(separator: "\n")
        #expect(rebuilt == text)
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("formatted like a compiler, with notes")
    func formatting() {
        let d = Diagnostic.error(
            "x.y", SourceLocation(path: "content/a/zh-Hans.md", line: 3, column: 1), "front matter: missing required key 'title'",
            notes: [.init(location: SourceLocation(path: "content/a/en.md", line: 2, column: 1), message: "the en twin is here")])
        let text = DiagnosticFormatter().format(d)
        #expect(text.hasPrefix("content/a/zh-Hans.md:3:1: error: "))
        #expect(text.contains("\ncontent/a/en.md:2:1: note: "))
        #expect(!text.contains("\u{1B}"))
        #expect(DiagnosticFormatter(useColor: true).format(d).contains("\u{1B}["))
    }

    @Test("a bag counts errors and warnings and sorts by place")
    func bag() {
        var bag = DiagnosticBag()
        bag.warning("w", SourceLocation(path: "b.md", line: 1, column: 1), "w")
        bag.error("e", SourceLocation(path: "a.md", line: 9, column: 1), "e")
        bag.error("e2", SourceLocation(path: "a.md", line: 2, column: 5), "e")
        #expect(bag.errorCount == 2)
        #expect(bag.warningCount == 1)
        #expect(bag.hasErrors)
        #expect(bag.sorted.map(\.id) == ["e2", "e", "w"])
    }
}

@Suite("Inclusive ends")
struct InclusiveEndTests {
    @Test("a byte position inside a multi-byte character names that character")
    func insideCharacter() {
        let file = SourceFile(path: "a.md", text: "x 奇怪\n")
        // 怪 occupies bytes 6–8 of the line; its last byte still means column 4.
        #expect(file.location(SourcePosition(line: 1, column: 8)).column == 4)
        #expect(file.location(SourcePosition(line: 1, column: 6)).column == 4)
        #expect(file.location(SourcePosition(line: 1, column: 3)).column == 3)
    }
}
