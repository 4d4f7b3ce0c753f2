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
        let process = TutorbuildBinary.process(["test", "--content", content, "--timeout", String(timeout)])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test("issue 30 #4: a should-trap snippet that never traps, interrupted while it runs, is not cached as trapped", arguments: [SIGINT, SIGTERM])
    func interruptedTrap(signal: Int32) throws {
        let course = try TemporaryCourse([
            "spin/en.md": TemporaryCourse.lesson("Spin", "```swift should-trap\nimport Glibc\nwhile true { pause() }\n```\n"),
        ])
        defer { course.remove() }
        let content = course.root + "/content"
        let process = TutorbuildBinary.process(["test", "--content", content, "--timeout", "60"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let owner = process.processIdentifier
        defer { InterruptedRunTests.sweep(owner: owner) }
        try #require(eventually(within: 60) { InterruptedRunTests.lessonRuns(owner: owner) }, "the lesson program never started")
        kill(owner, signal)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        // Run again with the cache: the snippet must run again and time out, not pass from what the interruption left.
        #expect(try Self.test(content, timeout: 1) == 1)
    }
}
