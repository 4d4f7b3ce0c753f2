import Foundation
import LessonModel
import Testing
@testable import SiteBuilder

@Suite("Search index")
struct SearchTests {
    @Test("query terms", arguments: [
        ("键盘", ["键盘"]),
        ("键", ["键"]),
        ("第一响应者", ["第一", "一响", "响应", "应者"]),
        ("scrollRectToVisible", ["scrollrecttovisible"]),
        ("UITextField 的代理", ["uitextfield", "的代", "代理"]),
        ("键盘，通知", ["键盘", "通知"]),
    ])
    func queryTerms(query: String, expected: [String]) {
        #expect(SearchTokenizer.queryTerms(query) == expected)
    }

    @Test("indexed terms include words, camel-case parts, Han characters and bigrams")
    func indexTerms() {
        var terms = Set<String>()
        SearchTokenizer.indexTerms("call scrollRectToVisible(_:animated:) 键盘出现", into: &terms)
        for t in ["call", "scrollrecttovisible", "scroll", "rect", "visible", "animated", "键", "盘", "键盘", "盘出", "出现"] {
            #expect(terms.contains(t), "missing \(t)")
        }
        #expect(!terms.contains("盘键"))
    }

    @Test("the fixture's indexes find 键盘, 第一响应者 and scrollRectToVisible in the right sections")
    func fixtureIndex() throws {
        let (site, summary) = try SiteFixture.buildFixtureSite()
        let zh = SiteFixture.read(site, "search/zh-Hans.js")
        let en = SiteFixture.read(site, "search/en.js")
        let zhIndex = try Self.decode(zh)
        let enIndex = try Self.decode(en)
        #expect(Self.search(zhIndex, "键盘").contains("zh-Hans/keyboard-avoidance/index.html#observing-the-keyboard"))
        #expect(Self.search(zhIndex, "第一响应者").contains("zh-Hans/first-responder/index.html"))
        #expect(Self.search(enIndex, "scrollRectToVisible").contains("en/keyboard-avoidance/index.html#scrolling"))
        #expect(Self.search(enIndex, "监听").isEmpty)
        #expect(summary.searchIndexBytes["zh-Hans"] == zh.utf8.count)
    }

    @Test("a lesson title's terms are posted to every section of its page", arguments: Language.allCases)
    func lessonTitleTerms(language: Language) throws {
        let (course, _) = SiteFixture.loadCourse()
        var builder = SearchIndexBuilder(language: language)
        for lesson in course.lessons {
            if let document = lesson.document(language) { builder.add(PageContent(document, of: lesson, report: nil)) }
        }
        let index = try Self.decode(builder.script())
        try #require(!index.docs.isEmpty || language == .zhHant)
        for (page, entry) in index.pages.enumerated() {
            let sections = Set(index.docs.indices.filter { index.docs[$0].page == page })
            var titleTerms = Set<String>()
            SearchTokenizer.indexTerms(entry[1], into: &titleTerms)
            try #require(!titleTerms.isEmpty)
            for term in titleTerms {
                let documents = index.terms[term] ?? []
                #expect(documents == documents.sorted() && Set(documents).count == documents.count, "\(term)")
                #expect(sections.isSubset(of: documents), "\(term) is missing from a section of \(entry[0])")
            }
        }
    }

    struct Index: Decodable {
        var pages: [[String]]
        var docs: [Doc]
        var terms: [String: [Int]]

        struct Doc: Decodable {
            var page: Int
            var fragment: String
            init(from decoder: Decoder) throws {
                var c = try decoder.unkeyedContainer()
                page = try c.decode(Int.self)
                fragment = try c.decode(String.self)
            }
        }

        func url(_ doc: Int) -> String {
            pages[docs[doc].page][0] + (docs[doc].fragment.isEmpty ? "" : "#" + docs[doc].fragment)
        }
    }

    static func decode(_ script: String) throws -> Index {
        let json = script.dropFirst("tutorbuildSearchIndex(".count).dropLast(3)
        var index = try JSONDecoder().decode(Index.self, from: Data(json.utf8))
        for (term, gaps) in index.terms {
            var sum = 0
            index.terms[term] = gaps.map { sum += $0; return sum }
        }
        return index
    }

    /// The page script's matching rule: every query term must be in the section.
    static func search(_ index: Index, _ query: String) -> [String] {
        var result: Set<Int>?
        for term in SearchTokenizer.queryTerms(query) {
            let docs = Set(index.terms[term] ?? [])
            result = result.map { $0.intersection(docs) } ?? docs
        }
        return (result ?? []).sorted().map { index.url($0) }
    }
}

@Suite("Chinese line breaks")
struct CJKLineBreakTests {
    @Test("a newline between Chinese characters goes; others stay", arguments: [
        ("<p>键盘\n通知</p>", "<p>键盘通知</p>"),
        ("<p>区域。\n下一句</p>", "<p>区域。下一句</p>"),
        ("<p>keyboard\nnotification</p>", "<p>keyboard\nnotification</p>"),
        ("<p>键盘\nkeyboard</p>", "<p>键盘\nkeyboard</p>"),
        ("<p>状态栏，\n216 点</p>", "<p>状态栏，216 点</p>"),
        ("<p>UIKit\n（模型）</p>", "<p>UIKit（模型）</p>"),
    ])
    func join(input: String, expected: String) {
        #expect(CJKLineBreaks.join(input) == expected)
    }
}
