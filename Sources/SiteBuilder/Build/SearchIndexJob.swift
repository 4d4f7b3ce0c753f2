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
        let folder = context.options.searchTextFolder
        let allowRawHTML = context.site.config.allowRawHTML
        let postingsCache = folder.map { SearchPostingsCache(folder: $0, language: language, allowRawHTML: allowRawHTML, folding: folding) }
        let stored = postingsCache?.load() ?? SearchPostingsCache.Stored()
        let keys = pages.map(SearchPostingsCache.key(of:))
        // Without stored postings (the first build, another folding table or program), every page is tokenized:
        // from the text the text cache keeps, where it has the page's, rather than from its parsed body.
        let textCache = stored.isEmpty ? folder.map { SearchTextCache(folder: $0, language: language, allowRawHTML: allowRawHTML) } : nil
        let texts = textCache?.load() ?? [:]
        let missing = pages.indices.filter { !stored.contains(keys[$0]) && texts[pages[$0].sourceHash] == nil }.map { pages[$0] }
        try Self.makeBodies(of: missing)
        var postingsWriter = postingsCache?.writer()
        var textWriter = textCache?.writer()
        let bytes: Int
        do {
            var index = SearchIndexBuilder(language: language, folding: folding, synonyms: context.options.searchTerms.groups)
            var maker = IndexedPage.Maker(folding: folding)
            for (k, page) in pages.enumerated() {
                if let indexed = stored.page(keys[k]) {
                    index.add(indexed, of: page)
                    if postingsWriter != nil { _ = stored.copy(keys[k], to: &postingsWriter!) }
                    continue
                }
                if page.isRecorded, texts[page.sourceHash] == nil, page.body.isMissing { throw Self.notAsRecorded(page) }
                let text = texts[page.sourceHash] ?? SearchPageText(page)
                let indexed = maker.index(page, text: text)
                index.add(indexed, of: page)
                postingsWriter?.add(key: keys[k], indexed)
                textWriter?.add(page.sourceHash, text)
            }
            bytes = try write(index, to: path, sink: sink)
        } catch {
            postingsWriter?.discard()
            textWriter?.discard()
            throw error
        }
        postingsWriter?.finish()
        textWriter?.finish()
        sink.recordIndex(language, bytes: bytes)
        return entry
    }

    /// Writes the index to `path`; returns its size.
    private func write(_ index: SearchIndexBuilder, to path: String, sink: SiteFiles) throws -> Int {
        let script = index.scriptBytes()
        do {
            try script.withUnsafeBufferPointer { try sink.write(bytes: $0, to: path) }
        } catch {
            throw sink.buildError(error, at: path)
        }
        return script.count
    }

    /// The failure of an index that would read a page of a lesson the build did not load, which is no longer as recorded.
    private static func notAsRecorded(_ page: PageContent) -> SiteBuildError {
        SiteBuildError.notAsRecorded(
            PagePath.lesson(page.slug, page.language).filePath, "a lesson that was not loaded changed while the site was built")
    }

    /// Makes the body of every page in `pages` (`PageBody`): on every core, rather than one by one as the index
    /// (built in page order, on one thread) reads them. Throws when a page of a lesson the build did not load is
    /// no longer as recorded.
    private static func makeBodies(of pages: [PageContent]) throws {
        Parallel.forEach(pages.count) { k in _ = pages[k].body.content }
        if let missing = pages.first(where: { $0.isRecorded && $0.body.isMissing }) { throw notAsRecorded(missing) }
    }
}
