import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Search terms file")
struct SearchTermsTests {
    static func load(_ text: String?) -> (SearchTerms, [Diagnostic.ID]) {
        let folder = TemporaryFolder.make("search-terms")
        if let text { try! text.write(to: folder.appendingPathComponent(SearchTerms.fileName), atomically: true, encoding: .utf8) }
        var bag = DiagnosticBag()
        let terms = SearchTerms.load(contentPath: folder.path, into: &bag)
        return (terms, bag.diagnostics.map(\.id))
    }

    @Test("groups are read as written; no file is no groups")
    func groups() {
        let (terms, ids) = Self.load("groups:\n  - [挡住, 遮挡]\n  - [hide, dismiss, resign]\n")
        #expect(ids.isEmpty)
        #expect(terms.groups == [["挡住", "遮挡"], ["hide", "dismiss", "resign"]])
        #expect(Self.load(nil) == (SearchTerms(), []))
    }

    @Test("mistakes are diagnostics with the file's ids", arguments: [
        ("groups: [a, b", Diagnostic.ID.searchTermsSyntax),
        ("terms:\n  - [a, b]\n", .searchTermsShape),
        ("groups:\n  - a\n", .searchTermsShape),
        ("groups:\n  - [only]\n", .searchTermsShape),
    ])
    func mistakes(text: String, id: Diagnostic.ID) {
        #expect(Self.load(text).1 == [id])
    }

    @Test("the glossary's pairs are added as groups, a pair of one form left out")
    func glossaryPairs() {
        let terms = SearchTerms(groups: [["a", "b"]]).adding(pairs: [["文本框", "文字欄位"], ["代理", "代理"]])
        #expect(terms.groups == [["a", "b"], ["文本框", "文字欄位"]])
    }

    @Test("the index's fingerprint changes with the search terms")
    func fingerprint() {
        let context = SearchIndexJobTests.context(SiteFixture.coursePath)
        var options = context.options
        options.searchTerms = SearchTerms(groups: [["hide", "dismiss"]])
        let changed = SiteContext(site: context.site, report: nil, options: options)
        #expect(Fingerprint.searchIndex(.en, context: changed, folding: .none) != Fingerprint.searchIndex(.en, context: context, folding: .none))
    }
}
