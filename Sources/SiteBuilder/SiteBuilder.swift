import Diagnostics
import DocTest
import Foundation
import LessonModel

/// Renders the course into a static site; PLACEHOLDER until the site issue lands.
public struct SiteBuilder: Sendable {
    public var course: Course
    /// Doc-test results for badges and pictures; `nil` means "not verified".
    public var report: VerificationReport?

    public init(course: Course, report: VerificationReport?) {
        self.course = course
        self.report = report
    }

    /// Writes the whole site to `outputPath`, replacing the previous site only when complete.
    public func build(outputPath: String, into bag: inout DiagnosticBag) throws {
        throw CocoaError(.featureUnsupported)
    }
}
