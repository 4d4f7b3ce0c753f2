import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// Hostile snippets fail their own lesson with a clear reason and leave nothing running.
@Suite("Containment: floods, forks, loops and memory hogs")
struct ContainmentTests {
    /// Processes whose command line contains `text` (observing only; the runner must have killed them).
    static func running(_ text: String) -> [String] {
        ContainedProcess.processIDs().compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let command = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return command.contains(text) ? command : nil
        }
    }

    static let files: [String: String] = [
        "flood/en.md": TemporaryCourse.lesson("Flood", """
            ```swift
            let line = String(repeating: "x", count: 1000)
            while true { print(line) }
            ```
            """),
        "fork/en.md": TemporaryCourse.lesson("Fork", """
            ```swift
            import Glibc
            // One child leaves the process group (setsid), one stays in it; both outlive the parent.
            if fork() == 0 {
                setsid()
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("987654"), nil]
                execv("/bin/sleep", argv)
            }
            if fork() == 0 {
                let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("987655"), nil]
                execv("/bin/sleep", argv)
            }
            print("parent done")
            ```

            ```output
            parent done
            ```
            """),
        "loop/en.md": TemporaryCourse.lesson("Loop", """
            ```swift
            print("spinning")
            var n = 0
            while true { n &+= 1 }
            ```
            """),
        "memory/en.md": TemporaryCourse.lesson("Memory", """
            ```swift
            var blocks: [[UInt8]] = []
            while true { blocks.append([UInt8](repeating: 1, count: 64 << 20)) }
            ```
            """),
        "after/en.md": TemporaryCourse.lesson("Unaffected", """
            ```swift
            print("still fine")
            ```

            ```output
            still fine
            ```
            """),
    ]

    @Test("each hostile lesson fails alone with its reason; nothing is left running")
    func hostile() throws {
        let course = try TemporaryCourse(Self.files)
        defer { course.remove() }
        let (report, _) = try course.run {
            // Long enough that a memory hog on a loaded machine reaches its limit before the clock runs out.
            $0.timeout = 8
            $0.memoryLimit = 512 << 20
            $0.useCache = false
        }
        #expect(report.entry("flood/en.md", 0)?.reason == "output exceeded 1 MB")
        #expect(report.ids("flood/en.md") == [.doctestOutputLimit])
        #expect(report.entry("fork/en.md", 0)?.status == .passed)
        #expect(report.entry("loop/en.md", 0)?.reason == "timed out after 8 s")
        #expect(report.entry("memory/en.md", 0)?.reason == "exceeded the memory limit of 512 MB")
        #expect(report.entry("after/en.md", 0)?.status == .passed)
        #expect(Self.running("987654").isEmpty)
        #expect(Self.running("987655").isEmpty)
    }

    @Test("the child inherits no file descriptor beyond stdin, stdout and stderr")
    func descriptors() throws {
        let fd = open("/dev/null", O_RDONLY)  // no O_CLOEXEC
        defer { close(fd) }
        let outcome = try ContainedProcess.run(
            "/bin/sh", ["-c", "ls /proc/$$/fd"], directory: FileManager.default.temporaryDirectory.path,
            limits: ProcessLimits(timeout: 5, outputBytes: nil, memoryBytes: nil))
        let open = outcome.stdout.split(separator: "\n").compactMap { Int32($0) }
        #expect(!open.contains(fd))
        #expect(open.filter { $0 > 2 }.count <= 1)  // the shell's own directory listing
    }

    @Test("a process group is killed on timeout, and a setsid escapee is found by its token")
    func processLevel() throws {
        let directory = FileManager.default.temporaryDirectory.path
        let started = Date()
        let outcome = try ContainedProcess.run(
            "/bin/sh", ["-c", "setsid sleep 987656 & sleep 987657 & wait"], directory: directory,
            limits: ProcessLimits(timeout: 0.5, outputBytes: 1 << 20, memoryBytes: nil))
        #expect(outcome.timedOut)
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(Self.running("987656").isEmpty)
        #expect(Self.running("987657").isEmpty)
    }

    /// A program may end right after its last record, closing the channel before the runner acknowledges it: the
    /// acknowledgement must fail quietly, not raise SIGPIPE, which would end this whole test process.
    @Test("a record whose program has closed the channel is kept, and acknowledging it does not kill the runner")
    func acknowledgementAfterTheProgramEnded() throws {
        var pair: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer { close(pair[0]) }
        let record = Array("kind argument\n".utf8)
        #expect(record.withUnsafeBytes { write(pair[1], $0.baseAddress, $0.count) } == record.count)
        close(pair[1])
        var streams = ContainedProcess.Streams(stdout: -1, stderr: -1, status: -1, channel: pair[0], limit: nil)
        streams.pump(wait: 1000)
        #expect(streams.records.map(\.bytes) == [Array("kind argument".utf8)])
        #expect(streams.open.isEmpty)
    }
}
