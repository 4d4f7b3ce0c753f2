import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder

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
        var course: Course
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
        step(1, "Read lessons from \(contentPath)")
        // Pages read the HTML and plain text, so the checks' detail is all the course needs: no full inline trees.
        let course = CourseLoader(contentPath: contentPath, inlineDetail: CourseChecks.inlineDetail).load(into: &bag)
        CourseChecks.run(course, into: &bag)
        // The preview renders whatever loaded and shows the problems in its pages; a build stops here.
        if mode == .build, fails(bag) { return Outcome(bag: bag, wroteSite: false, course: course) }
        var report: VerificationReport?
        if runTests {
            step(2, "Verify snippets (cached results are reused)")
            do {
                var testBag = DiagnosticBag()
                var testOptions = DocTestOptions()
                testOptions.useCache = useCache
                let result = try DocTestRunner(course: course, options: testOptions).run(into: &testBag)
                report = result.verification
                for notice in result.notices { console.err("      note: \(notice)") }
                for var diagnostic in testBag.diagnostics {
                    // While serving, a failing snippet is shown in its page instead of failing the build.
                    if mode == .serve, diagnostic.severity == .error { diagnostic.severity = .warning }
                    bag.append(diagnostic)
                }
                console.err("      \(DocTestReporter.summaryLine(result))")
            } catch {
                bag.error(.doctestUnavailable, .file(contentPath), "cannot verify snippets: \(error); build with --no-test to publish unverified pages")
            }
            if mode == .build, fails(bag) { return Outcome(bag: bag, wroteSite: false, course: course) }
        } else {
            step(2, "Verify snippets: skipped (--no-test); badges say \"not verified\"")
        }
        step(3, "Render site into \(outputPath)")
        var options = SiteOptions(mode: mode == .serve ? .serve : .build)
        options.progress = { step in console.err("      \(step)") }
        // Pages in the other Chinese script are generated for the site only; doc-tests ran on the hand-written ones.
        var site = consume course
        let glossary = Glossary.load(contentPath: contentPath, into: &bag)
        // One folder per content folder: two content folders side by side keep their own entries.
        let folder = URL(fileURLWithPath: contentPath).standardizedFileURL.lastPathComponent
        let cache = useCache ? ConversionCache(directory: stateDirectory + "/converted/" + folder, glossary: glossary) : nil
        let generator = ScriptPageGenerator(glossary: glossary, cache: cache)
        var converted = true
        do {
            site = try generator.addingGeneratedPages(to: site)
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), "no pages in the other Chinese script: \(error)")
        }
        // Checks and conversion are done: fold the inline trees away, in place, before the next step allocates.
        site.compactForRendering()
        do {
            options.searchFolding = try SearchFolding.table(for: site, cache: cache, using: generator)
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), "search cannot match Traditional with Simplified characters: \(error)")
        }
        for entry in cache?.ignoredEntries ?? [] {
            bag.warning(.siteCacheIgnored, .file(entry), "converted page in the cache was damaged or not a regular file; it was converted again")
        }
        // Only a build that made every entry it needs knows which ones are stale.
        if converted { cache?.removeUnused() }
        let hasPictures = report?.results.values.contains { !$0.snapshots.isEmpty } ?? false
        if converted, hasPictures, site.lessons.contains(where: { $0.documentIndex(.zhHant) != nil }) {
            // Picture captions on zh-Hant pages are converted while rendering; open OpenCC for them now, so
            // a failure is a warning here rather than silently Simplified captions.
            do {
                try generator.prepare(for: .zhHant)
            } catch {
                bag.warning(.siteOpenCCUnavailable, .file(contentPath), "picture captions on zh-Hant pages stay in Simplified Chinese: \(error)")
            }
        }
        options.scriptConverter = { text, language in generator.convert(text, to: language) }
        do {
            let summary = try SiteBuilder(course: site, report: report, options: options).build(outputPath: outputPath, into: &bag)
            console.err("      \(summary)")
        } catch {
            bag.error(.siteWriteFailed, .file(outputPath), "cannot write the site: \(error)")
            return Outcome(bag: bag, wroteSite: false, course: site)
        }
        return Outcome(bag: bag, wroteSite: true, course: site)
    }

    /// `.tutorbuild/` next to the content folder, where the doc-test runner keeps its cache too.
    var stateDirectory: String {
        URL(fileURLWithPath: contentPath).standardizedFileURL.deletingLastPathComponent().appendingPathComponent(".tutorbuild").path
    }

    private func step(_ n: Int, _ text: String) {
        console.err("[\(n)/3] \(text)")
    }
}
