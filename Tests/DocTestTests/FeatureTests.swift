import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// One course exercising the attributes, splicing, hidden lines and twins; compiled once for the suite.
@Suite("Lesson programs: attributes, splicing, twins, cache")
struct FeatureTests {
    static let stepwiseEN = TemporaryCourse.lesson("Step by step", """
        ```swift
        class Form {
            var name = "form"
            func describe() -> String { name }
        }
        let form = Form()
        print(form.describe())
        ```

        ```output
        form
        ```

        Now add a member in a later step.

        ```swift in=Form
        func shout() -> String {
            describe().uppercased()
        }
        ```

        ```swift
        // snippet.hide
        let hiddenValue = 41
        // snippet.show
        print(form.shout(), hiddenValue + 1)
        ```

        ```output
        FORM 42
        ```

        ```swift no-run
        struct Helper { static func twice(_ x: Int) -> Int { 2 * x } }
        print("never printed")
        fatalError("no-run code never runs")
        ```

        ```swift
        print(Helper.twice(21))
        ```

        ```output
        42
        ```

        ```swift should-trap
        let empty: [Int] = []
        print("about to trap")
        print(empty[0])
        ```

        ```output
        about to trap
        ```

        ```swift compile-fail="cannot find 'undefinedName'"
        print(undefinedName)
        ```

        ```swift compile-fail
        let fine = form.describe()
        ```

        ```swift should-trap
        print("does not trap")
        ```

        ```swift ignore
        this is not Swift at all
        ```

        ```swift isolated
        // `form` is not visible in an isolated snippet.
        print("alone")
        ```

        ```output
        alone
        ```

        ```swift
        print("last")
        ```
        """)

    /// The translation: comments differ (translated), code and output are the same.
    static var stepwiseZH: String {
        stepwiseEN
            .replacingOccurrences(of: "Now add a member in a later step.", with: "下一步添加一个成员。")
            .replacingOccurrences(of: "// `form` is not visible in an isolated snippet.", with: "// 独立片段看不到 `form`。")
    }

    static let files: [String: String] = [
        "stepwise/en.md": stepwiseEN,
        "stepwise/zh-Hans.md": stepwiseZH,
    ]

    /// Runs the course once (cold), shared by the tests of this suite.
    static let shared: Result<(TemporaryCourse, DocTestReport, DiagnosticBag), Error> = Result {
        let course = try TemporaryCourse(files)
        let (report, bag) = try course.run()
        return (course, report, bag)
    }

    func cold() throws -> (TemporaryCourse, DocTestReport, DiagnosticBag) { try Self.shared.get() }

    @Test("splicing, hidden lines, no-run declarations and isolated snippets pass", arguments: [0, 1, 2, 3, 4, 10, 11])
    func passes(index: Int) throws {
        let (_, report, _) = try cold()
        for language in ["en", "zh-Hans"] {
            let entry = try #require(report.entry("stepwise/\(language).md", index))
            #expect(entry.status == .passed, "\(language) snippet \(index): \(entry.reason ?? "")")
        }
    }

    @Test("should-trap passes when it traps, compares the output before the trap")
    func shouldTrap() throws {
        let (_, report, _) = try cold()
        let entry = try #require(report.entry("stepwise/en.md", 5))
        #expect(entry.status == .passed)
        #expect(entry.reason == "trapped as expected")
        #expect(report.verification.results[entry.key]?.actualOutput == "about to trap\n")
    }

    @Test("compile-fail passes with the expected error, fails when the snippet compiles")
    func compileFail() throws {
        let (_, report, _) = try cold()
        #expect(report.entry("stepwise/en.md", 6)?.status == .passed)
        #expect(report.entry("stepwise/en.md", 7)?.status == .failed)
        expectDiagnostic(.doctestCompileFailCompiled, in: report.diagnostics, path: "en.md")
    }

    @Test("a should-trap snippet that finishes fails with doctest.expected-trap")
    func expectedTrap() throws {
        let (_, report, _) = try cold()
        #expect(report.entry("stepwise/en.md", 8)?.status == .failed)
        expectDiagnostic(.doctestExpectedTrap, in: report.diagnostics)
    }

    @Test("ignore is counted as skipped, never silently")
    func ignored() throws {
        let (_, report, _) = try cold()
        #expect(report.entry("stepwise/en.md", 9)?.status == .notRun)
        #expect(report.entry("stepwise/en.md", 9)?.skipCategory == "ignored")
        #expect(DocTestReporter.summaryLine(report) == "18 passed, 4 failed, 2 skipped")
    }

    @Test("twins share their programs and report a failure once, with a note at the twin")
    func twins() throws {
        let (_, report, _) = try cold()
        // Lesson program, two compile-fail programs, one isolated program: shared by both languages.
        #expect(report.statistics.programs == 4)
        #expect(report.statistics.sharedWithTwin == 1)
        let failures = report.diagnostics.filter { $0.id == .doctestExpectedTrap }
        #expect(failures.count == 1)
        #expect(failures.first?.notes.contains { $0.location.path.hasSuffix("zh-Hans.md") && $0.message == "the zh-Hans twin fails the same way" } == true)
        #expect(report.entry("stepwise/zh-Hans.md", 8)?.status == .failed)
    }

    @Test("a warm rerun compiles nothing and gives the same results")
    func warmRerun() throws {
        let (course, cold, _) = try cold()
        let (warm, _) = try course.run()
        #expect(warm.statistics.compiled == 0)
        #expect(warm.statistics.cacheHits == cold.statistics.programs - 0)
        #expect(DocTestReporter.summaryLine(warm) == DocTestReporter.summaryLine(cold))
    }

    @Test("provenance is recorded and results persist for the site")
    func provenance() throws {
        let (course, report, _) = try cold()
        let entry = try #require(report.entry("stepwise/en.md", 0))
        let result = try #require(report.verification.results[entry.key])
        #expect(result.provenance?.toolchain.hasPrefix("Swift version") == true)
        #expect(result.provenance?.modelHash == report.verification.modelHash)
        #expect(result.provenance?.swiftVersion == 5)
        let saved = try #require(DocTestRunner.loadResults(from: course.root + "/results.json"))
        #expect(saved.results.count == report.entries.count)
    }
}
