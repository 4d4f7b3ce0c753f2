import Foundation
import TestSupport
import Testing

/// The doc-test runner as the `tutorbuild` binary runs it, so `scripts/test` can check the release build too (issue 30).
@Suite("The runner in the tutorbuild process")
struct RunnerProcessTests {
    @Test("issue 30: refused calls, a seek over earlier output, a real trap and a faked one, as the binary judges them")
    func hostileCourse() throws {
        let course = try TemporaryCourse([
            "hostile/en.md": TemporaryCourse.lesson("Hostile", """
                ```swift
                import Glibc
                var ends: [Int32] = [0, 0]
                _ = pipe(&ends)
                print(dup2(ends[1], 3), close(3), mount("none", "/tmp", "tmpfs", 0, nil))
                ```

                ```output
                -1 -1 -1
                ```

                \(HostileSnippets.seekOverEarlierOutput)

                ```swift should-trap
                let values: [Int] = []
                print(values[1])
                ```

                ```swift should-trap
                exit(134)
                ```
                """),
        ])
        defer { course.remove() }
        let process = TutorbuildBinary.process(["test", "--content", course.root + "/content", "--no-cache"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text.contains("3 passed, 2 failed"), "\(text)")
    }
}
