import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// Each page's postings kept between builds, so that an edit tokenizes only the changed pages (issue 29).
@Suite("Search postings cache")
struct SearchPostingsCacheTests {
    @Test("a page read back from its encoding is the page, and an index merged from read-back pages is the index made from their bodies",
          arguments: SearchTermOrderTests.courses)
    func roundTrip(course path: String) throws {
        let context = SearchIndexJobTests.context(path)
        let folding = SearchIndexJob.folding(for: context)
        for language in context.languages {
            let pages = context.site.lessons.compactMap { lesson in lesson.pageIndex(language).map { lesson.pages[$0] } }
            var maker = IndexedPage.Maker(folding: folding)
            var fromBodies = SearchIndexBuilder(language: language, folding: folding)
            var fromBytes = SearchIndexBuilder(language: language, folding: folding)
            for page in pages {
                let indexed = maker.index(page, text: SearchPageText(page))
                var bytes: [UInt8] = []
                indexed.encode(into: &bytes)
                let decoded = try #require(bytes.withUnsafeBufferPointer { IndexedPage(decoding: $0) })
                #expect(decoded == indexed, "\(page.slug) \(language)")
                fromBodies.add(page)
                fromBytes.add(decoded, of: page)
            }
            #expect(fromBytes.script() == fromBodies.script(), "\(language)")
        }
    }

