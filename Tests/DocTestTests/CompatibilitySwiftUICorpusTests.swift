import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The SwiftUI compatibility corpus (`Tests/CompatibilitySwiftUI`): SwiftUI text-entry, focus and keyboard code as
/// Apple's samples, blogs and answers write it, each fragment a lesson compiled as in Xcode and its output checked.
@Suite("SwiftUI compatibility corpus")
struct CompatibilitySwiftUICorpusTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CompatibilitySwiftUI").path

    @Test("issue 27 item 6: every SwiftUI fragment compiles unchanged and prints what iOS prints, in Swift 6 + MainActor and in Swift 5",
          arguments: CompatibilityCorpusTests.modes)
    func corpusPasses(_ mode: LanguageMode) throws {
        var bag = DiagnosticBag()
        var course = CourseLoader(contentPath: Self.folder).load(into: &bag)
        course.config.languageMode = mode
        course.resolveLanguageModes()
        #expect(course.lessons.count >= 50, "the corpus has \(course.lessons.count) fragments")
        var options = DocTestOptions()
        options.timeout = 10
        options.jobs = 2
        options.buildDirectory = TemporaryCourse.buildDirectory
        options.cacheDirectory = FileManager.default.temporaryDirectory.path + "/doctest-swiftui-compatibility-cache"
        options.resultsPath = ""
        let report = try DocTestRunner(course: course, options: options).run(into: &bag)
        let problems = (report.diagnostics + bag.diagnostics).filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map { "\($0.location): \($0.message)" })")
        #expect(report.failed == 0)
        #expect(report.skipped == 0)
        #expect(report.passed >= 2 * course.lessons.count)
    }
}
