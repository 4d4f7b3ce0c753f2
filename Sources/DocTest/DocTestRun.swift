import Diagnostics
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// One doc-test run in progress: each phase of `DocTestRunner.run` is a method, and what it finds is kept
/// here for the phases after it.
struct DocTestRun {
    let runner: DocTestRunner
    let toolchain: Toolchain
    let limits: ProcessLimits
    var course: Course { runner.course }
    var options: DocTestOptions { runner.options }

    /// Snippets that take no part, with why (the reason shown, and the category the summary counts).
    private(set) var skipped: [SnippetKey: (reason: String, category: String)] = [:]
    /// The lesson files that take part, the source language first in each lesson (twins' diagnostics fold into it).
    private(set) var selected: [(lesson: Lesson, documents: [LessonDocument])] = []
    /// For a lesson file run only in part (`--filter` matched some of its snippets), the snippets that run.
    private(set) var snippetFilter: [String: Set<Int>] = [:]

    /// Programs by their cache key: twins with the same code share one.
    private var programs: [String: LessonProgram] = [:]
    private var programOrder: [String] = []
    private var programPaths: [String: [String]] = [:]
    /// The lesson file each program comes from, to build a planned program's text when it must be compiled.
    private var programDocuments: [String: LessonDocument] = [:]
    /// Which program verifies each lesson file (with prefix programs added by `verifyBeforeFirstCompileErrors`).
    private var uses: [(document: LessonDocument, program: LessonProgram, key: String)] = []
    private var problems: [String: [LessonProgramBuilder.Problem]] = [:]
    private var outcomes: [String: ProgramOutcome] = [:]

    private(set) var results: [SnippetKey: SnippetResult] = [:]
    /// Snippets not run because their lesson's program does not compile (and no prefix program verified them).
    private var notCompiled: Set<SnippetKey> = []
    private var diagnosticsByDocument: [String: [SnippetDiagnostic]] = [:]
    var statistics = DocTestReport.Statistics()
    private(set) var blessed: [String] = []
    /// Each selected lesson file's `resultInputs` hash, written into its results.
    private var inputsByPath: [String: String] = [:]
    /// What this run's results are made from, to leave an unchanged `results.json` alone.
    private(set) var stamp = ResultsStamp()

    init(runner: DocTestRunner, toolchain: Toolchain, limits: ProcessLimits) {
        self.runner = runner
        self.toolchain = toolchain
        self.limits = limits
        stamp.add("\(toolchain.fingerprint) \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0) \(limits.sandbox != nil)")
        let options = runner.options
        if !options.useCache || options.bless || options.shard != nil || !(options.filter ?? "").isEmpty { stamp.markIncomplete() }
    }

