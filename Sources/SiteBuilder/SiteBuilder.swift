import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel

/// Renders the course into a static site, as a list of named steps that change only the files whose bytes differ.
public struct SiteBuilder: Sendable {
    /// The course's pages, translated from its lessons when the builder is made.
    let site: SiteCourse
    /// Doc-test results for badges and pictures; `nil` means "not verified". Read into the pages when the builder is made.
    public let report: VerificationReport?
    public var options: SiteOptions

    /// Translates every lesson document of `course` into its page's content; a caller that hands over its
    /// only copy of the course (`consume`) frees the documents here, each once its pages are made.
    ///
    /// With `recorded`, `course` holds only the lessons that changed since the last build and the others'
    /// pages are kept from it (docs/site.md, "Build behaviour"); `build` then fails with `needsWholeBuild`
    /// if one of them turns out not to be as recorded.
    public init(course: consuming Course, recorded: RecordedCourse? = nil, report: VerificationReport?, options: SiteOptions = SiteOptions()) {
        self.site = SiteCourse(translating: course, recorded: recorded, report: report)
        self.report = report
        self.options = options
    }

    /// What the next rebuild needs of each lesson, in course order, if it does not load it.
    public var recordedLessons: [RecordedLesson] { site.lessons.map(\.record) }

    /// Brings the site at `outputPath` up to date, changing only files whose bytes differ (`SiteFiles`).
    ///
    /// Content problems (an unreadable lesson image) become diagnostics; a failure of the environment
    /// before the last step throws `SiteBuildError` naming the step and path, and leaves the old site as it was.
    @discardableResult
    public func build(outputPath: String, into bag: inout DiagnosticBag) throws -> SiteBuildSummary {
        var run = BuildRun(builder: self, outputPath: outputPath)
        do {
            try run.perform(into: &bag)
        } catch {
            run.sink.discard()
            throw error
        }
        return run.summary
    }
}
