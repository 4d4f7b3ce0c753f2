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
        /// The loaded course when the build stopped before rendering, kept alive by the caller until exit
        /// (`Teardown`); `nil` when nothing was loaded or the site builder took it.
        var course: Course?

        init(bag: DiagnosticBag, wroteSite: Bool, course: Course) {
            self.bag = bag
            self.wroteSite = wroteSite
            self.pages = course.documentCount
            self.lessons = course.lessons.count
            self.course = course
        }

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
            return Outcome(bag: bag, wroteSite: false, course: Course(config: SiteConfig(), lessons: [], contentPath: contentPath))
        }
        defer { withExtendedLifetime(lock) {} }
        // The sandbox trial waits on a child process: it overlaps hashing the content.
        if runTests { DocTestRunner.probeInBackground(testOptions) }
        // Only `build` remembers its inputs: the preview's pages differ from a build's (they show problems).
        let recordPath = mode == .build ? BuildRecord.path(in: workspace, outputPath: outputPath) : nil
        // Hashed before anything is read: an edit made while this build runs makes the next build a whole one.
        let content = recordPath != nil ? BuildRecord.contentHash(of: contentPath) : nil
        if useCache, let recordPath, let content, let previous = unchangedRecord(at: recordPath, content: content) {
            step(1, "Read lessons from \(contentPath): nothing changed since the last build into \(outputPath), which stays as it is")
            for line in previous.lines { console.err(line) }
            return Outcome(unchangedSince: previous)
        }
        // The site is about to change: until this build has published, it is no longer the one recorded.
        if let recordPath { BuildRecord.remove(at: recordPath) }
        var lines: [String] = []
        func say(_ line: String) {
            console.err(line)
            lines.append(line)
        }
        step(1, "Read lessons from \(contentPath)")
        // Pages read the HTML and plain text, so the checks' detail is all the course needs: no full inline trees.
        let course = CourseLoader(contentPath: contentPath, inlineDetail: CourseChecks.inlineDetail).load(into: &bag)
        CourseChecks.run(course, into: &bag)
        // The preview renders whatever loaded and shows the problems in its pages; a build stops here.
        if mode == .build, fails(bag) { return Outcome(bag: bag, wroteSite: false, course: course) }
        // Pages in the other Chinese script are generated for the site only; doc-tests run on the hand-written
        // ones. Converting is OpenCC's work on one core, and a compile mostly keeps one core busy too, so the
        // conversion runs beside the doc-tests instead of after them (docs/site.md, "Build behaviour").
        let glossary = Glossary.load(contentPath: contentPath, into: &bag)
        let cache = useCache ? ConversionCache(directory: workspace.converted, glossary: glossary) : nil
        let generator = ScriptPageGenerator(glossary: glossary, cache: cache)
        // The course goes to the conversion through a box it empties, so that once the doc-tests are done
        // with their copy, the converted course is the only owner of its documents (freed as they are translated below).
        let conversion = Locked<ScriptStage?>(nil)
        let handedOver = Locked<Course?>(course)
        let converting = DispatchGroup()
        DispatchQueue.global().async(group: converting) { [contentPath] in
            var input: Course?
            handedOver.mutate { swap(&input, &$0) }
            let stage = ScriptStage(course: input!, generator: generator, cache: cache, contentPath: contentPath)
            conversion.mutate { $0 = stage }
        }
        var report: VerificationReport?
        if runTests {
            step(2, "Verify snippets (cached results are reused)")
            do {
                var testBag = DiagnosticBag()
                let result = try DocTestRunner(course: course, options: testOptions).run(into: &testBag)
                report = result.verification
                for notice in result.notices { say("      note: \(notice)") }
                for var diagnostic in testBag.diagnostics {
                    // While serving, a failing snippet is shown in its page instead of failing the build.
                    if mode == .serve, diagnostic.severity == .error { diagnostic.severity = .warning }
                    bag.append(diagnostic)
                }
                say("      \(DocTestReporter.summaryLine(result))")
            } catch {
                bag.error(.doctestUnavailable, .file(contentPath), "cannot verify snippets: \(error); build with --no-test to publish unverified pages")
            }
            if mode == .build, fails(bag) {
                converting.wait()
                return Outcome(bag: bag, wroteSite: false, course: course)
            }
        } else {
            step(2, "Verify snippets: skipped (--no-test); badges say \"not verified\"")
        }
        step(3, "Render site into \(outputPath)")
        var options = SiteOptions(mode: mode == .serve ? .serve : .build)
        options.progress = { step in console.err("      \(step)") }
        converting.wait()
        _ = consume course
        var site = Course(config: SiteConfig(), lessons: [], contentPath: contentPath)
        var converted = false
        conversion.mutate { stage in
            guard var done = stage.take() else { preconditionFailure("the conversion ended without a result") }
            bag.append(contentsOf: done.bag.diagnostics)
            converted = done.converted
            options.searchFolding = done.searchFolding
            swap(&site, &done.site)
        }
        for entry in cache?.ignoredEntries ?? [] {
            bag.warning(.siteCacheIgnored, .file(entry), "converted page in the cache was damaged or not a regular file; it was converted again")
        }
        // Only a build that made every entry it needs knows which ones are stale.
        if converted { cache?.removeUnused() }
        let hasPictures = report?.results.values.contains { !$0.snapshots.isEmpty } ?? false
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
        let (pages, lessons) = (site.lessons.reduce(0) { $0 + $1.pageLanguages.count }, site.lessons.count)
        // The builder takes the only copy of the course: each document is freed once its pages are translated.
        let builder = SiteBuilder(course: consume site, report: report, options: options)
        // `build` ends the process next: the pages' content is left to it rather than freed piece by piece.
        if mode == .build { Teardown.keep(builder) }
        let summary: SiteBuildSummary
        do {
            summary = try builder.build(outputPath: outputPath, into: &bag)
            say("      \(summary)")
        } catch {
            bag.error(.siteWriteFailed, .file(outputPath), "cannot write the site: \(error)")
            return Outcome(bag: bag, wroteSite: false, pages: pages, lessons: lessons)
        }
        let outcome = Outcome(bag: bag, wroteSite: true, pages: pages, lessons: lessons)
        if let recordPath, let content, let site = summary.siteIdentity, !bag.hasErrors {
            remember(outcome, site: site, lines: lines, content: content, at: recordPath)
        }
        return outcome
    }

    /// The record of the last build into the output folder, when this build's inputs and the site on disk
    /// are exactly what it records.
    private func unchangedRecord(at recordPath: String, content: String) -> BuildRecord? {
        guard let settings = settings(),
              let previous = BuildRecord.load(from: recordPath, inputs: BuildRecord.inputs(content: content, settings: settings)),
              previous.site == BuildRecord.siteIdentity(outputPath: outputPath)
        else { return nil }
        return previous
    }

    /// Records what this published build was made from and what it left (`site`: the identity publishing
    /// noted), for the next build to compare.
    private func remember(_ outcome: Outcome, site: String, lines: [String], content: String, at recordPath: String) {
        guard let settings = settings() else { return }
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
        var settings = [RunningProgram.fingerprint, "tests \(runTests)", ScriptConverter.dataFingerprint]
        let environment = ProcessInfo.processInfo.environment
        settings += environment.keys.filter { $0.hasPrefix("TUTORBUILD_") }.sorted().map { "\($0)=\(environment[$0]!)" }
        if runTests {
            let runner = DocTestRunner(course: Course(config: SiteConfig(), lessons: [], contentPath: contentPath), options: testOptions)
            guard let fingerprint = try? runner.environmentFingerprint() else { return nil }
            settings.append(fingerprint)
        }
        return settings
    }

    var workspace: Workspace { Workspace(contentPath: contentPath) }

    private func step(_ n: Int, _ text: String) {
        console.err("[\(n)/3] \(text)")
    }
}
