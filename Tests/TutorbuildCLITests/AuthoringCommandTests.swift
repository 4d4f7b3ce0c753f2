import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("new, translated and status")
struct AuthoringCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(arguments, context: CommandContext(console: captured.console(), environment: [:]))
        return (status, captured.stdout, captured.stderr)
    }

    func emptyContent() throws -> String {
        try TemporaryCourse().path
    }

    @Test("a new lesson checks clean in both languages and is never overwritten")
    func newLesson() throws {
        let content = try emptyContent()
        defer { try? FileManager.default.removeItem(atPath: content) }
        #expect(run(["new", "keyboard-basics", "--content", content, "--title", "Keyboard \"basics\" 键盘"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: content + "/keyboard-basics/en.md"))
        #expect(FileManager.default.fileExists(atPath: content + "/keyboard-basics/zh-Hans.md"))
        #expect(run(["check", "--content", content, "--warnings-as-errors"]).status == 0)
        #expect(run(["new", "keyboard-basics", "--content", content]).status == 1)
    }

    @Test("slugs that are not URL-safe are usage errors", arguments: ["Bad", "has space", "../up", "a--b", "-a", "键盘"])
    func badSlug(slug: String) throws {
        let content = try emptyContent()
        defer { try? FileManager.default.removeItem(atPath: content) }
        #expect(run(["new", slug, "--content", content]).status == 2)
    }

    @Test("changing the English code warns at the Chinese file; translated clears the stale warning")
    func staleCycle() throws {
        let content = try emptyContent()
        defer { try? FileManager.default.removeItem(atPath: content) }
        _ = run(["new", "basics", "--content", content])
        let en = content + "/basics/en.md", zh = content + "/basics/zh-Hans.md"
        func edit(_ path: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "\"Email\"", with: "\"Name\"")
                .replacingOccurrences(of: "Email false", with: "Name false")
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try edit(en)
        let afterEnglish = run(["check", "--content", content])
        #expect(afterEnglish.err.contains("zh-Hans.md:"))
        #expect(afterEnglish.err.contains("warning:"))
        try edit(zh)
        #expect(run(["check", "--content", content]).err.contains("warning:"))
        #expect(run(["translated", "basics", "--lang", "zh-Hans", "--content", content]).status == 0)
        #expect(run(["check", "--content", content, "--warnings-as-errors"]).status == 0)
        #expect(run(["translated", "basics", "--lang", "en", "--content", content]).status == 1)
    }

    @Test("status lists lessons by language")
    func status() throws {
        let content = try emptyContent()
        defer { try? FileManager.default.removeItem(atPath: content) }
        _ = run(["new", "basics", "--content", content])
        let result = run(["status", "--content", content])
        #expect(result.status == 0)
        #expect(result.out.contains("basics"))
        #expect(result.out.contains("up to date"))
    }
}
