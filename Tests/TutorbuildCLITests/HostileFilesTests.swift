import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

/// The exit status a build thread hands back.
private final class Status: @unchecked Sendable {
    var value: Int32 = -1
}

@Suite("Builds with hostile files in the content, the cache and the site")
struct HostileFilesTests {
    /// A project with an English and a Simplified Chinese lesson (so a zh-Hant page is converted and cached).
    func project() throws -> String {
        try TemporaryCourse([
            "keys/en.md": "---\ntitle: Keys\n---\n\nThe keyboard.\n",
            "keys/zh-Hans.md": "---\ntitle: 键盘\nsource: en\n---\n\n键盘与软件。\n",
        ]).root
    }

    func build(_ root: String, _ extra: [String] = []) -> (status: Int32, err: String)? {
        let captured = CapturedConsole()
        let status = Status()
        let done = DispatchSemaphore(value: 0)
        Thread {
            status.value = Tutorbuild.main(
                ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"] + extra,
                context: CommandContext(console: captured.console(), environment: [:]))
            done.signal()
        }.start()
        // The semaphore orders the write of `status` before this read.
        guard done.wait(timeout: .now() + 60) == .success else { return nil }
        return (status.value, captured.stderr)
    }

    @Test("FIFOs in place of a converted page, the site manifest and the lock holder's file are ignored, never waited on",
          arguments: [".tutorbuild/converted/content/keys.zh-Hant.md", "site/.tutorbuild-manifest.json"])
    func cacheAndSite(relative: String) throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try #require(build(root))
        #expect(first.status == 0, "\(first.err)")
        let path = root + "/" + relative
        #expect(FileManager.default.fileExists(atPath: path))
        unlink(path)
        #expect(mkfifo(path, 0o644) == 0)
        let second = try #require(build(root), "the build waited on a FIFO")
        #expect(second.status == 0, "\(second.err)")
        let page = try String(contentsOfFile: root + "/site/zh-Hant/keys/index.html", encoding: .utf8)
        #expect(page.contains("鍵盤"))
    }

    @Test("a FIFO in a lesson folder or as the glossary fails the build with a located error, never a wait",
          arguments: ["content/keys/diagram.png", "content/keys/zh-Hant.md", "content/glossary.yml"])
    func content(relative: String) throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/" + relative, 0o644) == 0)
        let result = try #require(build(root), "the build waited on a FIFO")
        #expect(result.status == 1)
        #expect(result.err.contains("\(relative):1:1: error: "))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root).filter { $0.contains(".building-") }
        #expect(leftovers.isEmpty)
    }
}

@Suite("Converted pages in the cache verify themselves")
struct ConvertedPageCacheTests {
    @Test("a converted page cut in half is converted again, with a warning, and the zh-Hant page keeps its size")
    func truncated() throws {
        let tests = HostileFilesTests()
        let root = try tests.project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try #require(tests.build(root))
        #expect(first.status == 0, "\(first.err)")
        let page = root + "/site/zh-Hant/keys/index.html"
        let whole = try String(contentsOfFile: page, encoding: .utf8)
        let entry = root + "/.tutorbuild/converted/content/keys.zh-Hant.md"
        let stored = try Data(contentsOf: URL(fileURLWithPath: entry))
        try stored.prefix(stored.count - 12).write(to: URL(fileURLWithPath: entry))
        // A new file beside the lesson makes the next build a whole one, which reads the cache (a build with
        // nothing changed stops before it).
        try "notes".write(toFile: root + "/content/keys/notes.txt", atomically: true, encoding: .utf8)
        let second = try #require(tests.build(root))
        #expect(second.status == 0, "\(second.err)")
        #expect(second.err.contains("keys.zh-Hant.md:1:1: warning: "))
        #expect(try String(contentsOfFile: page, encoding: .utf8) == whole)
        #expect(try Data(contentsOf: URL(fileURLWithPath: entry)) == stored)
    }
}
