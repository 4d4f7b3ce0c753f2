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

    @Test("a lesson's title and summary are its page's own document, ahead of its sections", arguments: Language.allCases)
    func pageDocuments(language: Language) throws {
        let (course, _) = SiteFixture.loadCourse()
        var builder = SearchIndexBuilder(language: language)
        var summaries: [String] = []
        for lesson in course.lessons {
            if let document = lesson.document(language) {
                let page = PageContent(document, of: lesson, report: nil)
                summaries.append(page.summary)
                builder.add(page)
            }
        }
        let index = try Self.decode(builder.script())
        try #require(!index.docs.isEmpty || language == .zhHant)
        for (page, entry) in index.pages.enumerated() {
            let own = try #require(index.docs.firstIndex { $0.page == page })
            #expect(index.docs[own].isPage, "the page's first document is its own")
            #expect(index.docs.filter { $0.page == page && $0.isPage }.count == 1)
            var terms = Set<String>()
            SearchTokenizer.indexTerms(entry[1], into: &terms)
            SearchTokenizer.indexTerms(summaries[page], into: &terms)
            try #require(!terms.isEmpty)
            for term in terms {
                #expect(index.postings[term]?.contains { $0.document == own } == true, "\(term) is missing from \(entry[0])'s own document")
            }
        }
        for (term, list) in index.postings {
            let documents = list.map(\.document)
            #expect(documents == documents.sorted() && Set(documents).count == documents.count, "\(term)")
            #expect(list.allSatisfy { (1...SearchField.Scorer.levels).contains($0.score) }, "\(term)")
        }
    }

    @Test("a word in a title or heading scores above the same word mentioned once in prose or code")
    func fieldWeights() {
        let scorer = SearchField.Scorer(lengths: [40, 40, 40, 40], isPage: [false, false, false, false])
        let heading = scorer.level(weight: SearchField.heading.weight, document: 0)
        let prose = scorer.level(weight: SearchField.prose.weight, document: 1)
        let code = scorer.level(weight: SearchField.code.weight, document: 2)
        #expect(heading > prose && prose > code)
        // A longer section with the same mention scores less; more mentions score more, up to a limit.
        let long = SearchField.Scorer(lengths: [40, 400], isPage: [false, false])
        #expect(long.level(weight: 2, document: 1) < long.level(weight: 2, document: 0))
        #expect(scorer.level(weight: 20, document: 3) > scorer.level(weight: 2, document: 3))
        #expect(scorer.level(weight: UInt16.max, document: 3) == SearchField.Scorer.levels)
    }

    @Test("postings read back as written: gaps in base 45 and a score each", arguments: [1, 2, 3] as [UInt64])
    func postingCode(seed: UInt64) {
        var random = PostingsBuilderTests.SplitMix(seed: seed)
        var documents: [Int32] = []
        var next: Int32 = 0
        for k in 0..<200 {
            // Gaps of one to four base-45 digits; the two of four digits (above 45³) are few, as the scorer
            // precomputes a table for every document up to the last.
            next += Int32(k % 100 == 50 ? 91_126 + random.next() % 5000 : random.next() % [3, 50, 3000][Int(random.next() % 3)])
            documents.append(next)
            next += 1
        }
        let weights = documents.map { _ in UInt16(1 + random.next() % 40) }
        let scorer = SearchField.Scorer(lengths: Array(repeating: 30, count: Int(next) + 1), isPage: Array(repeating: false, count: Int(next) + 1))
        // Two terms in batches of 7 postings: the second term's postings, split across batches, are written.
        var builder = PostingsBuilder(batchSize: 7, batchPostingsPerTerm: 0)
        for (document, weight) in zip(documents, weights) {
            builder.post(0, to: document, weight: 1)
            builder.post(1, to: document, weight: weight)
        }
        let lists = builder.lists()
        #expect(lists.batches.count > 1)
        var out: [UInt8] = []
        SearchPostingCode.append(term: 1, of: lists, scores: scorer, to: &out)
        let text = String(decoding: out, as: UTF8.self)
        #expect(text.first == "\"" && text.last == "\"")
        #expect(!text.dropFirst().dropLast().contains { $0 == "\"" || $0 == "\\" })
        let decoded = SearchPostingCode.decode(String(text.dropFirst().dropLast()))
        #expect(decoded.map(\.document) == documents.map(Int.init))
        #expect(decoded.map(\.score) == zip(documents, weights).map { scorer.level(weight: $1, document: $0) })
    }

    @Test("synonym groups are written folded and lower-cased, each word once, groups of one left out")
    func synonymGroups() throws {
        let folding = ScriptFolding(name: "t", table: ["鍵": "键", "盤": "盘", "擋": "挡"])
        let builder = SearchIndexBuilder(language: .zhHant, folding: folding, synonyms: [["鍵盤", "键盘"], ["擋住", "遮挡"], ["Hide", "dismiss", "hide"]])
        let index = try Self.decode(builder.script())
        #expect(index.syn == [["挡住", "遮挡"], ["hide", "dismiss"]])
    }

    struct Index: Decodable {
        var pages: [[String]]
        var docs: [Doc]
        var syn: [[String]]
        var terms: [String: String]
        /// `terms` decoded.
        var postings: [String: [(document: Int, score: Int)]] = [:]

        enum CodingKeys: String, CodingKey { case pages, docs, syn, terms }

        struct Doc: Decodable {
            var page: Int
            var fragment: String
            /// The page's own document (title and summary).
            var isPage: Bool
            init(from decoder: Decoder) throws {
                var c = try decoder.unkeyedContainer()
                page = try c.decode(Int.self)
                isPage = c.isAtEnd
                fragment = isPage ? "" : try c.decode(String.self)
            }
        }

        func url(_ doc: Int) -> String {
            pages[docs[doc].page][0] + (docs[doc].fragment.isEmpty ? "" : "#" + docs[doc].fragment)
        }
    }

    static func decode(_ script: String) throws -> Index {
        let json = script.dropFirst("tutorbuildSearchIndex(".count).dropLast(3)
        var index = try JSONDecoder().decode(Index.self, from: Data(json.utf8))
        for (term, text) in index.terms { index.postings[term] = SearchPostingCode.decode(text) }
        return index
    }

    /// The sections that have every query term, themselves or in their page's own document.
    static func search(_ index: Index, _ query: String) -> [String] {
        var result: Set<Int>?
        for term in SearchTokenizer.queryTerms(query) {
            let docs = Set((index.postings[term] ?? []).map(\.document))
            let sections = Set(index.docs.indices.filter { d in
                !index.docs[d].isPage && (docs.contains(d) || docs.contains(index.docs.firstIndex { $0.page == index.docs[d].page }!))
            })
            result = result.map { $0.intersection(sections) } ?? sections
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
