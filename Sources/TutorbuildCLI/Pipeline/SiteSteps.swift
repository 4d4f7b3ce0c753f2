import Diagnostics
import DocTest
import Foundation
import LessonModel
import ScriptConversion
import SiteBuilder
import TutorbuildSupport

/// Step 3: the render model of every page, from the converted course, the doc-test report and, in a
/// partial rebuild, the other lessons as recorded (read again from their files for the search index).
struct RenderStep: BuildStep {
    let name = "render"
    let reads: Set<BuildFact> = [.course, .conversion, .report, .otherLessonOutlines]
    let writes: Set<BuildFact> = [.renderModel, .diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        context.announce(3, "Render site into \(context.outputPath)")
        guard let conversion = context.conversion, let generator = context.generator, let allowRawHTML = context.course?.config.allowRawHTML
        else { preconditionFailure("rendering before converting") }
        var options = SiteOptions(mode: context.mode == .serve ? .serve : .build)
        let console = context.pipeline.console
        options.progress = { step in console.err("      \(step)") }
        options.searchTerms = context.searchTerms
        // The conversion holds the only other copy of the course: once it is done, it owns the documents.
        conversion.wait()
        context.course = nil
        var stage = conversion.take()
        var site = Course(config: SiteConfig(), lessons: [], contentPath: context.contentPath)
        swap(&site, &stage.site)
        context.bag.append(contentsOf: stage.bag.diagnostics)
        options.searchFolding = stage.searchFolding
        context.hanCharacters = stage.hanCharacters
        noteConversion(stage.converted, site: site, generator: generator, &context)
        options.scriptConverter = { text, language in generator.convert(text, to: language) }
        if context.pipeline.useCache { options.searchTextFolder = context.inputs.recordPath + ".search" }
        // The preview shows an edited lesson's pages before the search indexes of the whole course are made again.
        if context.mode == .serve, let published = context.pipeline.published {
            options.pagesPublished = { [bag = context.bag] in published(bag) }
        }
        let recorded = context.recordedLessons
        context.pages = site.lessons.reduce(0) { $0 + $1.pageLanguages.count } + recorded.reduce(0) { $0 + $1.site.pages.count }
        context.lessons = site.lessons.count + recorded.count
        let recordedCourse = context.partial.map { partial in
            RecordedCourse(lessons: partial.records.lessons.map(\.site), read: Self.reader(loader: context.loader, allowRawHTML: allowRawHTML, generator: generator))
        }
        // The builder takes the only copy of the course: each document is freed once its pages are translated.
        let builder = SiteBuilder(course: consume site, recorded: recordedCourse, report: context.report?.verification, options: options)
        // `build` ends the process next: the pages' content is left to it rather than freed piece by piece.
        if context.mode == .build { Teardown.keep(builder) }
        context.builder = builder
        context.made = builder.recordedLessons
        return .next
    }

    /// Warnings about the conversion cache and OpenCC, and the cache's unused entries removed when known.
    private func noteConversion(_ converted: Bool, site: Course, generator: ScriptPageGenerator, _ context: inout BuildContext) {
        for entry in context.cache?.ignoredEntries ?? [] {
            context.bag.warning(.siteCacheIgnored, .file(entry), "converted page in the cache was damaged or not a regular file; it was converted again")
        }
        // Only a build that made every entry it needs knows which ones are stale.
        if converted, context.partial == nil { context.cache?.removeUnused() }
        let hasPictures = context.report?.verification.results.values.contains { !$0.snapshots.isEmpty } ?? false
        if converted, hasPictures, site.lessons.contains(where: { $0.pageLanguages.contains(.zhHant) }) {
            // Picture captions on zh-Hant pages are converted while rendering; open OpenCC for them now, so
            // a failure is a warning here rather than silently Simplified captions.
            do {
                try generator.prepare(for: .zhHant)
            } catch {
                context.bag.warning(.siteOpenCCUnavailable, .file(context.contentPath), "picture captions on zh-Hant pages stay in Simplified Chinese: \(error)")
            }
        }
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
}

/// Renders the pages, pictures and search index and writes the files that changed into the output folder.
struct PublishStep: BuildStep {
    let name = "publish"
    let reads: Set<BuildFact> = [.renderModel, .otherLessonOutlines, .site]
    let writes: Set<BuildFact> = [.site, .diagnostics]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let builder = context.builder else { preconditionFailure("publishing before rendering") }
        do {
            let summary = try builder.build(outputPath: context.outputPath, into: &context.bag)
            context.say("      \(summary)")
            context.summary = summary
            context.pipeline.published?(context.bag)
            return .next
        } catch let error as SiteBuildError where context.partial != nil && error.needsWholeBuild {
            return .needsWholeBuild("the site or a lesson is not as the last build recorded (\(error.message))")
        } catch {
            context.bag.error(.siteWriteFailed, .file(context.outputPath), "cannot write the site: \(error)")
            return .stop
        }
    }
}

/// In a partial rebuild whose loaded lessons' snippets changed, writes their results into `results.json`,
/// keeping every other lesson file's: after publishing, since the pages do not read the file and rewriting
/// it (the whole course's results) took longer than rendering the lesson (docs/site.md, "The preview's edit loop").
struct ResultsStep: BuildStep {
    let name = "results"
    let reads: Set<BuildFact> = [.report, .otherLessonResults]
    let writes: Set<BuildFact> = [.resultsFile]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let runner = context.resultsUpdate, let report = context.report else { return .next }
        // The site published is a whole build's equal; only the whole run's results file is still to make.
        return runner.replaceResults(with: report) ? .next : .needsWholeBuild("snippets changed and results.json cannot be updated in place")
    }
}

/// Records what the next build needs: every lesson's records (the recorded ones as they were, the loaded
/// ones as made now) and, for a build without errors, what it was made from and what it left.
struct RecordStep: BuildStep {
    let name = "record"
    let reads: Set<BuildFact> = [.renderModel, .report, .diagnostics, .site, .resultsFile]
    let writes: Set<BuildFact> = [.records]

    func run(_ context: inout BuildContext) -> BuildStepResult {
        guard let made = context.made else { preconditionFailure("recording before rendering") }
        let previous = Dictionary((context.partial?.records.lessons ?? []).map { ($0.site.slug, $0) }, uniquingKeysWith: { a, _ in a })
        let counts = Dictionary(grouping: context.report?.entries ?? [], by: \.slug)
        let records = made.compactMap { lesson -> LessonRecords.Lesson? in
            guard let inputs = context.snippetInputs[lesson.slug] else { return previous[lesson.slug] }
            let entries = counts[lesson.slug] ?? []
            return LessonRecords.Lesson(
                site: lesson, snippetInputs: inputs, passed: entries.count { $0.status == .passed }, failed: entries.count { $0.status == .failed },
                skipped: entries.count { $0.status == .notRun }, hanCharacters: context.hanCharacters[lesson.slug] ?? "")
        }
        // Records that miss a lesson would make the next rebuild a whole one anyway: none are kept then.
        if records.count == made.count {
            context.lessonRecords = LessonRecords(entries: [:], lessons: records, diagnostics: context.contentDiagnostics)
        }
        context.pipeline.remember(context)
        return .next
    }
}
