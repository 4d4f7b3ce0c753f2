import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel

/// Renders the course into a static site, as a list of named steps that change only the files whose bytes differ.
public struct SiteBuilder: Sendable {
    public var course: Course
    /// Doc-test results for badges and pictures; `nil` means "not verified".
    public var report: VerificationReport?
    public var options: SiteOptions

    public init(course: Course, report: VerificationReport?, options: SiteOptions = SiteOptions()) {
        self.course = course
        self.report = report
        self.options = options
    }

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
