// Results, snippet keys and pictures are part of the runner's API: whoever runs doc-tests reads them.
@_exported import DocTestProtocol
import Diagnostics
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// Compiles and runs every lesson's snippets against the UIKit model and checks their output.
///
/// One program per lesson file (see `LessonProgram`); identical programs (translation twins) are
/// compiled and run once; programs run in parallel, contained, and their outcomes are cached.
public struct DocTestRunner: Sendable {
    public var course: Course
    public var options: DocTestOptions

    public init(course: Course, options: DocTestOptions = DocTestOptions()) {
        self.course = course
        self.options = options
        if options.swiftVersion != nil || options.defaultIsolation != nil || options.deploymentTarget != nil {
            self.course.resolveLanguageModes(
                swiftVersion: options.swiftVersion, defaultIsolation: options.defaultIsolation,
                deploymentTarget: options.deploymentTarget)
        }
    }

    /// Where the cache and the last results live by default.
    public var workspace: Workspace { Workspace(contentPath: course.contentPath) }

    public var cacheDirectory: String { options.cacheDirectory ?? workspace.cache }
    public var resultsPath: String { options.resultsPath ?? workspace.results }

    /// Runs the doc-tests; content problems go to `bag` (and the report), environment problems are thrown.
    public func run(into bag: inout DiagnosticBag) throws -> DocTestReport {
        let started = Date()
        let toolchain = try Toolchain.locate(options: options, cacheDirectory: cacheDirectory)
        let (limits, notices) = try processLimits(toolchain)
        RunningChildren.removeStaleFolders()
        var run = DocTestRun(runner: self, toolchain: toolchain, limits: limits)
        run.selectSnippets()
        run.buildPrograms()
        let cache = options.useCache ? ResultCache(directory: cacheDirectory) : nil
        let executor = ProgramExecutor(
            toolchain: toolchain, limits: limits, compileTimeout: options.compileTimeout, compileMemory: options.compileMemoryLimit,
            findsDemonstration: options.demonstrationLines,
            introduced: LazyIntroducedAPI { try IntroducedAPI.load(toolchain: toolchain, cacheDirectory: toolchain.factsDirectory) })
        try run.compileAndRun(executor: executor, cache: cache)
        try run.verifyBeforeFirstCompileErrors(executor: executor, cache: cache)
        run.judge()
        if options.bless { try run.bless() }
        let diagnostics = run.diagnosticsFoldedOverTwins()
        bag.append(contentsOf: diagnostics)
        let entries = run.entries()
        cache?.prune()
        for entry in cache?.ignoredEntries ?? [] {
            bag.warning(.doctestCacheIgnored, .file(entry), .cachedResultIgnored)
        }
        run.statistics.seconds = Date().timeIntervalSince(started)
        let verification = VerificationReport(toolchain: toolchain.version, modelHash: toolchain.modelHash, results: run.results)
        var report = DocTestReport(
            verification: verification, diagnostics: diagnostics, entries: entries, statistics: run.statistics, blessed: run.blessed)
        report.notices = notices
        if resultsPath != "" { try? run.stamp.write(resultsPath) { try Self.persist(report, to: resultsPath) } }
        return report
    }

    /// A hash of everything in `lesson` its doc-test results depend on (`DocTestRun.resultInputs` of each
    /// file): equal for two versions of a lesson whose edits left every snippet, its lines and settings alone.
    ///
    /// A rebuild that loads only the lessons that changed runs their doc-tests without writing
    /// `results.json`, which it may do only while this is what the last build recorded.
    public static func snippetInputs(of lesson: Lesson) -> String {
        var text = ""
        for d in lesson.documents.indices {
            text += DocTestRun.resultInputs(lesson.documents[d], of: lesson)
            text += "\u{0}"
        }
        return XXH3.hex128(text)
    }

    /// The hash of what `document`'s doc-test results are made from (its snippets, their lines and
    /// settings), as its results record it (`SnippetResult.inputs`): when they differ, the file's snippets
    /// changed since it was verified.
    public static func resultInputs(of document: LessonDocument, in lesson: Lesson) -> String {
        XXH3.hex128(DocTestRun.resultInputs(document, of: lesson))
    }

    /// Writes into `results.json` the results of `course`'s lesson files from `report` (a run over these
    /// lessons alone, which wrote no results file), keeping the other files' results; false when there is
    /// no whole results file of the same toolchain and model to keep them from.
    public func replaceResults(with report: DocTestReport) -> Bool {
        let paths = Set(course.lessons.flatMap { lesson in lesson.documents.indices.map { lesson.documents[$0].path } })
        return (try? ResultsFile.replace(paths, with: report, at: resultsPath)) ?? false
    }

    /// Starts trying the sandbox (a `bwrap` run, tens of milliseconds of waiting) on another thread, so that
    /// it overlaps whatever the caller does first; the first run or fingerprint that needs it waits for it.
    public static func probeInBackground(_ options: DocTestOptions) {
        guard options.sandbox != .off else { return }
        DispatchQueue.global().async { _ = Sandbox.probe }
    }

