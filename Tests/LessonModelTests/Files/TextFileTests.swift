import Diagnostics
import Foundation
@testable import LessonModel
import Testing

/// Lesson files read with plain system calls: text as written, problems as located diagnostics.
@Suite("Reading text files")
struct TextFileTests {
    /// Writes `bytes` to a new temporary file and reads it back.
    func read(_ bytes: [UInt8]) throws -> (String?, DiagnosticBag) {
        let path = NSTemporaryDirectory() + "tutorbuild-textfile-" + UUID().uuidString + ".md"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var bag = DiagnosticBag()
        return (TextFile.read(path, into: &bag), bag)
    }

    @Test("text comes back as written, without a byte order mark", arguments: [
        ("", ""), ("# Title\n", "# Title\n"), ("\u{FEFF}键盘\n", "键盘\n"), ("\u{FEFF}", ""),
    ])
    func text(written: String, expected: String) throws {
        let (text, bag) = try read(Array(written.utf8))
        #expect(text == expected)
        #expect(bag.diagnostics.isEmpty)
    }

    @Test("a file larger than any first buffer guess is read whole")
    func largeFile() throws {
        let line = "Some prose with 中文 in it.\n"
        let written = String(repeating: line, count: 20_000)
        let (text, _) = try read(Array(written.utf8))
        #expect(text == written)
    }

    @Test("a file over the size limit is refused")
    func tooLarge() throws {
        let (text, bag) = try read(Array(repeating: UInt8(ascii: "a"), count: TextFile.maximumSize + 1))
        #expect(text == nil)
        #expect(bag.diagnostics.map(\.id) == [.lessonFileTooLarge])
    }

    @Test("a NUL byte is located by line and column")
    func binary() throws {
        let (text, bag) = try read(Array("ab\n键c".utf8) + [0] + Array("d".utf8))
        #expect(text == nil)
        let diagnostic = try #require(bag.diagnostics.first)
        #expect(diagnostic.id == .lessonEncodingBinary)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 3)
    }

    @Test("invalid UTF-8 after a byte order mark is located without counting the mark")
    func invalidUTF8() throws {
        let (text, bag) = try read([0xEF, 0xBB, 0xBF] + Array("x\n键".utf8) + [0xE9, 0x94] + Array("\n".utf8))
        #expect(text == nil)
        let diagnostic = try #require(bag.diagnostics.first)
        #expect(diagnostic.id == .lessonEncodingInvalidUTF8)
        #expect(diagnostic.location.line == 2)
        #expect(diagnostic.location.column == 2)
    }

    @Test("a missing file or a folder cannot be read")
    func unreadable() {
        for path in ["/nonexistent/tutorbuild/en.md", NSTemporaryDirectory()] {
            var bag = DiagnosticBag()
            #expect(TextFile.read(path, into: &bag) == nil)
            #expect(bag.diagnostics.map(\.id) == [.courseFileUnreadable])
        }
    }
}
