import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("An output folder can't eat the input")
struct OutputFolderGuardTests {
    /// A project folder with `content/lesson/en.md`, an alias link to the content folder and the cache folder.
    func project() throws -> String {
        let root = try TemporaryCourse(["lesson/en.md": "---\ntitle: Lesson\n---\n\nText.\n"]).root
        try FileManager.default.createDirectory(atPath: root + "/.tutorbuild", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/alias", withDestinationPath: root + "/content")
        return root
    }

    @Test("build and serve refuse an output that is, contains or lies inside the lessons, exit 2, and touch nothing", arguments: [
        "content", "content/", "content/lesson", "content/lesson/new", "alias", "alias/lesson", "content/../content",
        ".", "..", ".tutorbuild", ".tutorbuild/site", "site/../content",
    ], ["build", "serve"])
    func refused(output: String, command: String) throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let captured = CapturedConsole()
        let status = Tutorbuild.main(
            [command, "--content", root + "/content", "--output", root + "/" + output, "--no-test"],
            context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 2)
        #expect(captured.stderr.hasPrefix("error: --output '\(root)/\(output)'"))
        #expect(captured.stderr.contains("'\(OutputFolderGuard.realPath(root, from: "/"))"))
        let lesson = try String(contentsOfFile: root + "/content/lesson/en.md", encoding: .utf8)
        #expect(lesson.contains("title: Lesson"))
        let left = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        #expect(left == [".tutorbuild", "alias", "content"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/content") == ["lesson"])
    }

    @Test("relative outputs are judged from the current folder, and its parents and home are refused", arguments: [
        (".", true), ("..", true), ("../..", true), ("/", true), ("site", false), ("./site/", false), ("public/site", false),
        ("~", true), ("other/content", false),
    ])
    func relative(output: String, refused: Bool) throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/content/../.."
        let output = output == "~" ? home : output
        let problem = OutputFolderGuard.problem(output: output, content: "content", currentDirectory: root, home: home)
        #expect((problem != nil) == refused, "\(problem ?? "accepted")")
    }

    @Test("the default site folder beside the content builds")
    func defaultSite() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(OutputFolderGuard.problem(output: root + "/site", content: root + "/content") == nil)
        #expect(OutputFolderGuard.problem(output: "site", content: "content", currentDirectory: root, home: root + "/..") == nil)
        let captured = CapturedConsole()
        let status = Tutorbuild.main(
            ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"],
            context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 0, "\(captured.stderr)")
        #expect(FileManager.default.fileExists(atPath: root + "/site/index.html"))
    }

    @Test("real paths resolve '.', '..' and links, and keep a part that does not exist yet")
    func realPaths() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let real = OutputFolderGuard.realPath(root, from: "/")
        #expect(OutputFolderGuard.realPath("alias/./lesson/../x/y", from: root) == real + "/content/x/y")
        #expect(OutputFolderGuard.realPath("../../..", from: "/a") == "/")
    }
}
