import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The "done when": a passing snippet, wrong output, a compile error, a hang and a trap.
@Suite("Acceptance: five lessons, one of each kind")
struct AcceptanceTests {
    static let files: [String: String] = [
        "a-pass/en.md": TemporaryCourse.lesson("Pass", """
            ```swift
            print("hello")
            ```

            ```output
            hello
            ```
            """),
        "b-wrong/en.md": TemporaryCourse.lesson("Wrong", """
            ```swift
            print("actual")
            ```

            ```output
            expected
            ```
            """),
        // Front matter is lines 1-3, a blank line, the fence on 5: the error is on line 6, column 14.
        "c-compile/en.md": TemporaryCourse.lesson("Compile", """
            ```swift
            let x: Int = "not a number"
            print(x)
            ```
            """),
        "d-hang/en.md": TemporaryCourse.lesson("Hang", """
            ```swift
            print("before")
            while true {}
            ```
            """),
        "e-trap/en.md": TemporaryCourse.lesson("Trap", """
            Some prose.

            ```swift
            let numbers = [1, 2, 3]
            print(numbers[7])
            ```
            """),
    ]

    @Test("1 passed, 4 failed; compile error at its Markdown line; hang is a timeout")
    func fiveLessons() throws {
        let course = try TemporaryCourse(Self.files)
        defer { course.remove() }
        let (report, bag) = try course.run { $0.timeout = 2 }
        #expect(DocTestReporter.summaryLine(report) == "1 passed, 4 failed")
        #expect(report.entry("a-pass/en.md", 0)?.status == .passed)
        #expect(report.ids("b-wrong/en.md") == [.doctestOutputMismatch])
        expectDiagnostic(.doctestCompileError, in: report.diagnostics, path: "c-compile/en.md", line: 6, column: 14)
        #expect(report.ids("d-hang/en.md") == [.doctestTimeout])
        #expect(report.entry("d-hang/en.md", 0)?.reason == "timed out after 2 s")
        #expect(report.ids("e-trap/en.md") == [.doctestTrap])
        let trap = try #require(report.entry("e-trap/en.md", 0)?.reason)
        #expect(trap.hasPrefix("crashed: signal 4 (SIGILL) at "))
        #expect(bag.errorCount == 4)
        let mismatch = try #require(expectDiagnostic(.doctestOutputMismatch, in: report.diagnostics))
        #expect(mismatch.detail?.contains("-expected\n+actual") == true)
        print(DocTestReporter().text(report))
    }
}
