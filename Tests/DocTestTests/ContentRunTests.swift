import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// Runs the doc-tests on a real content folder: `DOCTEST_CONTENT=path swift test --filter ContentRun`
/// (optionally `TUTORBUILD_BUILD_DIR=<dir with libUIKit.so>`). Skipped otherwise.
@Suite("Content run (on demand)")
struct ContentRunTests {
    static let content = ProcessInfo.processInfo.environment["DOCTEST_CONTENT"]

    @Test("tutorbuild test on DOCTEST_CONTENT", .enabled(if: content != nil))
    func runContent() throws {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: Self.content!).load(into: &bag)
        var options = DocTestOptions()
        options.buildDirectory = ProcessInfo.processInfo.environment["TUTORBUILD_BUILD_DIR"] ?? TemporaryCourse.buildDirectory
        options.cacheDirectory = FileManager.default.temporaryDirectory.path + "/doctest-content-cache"
        options.resultsPath = ""
        options.progress = { print($0.line) }
        let report = try DocTestRunner(course: course, options: options).run(into: &bag)
        print(DocTestReporter().text(report))
        print("snapshots:", report.verification.results.values.map(\.snapshots.count).reduce(0, +))
        #expect(report.failed == 0, "\(report.failed) snippets failed")
        #expect(report.passed > 0, "no snippet ran")
    }
}