    /// Which lesson files and snippets take part: by shard, then by `--filter` on paths, slugs and code.
    mutating func selectSnippets() {
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
                let source = lesson.sourceLanguage
                selected.append((lesson, documents.sorted { ($0.language != source ? 1 : 0, $0.language) < ($1.language != source ? 1 : 0, $1.language) }))
            }
        }
    }

    /// What a lesson file's results, entries and diagnostics are made from besides its programs' outcomes
    /// and its path: its language and lesson, its snippets (code, attributes, expected output and lines) and the settings that decide
    /// how they run and fold over twins.
    ///
    /// Prose is not in it: an edit to a lesson's text that leaves its snippets where they were leaves
    /// `results.json` as it is (`ResultsStamp`). Written field by field (`String(describing:)` goes through
    /// reflection, which cost more than the write it saves); `ResultsStampTests` fails when a snippet
    /// gains a property this does not name.
    static func resultInputs(_ document: LessonDocument, of lesson: Lesson) -> String {
        func range(_ r: SourceRange) -> String { "\(r.start.line):\(r.start.column)-\(r.end.line):\(r.end.column)" }
        // Not the path, which `results.json` keys results by: a result's `inputs` are the same wherever the project is.
        var text = "\(document.language.rawValue) \(lesson.slug) \(lesson.sourceLanguage.rawValue) \(document.frontMatter.languageMode)"
        for snippet in document.snippets {
            let a = snippet.attributes
            text += "\nsnippet \(snippet.index) \(range(snippet.range)) \(snippet.firstCodeLine) \(a.mode.rawValue) \(a.hidden) \(a.isolated)"
            text += " in \(a.spliceInto?.utf8.count ?? -1) \(a.spliceInto ?? "") error \(a.expectedError?.utf8.count ?? -1) \(a.expectedError ?? "") fails \(a.failsIn?.description ?? "-")"
            text += " code \(snippet.code.utf8.count) \(snippet.code)"
            if let output = snippet.expectedOutput {
                text += " output \(range(output.range)) \(output.timeline) \(output.text.utf8.count) \(output.text)"
            }
        }
        return text
    }

    /// The programs of the selected lesson files, keyed by content: twins with the same code share one. An
    /// unchanged lesson file's plan comes from the cache, without building its programs' text (built only to
    /// compile them).
    mutating func buildPrograms() {
        let plans = options.useCache ? LessonPlanCache(directory: runner.cacheDirectory + "/lessons", toolchain: toolchain, limits: limits) : nil
        let (toolchain, limits) = (self.toolchain, self.limits)
        let files = selected.flatMap { entry in entry.documents.map { (lesson: entry.lesson, document: $0) } }
        // Each file's plan (read, compared and decoded, or made) and its inputs' hash depend on that file
        // alone: on every core, then taken in course order.
        let planned = files.parallelMap { file -> (inputs: String, plan: LessonPlan) in
            let d = file.document
            let plan: LessonPlan
            if let remembered = plans?.load(d) {
                plan = remembered
            } else {
                plan = LessonPlan(document: d, toolchain: toolchain, limits: limits)
                plans?.store(plan, for: d)
            }
            return (XXH3.hex128(Self.resultInputs(d, of: file.lesson)), plan)
        }
        for (file, (inputs, plan)) in zip(files, planned) {
            let d = file.document
            stamp.add(d.path)
            stamp.add(inputs)
            inputsByPath[d.path] = inputs
            problems[d.path] = plan.problems
            for planned in plan.programs {
                let key = planned.key
                if programs[key] == nil {
                    programs[key] = planned.unbuilt
                    programDocuments[key] = d
                    programOrder.append(key)
                } else if planned.role == .lesson {
                    statistics.sharedWithTwin += 1
                }
                programPaths[key, default: []].append(d.path)
                uses.append((d, planned.unbuilt, key))
            }
        }
    }

    /// Compiles and runs every program, in parallel, through the cache.
    mutating func compileAndRun(executor: ProgramExecutor, cache: ResultCache?) throws {
        outcomes = try runner.execute(
            programOrder, programs, paths: programPaths, documents: programDocuments, executor: executor, cache: cache, statistics: &statistics)
        stampOutcomes(programOrder)
    }

    /// For a lesson program that does not compile, the snippets before its first error are still verified, in a
    /// program that stops there.
    mutating func verifyBeforeFirstCompileErrors(executor: ProgramExecutor, cache: ResultCache?) throws {
        var prefixes: [String: LessonProgram] = [:]
        var order: [String] = []
        var paths: [String: [String]] = [:]
        var documents: [String: LessonDocument] = [:]
        for use in uses where use.program.role == .lesson {
            guard let outcome = outcomes[use.key], !outcome.compiled, !outcome.compileTimedOut,
                  let first = outcome.messages.filter({ $0.severity == "error" }).compactMap({ ProgramVerdict.snippetIndex($0.file) }).min(),
                  var prefix = LessonProgramBuilder(document: use.document).lessonProgram(before: first)
            else { continue }
            prefix.role = .prefix
            let key = ResultCache.key(prefix, toolchain: toolchain, limits: limits)
            if prefixes[key] == nil {
                prefixes[key] = prefix
                documents[key] = use.document
                order.append(key)
            }
            paths[key, default: []].append(use.document.path)
            uses.append((use.document, prefix, key))
        }
        guard !order.isEmpty else { return }
        let more = try runner.execute(order, prefixes, paths: paths, documents: documents, executor: executor, cache: cache, statistics: &statistics)
        outcomes.merge(more) { a, _ in a }
        stampOutcomes(order)
    }

    /// Adds the outcomes of `keys` to the stamp: a result made again has a new date.
    private mutating func stampOutcomes(_ keys: [String]) {
        if statistics.compiled > 0 { stamp.markIncomplete() }
        for key in keys { stamp.add("\(key) \(outcomes[key]?.date.timeIntervalSinceReferenceDate.bitPattern ?? 0)") }
    }

    /// Each lesson file's snippet results and diagnostics, from its programs' outcomes and the problems found building them.
    mutating func judge() {
        let (outcomes, toolchain, limits) = (self.outcomes, self.toolchain, self.limits)
        // Each verdict reads one program's outcome and one lesson file: on every core, then taken in order.
        let verdicts = uses.parallelMap { use -> ProgramVerdict? in
            guard let outcome = outcomes[use.key] else { return nil }
            let provenance = Provenance(
                toolchain: toolchain.version, modelHash: toolchain.modelHash, swiftVersion: use.program.mode.swiftVersion, defaultIsolation: use.program.mode.defaultIsolation.rawValue,
                verifiedAt: outcome.date)
            return ProgramVerdict(document: use.document, program: use.program, outcome: outcome, limits: limits, provenance: provenance)
        }
        for (use, verdict) in zip(uses, verdicts) {
            guard let verdict else { continue }
            if use.program.role == .prefix {
                // Replaces the "not run" of the snippets before the first compile error; its warnings were reported already.
                for (i, result) in verdict.results {
                    let key = SnippetKey(path: use.document.path, index: i)
                    results[key] = result
                    notCompiled.remove(key)
                }
                diagnosticsByDocument[use.document.path, default: []] += verdict.diagnostics.filter { $0.diagnostic.severity == .error }
                continue
            }
            for (i, result) in verdict.results {
                let key = SnippetKey(path: use.document.path, index: i)
                results[key] = result
                if verdict.notCompiled.contains(i) { notCompiled.insert(key) } else { notCompiled.remove(key) }
            }
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
    }

    /// Rewrites the expected output blocks that differ from what their snippets printed (`--bless`).
    mutating func bless() throws {
        for (_, documents) in selected {
            for d in documents {
                let mismatched = (diagnosticsByDocument[d.path] ?? []).filter { $0.diagnostic.id == .doctestOutputMismatch }.map(\.snippet)
                var edits: [OutputBlessing.Edit] = []
                for i in mismatched {
                    guard let expected = d.snippets[i].expectedOutput, let actual = results[SnippetKey(path: d.path, index: i)]?.actualOutput else { continue }
                    edits.append(.init(snippet: i, expected: expected, actual: actual))
                }
                guard !edits.isEmpty else { continue }
                // Only the blocks written: an output a fenced block cannot hold stays a failure.
                let rewritten = try OutputBlessing.rewrite(d, edits)
                guard !rewritten.isEmpty else { continue }
                for i in rewritten {
                    results[SnippetKey(path: d.path, index: i)]?.status = .passed
                    results[SnippetKey(path: d.path, index: i)]?.reason = "blessed: expected output rewritten"
                }
                blessed.append(d.path)
                diagnosticsByDocument[d.path]?.removeAll { $0.diagnostic.id == .doctestOutputMismatch && rewritten.contains($0.snippet) }
            }
        }
    }

    /// The run's diagnostics, sorted: a failure shared by twins is reported once, with a note at each twin.
    func diagnosticsFoldedOverTwins() -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (lesson, documents) in selected {
            var kept: [(path: String, item: SnippetDiagnostic)] = []
            for d in documents {
                for var item in diagnosticsByDocument[d.path] ?? [] {
                    if let j = kept.firstIndex(where: { DocTestRunner.sameFailure($0.item, item) && $0.path != d.path }) {
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
        return DiagnosticBag(diagnostics).sorted
    }

    /// An entry for every snippet of the course, in course order; a snippet without a result gets a "not run" one.
    mutating func entries() -> [DocTestReport.Entry] {
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
                        category = notCompiled.contains(key) ? "lesson program does not compile" : "after an earlier failure"
                    }
                    results[key]!.inputs = inputsByPath[d.path]
                    let result = results[key]!
                    entries.append(.init(
                        key: key, slug: lesson.slug, language: d.language.rawValue, line: s.range.start.line,
                        status: result.status, reason: result.reason, skipCategory: category))
                }
            }
        }
        return entries
    }
}
