import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder
import TutorbuildSupport

/// The named steps from lessons to site, shared by `build` and `serve`.
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

    func run(failOn fails: (DiagnosticBag) -> Bool) -> Outcome {
        var bag = DiagnosticBag()
        let lock: OutputLock
        do {
            lock = try OutputLock(outputPath: outputPath)
        } catch {
            switch error {
            case .held:
                let holder = OutputLock.holder(of: outputPath).map { " (process \($0))" } ?? ""
                bag.error(.siteBuildLocked, .file(outputPath), "another tutorbuild is writing this site\(holder); wait for it to finish")
            case .unavailable(let path, let reason):
                bag.error(.siteWriteFailed, .file(path), "cannot create the build lock beside the site (\(reason)); the output folder's parent must be a writable folder")
            }
            return Outcome(bag: bag, wroteSite: false, pages: 0, lessons: 0)
        }
        defer { withExtendedLifetime(lock) {} }
        // The sandbox trial waits on a child process: it overlaps hashing the content.
        if runTests { DocTestRunner.probeInBackground(testOptions) }
        // Both remember their inputs; the mode is one of them (the preview's pages show problems a build's do not).
        let recordPath = BuildRecord.path(in: workspace, outputPath: outputPath)
        let lessonsPath = LessonRecords.path(in: workspace, outputPath: outputPath)
        // Hashed before anything is read: an edit made while this build runs makes the next build a whole one.
        let snapshot = BuildRecord.contentSnapshot(of: contentPath)
        let settingsBefore = settings()
        if useCache, let snapshot, let settingsBefore,
           let previous = unchangedRecord(at: recordPath, content: snapshot.hash, settings: settingsBefore) {
            step(1, "Read lessons from \(contentPath): nothing changed since the last build into \(outputPath), which stays as it is")
            for line in previous.lines { console.err(line) }
            return Outcome(unchangedSince: previous)
        }
        let records = useCache ? settingsBefore.flatMap { LessonRecords.load(from: lessonsPath, settings: Self.key($0)) } : nil
        // The site is about to change: until this build has published, it is no longer the one recorded.
        BuildRecord.remove(at: recordPath)
        LessonRecords.remove(at: lessonsPath)
        var partialResult: BuildResult?
        if let records, let snapshot, let partial = PartialRebuild(records: records, snapshot: snapshot, contentPath: contentPath) {
            switch build(partial, failOn: fails) {
            case .built(let result): partialResult = result
            case .needsWholeBuild(let reason): console.err("      note: \(reason); reading every lesson")
            }
        }
        let done = partialResult ?? wholeBuild(failOn: fails)
        // The settings again: the doc-test step may have written its results file, whose identity is one of them.
        if let snapshot, let site = done.siteIdentity, !done.outcome.bag.hasErrors, let settings = settings() {
            remember(done.outcome, site: site, lines: done.lines, content: snapshot.hash, settings: settings, at: recordPath)
            if var lessons = done.lessons {
                lessons.entries = snapshot.entries
                lessons.write(to: lessonsPath, settings: Self.key(settings))
            }
        }
        return done.outcome
    }

    /// What one build made: its outcome, and for the record, its lines, the site's identity and its lessons.
    struct BuildResult {
        var outcome: Outcome
        var lines: [String] = []
        var siteIdentity: String?
        var lessons: LessonRecords?
    }

    enum Built {
        case built(BuildResult)
        /// A partial rebuild found that it would not be a whole build's equal, and why; nothing was published.
        case needsWholeBuild(String)
    }

    /// Builds every lesson.
    private func wholeBuild(failOn fails: (DiagnosticBag) -> Bool) -> BuildResult {
        guard case .built(let result) = build(nil, failOn: fails) else { preconditionFailure("only a partial rebuild asks for a whole build") }
        return result
    }

    /// Builds every lesson, or with `partial` only those that changed.
    private func build(_ partial: PartialRebuild?, failOn fails: (DiagnosticBag) -> Bool) -> Built {
        var bag = DiagnosticBag()
        var lines: [String] = []
        func say(_ line: String) {
            console.err(line)
            lines.append(line)
        }
        let recordedLessons = partial?.others ?? []
        let recordedCount = recordedLessons.count
        if let partial {
            let changed = partial.changed.count
            step(1, "Read lessons from \(contentPath): \(changed) of \(partial.records.lessons.count) lessons changed since the last build into \(outputPath); the others are as it left them")
        } else {
            step(1, "Read lessons from \(contentPath)")
        }
        // Pages read the HTML and plain text, so the checks' detail is all the course needs: no full inline trees.
        let loader = CourseLoader(contentPath: contentPath, inlineDetail: CourseChecks.inlineDetail)
        let course = Self.load(loader, partial, into: &bag)
        if let partial, !partial.outlinesAgree(with: course) {
            return .needsWholeBuild("a title, summary, order, language or anchor changed, which other pages show")
        }
        // Counted now: the course is handed over (consumed) before the build ends.
        let documentCount = course.documentCount + recordedLessons.reduce(0) { $0 + $1.site.pages.count { $0.generatedFrom == nil } }
        let loadedCount = course.lessons.count
        /// The outcome of a build that stopped before rendering: nothing written, and counts of the whole course.
        /// (Whoever stops keeps the course until the process ends, `Teardown`: freeing it costs more.)
        func stopped() -> Built {
            .built(BuildResult(outcome: Outcome(bag: bag, wroteSite: false, pages: documentCount, lessons: loadedCount + recordedCount)))
        }
        CourseChecks.run(course, into: &bag)
        // The preview renders whatever loaded and shows the problems in its pages; a build stops here.
        if mode == .build, fails(bag) {
            Teardown.keep(course)
            return stopped()
        }
        // Pages in the other Chinese script are generated for the site only; doc-tests run on the hand-written
        // ones. Converting is OpenCC's work on one core, and a compile mostly keeps one core busy too, so the
        // conversion runs beside the doc-tests instead of after them (docs/site.md, "Build behaviour").
        let glossary = Glossary.load(contentPath: contentPath, into: &bag)
        let searchTerms = SearchTerms.load(contentPath: contentPath, into: &bag).adding(pairs: glossary.searchPairs)
        let cache = useCache ? ConversionCache(directory: workspace.converted, glossary: glossary) : nil
        let generator = ScriptPageGenerator(glossary: glossary, cache: cache)
        // The course goes to the conversion through a box it empties, so that once the doc-tests are done
        // with their copy, the converted course is the only owner of its documents (freed as they are translated below).
        let conversion = Locked<ScriptStage?>(nil)
        let handedOver = Locked<Course?>(course)
        let converting = DispatchGroup()
        let recordedHan = recordedLessons.map(\.hanCharacters)
        DispatchQueue.global().async(group: converting) { [contentPath] in
            var input: Course?
            handedOver.mutate { swap(&input, &$0) }
            let stage = ScriptStage(course: input!, recordedHanCharacters: recordedHan, generator: generator, cache: cache, contentPath: contentPath)
            conversion.mutate { $0 = stage }
        }
        // What the next rebuild needs of each loaded lesson besides its pages (and what decides whether
        // `results.json` changes), taken before the course goes.
        let snippetInputs = Dictionary(course.lessons.parallelMap { ($0.slug, DocTestRunner.snippetInputs(of: $0)) }, uniquingKeysWith: { a, _ in a })
        var report: DocTestReport?
        if runTests {
            step(2, "Verify snippets (cached results are reused)")
            report = verify(course, partial, into: &bag, say: say)
            // The loaded lessons' snippets moved or changed: their results replace theirs in `results.json`,
            // which a whole run would write with the others' results as they are.
            if let partial, let report, !partial.snippetsAgree(with: snippetInputs),
               !DocTestRunner(course: course, options: testOptions).replaceResults(with: report) {
                converting.wait()
                return .needsWholeBuild("snippets changed and results.json cannot be updated in place")
            }
            if mode == .build, fails(bag) {
                converting.wait()
                Teardown.keep(course)
                return stopped()
            }
        } else {
            step(2, "Verify snippets: skipped (--no-test); badges say \"not verified\"")
        }
        let contentDiagnostics = bag.diagnostics
        step(3, "Render site into \(outputPath)")
        var options = SiteOptions(mode: mode == .serve ? .serve : .build)
        options.progress = { step in console.err("      \(step)") }
        options.searchTerms = searchTerms
        converting.wait()
        let allowRawHTML = course.config.allowRawHTML
        _ = consume course
        var site = Course(config: SiteConfig(), lessons: [], contentPath: contentPath)
        var converted = false
        var hanCharacters: [String: String] = [:]
        conversion.mutate { stage in
            guard var done = stage.take() else { preconditionFailure("the conversion ended without a result") }
            bag.append(contentsOf: done.bag.diagnostics)
            converted = done.converted
            options.searchFolding = done.searchFolding
            hanCharacters = done.hanCharacters
            swap(&site, &done.site)
        }
        for entry in cache?.ignoredEntries ?? [] {
            bag.warning(.siteCacheIgnored, .file(entry), "converted page in the cache was damaged or not a regular file; it was converted again")
        }
        // Only a build that made every entry it needs knows which ones are stale.
        if converted, partial == nil { cache?.removeUnused() }
        let hasPictures = report?.verification.results.values.contains { !$0.snapshots.isEmpty } ?? false
        if converted, hasPictures, site.lessons.contains(where: { $0.pageLanguages.contains(.zhHant) }) {
            // Picture captions on zh-Hant pages are converted while rendering; open OpenCC for them now, so
            // a failure is a warning here rather than silently Simplified captions.
            do {
                try generator.prepare(for: .zhHant)
            } catch {
                bag.warning(.siteOpenCCUnavailable, .file(contentPath), "picture captions on zh-Hant pages stay in Simplified Chinese: \(error)")
            }
        }
        options.scriptConverter = { text, language in generator.convert(text, to: language) }
        if useCache { options.searchTextFolder = BuildRecord.path(in: workspace, outputPath: outputPath) + ".search" }
        let pages = site.lessons.reduce(0) { $0 + $1.pageLanguages.count } + recordedLessons.reduce(0) { $0 + $1.site.pages.count }
        let lessons = site.lessons.count + recordedCount
        let recorded = partial.map { partial in
            RecordedCourse(lessons: partial.records.lessons.map(\.site), read: Self.reader(loader: loader, allowRawHTML: allowRawHTML, generator: generator))
        }
        // The builder takes the only copy of the course: each document is freed once its pages are translated.
        let builder = SiteBuilder(course: consume site, recorded: recorded, report: report?.verification, options: options)
        // `build` ends the process next: the pages' content is left to it rather than freed piece by piece.
        if mode == .build { Teardown.keep(builder) }
        let made = builder.recordedLessons
        if let partial, !partial.outlinesAgree(with: made) {
            return .needsWholeBuild("a title, summary, order, language or anchor changed, which other pages show")
        }
        let summary: SiteBuildSummary
        do {
            summary = try builder.build(outputPath: outputPath, into: &bag)
            say("      \(summary)")
        } catch {
            if partial != nil, (error as? SiteBuildError)?.needsWholeBuild == true {
                return .needsWholeBuild("the site or a lesson is not as the last build recorded (\((error as! SiteBuildError).message))")
            }
            bag.error(.siteWriteFailed, .file(outputPath), "cannot write the site: \(error)")
            return .built(BuildResult(outcome: Outcome(bag: bag, wroteSite: false, pages: pages, lessons: lessons)))
        }
        // What the next rebuild needs of every lesson: the recorded ones as they were, the loaded ones as made now.
        let previous = Dictionary((partial?.records.lessons ?? []).map { ($0.site.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let counts = Dictionary(grouping: report?.entries ?? [], by: \.slug)
        let records = made.compactMap { lesson -> LessonRecords.Lesson? in
            guard let inputs = snippetInputs[lesson.slug] else { return previous[lesson.slug] }
            let entries = counts[lesson.slug] ?? []
            return LessonRecords.Lesson(
                site: lesson, snippetInputs: inputs, passed: entries.count { $0.status == .passed }, failed: entries.count { $0.status == .failed },
                skipped: entries.count { $0.status == .notRun }, hanCharacters: hanCharacters[lesson.slug] ?? "")
        }
        return .built(BuildResult(
            outcome: Outcome(bag: bag, wroteSite: true, pages: pages, lessons: lessons), lines: lines, siteIdentity: summary.siteIdentity,
            // Records that miss a lesson would make the next rebuild a whole one anyway: none are kept then.
            lessons: records.count == made.count ? LessonRecords(entries: [:], lessons: records, diagnostics: contentDiagnostics) : nil))
    }

    /// Step 2: the loaded lessons' doc-tests, their diagnostics added to `bag`; the closing line counts
    /// the lessons not loaded as the last build recorded them. `nil` when the doc-tests cannot run.
    private func verify(_ course: Course, _ partial: PartialRebuild?, into bag: inout DiagnosticBag, say: (String) -> Void) -> DocTestReport? {
        var options = testOptions
        // A run over the loaded lessons alone would write their results as the whole file (see `build`).
        if partial != nil { options.resultsPath = "" }
        let report: DocTestReport
        do {
            var testBag = DiagnosticBag()
            report = try DocTestRunner(course: course, options: options).run(into: &testBag)
            for var diagnostic in testBag.diagnostics {
                // While serving, a failing snippet is shown in its page instead of failing the build.
                if mode == .serve, diagnostic.severity == .error { diagnostic.severity = .warning }
                bag.append(diagnostic)
            }
        } catch {
            bag.error(.doctestUnavailable, .file(contentPath), "cannot verify snippets: \(error); build with --no-test to publish unverified pages")
            return nil
        }
        for notice in report.notices { say("      note: \(notice)") }
        let others = partial?.others ?? []
        say("      " + DocTestReporter.summaryLine(
            passed: report.passed + others.reduce(0) { $0 + $1.passed }, failed: report.failed + others.reduce(0) { $0 + $1.failed },
            skipped: report.skipped + others.reduce(0) { $0 + $1.skipped }))
        return report
    }

    /// The course to build: every lesson, or with `partial` the changed ones, the others by their outlines
    /// and their diagnostics as recorded.
    private static func load(_ loader: CourseLoader, _ partial: PartialRebuild?, into bag: inout DiagnosticBag) -> Course {
        var course = loader.load(only: partial?.changed, into: &bag)
        if let partial {
            course.otherLessons = partial.others.map(\.site.outline)
            bag.append(contentsOf: partial.keptDiagnostics)
        }
        return course
    }

    /// Reads a page of a lesson the build did not load, for a search index: its file parsed on its own, or
    /// for a generated page, its source's file converted (from the conversion cache when it has it).
    private static func reader(loader: CourseLoader, allowRawHTML: Bool, generator: ScriptPageGenerator) -> RecordedCourse.Reader {
        { lesson, page in
            guard let from = page.generatedFrom else {
                return loader.document(slug: lesson.slug, language: page.language, allowRawHTML: allowRawHTML)
            }
            guard var source = loader.document(slug: lesson.slug, language: from, allowRawHTML: allowRawHTML),
                  let sourcePage = lesson.pages.first(where: { $0.language == from })
            else { return nil }
            // The converted page takes its anchors from its source's, as the lesson had them aligned.
            if source.sections.count == sourcePage.sectionIDs.count {
                for s in source.sections.indices { source.sections[s].id = sourcePage.sectionIDs[s] }
            }
            return try? generator.page(source, to: page.language).document()
        }
    }

    /// The record of the last build into the output folder, when this build's inputs and the site on disk
    /// are exactly what it records.
    private func unchangedRecord(at recordPath: String, content: String, settings: [String]) -> BuildRecord? {
        guard let previous = BuildRecord.load(from: recordPath, inputs: BuildRecord.inputs(content: content, settings: settings)),
              previous.site == BuildRecord.siteIdentity(outputPath: outputPath)
        else { return nil }
        return previous
    }

    /// Records what this published build was made from and what it left (`site`: the identity publishing
    /// noted), for the next build to compare.
    private func remember(_ outcome: Outcome, site: String, lines: [String], content: String, settings: [String], at recordPath: String) {
        BuildRecord(site: site, diagnostics: outcome.bag.diagnostics, lines: lines, pages: outcome.pages, lessons: outcome.lessons)
            .write(to: recordPath, inputs: BuildRecord.inputs(content: content, settings: settings))
    }

    private var testOptions: DocTestOptions {
        var options = DocTestOptions()
        options.useCache = useCache
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

    private func step(_ n: Int, _ text: String) {
        console.err("[\(n)/3] \(text)")
    }
}
