/// One named step of the build, run in order over one `BuildContext`.
///
/// Each step declares what it reads and writes. The pipeline derives the partial-rebuild contract from
/// the reads: before a step that reads other lessons runs over a partial rebuild's lessons, what the
/// loaded lessons offer the others must be as recorded (`PartialRebuild.unmet(_:in:)`), or the rebuild
/// becomes a whole one.
protocol BuildStep: Sendable {
    /// The step's name, for tests and the docs.
    var name: String { get }
    var reads: Set<BuildFact> { get }
    var writes: Set<BuildFact> { get }
    func run(_ context: inout BuildContext) -> BuildStepResult
}

/// What steps read and write.
enum BuildFact: Hashable, CaseIterable {
    /// The files of the lessons to load (all of them, or a partial rebuild's changed ones).
    case lessonFiles
    /// The content folder's shared files: site settings, the glossary, the search terms.
    case sharedFiles
    /// The loaded lessons.
    case course
    /// The titles, summaries, orders, languages and anchors of the lessons a partial rebuild did not load
    /// (from its records): steps that read them show or check them beside the loaded lessons.
    case otherLessonOutlines
    /// The doc-test results of the lessons a partial rebuild did not load (its records and `results.json`).
    case otherLessonResults
    case diagnostics
    /// Pages in the other Chinese script and the search folding table.
    case conversion
    /// The doc-test report of the loaded lessons.
    case report
    /// The render model: every page's content, the others' as recorded.
    case renderModel
    /// The files of the output folder.
    case site
    /// `.tutorbuild/results.json`, the doc-test results `status` and `test` read.
    case resultsFile
    /// The build record and lesson records beside the content, for the next build.
    case records
}

enum BuildStepResult {
    case next
    /// The build stops here without publishing: the diagnostics say why.
    case stop
    /// A partial rebuild found it would not be a whole build's equal, and why; nothing was published, or
    /// (`ResultsStep`) only a site that is a whole build's equal.
    case needsWholeBuild(String)
}

/// The steps of `build` and `serve`, in order.
enum BuildSteps {
    static let all: [any BuildStep] = [LoadStep(), CheckStep(), ConvertStep(), VerifyStep(), RenderStep(), PublishStep(), ResultsStep(), RecordStep()]
}
