import Foundation
import Testing
@testable import TutorbuildCLI

@Suite("The tutorbuild command line")
struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(arguments, context: CommandContext(console: captured.console(), environment: environment))
        return (status, captured.stdout, captured.stderr)
    }

    func temporaryContent(_ files: [String: String]) throws -> String {
        let root = NSTemporaryDirectory() + "tutorbuild-cli-" + UUID().uuidString
        for (path, text) in files {
            let url = URL(fileURLWithPath: root + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("usage errors exit 2 with a hint", arguments: [
        ["check", "--bogus"], ["check", "--content"], ["bild"], ["test", "--timeout", "soon"], ["check", "--format", "xml"],
        ["new"], ["check", "extra"],
    ])
    func usageErrors(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains("hint:"))
    }

    @Test("--help and --version exit 0; every subcommand has help", arguments: [
        ["--help"], ["--version"], ["build", "--help"], ["test", "--help"], ["check", "--help"], ["new", "--help"], ["serve", "--help"],
    ])
    func help(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 0)
        #expect(!result.out.isEmpty)
    }

    @Test("help lists each declared option of the command")
    func helpListsOptions() {
        let out = run(["test", "--help"]).out
        for option in ["--content", "--timeout", "--jobs", "--filter", "--format", "--warnings-as-errors"] {
            #expect(out.contains(option))
        }
    }

    @Test("check exits 1 on content errors and 0 on warnings alone, unless warnings are errors")
    func checkExitCodes() throws {
        let bad = try temporaryContent(["a/en.md": "---\nsummary: no title\n---\n"])
        let warn = try temporaryContent(["a/en.md": "---\ntitle: Only English\n---\n"])
        defer {
            try? FileManager.default.removeItem(atPath: bad)
            try? FileManager.default.removeItem(atPath: warn)
        }
        let failing = run(["check", "--content", bad])
        #expect(failing.status == 1)
        #expect(failing.err.contains("/a/en.md:1:1: error: "))
        #expect(run(["check", "--content", warn]).status == 0)
        #expect(run(["check", "--content", warn, "--warnings-as-errors"]).status == 1)
    }

    @Test("check --format json prints diagnostics with ids and locations")
    func json() throws {
        let bad = try temporaryContent(["a/en.md": "---\ntitle: x\n---\n\n```swift nope\n```\n"])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let result = run(["check", "--content", bad, "--format", "json"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { $0["id"] as? String == "snippet.attribute.unknown" })
    }

    @Test("check escapes control characters in file names and link targets")
    func escapesControlCharacters() throws {
        let bad = try temporaryContent([
            "a/en.md": "---\ntitle: A\n---\n\n[x](../\u{1B}]0;pwned\u{07}/)\n",
            "a/x\u{1B}[2J.md": "text",
        ])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let result = run(["check", "--content", bad])
        #expect(result.status == 1)
        #expect(!result.err.contains("\u{1B}"))
        #expect(!result.err.contains("\u{07}"))
        #expect(result.err.contains("x\\e[2J.md"))
    }

    @Test("colour never appears in captured output")
    func noColor() throws {
        let bad = try temporaryContent(["a/en.md": "---\n---\n"])
        defer { try? FileManager.default.removeItem(atPath: bad) }
        #expect(!run(["check", "--content", bad]).err.contains("\u{1B}["))
    }
}

@Suite("Concurrent builds")
struct OutputLockTests {
    @Test("a second build of the same site stops with a clear message while the first holds the lock")
    func locked() throws {
        let root = NSTemporaryDirectory() + "tutorbuild-lock-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let held = try #require(OutputLock(outputPath: root + "/site"))
        #expect(OutputLock(outputPath: root + "/site") == nil)
        let captured = CapturedConsole()
        let status = Tutorbuild.main(
            ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"],
            context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 1)
        #expect(captured.stderr.contains("another tutorbuild is writing this site"))
        withExtendedLifetime(held) {}
    }
}
