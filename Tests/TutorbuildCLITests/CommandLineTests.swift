import Diagnostics
import Foundation
import LessonModel
import ScriptConversion
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("The tutorbuild command line")
struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(arguments, context: CommandContext(console: captured.console(), environment: environment))
        return (status, captured.stdout, captured.stderr)
    }

    @Test("usage errors exit 2 with a hint", arguments: [
        ["check", "--bogus"], ["check", "--content"], ["bild"], ["test", "--timeout", "soon"], ["check", "--format", "xml"],
        ["new"], ["check", "extra"], ["serve", "--port", "70000"], ["test", "--sandbox", "--no-sandbox"], ["translated", "a", "--lang", "fr"],
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

    @Test("issue 33 #5: options are typed values; ranges, choices, shapes and conflicts are declared and checked while parsing")
    func typedOptions() throws {
        let parsed = try ArgumentParser.parse(["--timeout", "3", "--jobs", "2", "--shard", "2/4", "--format", "json"], spec: TestCommand.spec)
        #expect(parsed[TestCommand.timeout] == 3)
        #expect(parsed[TestCommand.jobs] == 2)
        #expect(parsed[TestCommand.shard].map { $0.slice.index == 2 && $0.slice.count == 4 } == true)
        #expect(parsed[CommonOptions.format] == .json)
        #expect(parsed[TestCommand.sandbox] == false)
        let defaults = try ArgumentParser.parse([], spec: TestCommand.spec)
        #expect(defaults[TestCommand.timeout] == 10 && defaults[TestCommand.jobs] == nil && defaults[CommonOptions.format] == .text)
        #expect(throws: UsageError("--jobs must be at least 1; got 0", command: "test")) {
            try ArgumentParser.parse(["--jobs", "0"], spec: TestCommand.spec)
        }
        #expect(throws: UsageError("--port must be between 0 and 65535; got 70000", command: "serve")) {
            try ArgumentParser.parse(["--port", "70000"], spec: ServeCommand.spec)
        }
        #expect(throws: UsageError("option '--shard' takes I/N with 1 <= I <= N, like 2/4; got '3/2'", command: "test")) {
            try ArgumentParser.parse(["--shard", "3/2"], spec: TestCommand.spec)
        }
        #expect(throws: UsageError("--sandbox and --no-sandbox cannot be used together", command: "test")) {
            try ArgumentParser.parse(["--no-sandbox", "--sandbox"], spec: TestCommand.spec)
        }
        #expect(HelpFormatter.help(for: ServeCommand.spec).contains("--port N") && HelpFormatter.help(for: ServeCommand.spec).contains("(default: 8000)"))
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
        let bad = try TemporaryCourse(["a/en.md": "---\nsummary: no title\n---\n"]).path
        let warn = try TemporaryCourse(["a/en.md": "---\ntitle: Only English\n---\n"]).path
        let failing = run(["check", "--content", bad])
        #expect(failing.status == 1)
        #expect(failing.err.contains("/a/en.md:1:1: error: "))
        #expect(run(["check", "--content", warn]).status == 0)
        #expect(run(["check", "--content", warn, "--warnings-as-errors"]).status == 1)
    }

    @Test("check --format json prints diagnostics with ids and locations")
    func json() throws {
        let bad = try TemporaryCourse(["a/en.md": "---\ntitle: x\n---\n\n```swift nope\n```\n"]).path
        let result = run(["check", "--content", bad, "--format", "json"])
        #expect(result.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let diagnostics = object?["diagnostics"] as? [[String: Any]] ?? []
        #expect(diagnostics.contains { ($0["id"] as? String).map(Diagnostic.ID.init(rawValue:)) == .snippetAttributeUnknown })
    }

    @Test("check reports glossary mistakes, and check and build report images from outside the site", arguments: ["check", "build"])
    func glossaryAndImages(command: String) throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n![remote](https://example.com/x.png) ![secret](/etc/passwd)\n",
            "glossary.yml": "terms: [nonsense\n",
        ])
        let root = course.root
        let extra = command == "build" ? ["--output", root + "/site", "--no-test"] : ["--format", "json"]
        let result = run([command, "--content", course.path] + extra)
        #expect(result.status == 1)
        if command == "check" {
            let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
            let ids = (object?["diagnostics"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? String).map(Diagnostic.ID.init(rawValue:)) }
            #expect(ids.contains(.glossarySyntax))
            #expect(ids.contains(.lessonImageExternal))
            #expect(ids.contains(.lessonImageOutside))
        } else {
            #expect(result.err.contains("/content/a/en.md:5:1: error: image 'https://example.com/x.png' is outside the site"))
            #expect(result.err.contains("/content/a/en.md:5:"))
            #expect(!FileManager.default.fileExists(atPath: root + "/site"))
        }
    }

    @Test("check escapes control characters in file names and link targets")
    func escapesControlCharacters() throws {
        let bad = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n[x](../\u{1B}]0;pwned\u{07}/)\n",
            "a/x\u{1B}[2J.md": "text",
        ]).path
        let result = run(["check", "--content", bad])
        #expect(result.status == 1)
        #expect(!result.err.contains("\u{1B}"))
        #expect(!result.err.contains("\u{07}"))
        #expect(result.err.contains("x\\e[2J.md"))
    }

    @Test("colour never appears in captured output")
    func noColor() throws {
        let bad = try TemporaryCourse(["a/en.md": "---\n---\n"]).path
        #expect(!run(["check", "--content", bad]).err.contains("\u{1B}["))
    }
}

@Suite("Concurrent builds")
struct OutputLockTests {
    @Test("a second build of the same site stops with a clear message while the first holds the lock")
    func locked() throws {
        let root = try TemporaryCourse().root
        let held = try OutputLock(outputPath: root + "/site")
        #expect(throws: OutputLock.Failure.held) { try OutputLock(outputPath: root + "/site") }
        let captured = CapturedConsole()
        let status = Tutorbuild.main(
            ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"],
            context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 1)
        #expect(captured.stderr.contains("another tutorbuild is writing this site"))
        withExtendedLifetime(held) {}
    }

    @Test("an output whose parent cannot hold the lock says so, not that another build is writing", arguments: [false, true])
    func unwritableParent(readOnly: Bool) throws {
        // As root a read-only folder is still writable: a file where the parent folder should be fails for everyone.
        if readOnly, getuid() == 0 { return }
        let root = try TemporaryCourse(["a/en.md": TemporaryCourse.lesson("A")]).root
        // Writable again, so the test process can remove the folder when it exits.
        defer { chmod(root + "/parent", 0o755) }
        if readOnly {
            try FileManager.default.createDirectory(atPath: root + "/parent", withIntermediateDirectories: true)
            chmod(root + "/parent", 0o555)
        } else {
            try "a file".write(toFile: root + "/parent", atomically: true, encoding: .utf8)
        }
        let captured = CapturedConsole()
        let status = Tutorbuild.main(
            ["build", "--content", root + "/content", "--output", root + "/parent/site", "--no-test"],
            context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 1)
        #expect(!captured.stderr.contains("another tutorbuild"))
        #expect(captured.stderr.contains("parent/site.lock:1:1: error: cannot create the build lock"))
    }
}
