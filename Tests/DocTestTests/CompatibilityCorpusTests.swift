import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The compatibility corpus (`Tests/Compatibility`): UIKit code written as Apple's samples, popular view
/// controllers and Q&A answers write it, each fragment a lesson compiled exactly as in Xcode and its output checked.
@Suite("Compatibility corpus")
struct CompatibilityCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Compatibility").path

    @Test("issue 15 item 6: every corpus fragment compiles unchanged and prints what UIKit prints")
    func corpusPasses() throws {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: Self.folder).load(into: &bag)
        #expect(course.lessons.count >= 40, "the corpus has \(course.lessons.count) fragments")
        var options = DocTestOptions()
        options.timeout = 10
        options.jobs = 2
        options.buildDirectory = TemporaryCourse.buildDirectory
        options.cacheDirectory = FileManager.default.temporaryDirectory.path + "/doctest-compatibility-cache"
        options.resultsPath = ""
        let report = try DocTestRunner(course: course, options: options).run(into: &bag)
        let problems = (report.diagnostics + bag.diagnostics).filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map { "\($0.location): \($0.message)" })")
        #expect(report.failed == 0)
        #expect(report.skipped == 0)
        // Every fragment has a driver snippet that runs and is checked against its output block.
        #expect(report.passed >= 2 * course.lessons.count)
    }
}