    /// What besides the lessons decides this runner's results (compiler, model, limits, sandbox), and the
    /// identity of the results file it keeps: for a build that remembers what it was made from (`BuildRecord`).
    public func environmentFingerprint() throws -> String {
        let toolchain = try Toolchain.locate(options: options, cacheDirectory: cacheDirectory)
        let (limits, notices) = try processLimits(toolchain)
        var parts = [
            toolchain.fingerprint,
            "limits \(limits.timeout) \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0) \(limits.sandbox ?? "unsandboxed")",
        ] + notices
        // A results file written since (a filtered `test`, say) is one the build would write again.
        for path in [resultsPath, ResultsStamp.path(for: resultsPath)] { parts.append("\(path) \(FileStamp.of(path) ?? "none")") }
        return parts.joined(separator: "\n")
    }

    /// How each program is contained: the options' limits, and the sandbox where it works (a notice where it does not).
    private func processLimits(_ toolchain: Toolchain) throws -> (ProcessLimits, notices: [String]) {
        var limits = ProcessLimits(
            timeout: options.timeout, outputBytes: options.outputLimit, memoryBytes: options.memoryLimit,
            launcher: try toolchain.launcher())
        var notices: [String] = []
        if options.sandbox != .off {
            switch Sandbox.probe {
            case .success(let bwrap):
                limits.sandbox = bwrap
                // The program loads the model from the build folder, which may itself live under /tmp.
                limits.sandboxReadable = [toolchain.buildDirectory]
            case .failure(let error):
                if options.sandbox == .required { throw error }
                if case .sandboxUnavailable(let reason) = error {
                    notices.append("snippets run without a sandbox: \(reason); pass --no-sandbox to accept that")
                }
            }
        }
        return (limits, notices)
    }

    /// Compiles and runs programs on `options.jobs` threads, taking what it can from the cache.
    func execute(
        _ order: [String], _ programs: [String: LessonProgram], paths: [String: [String]], documents: [String: LessonDocument],
        executor: ProgramExecutor, cache: ResultCache?, statistics: inout DocTestReport.Statistics
    ) throws -> [String: ProgramOutcome] {
        let pool = WorkPool(count: order.count)
        let progress = options.progress
        try pool.run(jobs: max(1, options.jobs)) { k in
            let key = order[k]
            let start = Date()
            if let cached = cache?.load(key), cached.fits(programs[key]!) {
                let done = pool.finish(k, cached, fromCache: true)
                progress?(DocTestProgress(done: done, total: order.count, paths: paths[key] ?? [], what: "cached", seconds: 0))
                return
            }
            var program = programs[key]!
            // A planned program has no text yet: build it from the lesson file now that it must be compiled.
            if program.text.isEmpty, let document = documents[key], let built = LessonPlan.program(program.role, of: document) {
                program = built
            }
            var typeChecked: (@Sendable () -> Void)?
            if let report = options.typeChecked {
                let programPaths = paths[key] ?? []
                typeChecked = { report(programPaths) }
            }
            let outcome = try executor.execute(program, typeChecked: typeChecked)
            // Only a run that ended on its own is kept: an interruption or the runner's own failure decides nothing.
            if !outcome.endUnknown { cache?.store(outcome, key: key) }
            let done = pool.finish(k, outcome, fromCache: false)
            var what = outcome.compiled ? (outcome.runs.isEmpty ? "compiled" : "compiled and ran") : "did not compile"
            if programs[key]?.role == .prefix { what += " (the snippets before the first compile error)" }
            progress?(DocTestProgress(done: done, total: order.count, paths: paths[key] ?? [], what: what, seconds: Date().timeIntervalSince(start)))
        }
        statistics.programs += order.count
        statistics.cacheHits += pool.cacheHits
        statistics.compiled += order.count - pool.cacheHits
        var outcomes: [String: ProgramOutcome] = [:]
        for (k, key) in order.enumerated() { outcomes[key] = pool.outcomes[k] }
        return outcomes
    }

    /// Two diagnostics from twin files describe the same failure.
    static func sameFailure(_ a: SnippetDiagnostic, _ b: SnippetDiagnostic) -> Bool {
        a.snippet == b.snippet && a.relativeLine == b.relativeLine && a.diagnostic.id == b.diagnostic.id
            && a.diagnostic.message == b.diagnostic.message && a.diagnostic.severity == b.diagnostic.severity
            && (a.diagnostic.id == .doctestOutputMismatch ? a.diagnostic.detail == b.diagnostic.detail : true)
    }

    /// Writes the verification results for the site build, keeping earlier results of snippets not run now.
    static func persist(_ report: DocTestReport, to path: String) throws {
        try ResultsFile.write(report, to: path)
    }

    /// Reads the results the last `tutorbuild test` wrote (sealed, see `ResultsFile`), for badges and `status`.
    public static func loadResults(from path: String) -> VerificationReport? {
        ResultsFile.read(from: path)
    }
}
