import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// The text each search index keeps of its pages between builds (issue 18).
@Suite("Search text cache")
struct SearchTextCacheTests {
    @Test("an index made from the stored text of its pages is the index made from their bodies", arguments: SearchTermOrderTests.courses)
    func storedTextMakesTheSameIndex(course path: String) throws {
        let folder = TemporaryFolder.make("search-text").path
        let context = SearchIndexJobTests.context(path)
        for language in context.languages {
            let pages = context.site.lessons.compactMap { lesson in lesson.pageIndex(language).map { lesson.pages[$0] } }
            let cache = SearchTextCache(folder: folder, language: language, allowRawHTML: false)
            cache.store(pages.map { ($0.sourceHash, SearchPageText($0)) })
            let stored = cache.load()
            #expect(stored.count == Set(pages.map(\.sourceHash)).count)
            var fromBodies = SearchIndexBuilder(language: language)
            var fromStore = SearchIndexBuilder(language: language)
            for page in pages {
                fromBodies.add(page)
                fromStore.add(page, text: try #require(stored[page.sourceHash]))
            }
            #expect(fromStore.script() == fromBodies.script(), "\(language)")
        }
    }

    @Test("stored text of another program or setting, cut short or edited reads as none")
    func refused() throws {
        let folder = TemporaryFolder.make("search-text").path
        let text = SearchPageText(sections: [
            .init(hasHeading: false, title: "", pieces: ["Intro\nwith a line break", ""]),
            .init(hasHeading: true, title: "键盘", pieces: ["正文"], code: ["let x = 1", ""]),
        ])
        let cache = SearchTextCache(folder: folder, language: .zhHans, allowRawHTML: false)
        cache.store([("a1", text), ("b2", SearchPageText(sections: []))])
        #expect(cache.load() == ["a1": text, "b2": SearchPageText(sections: [])])
        #expect(SearchTextCache(folder: folder, language: .zhHans, allowRawHTML: true).load().isEmpty)
        #expect(SearchTextCache(folder: folder, language: .en, allowRawHTML: false).load().isEmpty)
        let url = URL(fileURLWithPath: cache.path)
        let whole = try Data(contentsOf: url)
        for cut in [whole.count - 1, whole.count - 9, whole.count / 2] {
            try whole.prefix(cut).write(to: url)
            #expect(cache.load().isEmpty, "cut at \(cut)")
        }
        // A changed byte anywhere: in the last entry's text, or in the count after the end mark.
        for position in [whole.count - 20, whole.count - 3] {
            var edited = whole
            edited[position] ^= 1
            try edited.write(to: url)
            #expect(cache.load().isEmpty, "byte \(position) changed")
        }
    }
}
