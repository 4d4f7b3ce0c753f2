import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder
import TutorbuildSupport

/// The build from lessons to site, shared by `build` and `serve`: named steps (`BuildSteps.all`) over one
/// `BuildContext`, skipped whole when nothing changed since the last build, over the changed lessons alone
/// when only some did.
struct BuildPipeline {
    enum Mode {
        /// Any error fails the build and leaves the previous site.
        case build
        /// Content errors and doc-test failures are shown in the pages instead of failing the build: the
        /// preview renders every lesson that loaded, whatever else is wrong.
        case serve
    }

    var contentPath: String
    var outputPath: String
    var runTests: Bool
    /// Reuse doc-test results and converted pages from `.tutorbuild/` next to the content folder.
    var useCache = true
    var mode: Mode
    var console: Console
    /// Called with the diagnostics so far as soon as the pages are published (in `serve`, before the search
    /// indexes; `SiteOptions.pagesPublished`) and again once the site is, before the results file and the records
    /// are written: `serve` shows the new pages then.
    var published: (@Sendable (DiagnosticBag) -> Void)?
    /// Called when a lesson program being verified has type-checked (`DocTestOptions.typeChecked`).
    var typeChecked: (@Sendable (_ paths: [String]) -> Void)?

    struct Outcome {
        var bag: DiagnosticBag
        /// The site on disk is the new one.
        var wroteSite: Bool
        var pages: Int
        var lessons: Int
        /// Nothing changed since the last build into the site, which was left as it was without reading a lesson.
        var unchanged = false
        init(bag: DiagnosticBag, wroteSite: Bool, pages: Int, lessons: Int) {
            self.bag = bag
            self.wroteSite = wroteSite
            self.pages = pages
            self.lessons = lessons
        }

        init(unchangedSince record: BuildRecord) {
            bag = DiagnosticBag()
            bag.append(contentsOf: record.diagnostics)
            wroteSite = true
            pages = record.pages
            lessons = record.lessons
            unchanged = true
        }
    }

    func run(failOn fails: @escaping (DiagnosticBag) -> Bool) -> Outcome {
        let lock: OutputLock
        do {
            lock = try OutputLock(outputPath: outputPath)
        } catch {
            return Outcome(bag: Self.lockProblem(error, outputPath: outputPath), wroteSite: false, pages: 0, lessons: 0)
        }
        defer { withExtendedLifetime(lock) {} }
        defer { ScriptConverter.finishPreparing() }
        // The sandbox trial waits on a child process: it overlaps hashing the content.
        if runTests { DocTestRunner.probeInBackground(testOptions) }
        // Both remember their inputs; the mode is one of them (the preview's pages show problems a build's do not).
        // The content is hashed before anything is read: an edit made while this build runs makes the next build a whole one.
        let inputs = BuildInputs(
            snapshot: BuildRecord.contentSnapshot(of: contentPath), recordPath: BuildRecord.path(in: workspace, outputPath: outputPath),
            lessonsPath: LessonRecords.path(in: workspace, outputPath: outputPath))
        let settingsBefore = settings()
        if useCache, let snapshot = inputs.snapshot, let settingsBefore,
           let previous = unchangedRecord(at: inputs.recordPath, content: snapshot.hash, settings: settingsBefore) {
            console.err("[1/3] Read lessons from \(contentPath): nothing changed since the last build into \(outputPath), which stays as it is")
            for line in previous.lines { console.err(line) }
            return Outcome(unchangedSince: previous)
        }
        let records = useCache ? settingsBefore.flatMap { LessonRecords.load(from: inputs.lessonsPath, settings: Self.key($0)) } : nil
        // The site is about to change: until this build has published, it is no longer the one recorded.
        BuildRecord.remove(at: inputs.recordPath)
        LessonRecords.remove(at: inputs.lessonsPath)
        if let records, let snapshot = inputs.snapshot, let partial = PartialRebuild(records: records, snapshot: snapshot, contentPath: contentPath) {
            // An edited Chinese page is converted to the other script: OpenCC's dictionaries load meanwhile.
            for language in records.changedChineseSources(in: partial.changed, contentPath: contentPath) {
                ScriptConverter.prepare(language == .zhHans ? .simplifiedToTaiwan : .taiwanToSimplified)
            }
            switch runSteps(BuildContext(pipeline: self, partial: partial, inputs: inputs, fails: fails)) {
            case .built(let outcome): return outcome
            case .needsWholeBuild(let reason): console.err("      note: \(reason); reading every lesson")
            }
        }
        guard case .built(let outcome) = runSteps(BuildContext(pipeline: self, partial: nil, inputs: inputs, fails: fails)) else {
            preconditionFailure("only a partial rebuild asks for a whole build")
        }
        return outcome
    }

