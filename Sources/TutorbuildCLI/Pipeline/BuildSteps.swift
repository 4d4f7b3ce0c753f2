import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder
import TutorbuildSupport

/// Step 1: the lessons to build (every one, or a partial rebuild's changed ones), the others by their
/// recorded outlines and diagnostics.
struct LoadStep: BuildStep {
    let name = "load"
    let reads: Set<BuildFact> = [.lessonFiles, .sharedFiles]
    let writes: Set<BuildFact> = [.course, .diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        if let partial = context.partial {
            context.announce(1, "Read lessons from \(context.contentPath): \(partial.changed.count) of \(partial.records.lessons.count) lessons changed since the last build into \(context.outputPath); the others are as it left them")
        } else {
            context.announce(1, "Read lessons from \(context.contentPath)")
        }
        var course = context.loader.load(only: context.partial?.changed, into: &context.bag)
        if let partial = context.partial {
            course.otherLessons = partial.others.map(\.site.outline)
            context.bag.append(contentsOf: partial.keptDiagnostics)
        }
        let recorded = context.recordedLessons
        context.pages = course.documentCount + recorded.reduce(0) { $0 + $1.site.pages.count { $0.generatedFrom == nil } }
        context.lessons = course.lessons.count + recorded.count
        context.course = course
        return .next
    }
}

/// The course checks (`CourseChecks`); a build with errors stops here, the preview goes on and shows them.
struct CheckStep: BuildStep {
    let name = "check"
    var reads: Set<BuildFact> { CourseChecks.readOtherLessons ? [.course, .otherLessonOutlines] : [.course] }
    let writes: Set<BuildFact> = [.diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let course = context.course else { preconditionFailure("checking before loading") }
        CourseChecks.run(course, into: &context.bag)
        return context.mode == .build && context.fails(context.bag) ? .stop : .next
    }
}

/// Starts making the pages in the other Chinese script and the search folding table, beside the doc-tests
/// (`BackgroundConversion`); reads the glossary and search terms the pages need.
struct ConvertStep: BuildStep {
    let name = "convert"
    let reads: Set<BuildFact> = [.course, .sharedFiles]
    let writes: Set<BuildFact> = [.conversion, .diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let course = context.course else { preconditionFailure("converting before loading") }
        // Pages in the other Chinese script are generated for the site only; doc-tests run on the hand-written ones.
        let glossary = Glossary.load(contentPath: context.contentPath, into: &context.bag)
        context.searchTerms = SearchTerms.load(contentPath: context.contentPath, into: &context.bag).adding(pairs: glossary.searchPairs)
        let cache = context.pipeline.useCache ? ConversionCache(directory: context.pipeline.workspace.converted, glossary: glossary) : nil
        let generator = ScriptPageGenerator(glossary: glossary, cache: cache)
        context.cache = cache
        context.generator = generator
        context.conversion = BackgroundConversion(
            course, recordedHanCharacters: context.recordedLessons.map(\.hanCharacters), generator: generator, cache: cache,
            contentPath: context.contentPath)
        return .next
    }
}

/// Step 2: the loaded lessons' doc-tests (unless `--no-test`); a build with failures stops here.
struct VerifyStep: BuildStep {
    let name = "verify"
    let reads: Set<BuildFact> = [.course, .otherLessonResults]
    let writes: Set<BuildFact> = [.report, .diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let course = context.course else { preconditionFailure("verifying before loading") }
        // What the next rebuild needs of each loaded lesson besides its pages (and what decides whether
        // `results.json` changes), taken before the course goes.
        context.snippetInputs = Dictionary(course.lessons.parallelMap { ($0.slug, DocTestRunner.snippetInputs(of: $0)) }, uniquingKeysWith: { a, _ in a })
        defer { context.contentDiagnostics = context.bag.diagnostics }
        guard context.pipeline.runTests else {
            context.announce(2, "Verify snippets: skipped (--no-test); badges say \"not verified\"")
            return .next
        }
        context.announce(2, "Verify snippets (cached results are reused)")
        context.report = verify(course, &context)
        // The loaded lessons' snippets moved or changed: their results replace theirs in `results.json`
        // (`ResultsStep`), which a whole run would write with the others' results as they are.
        if let partial = context.partial, context.report != nil, !partial.snippetsAgree(with: context.snippetInputs) {
            context.resultsUpdate = DocTestRunner(course: course, options: context.pipeline.testOptions)
        }
        return context.mode == .build && context.fails(context.bag) ? .stop : .next
    }

    /// The doc-test report, its diagnostics added to the context's; the closing line counts the lessons
    /// not loaded as the last build recorded them. `nil` when the doc-tests cannot run.
    private func verify(_ course: Course, _ context: inout BuildContext) -> DocTestReport? {
        var options = context.pipeline.testOptions
        // A run over the loaded lessons alone would write their results as the whole file (see above).
        if context.partial != nil { options.resultsPath = "" }
        let report: DocTestReport
        do {
            var testBag = DiagnosticBag()
            report = try DocTestRunner(course: course, options: options).run(into: &testBag)
            for var diagnostic in testBag.diagnostics {
                // While serving, a failing snippet is shown in its page instead of failing the build.
                if context.mode == .serve, diagnostic.severity == .error { diagnostic.severity = .warning }
                context.bag.append(diagnostic)
            }
        } catch {
            context.bag.error(.doctestUnavailable, .file(context.contentPath), "cannot verify snippets: \(error); build with --no-test to publish unverified pages")
            return nil
        }
        for notice in report.notices { context.say("      note: \(notice)") }
        let others = context.recordedLessons
        context.say("      " + DocTestReporter.summaryLine(
            passed: report.passed + others.reduce(0) { $0 + $1.passed }, failed: report.failed + others.reduce(0) { $0 + $1.failed },
            skipped: report.skipped + others.reduce(0) { $0 + $1.skipped }))
        return report
    }
}
