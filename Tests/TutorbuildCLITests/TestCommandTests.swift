import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("tutorbuild test", .serialized)
struct TestCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(arguments, context: CommandContext(console: captured.console(), environment: [:]))
        return (status, captured.stdout, captured.stderr)
    }

    func content(_ output: String) throws -> String {
        try TemporaryCourse(["a/en.md": TemporaryCourse.lesson("A", "```swift\nprint(6 * 7)\n```\n\n```output\n\(output)\n```\n")]).path
    }

    @Test("passing and failing snippets set the exit code and the closing line")
    func exitCodes() throws {
        let good = try content("42")
        let bad = try content("41")
        let passing = run(["test", "--content", good, "--no-cache"])
        #expect(passing.status == 0, "\(passing.err)\(passing.out)")
        #expect(passing.out.split(separator: "\n").last == "1 passed, 0 failed")
        let failing = run(["test", "--content", bad, "--no-cache"])
        #expect(failing.status == 1)
        #expect(failing.out.split(separator: "\n").last == "0 passed, 1 failed")
        #expect(failing.out.contains("/a/en.md:"))
    }

    @Test("issue 18 #4: twins whose code differs fail the run, and the closing line counts it")
    func twinMismatchCounts() throws {
        let root = try content("42")
        try "---\ntitle: 甲\n---\n\n```swift\nprint(6 * 8)\n```\n\n```output\n48\n```\n"
            .write(toFile: root + "/a/zh-Hans.md", atomically: true, encoding: .utf8)
        let result = run(["test", "--content", root, "--no-cache"])
        #expect(result.status == 1)
        let closing = try #require(result.out.split(separator: "\n").last)
        let failed = closing.split(separator: ", ").first { $0.hasSuffix(" failed") }.flatMap { Int($0.split(separator: " ")[0]) }
        #expect((failed ?? 0) > 0, "\(result.out)")
    }

    @Test("issue 30 #4: status counts a snippet edited since its result as stale, never passing, until it is tested again")
    func statusAfterEdit() throws {
        let root = try content("42")
        #expect(run(["test", "--content", root]).status == 0)
        let snippets = { (self.run(["status", "--content", root]).out.split(separator: "\n").last).map(String.init) ?? "" }
        #expect(snippets().hasSuffix("1 passing, 0 failing, 0 not run"), "\(snippets())")
        try TemporaryCourse.lesson("A", "```swift\nfatalError()\n```\n\n```output\n42\n```\n")
            .write(toFile: root + "/a/en.md", atomically: true, encoding: .utf8)
        let stale = run(["status", "--content", root])
        #expect(stale.out.hasSuffix("0 passing, 0 failing, 0 not run, 1 stale\n") || stale.out.hasSuffix("0 passing, 0 failing, 0 not run, 1 stale"), "\(stale.out)")
        #expect(stale.err.contains("stale"))
        #expect(run(["test", "--content", root]).status == 1)
        #expect(snippets().hasSuffix("0 passing, 1 failing, 0 not run"), "\(snippets())")
        // Prose added above moves the snippet, whose lines its results report: stale too.
        let text = try String(contentsOfFile: root + "/a/en.md", encoding: .utf8)
        try text.replacingOccurrences(of: "```swift", with: "Some prose.\n\n```swift", options: [], range: nil)
            .write(toFile: root + "/a/en.md", atomically: true, encoding: .utf8)
        #expect(snippets().contains("1 stale"), "\(snippets())")
    }

    @Test("bad option values are usage errors", arguments: [
        ["--shard", "3/2"], ["--shard", "x"], ["--jobs", "0"], ["--timeout", "0"], ["--swift-version", "4"], ["--default-isolation", "main"],
        ["--deployment-target", "12"], ["--deployment-target", "26.0"],
    ])
    func badValues(arguments: [String]) {
        #expect(run(["test"] + arguments).status == 2)
    }

    @Test("uikit-behaviour-3 #161: --deployment-target sets the run's iOS deployment target")
    func deploymentTargetOption() throws {
        let parsed = try ArgumentParser.parse(["--deployment-target", "26"], spec: TestCommand.spec)
        let options = try TestCommand.options(parsed, console: CapturedConsole().console())
        #expect(options.deploymentTarget == 26)
        #expect(options.swiftVersion == nil)
    }

    @Test("uikit-behaviour-3 §B6.3: --swift-version and --default-isolation set the run's language mode, and the results name it")
    func languageModeOptions() throws {
        let parsed = try ArgumentParser.parse(["--swift-version", "6", "--default-isolation", "nonisolated"], spec: TestCommand.spec)
        let options = try TestCommand.options(parsed, console: CapturedConsole().console())
        #expect(options.swiftVersion == 6)
        #expect(options.defaultIsolation == .nonisolated)
        let root = try content("42")
        let result = run(["test", "--content", root, "--no-cache", "--swift-version", "6", "--default-isolation", "nonisolated"])
        #expect(result.status == 0, "\(result.err)\(result.out)")
        let results = try String(contentsOfFile: Workspace(contentPath: root).results, encoding: .utf8).filter { $0 != " " }
        #expect(results.contains("\"defaultIsolation\":\"nonisolated\""))
        #expect(results.contains("\"swiftVersion\":6"))
    }
}