    enum Built {
        case built(Outcome)
        /// A partial rebuild found that it would not be a whole build's equal, and why; nothing was published,
        /// or (`ResultsStep`) only a site that is a whole build's equal, or (`serve`, whose search indexes follow its
        /// pages) pages that the whole build then replaces.
        case needsWholeBuild(String)
    }

    /// Runs `BuildSteps.all` over `context`; in a partial rebuild, a step that reads what other lessons
    /// read of the loaded ones runs only when that is as recorded (`PartialRebuild.unmet(_:in:)`).
    private func runSteps(_ start: BuildContext) -> Built {
        var context = start
        for step in BuildSteps.all {
            var result = BuildStepResult.next
            if let partial = context.partial, let reason = partial.unmet(step.reads, in: context) {
                result = .needsWholeBuild(reason)
            } else {
                result = step.run(&context)
            }
            switch result {
            case .next:
                continue
            case .stop:
                context.conversion?.wait()
                // Whoever stops keeps the course until the process ends (`Teardown`): freeing it costs more.
                if mode == .build, let course = context.course { Teardown.keep(course) }
                return .built(Outcome(bag: context.bag, wroteSite: false, pages: context.pages, lessons: context.lessons))
            case .needsWholeBuild(let reason):
                context.conversion?.wait()
                return .needsWholeBuild(reason)
            }
        }
        return .built(Outcome(bag: context.bag, wroteSite: true, pages: context.pages, lessons: context.lessons))
    }

    /// The diagnostic for a lock on the output folder that could not be taken.
    private static func lockProblem(_ error: OutputLock.Failure, outputPath: String) -> DiagnosticBag {
        var bag = DiagnosticBag()
        switch error {
        case .held:
            let holder = OutputLock.holder(of: outputPath).map { " (process \($0))" } ?? ""
            bag.error(.siteBuildLocked, .file(outputPath), "another tutorbuild is writing this site\(holder); wait for it to finish")
        case .unavailable(let path, let reason):
            bag.error(.siteWriteFailed, .file(path), "cannot create the build lock beside the site (\(reason)); the output folder's parent must be a writable folder")
        }
        return bag
    }

    /// The record of the last build into the output folder, when this build's inputs and the site on disk
    /// are exactly what it records.
    private func unchangedRecord(at recordPath: String, content: String, settings: [String]) -> BuildRecord? {
        guard let previous = BuildRecord.load(from: recordPath, inputs: BuildRecord.inputs(content: content, settings: settings)),
              previous.site == BuildRecord.siteIdentity(outputPath: outputPath)
        else { return nil }
        return previous
    }

    /// Records what this published build was made from and what it left, and its lessons' records, for the
    /// next build to compare; nothing when the build has errors or its inputs cannot be known.
    func remember(_ context: BuildContext) {
        // The settings again: the doc-test step may have written its results file, whose identity is one of them.
        guard let snapshot = context.inputs.snapshot, let site = context.summary?.siteIdentity, !context.bag.hasErrors, let settings = settings()
        else { return }
        BuildRecord(site: site, diagnostics: context.bag.diagnostics, lines: context.lines, pages: context.pages, lessons: context.lessons)
            .write(to: context.inputs.recordPath, inputs: BuildRecord.inputs(content: snapshot.hash, settings: settings))
        if var lessons = context.lessonRecords {
            lessons.entries = snapshot.entries
            lessons.write(to: context.inputs.lessonsPath, settings: Self.key(settings))
        }
    }

    var testOptions: DocTestOptions {
        var options = DocTestOptions()
        options.useCache = useCache
        options.typeChecked = typeChecked
        return options
    }

    /// Everything besides the content folder that decides the site, or `nil` when it cannot be known.
    ///
    /// Read after the build as well as before it: the doc-test step may write its results file, whose
    /// identity is part of this.
    private func settings() -> [String]? {
        var settings = [RunningProgram.fingerprint, "mode \(mode)", "tests \(runTests)", ScriptConverter.dataFingerprint]
        let environment = ProcessInfo.processInfo.environment
        settings += environment.keys.filter { $0.hasPrefix("TUTORBUILD_") }.sorted().map { "\($0)=\(environment[$0]!)" }
        if runTests {
            let runner = DocTestRunner(course: Course(config: SiteConfig(), lessons: [], contentPath: contentPath), options: testOptions)
            guard let fingerprint = try? runner.environmentFingerprint() else { return nil }
            settings.append(fingerprint)
        }
        return settings
    }

    /// The key of `settings` that `LessonRecords` are filed under.
    private static func key(_ settings: [String]) -> String {
        BuildRecord.inputs(content: "", settings: settings)
    }

    var workspace: Workspace { Workspace(contentPath: contentPath) }

}
