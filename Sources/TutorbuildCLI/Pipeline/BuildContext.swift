import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder
import TutorbuildSupport

/// What the build's steps share: the settings, what each step made for the later ones, and the diagnostics.
struct BuildContext {
    let pipeline: BuildPipeline
    /// The rebuild of the changed lessons only, or `nil` for a whole build.
    let partial: PartialRebuild?
    /// Whether the diagnostics so far fail a build (`--warnings-as-errors` decides).
    let fails: (DiagnosticBag) -> Bool
    /// The content as hashed before anything was read, and where the records go.
    let inputs: BuildInputs
    var bag = DiagnosticBag()
    /// The lines a repeated build prints again (`BuildRecord`).
    var lines: [String] = []

    // Load
    var loader: CourseLoader
    /// The loaded lessons; emptied once the conversion owns them (`RenderStep`).
    var course: Course?
    /// Pages and lessons of the whole course, counted as far as the steps so far know.
    var pages = 0
    var lessons = 0

    // Convert
    var conversion: BackgroundConversion?
    var searchTerms = SearchTerms()
    var generator: ScriptPageGenerator?
    var cache: ConversionCache?

    // Verify
    /// What the next rebuild needs of each loaded lesson's snippets, by slug (`DocTestRunner.snippetInputs`).
    var snippetInputs: [String: String] = [:]
    var report: DocTestReport?
    /// In a partial rebuild whose loaded lessons' snippets changed, the runner over those lessons, whose
    /// results `ResultsStep` writes into `results.json` once the site is published.
    var resultsUpdate: DocTestRunner?
    /// The diagnostics of checking and verifying, which the lesson records keep.
    var contentDiagnostics: [Diagnostic] = []

    // Render
    var builder: SiteBuilder?
    /// What the site builder made of every lesson, in course order.
    var made: [RecordedLesson]?
    var hanCharacters: [String: String] = [:]

    // Publish
    var summary: SiteBuildSummary?

    // Record
    var lessonRecords: LessonRecords?

    init(pipeline: BuildPipeline, partial: PartialRebuild?, inputs: BuildInputs, fails: @escaping (DiagnosticBag) -> Bool) {
        self.pipeline = pipeline
        self.partial = partial
        self.inputs = inputs
        self.fails = fails
        // Pages read the HTML and plain text, so the checks' detail is all the course needs: no full inline trees.
        loader = CourseLoader(contentPath: pipeline.contentPath, inlineDetail: CourseChecks.inlineDetail)
    }

    var contentPath: String { pipeline.contentPath }
    var outputPath: String { pipeline.outputPath }
    var mode: BuildPipeline.Mode { pipeline.mode }
    /// The lessons a partial rebuild did not load, as recorded; none in a whole build.
    var recordedLessons: [LessonRecords.Lesson] { partial?.others ?? [] }

    /// Prints a line and keeps it for the record.
    mutating func say(_ line: String) {
        pipeline.console.err(line)
        lines.append(line)
    }

    /// Prints the `n`th of the numbered steps the user sees.
    func announce(_ n: Int, _ text: String) {
        pipeline.console.err("[\(n)/3] \(text)")
    }
}

/// What the build reads before its steps: the content's hash, the settings, and where the records go.
struct BuildInputs {
    /// `nil` when the content folder could not be hashed: nothing is recorded then.
    var snapshot: BuildRecord.ContentSnapshot?
    var recordPath: String
    var lessonsPath: String
}

/// The conversion to the other Chinese script, run beside the doc-tests.
///
/// Converting is OpenCC's work on one core, and a compile mostly keeps one core busy too, so it runs beside
/// the doc-tests instead of after them (docs/site.md, "Build behaviour"). The course goes to it through a
/// box it empties, so that once the doc-tests are done with their copy, the converted course is the only
/// owner of its documents (freed as they are translated into pages).
final class BackgroundConversion {
    private let result = Locked<ScriptStage?>(nil)
    private let group = DispatchGroup()

    init(_ course: Course, recordedHanCharacters: [String], generator: ScriptPageGenerator, cache: ConversionCache?, contentPath: String) {
        let handedOver = Locked<Course?>(course)
        DispatchQueue.global().async(group: group) { [result] in
            var input: Course?
            handedOver.mutate { swap(&input, &$0) }
            guard let input else { preconditionFailure("the course was handed over twice") }
            let stage = ScriptStage(course: input, recordedHanCharacters: recordedHanCharacters, generator: generator, cache: cache, contentPath: contentPath)
            result.mutate { $0 = stage }
        }
    }

    func wait() {
        group.wait()
    }

    /// Waits for the conversion and takes its result.
    func take() -> ScriptStage {
        group.wait()
        var stage: ScriptStage?
        result.mutate { swap(&stage, &$0) }
        guard let stage else { preconditionFailure("the conversion ended without a result") }
        return stage
    }
}
