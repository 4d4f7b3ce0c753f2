import Diagnostics
import Foundation
import LessonModel

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
    }

    /// Where the cache and the last results live by default: `.tutorbuild/` next to the content folder.
    public var stateDirectory: String {
        URL(fileURLWithPath: course.contentPath).standardizedFileURL.deletingLastPathComponent()
            .appendingPathComponent(".tutorbuild").path
    }

    public var cacheDirectory: String { options.cacheDirectory ?? stateDirectory + "/cache" }
    public var resultsPath: String { options.resultsPath ?? stateDirectory + "/results.json" }

    /// Runs the doc-tests; content problems go to `bag` (and the report), environment problems are thrown.
    public func run(into bag: inout DiagnosticBag) throws -> DocTestReport {
        let started = Date()
        let toolchain = try Toolchain.locate(options: options, cacheDirectory: cacheDirectory)
        var limits = ProcessLimits(timeout: options.timeout, outputBytes: options.outputLimit, memoryBytes: options.memoryLimit)
        RunningChildren.removeStaleFolders()
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

        // 1. Which lesson files and snippets take part.
        var skipped: [SnippetKey: (reason: String, category: String)] = [:]
        var selected: [(lesson: Lesson, documents: [LessonDocument])] = []
        var snippetFilter: [String: Set<Int>] = [:]
        for (n, lesson) in course.lessons.enumerated() {
            if let shard = options.shard, n % shard.count != shard.index - 1 {
                for d in lesson.documents {
                    for s in d.snippets { skipped[SnippetKey(path: d.path, index: s.index)] = ("not run: in another shard", "in another shard") }
                }
                continue
            }
            var documents: [LessonDocument] = []
            for d in lesson.documents {
                if let filter = options.filter, !filter.isEmpty, !d.path.contains(filter), !lesson.slug.contains(filter) {
                    let matching = Set(d.snippets.filter { $0.code.contains(filter) }.map(\.index))
                    for s in d.snippets where !matching.contains(s.index) {
                        skipped[SnippetKey(path: d.path, index: s.index)] = ("not run: filtered out", "filtered out")
                    }
                    if matching.isEmpty { continue }
                    snippetFilter[d.path] = matching
                }
                documents.append(d)
            }
            if !documents.isEmpty {
                // The source language first, so twins' diagnostics fold into it.
                let source = lesson.sourceLanguage
                selected.append((lesson, documents.sorted { ($0.language != source ? 1 : 0, $0.language) < ($1.language != source ? 1 : 0, $1.language) }))
            }
        }

        // 2. Programs, keyed by content: twins with the same code share one. An unchanged lesson file's
        // plan comes from the cache, without building its programs' text (built only to compile them).
        let plans = options.useCache ? LessonPlanCache(directory: cacheDirectory + "/lessons", toolchain: toolchain, limits: limits) : nil
        var stamp = ResultsStamp()
        stamp.add("\(toolchain.fingerprint) \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0) \(limits.sandbox != nil)")
        if !options.useCache || options.bless || options.shard != nil || !(options.filter ?? "").isEmpty { stamp.markIncomplete() }
        var jobs: [String: LessonProgram] = [:]
        var jobOrder: [String] = []
        var jobPaths: [String: [String]] = [:]
        var jobDocuments: [String: LessonDocument] = [:]
        var uses: [(document: LessonDocument, program: LessonProgram, key: String)] = []  // prefix programs are added in 3b
        var problems: [String: [LessonProgramBuilder.Problem]] = [:]
        var statistics = DocTestReport.Statistics()
        for (_, documents) in selected {
            for d in documents {
                let plan: LessonPlan
                stamp.add(d.path)
                if let remembered = plans?.load(d) {
                    plan = remembered
                    stamp.add(plan.made)
                } else {
                    stamp.markIncomplete()
                    plan = LessonPlan(document: d, toolchain: toolchain, limits: limits)
                    plans?.store(plan, for: d)
                }
                problems[d.path] = plan.problems
                for planned in plan.programs {
                    let key = planned.key
                    if jobs[key] == nil {
                        jobs[key] = planned.unbuilt
                        jobDocuments[key] = d
                        jobOrder.append(key)
                    } else if planned.role == .lesson {
                        statistics.sharedWithTwin += 1
                    }
                    jobPaths[key, default: []].append(d.path)
                    uses.append((d, planned.unbuilt, key))
                }
            }
        }

        // 3. Compile and run, in parallel, through the cache.
        let cache = options.useCache ? ResultCache(directory: cacheDirectory) : nil
        let executor = ProgramExecutor(toolchain: toolchain, limits: limits, compileTimeout: options.compileTimeout)
        var outcomes = try execute(jobOrder, jobs, paths: jobPaths, documents: jobDocuments, executor: executor, cache: cache, statistics: &statistics)

        // 3b. A lesson program that does not compile: the snippets before its first error are still
        // verified, in a program that stops there.
        var prefixJobs: [String: LessonProgram] = [:]
        var prefixOrder: [String] = []
        var prefixPaths: [String: [String]] = [:]
        var prefixDocuments: [String: LessonDocument] = [:]
        for use in uses where use.program.role == .lesson {
            guard let outcome = outcomes[use.key], !outcome.compiled, !outcome.compileTimedOut,
                  let first = outcome.messages.filter({ $0.severity == "error" }).compactMap({ ProgramVerdict.snippetIndex($0.file) }).min(),
                  var prefix = LessonProgramBuilder(document: use.document).lessonProgram(before: first)
            else { continue }
            prefix.role = .prefix
            let key = ResultCache.key(prefix, toolchain: toolchain, limits: limits)
            if prefixJobs[key] == nil {
                prefixJobs[key] = prefix
                prefixDocuments[key] = use.document
                prefixOrder.append(key)
            }
            prefixPaths[key, default: []].append(use.document.path)
            uses.append((use.document, prefix, key))
        }
        if !prefixOrder.isEmpty {
            let more = try execute(prefixOrder, prefixJobs, paths: prefixPaths, documents: prefixDocuments, executor: executor, cache: cache, statistics: &statistics)
            outcomes.merge(more) { a, _ in a }
        }
        if statistics.compiled > 0 { stamp.markIncomplete() }
        for key in jobOrder + prefixOrder {
            stamp.add("\(key) \(outcomes[key]?.date.timeIntervalSinceReferenceDate.bitPattern ?? 0)")
        }

        // 4. Verdicts per lesson file.
        var results: [SnippetKey: SnippetResult] = [:]
        var diagnosticsByDocument: [String: [SnippetDiagnostic]] = [:]
        for use in uses {
            guard let outcome = outcomes[use.key] else { continue }
            let provenance = Provenance(
                toolchain: toolchain.version, modelHash: toolchain.modelHash, swiftVersion: use.program.swiftVersion,
                verifiedAt: outcome.date)
            let verdict = ProgramVerdict(document: use.document, program: use.program, outcome: outcome, limits: limits, provenance: provenance)
            if use.program.role == .prefix {
                // Replaces the "not run" of the snippets before the first compile error; its warnings were reported already.
                for (i, result) in verdict.results { results[SnippetKey(path: use.document.path, index: i)] = result }
                diagnosticsByDocument[use.document.path, default: []] += verdict.diagnostics.filter { $0.diagnostic.severity == .error }
                continue
            }
            for (i, result) in verdict.results { results[SnippetKey(path: use.document.path, index: i)] = result }
            diagnosticsByDocument[use.document.path, default: []] += verdict.diagnostics
        }
        for (_, documents) in selected {
            for d in documents {
                for problem in problems[d.path] ?? [] {
                    let s = d.snippets[problem.snippet]
                    results[SnippetKey(path: d.path, index: s.index)] = SnippetResult(status: .failed, reason: problem.message)
                    diagnosticsByDocument[d.path, default: []].append(SnippetDiagnostic(
                        snippet: s.index, relativeLine: 0,
                        diagnostic: .error(problem.id, d.location(s.range.start), problem.message)))
                }
                for s in d.snippets where s.attributes.mode == .ignore {
                    skipped[SnippetKey(path: d.path, index: s.index)] = ("not run: marked 'ignore'", "ignored")
                }
            }
        }

        // 5. Bless: rewrite expected output blocks that differ.
        var blessed: [String] = []
        if options.bless {
            for (_, documents) in selected {
                for d in documents {
                    let mismatched = (diagnosticsByDocument[d.path] ?? []).filter { $0.diagnostic.id == "doctest.output.mismatch" }.map(\.snippet)
                    var edits: [(ExpectedOutput, String)] = []
                    for i in mismatched {
                        let key = SnippetKey(path: d.path, index: i)
                        guard let expected = d.snippets[i].expectedOutput, let actual = results[key]?.actualOutput else { continue }
                        edits.append((expected, actual))
                        results[key]?.status = .passed
                        results[key]?.reason = "blessed: expected output rewritten"
                    }
                    guard !edits.isEmpty else { continue }
                    try OutputBlessing.rewrite(d, edits)
                    blessed.append(d.path)
                    diagnosticsByDocument[d.path]?.removeAll { $0.diagnostic.id == "doctest.output.mismatch" && mismatched.contains($0.snippet) }
                }
            }
        }

        // 6. Diagnostics: a failure shared by twins is reported once, with a note at each twin.
        var diagnostics: [Diagnostic] = []
        for (lesson, documents) in selected {
            var kept: [(path: String, item: SnippetDiagnostic)] = []
            for d in documents {
                for var item in diagnosticsByDocument[d.path] ?? [] {
                    if let j = kept.firstIndex(where: { Self.sameFailure($0.item, item) && $0.path != d.path }) {
                        let verb = item.diagnostic.severity == .warning ? "has the same warning" : "fails the same way"
                        kept[j].item.diagnostic.notes.append(.init(location: item.diagnostic.location, message: "the \(d.language.rawValue) twin \(verb)"))
                        continue
                    }
                    if let source = lesson.sourceDocument, source.path != d.path, item.snippet < source.snippets.count {
                        item.diagnostic.notes.append(.init(location: source.location(source.snippets[item.snippet].range.start), message: "the \(source.language.rawValue) twin is here"))
                    }
                    kept.append((d.path, item))
                }
            }
            diagnostics += kept.map(\.item.diagnostic)
        }
        diagnostics = DiagnosticBag(diagnostics).sorted
        bag.append(contentsOf: diagnostics)

        // 7. Entries for every snippet of the course, in course order.
        var entries: [DocTestReport.Entry] = []
        for lesson in course.lessons {
            for d in lesson.documents {
                for s in d.snippets {
                    let key = SnippetKey(path: d.path, index: s.index)
                    var category: String?
                    if let skip = skipped[key] {
                        results[key] = SnippetResult(status: .notRun, reason: skip.reason)
                        category = skip.category
                    } else if let filter = snippetFilter[d.path], !filter.contains(s.index) {
                        results[key] = SnippetResult(status: .notRun, reason: "not run: filtered out")
                        category = "filtered out"
                    } else if results[key] == nil {
                        results[key] = SnippetResult(status: .notRun, reason: "not run")
                        category = "not run"
                    } else if results[key]?.status == .notRun {
                        category = results[key]?.reason?.contains("does not compile") == true ? "lesson program does not compile" : "after an earlier failure"
                    }
                    let result = results[key]!
                    entries.append(.init(
                        key: key, slug: lesson.slug, language: d.language.rawValue, line: s.range.start.line,
                        status: result.status, reason: result.reason, skipCategory: category))
                }
            }
        }
        cache?.prune()
        statistics.seconds = Date().timeIntervalSince(started)
        let verification = VerificationReport(toolchain: toolchain.version, modelHash: toolchain.modelHash, results: results)
        var report = DocTestReport(verification: verification, diagnostics: diagnostics, entries: entries, statistics: statistics, blessed: blessed)
        report.notices = notices
        if resultsPath != "" { try? stamp.write(resultsPath) { try Self.persist(report, to: resultsPath) } }
        return report
    }

    /// Compiles and runs programs on `options.jobs` threads, taking what it can from the cache.
    private func execute(
        _ order: [String], _ programs: [String: LessonProgram], paths: [String: [String]], documents: [String: LessonDocument],
        executor: ProgramExecutor, cache: ResultCache?, statistics: inout DocTestReport.Statistics
    ) throws -> [String: ProgramOutcome] {
        let pool = WorkPool(count: order.count)
        let progress = options.progress
        try pool.run(jobs: max(1, options.jobs)) { k in
            let key = order[k]
            let start = Date()
            if let cached = cache?.load(key) {
                let done = pool.finish(k, cached, fromCache: true)
                progress?(DocTestProgress(done: done, total: order.count, paths: paths[key] ?? [], what: "cached", seconds: 0))
                return
            }
            var program = programs[key]!
            // A planned program has no text yet: build it from the lesson file now that it must be compiled.
            if program.text.isEmpty, let document = documents[key], let built = LessonPlan.program(program.role, of: document) {
                program = built
            }
            let outcome = try executor.execute(program)
            cache?.store(outcome, key: key)
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
            && (a.diagnostic.id == "doctest.output.mismatch" ? a.diagnostic.detail == b.diagnostic.detail : true)
    }

    /// Writes the verification results for the site build, keeping earlier results of snippets not run now.
    static func persist(_ report: DocTestReport, to path: String) throws {
        var results = report.verification.results
        // Only snippets skipped on purpose keep an earlier result: without them, the old file is not read.
        let skippedOnPurpose = report.entries.contains { $0.skipCategory == "filtered out" || $0.skipCategory == "in another shard" }
        if skippedOnPurpose, let data = FileManager.default.contents(atPath: path),
           let previous = try? JSONDecoder.doctest.decode(VerificationReport.self, from: data) {
            for (key, old) in previous.results where results[key]?.status == .notRun {
                if report.entries.contains(where: { $0.key == key && ($0.skipCategory == "filtered out" || $0.skipCategory == "in another shard") }) {
                    results[key] = old
                }
            }
        }
        var verification = report.verification
        verification.results = results
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try JSONEncoder.doctest.encode(verification).write(to: URL(fileURLWithPath: path))
    }

    /// Reads the results the last `tutorbuild test` wrote, for the site's badges.
    public static func loadResults(from path: String) -> VerificationReport? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder.doctest.decode(VerificationReport.self, from: data)
    }
}

extension JSONEncoder {
    static var doctest: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    static var doctest: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// Runs numbered jobs on a few threads and keeps their outcomes.
final class WorkPool: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var outcomes: [ProgramOutcome?]
    private(set) var cacheHits = 0
    private var finished = 0
    private var next = 0
    private var error: Error?

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    /// Records an outcome; returns how many jobs are done.
    func finish(_ k: Int, _ outcome: ProgramOutcome, fromCache: Bool) -> Int {
        lock.withLock {
            outcomes[k] = outcome
            if fromCache { cacheHits += 1 }
            finished += 1
            return finished
        }
    }

    func run(jobs: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let count = outcomes.count
        guard count > 0 else { return }
        let group = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                while true {
                    let k: Int? = lock.withLock {
                        guard error == nil, next < count else { return nil }
                        next += 1
                        return next - 1
                    }
                    guard let k else { return }
                    do { try body(k) } catch {
                        lock.withLock { self.error = self.error ?? error }
                    }
                }
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        if let error { throw error }
    }
}
