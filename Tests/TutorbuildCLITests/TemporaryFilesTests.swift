import Foundation
import TestSupport
import Testing

/// A doc-test run cleans up after itself: the compiler's own temporaries included (Toolchain.compilerEnvironment).
@Suite("Temporary files of a doc-test run")
struct TemporaryFilesTests {
    /// `swiftc --version` and `swiftc -typecheck` each leave an empty `TemporaryDirectory.*` in `TMPDIR` (Swift 6.3's
    /// driver) unless pointed at a folder the runner removes; a private `TMPDIR` sees only this run's files, however
    /// many other compilers run on the machine at the same time.
    @Test("tutorbuild test --no-cache leaves nothing in its TMPDIR: its folders, and the compiler's, are removed")
    func nothingLeftInTMPDIR() throws {
        let course = try TemporaryCourse([
            "lesson/en.md": TemporaryCourse.lesson("Lesson", "```swift\nimport UIKit\nprint(UILabel().text ?? \"none\")\n```\n\n```output\nnone\n```\n"),
        ])
        defer { course.remove() }
        let temporary = course.root + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let process = TutorbuildBinary.process(["test", "--no-cache", "--content", course.path])
        process.environment?["TMPDIR"] = temporary
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
    }
}
