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

    /// The modes the corpus compiles in (issue 26): Swift 6 with default isolation MainActor, and Xcode 26's app
    /// template (Swift 5, MainActor). A fragment that declares its own mode keeps it, as a lesson does.
    static let modes = [
        LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor),
        LanguageMode.xcodeAppTemplate,
    ]

    @Test("issue 15 item 6, issue 26: every corpus fragment compiles unchanged and prints what UIKit prints, in Swift 6 + MainActor and in Swift 5",
          arguments: modes)
    func corpusPasses(_ mode: LanguageMode) throws {
        try Self.runCorpus(at: Self.folder, mode: mode, minimum: 120, cache: "doctest-compatibility-cache")
    }

    /// Runs every fragment of the corpus at `folder` in `mode` and expects each to pass; shared by the UIKit and
    /// SwiftUI corpora.
    static func runCorpus(at folder: String, mode: LanguageMode, minimum: Int, cache: String) throws {
        var bag = DiagnosticBag()
        var course = CourseLoader(contentPath: folder).load(into: &bag)
        course.config.languageMode = mode
        course.resolveLanguageModes()
        #expect(course.lessons.count >= minimum, "the corpus has \(course.lessons.count) fragments")
        var options = DocTestOptions()
        options.timeout = 10
        options.jobs = 2
        options.buildDirectory = TemporaryCourse.buildDirectory
        options.cacheDirectory = Self.cacheFolder(cache)
        options.resultsPath = ""
        // As in `tutorbuild test`: the corpus checks outcomes; each fragment's demonstration lines (a `-dump-ast` of its
        // own program, for the site's shading, which nothing here reads) were over half of the corpora's CPU time.
        options.demonstrationLines = false
        let report = try DocTestRunner(course: course, options: options).run(into: &bag)
        let problems = (report.diagnostics + bag.diagnostics).filter { $0.severity == .error }
        #expect(problems.isEmpty, "\(problems.map { "\($0.location): \($0.message)" })")
        #expect(report.failed == 0)
        #expect(report.skipped == 0)
        // Every fragment has a driver snippet that runs and is checked against its output block.
        #expect(report.passed >= 2 * course.lessons.count)
    }

    /// The corpus's cache, in the package's `.build/test-caches`, so that a fresh clone starts cold as CI does instead of
    /// reading results another checkout's model gave.
    static func cacheFolder(_ name: String) -> String {
        URL(fileURLWithPath: TemporaryCourse.buildDirectory).deletingLastPathComponent()
            .appendingPathComponent("test-caches/" + name).path
    }

    @Test("uikit-behaviour-3 §B6.2 #166: the corpus holds the Swift 6 rejection of the everyday block observer as a compile-fail fragment")
    func rejectionFragment() throws {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: Self.folder).load(into: &bag)
        let fragment = try #require(course.lesson("isolation-observer-rejected-swift6")?.documents.first)
        #expect(fragment.frontMatter.languageMode.swiftVersion == 6)
        #expect(fragment.snippets.first?.attributes.mode == .compileFail)
    }
}
