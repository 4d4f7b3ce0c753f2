import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// What an interrupted doc-test run leaves in the cache: nothing it decided (issue 30, build item 3).
@Suite("Interrupted runs are never cached", .serialized)
struct InterruptedCacheTests {
    /// Runs `tutorbuild test` on `content`, returning its exit status.
    static func test(_ content: String, timeout: Int) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessLevelTests.executable)
        process.arguments = ["test", "--content", content, "--timeout", String(timeout)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("issue 30 #4: a should-trap snippet that never traps, interrupted while it runs, is not cached as trapped", arguments: [SIGINT, SIGTERM])
    func interruptedTrap(signal: Int32) throws {
        let course = try TemporaryCourse([
            "spin/en.md": TemporaryCourse.lesson("Spin", "```swift should-trap\nimport Glibc\nwhile true { usleep(1000) }\n```\n"),
        ])
        defer { course.remove() }
        let content = course.root + "/content"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ProcessLevelTests.executable)
        process.arguments = ["test", "--content", content, "--timeout", "60"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let owner = process.processIdentifier
        let deadline = Date().addingTimeInterval(60)
        while InterruptedRunTests.children(of: owner).filter({ pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data.prefix { $0 != 0 }, as: UTF8.self).hasSuffix("/lesson")
        }).isEmpty, Date() < deadline {
            usleep(20_000)
        }
        kill(owner, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        // Run again with the cache: the snippet must run again and time out, not pass from what the interruption left.
        #expect(try Self.test(content, timeout: 1) == 1)
    }
}
