@testable import Diagnostics
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

    // A 13 MB one-paragraph lesson with a link per word took minutes: every link's location copied
    // and counted its whole line. A column is now counted from a checkpoint near it, so the bytes
    // read per location stay bounded however long the line is (counted, not timed).
    @Test("a location on a very long line reads a bounded number of bytes and counts scalars right")
    func longLineLocations() {
        let unit = "[键盘](b) word "  // 6 bytes of Chinese, 2 scalars for them
        let units = 40_000
        let line = String(repeating: unit, count: units)
        let file = SourceFile(path: "a.md", text: "first\n" + line + "\nlast\n")
        let unitBytes = unit.utf8.count, unitScalars = unit.unicodeScalars.count
        let bound = 2 * SourceFile.scalarCheckpointStride + 4
        var bytesRead = 0
        for i in stride(from: 0, to: units, by: 997) + [units - 1] {
            // The start of unit i, and a position inside 盘 (the second byte of 盘), which names 盘.
            let start = file.scalarColumn(SourcePosition(line: 2, column: i * unitBytes + 1))
            #expect(start.location == SourceLocation(path: "a.md", line: 2, column: i * unitScalars + 1))
            let inside = file.scalarColumn(SourcePosition(line: 2, column: i * unitBytes + 6))
            #expect(inside.location == SourceLocation(path: "a.md", line: 2, column: i * unitScalars + 3))
            #expect(start.bytesRead <= bound && inside.bytesRead <= bound)
            bytesRead = max(bytesRead, start.bytesRead, inside.bytesRead)
        }
        #expect(bytesRead <= bound, "one location read \(bytesRead) bytes of a \(line.utf8.count)-byte line")
        // Past the end of the line, and the next line, as before.
        #expect(file.location(SourcePosition(line: 2, column: line.utf8.count + 3)).column == units * unitScalars + 3)
        #expect(file.location(SourcePosition(line: 3, column: 3)) == SourceLocation(path: "a.md", line: 3, column: 3))
    }
}

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test("formatted like a compiler, with notes")
    func formatting() {
        let d = Diagnostic.error(
            .example, SourceLocation(path: "content/a/zh-Hans.md", line: 3, column: 1), "front matter: missing required key 'title'",
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
        bag.warning(.example, SourceLocation(path: "b.md", line: 1, column: 1), "w")
        bag.error(.example, SourceLocation(path: "a.md", line: 9, column: 1), "e")
        bag.error(.other, SourceLocation(path: "a.md", line: 2, column: 5), "e")
        #expect(bag.errorCount == 2)
        #expect(bag.warningCount == 1)
        #expect(bag.hasErrors)
        #expect(bag.sorted.map(\.location.path) == ["a.md", "a.md", "b.md"])
        #expect(bag.sorted.map(\.location.line) == [2, 9, 1])
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