    @Test("bytes that are not exactly a page's encoding decode as nothing")
    func refusedEncodings() throws {
        let context = SearchIndexJobTests.context(SiteFixture.coursePath)
        let page = try #require(context.site.lessons.first?.pages.first)
        var maker = IndexedPage.Maker(folding: .none)
        var bytes: [UInt8] = []
        maker.index(page, text: SearchPageText(page)).encode(into: &bytes)
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] {
            #expect(bytes.prefix(cut).withUnsafeBufferPointer { IndexedPage(decoding: $0) } == nil, "cut at \(cut)")
        }
        #expect((bytes + [0]).withUnsafeBufferPointer { IndexedPage(decoding: $0) } == nil, "a byte more")
    }

    /// A course of two lessons in English and Chinese, with characters the test folding table folds.
    static let files = [
        "a/en.md": "---\ntitle: Keyboard\norder: 1\n---\n\nThe keyboard covers the field.\n\n## Moving the field\n\nUse scrollRectToVisible.\n",
        "a/zh-Hans.md": "---\ntitle: 键盘\norder: 1\nsource: en\n---\n\n键盘挡住输入框。\n\n## 移动输入框\n\n使用 scrollRectToVisible。\n",
        "b/en.md": "---\ntitle: Notifications\norder: 2\n---\n\nListen for keyboard notifications.\n",
        "b/zh-Hans.md": "---\ntitle: 通知\norder: 2\nsource: en\n---\n\n监听鍵盤通知，應用裡的代码。\n",
    ]

    /// Builds `content` into `output`, keeping the search caches in `cache` (none: a build without them).
    static func build(_ content: String, into output: URL, cache: URL?, terms: [[String]] = []) throws {
        var options = SiteOptions()
        options.searchFolding = SearchIndexJobTests.folding
        options.searchTextFolder = cache?.path
        options.searchTerms = SearchTerms(groups: terms)
        var bag = DiagnosticBag()
        try SiteBuilder(course: SiteFixture.loadCourse(content).0, report: nil, options: options).build(outputPath: output.path, into: &bag)
    }

    /// The search indexes of `site`, by path.
    static func indexes(_ site: URL) throws -> [String: Data] {
        var indexes: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("search").path) {
            indexes["search/" + name] = try Data(contentsOf: site.appendingPathComponent("search/" + name))
        }
        return indexes
    }

    @Test("after each edit, an index made from stored postings and the edited page is byte for byte a build's without stored postings")
    func editedIndexEqualsFreshOne() throws {
        let course = try TemporaryCourse(Self.files)
        let cache = TemporaryFolder.make("search-cache")
        let out = TemporaryFolder.make().appendingPathComponent("site")
        func expectSameAsFreshBuild(_ what: String, terms: [[String]] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let fresh = TemporaryFolder.make().appendingPathComponent("fresh")
            try Self.build(course.path, into: fresh, cache: nil, terms: terms)
            let (built, expected) = (try Self.indexes(out), try Self.indexes(fresh))
            #expect(built.keys.sorted() == ["search/en.js", "search/zh-Hans.js"], sourceLocation: sourceLocation)
            #expect(built == expected, "\(what)", sourceLocation: sourceLocation)
        }
        try Self.build(course.path, into: out, cache: cache)
        let stored = SearchPostingsCache(
            folder: cache.path, language: .zhHans, allowRawHTML: false,
            folding: ScriptFolding(name: "opencc-t2s", table: SearchIndexJobTests.folding)).load()
        #expect(stored.entryCount == 2)
        try expectSameAsFreshBuild("first build")
        // A Chinese edit: the other Chinese page comes from the stored postings.
        try course.write("b/zh-Hans.md", "---\ntitle: 通知\norder: 2\nsource: en\n---\n\n监听鍵盤通知。新的一句：键盘弹出。\n")
        try Self.build(course.path, into: out, cache: cache)
        try expectSameAsFreshBuild("Chinese edit")
        // A new English heading renames the aligned Chinese anchor: the Chinese page is stored, its anchor is not.
        try course.write("a/en.md", "---\ntitle: Keyboard\norder: 1\n---\n\nThe keyboard covers the field.\n\n## Scroll the field\n\nUse scrollRectToVisible.\n")
        try Self.build(course.path, into: out, cache: cache)
        #expect(SiteFixture.read(out, "search/zh-Hans.js").contains("scroll-the-field"))
        try expectSameAsFreshBuild("English heading renamed")
        // A new title, and a page whose words leave the index.
        try course.write("a/zh-Hans.md", "---\ntitle: 键盘遮挡\norder: 1\nsource: en\n---\n\n## 移动输入框\n\n使用 scrollRectToVisible。\n")
        try Self.build(course.path, into: out, cache: cache)
        try expectSameAsFreshBuild("Chinese title and text changed")
        // Another search term list: the groups are written from the build's list, never from stored postings.
        try course.write("b/en.md", "---\ntitle: Notifications\norder: 2\n---\n\nListen for keyboard notifications, edited.\n")
        try Self.build(course.path, into: out, cache: cache, terms: [["hide", "dismiss"], ["挡住", "遮挡"]])
        try expectSameAsFreshBuild("search terms changed", terms: [["hide", "dismiss"], ["挡住", "遮挡"]])
    }

    @Test("a stored file cut short, or with a byte changed anywhere, reads as no stored pages, and the index is still a fresh build's")
    func damagedFileIgnored() throws {
        let course = try TemporaryCourse(Self.files)
        let cache = TemporaryFolder.make("search-cache")
        let out = TemporaryFolder.make().appendingPathComponent("site")
        try Self.build(course.path, into: out, cache: cache)
        let folding = ScriptFolding(name: "opencc-t2s", table: SearchIndexJobTests.folding)
        let postings = SearchPostingsCache(folder: cache.path, language: .zhHans, allowRawHTML: false, folding: folding)
        let url = URL(fileURLWithPath: postings.path)
        let whole = try Data(contentsOf: url)
        #expect(postings.load().entryCount == 2)
        // Another setting or folding table: another first line.
        #expect(SearchPostingsCache(folder: cache.path, language: .zhHans, allowRawHTML: true, folding: folding).load().isEmpty)
        #expect(SearchPostingsCache(folder: cache.path, language: .zhHans, allowRawHTML: false, folding: .none).load().isEmpty)
        #expect(SearchPostingsCache(folder: cache.path, language: .en, allowRawHTML: false, folding: folding).inputs != postings.inputs)
        let fresh = TemporaryFolder.make().appendingPathComponent("fresh")
        let damaged: [(String, Data)] = [whole.count - 1, whole.count - 9, whole.count / 2].map { ("cut at \($0)", whole.prefix($0)) }
            + [whole.count - 30, whole.count / 2, whole.count - 3].map { position in
                var edited = whole
                edited[position] ^= 1
                return ("byte \(position) changed", edited)
            }
        for (what, data) in damaged {
            try data.write(to: url)
            #expect(postings.load().isEmpty, "\(what)")
            // An edit, so that the index is made again from whatever the file gives.
            try course.write("a/zh-Hans.md", "---\ntitle: 键盘\norder: 1\nsource: en\n---\n\n键盘挡住输入框，\(what)。\n")
            try Self.build(course.path, into: out, cache: cache)
            try Self.build(course.path, into: fresh, cache: nil)
            #expect(try Self.indexes(out) == Self.indexes(fresh), "\(what)")
            // The build wrote a whole file again.
            #expect(postings.load().entryCount == 2, "\(what)")
        }
    }

    @Test("a stored entry whose bytes are sealed but are no page's encoding is tokenized again, never merged")
    func undecodableEntryTokenizedAgain() throws {
        let course = try TemporaryCourse(Self.files)
        let cache = TemporaryFolder.make("search-cache")
        let out = TemporaryFolder.make().appendingPathComponent("site")
        try Self.build(course.path, into: out, cache: cache)
        let folding = ScriptFolding(name: "opencc-t2s", table: SearchIndexJobTests.folding)
        let postings = SearchPostingsCache(folder: cache.path, language: .zhHans, allowRawHTML: false, folding: folding)
        // The same keys, each with a page's encoding cut in half, sealed as a writer seals it.
        let context = SearchIndexJobTests.context(course.path)
        var writer = try #require(postings.writer())
        for lesson in context.site.lessons {
            let page = lesson.pages[try #require(lesson.pageIndex(.zhHans))]
            var maker = IndexedPage.Maker(folding: folding)
            var bytes: [UInt8] = []
            maker.index(page, text: SearchPageText(page)).encode(into: &bytes)
            bytes.prefix(bytes.count / 2).withUnsafeBufferPointer { writer.add(key: SearchPostingsCache.key(of: page), encoded: $0) }
        }
        writer.finish()
        #expect(postings.load().entryCount == 2)
        try course.write("b/en.md", "---\ntitle: Notifications\norder: 2\n---\n\nListen for keyboard notifications, edited.\n")
        try course.write("b/zh-Hans.md", "---\ntitle: 通知\norder: 2\nsource: en\n---\n\n监听鍵盤通知，改了。\n")
        try Self.build(course.path, into: out, cache: cache)
        let fresh = TemporaryFolder.make().appendingPathComponent("fresh")
        try Self.build(course.path, into: fresh, cache: nil)
        #expect(try Self.indexes(out) == Self.indexes(fresh))
    }
}
