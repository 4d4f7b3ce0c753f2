import Foundation
import LessonModel
import TutorbuildSupport

/// One language's search index: built from the course's documents in that language and written into the site.
struct SearchIndexJob: Equatable, Sendable {
    let language: Language
    /// Bytes of lesson text the index reads, which is what building it costs; larger jobs are started first.
    let textSize: Int

    /// One job per language of the course, the largest first.
    static func jobs(for context: SiteContext) -> [SearchIndexJob] {
        let jobs = context.languages.map { language in
            SearchIndexJob(
                language: language,
                textSize: textSize(of: language, in: context.site))
        }
        // Stable: languages of the same size keep the course's order, so the schedule is the same every build.
        return jobs.enumerated().sorted { a, b in
            a.element.textSize != b.element.textSize ? a.element.textSize > b.element.textSize : a.offset < b.offset
        }.map(\.element)
    }

    /// Bytes of the course's lesson text in `language`.
    private static func textSize(of language: Language, in site: SiteCourse) -> Int {
        var size = 0
        for lesson in site.lessons {
            if let p = lesson.pageIndex(language) { size += lesson.pages[p].sourceSize }
        }
        return size
    }

    /// The folding every index of a build shares: the context's Traditional → Simplified table, if any.
    static func folding(for context: SiteContext) -> ScriptFolding {
        let table = context.options.searchFolding
        return table.isEmpty ? ScriptFolding.none : ScriptFolding(name: "opencc-t2s", table: table)
    }

    /// Builds the index and writes it as soon as it is made, so its postings are freed when the job ends;
    /// keeps the index the site has when nothing it is made from changed (`previous`, the last manifest's
    /// entries). Returns the index's manifest entry.
    func run(
        for context: SiteContext, folding: ScriptFolding, previous: [String: BuildManifest.Entry]?, writingTo sink: SiteFiles
    ) throws -> BuildManifest.Entry {
        let path = SearchIndexBuilder.indexPath(language)
        let entry = BuildManifest.Entry(hash: Fingerprint.searchIndex(language, context: context, folding: folding), files: [path])
        if let kept = previous?[path], kept == entry, sink.keep(kept) {
            var info = stat()
            sink.recordIndex(language, bytes: stat(sink.root.path + "/" + path, &info) == 0 ? Int(info.st_size) : 0)
            return kept
        }
        let pages = context.site.lessons.compactMap { lesson in lesson.pageIndex(language).map { lesson.pages[$0] } }
        let cache = context.options.searchTextFolder.map {
            SearchTextCache(folder: $0, language: language, allowRawHTML: context.site.config.allowRawHTML)
        }
        let stored = cache?.load() ?? [:]
        try Self.makeBodies(of: pages, without: stored)
        var writer = cache?.writer()
        let bytes: Int
        do {
            bytes = try write(pages, stored: stored, folding: folding, synonyms: context.options.searchTerms.groups, to: path, sink: sink, keepingTextIn: &writer)
        } catch {
            writer?.discard()
            throw error
        }
        writer?.finish()
        sink.recordIndex(language, bytes: bytes)
        return entry
    }

    /// Builds the index of `pages` and writes it to `path`; returns its size. Each page's text is the one
    /// `stored` for its Markdown, else read from its body, and goes to `writer` for the next build.
    private func write(
        _ pages: [PageContent], stored: [String: SearchPageText], folding: ScriptFolding, synonyms: [[String]], to path: String, sink: SiteFiles,
        keepingTextIn writer: inout SearchTextCache.Writer?
    ) throws -> Int {
        var index = SearchIndexBuilder(language: language, folding: folding, synonyms: synonyms)
        for page in pages {
            let text = stored[page.sourceHash] ?? SearchPageText(page)
            index.add(page, text: text)
            writer?.add(page.sourceHash, text)
        }
        let script = index.scriptBytes()
        do {
            try script.withUnsafeBufferPointer { try sink.write(bytes: $0, to: path) }
        } catch {
            throw sink.buildError(error, at: path)
        }
        return script.count
    }

    /// Makes the body of every page whose text is not `stored` (`PageBody`): on every core, rather than one
    /// by one as the index (built in page order, on one thread) reads them. Throws when a page of a lesson
    /// the build did not load is no longer as recorded.
    private static func makeBodies(of pages: [PageContent], without stored: [String: SearchPageText]) throws {
        Parallel.forEach(pages.count) { k in
            if stored[pages[k].sourceHash] == nil { _ = pages[k].body.content }
        }
        if let missing = pages.first(where: { stored[$0.sourceHash] == nil && $0.isRecorded && $0.body.isMissing }) {
            throw SiteBuildError.notAsRecorded(
                PagePath.lesson(missing.slug, missing.language).filePath, "a lesson that was not loaded changed while the site was built")
        }
    }
}
