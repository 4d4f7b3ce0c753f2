import LessonModel
import Testing
@testable import TutorbuildCLI

/// The build's named steps and what they declare (issue 33 #1): the partial rebuild is planned from these.
@Suite("Build steps")
struct BuildStepsTests {
    /// What comes from outside the steps: the content folder, the records of a partial rebuild, the site on disk.
    static let inputs: Set<BuildFact> = [.lessonFiles, .sharedFiles, .otherLessonOutlines, .otherLessonResults, .site]

    @Test("issue 33 #1: the build is load, check, convert, verify, render, publish, results, record")
    func order() {
        #expect(BuildSteps.all.map(\.name) == ["load", "check", "convert", "verify", "render", "publish", "results", "record"])
    }

    @Test("issue 33 #1: every fact a step reads comes from outside the build or from an earlier step")
    func readsFollowWrites() {
        var written = Self.inputs
        for step in BuildSteps.all {
            let unwritten = step.reads.subtracting(written)
            #expect(unwritten.isEmpty, "\(step.name) reads \(unwritten) before any step writes it")
            written.formUnion(step.writes)
        }
        #expect(written.isSuperset(of: Set(BuildFact.allCases)))
    }

    @Test("issue 33 #1: the check step reads other lessons exactly when a course check declares it (the link check does)")
    func checkReadsFollowChecks() throws {
        let check = try #require(BuildSteps.all.first { $0.name == "check" })
        #expect(CourseChecks.all.contains { $0 is LinkCheck && $0.reads.otherLessons })
        #expect(check.reads.contains(.otherLessonOutlines) == CourseChecks.all.contains { $0.reads.otherLessons })
        // Pages show other lessons' titles and anchors, so rendering and publishing read them too.
        for name in ["render", "publish"] {
            #expect(BuildSteps.all.first { $0.name == name }?.reads.contains(.otherLessonOutlines) == true)
        }
    }
}
