import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel

/// Renders the course into a static site, as a list of named steps writing into a temporary folder that is swapped in at the end.
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

    /// The named steps, in order.
    static let steps = [
        "Prepare a fresh folder", "Write stylesheet and script", "Render pages and search indexes", "Write the build manifest",
        "Swap in the new site",
    ]

    /// Writes the whole site to `outputPath`, replacing the previous site only when complete.
    ///
    /// Content problems (an unreadable lesson image) become diagnostics; a failure of the
    /// environment throws `SiteBuildError` naming the step and path, and leaves the old site as it was.
    @discardableResult
    public func build(outputPath: String, into bag: inout DiagnosticBag) throws -> SiteBuildSummary {
        var run = BuildRun(builder: self, outputPath: outputPath)
        do {
            try run.perform(into: &bag)
        } catch {
            run.discardTemporaryFolder()
            throw error
        }
        return run.summary
    }
}
