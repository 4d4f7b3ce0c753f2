import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Page content: a lesson document with its results, translated once")
struct PageContentTests {
    static let lesson = """
    ---
    title: Nested
    summary: Snippets in containers
    order: 1
    ---

    ```swift
    print("top")
    ```

    - An item:

      ```swift
      print("in a list")
      ```

      ```output
      in a list
      ```

    > ```swift
    > print("in a quote")
    > ```
    >
    > ```output
    > in a quote
    > ```
    """

    static func course() throws -> (Course, Lesson) {
        let content = try TemporaryCourse(["nested/en.md": lesson, "nested/zh-Hans.md": lesson]).path
        let (course, _) = SiteFixture.loadCourse(content)
        return (course, try #require(course.lessons.first))
    }

    /// A report where snippet `k` of `path` has the status `statuses[k]`.
    static func report(path: String, _ statuses: [SnippetResult.Status]) -> VerificationReport {
        var results: [SnippetKey: SnippetResult] = [:]
        for (k, status) in statuses.enumerated() { results[SnippetKey(path: path, index: k)] = SnippetResult(status: status, reason: "r\(k)") }
        return VerificationReport(toolchain: "swift", modelHash: "model", results: results)
    }

    @Test("snippets inside a list and a quote are matched to their results, their outputs drawn with them")
    func nestedSnippets() throws {
        let (_, lesson) = try Self.course()
        let document = try #require(lesson.document(.en))
        let page = PageContent(document, of: lesson, report: Self.report(path: document.path, [.passed, .failed, .notRun]))
        #expect(page.snippets.map(\.badge) == [.passed, .failed, .notRun])
        let blocks = page.sections.flatMap(\.blocks)
        guard case .list(_, _, let items)? = blocks.first(where: { if case .list = $0 { true } else { false } }) else {
            Issue.record("no list in \(blocks)")
            return
        }
        let itemBlocks = try #require(items.first)
        #expect(itemBlocks.contains { if case .snippet(1) = $0 { true } else { false } })
        #expect(itemBlocks.contains { if case .expectedOutput = $0 { true } else { false } })
        guard case .quote(let quoted)? = blocks.first(where: { if case .quote = $0 { true } else { false } }) else {
            Issue.record("no quote in \(blocks)")
            return
        }
        #expect(quoted.contains { if case .snippet(2) = $0 { true } else { false } })
        #expect(!quoted.contains { if case .code = $0 { true } else { false } })
    }

    @Test("a generated page shows the results of the page it was converted from, whatever its own path")
    func generatedPageLinksToItsSource() throws {
        let (_, lesson) = try Self.course()
        let source = try #require(lesson.document(.zhHans))
        var generated = source
        generated.language = .zhHant
        generated.path = "elsewhere/zh-Hant.md"
        generated.generatedFrom = .zhHans
        let withGenerated = Lesson(slug: lesson.slug, documents: lesson.documents + [generated])
        let page = PageContent(generated, of: withGenerated, report: Self.report(path: source.path, [.passed, .failed, .passed]))
        #expect(page.snippets.map(\.badge) == [.passed, .failed, .passed])
        #expect(page.snippets[1].result?.reason == "r1")
    }

    @Test("without results every snippet says not verified and names no verifier")
    func withoutResults() throws {
        let (_, lesson) = try Self.course()
        let page = PageContent(try #require(lesson.document(.en)), of: lesson, report: nil)
        #expect(page.snippets.allSatisfy { $0.badge == .notVerified && $0.verifier == nil && $0.result == nil })
    }
    @Test("a generated page made from its facts reads as the page made from its parsed document")
    func generatedFromFacts() throws {
        let (_, lesson) = try Self.course()
        let source = try #require(lesson.document(.zhHans))
        let text = Self.lesson.replacingOccurrences(of: "Nested", with: "巢狀").replacingOccurrences(of: "An item", with: "一項")
        let deferred = GeneratedPage(converting: source, to: .zhHant, text: text, facts: GeneratedPage(converting: source, to: .zhHant, text: text).facts)
        var withGenerated = lesson
        withGenerated.generated = [deferred]
        let report = Self.report(path: source.path, [.passed, .failed, .passed])
        let fromFacts = PageContent(deferred, of: withGenerated, report: report)
        let parsed = deferred.document()
        let fromDocument = PageContent(parsed, of: Lesson(slug: lesson.slug, documents: lesson.documents + [parsed]), report: report)
        #expect(fromFacts.title == "巢狀" && fromFacts.title == fromDocument.title)
        #expect(fromFacts.summary == fromDocument.summary)
        #expect(fromFacts.language == .zhHant && fromFacts.generatedFrom == .zhHans && fromDocument.generatedFrom == .zhHans)
        #expect(fromFacts.sourceHash == fromDocument.sourceHash && fromFacts.sourceSize == fromDocument.sourceSize)
        #expect(fromFacts.isStale == fromDocument.isStale)
        #expect(fromFacts.sectionIDs == fromDocument.sectionIDs && fromFacts.sectionIDs == fromFacts.sections.map(\.id))
        #expect(fromFacts.snippetResults.map { $0?.reason } == ["r0", "r1", "r2"])
        #expect(fromFacts.snippetResults.map { $0?.reason } == fromDocument.snippetResults.map { $0?.reason })
        #expect(fromFacts.snippets.map(\.badge) == fromDocument.snippets.map(\.badge))
        #expect(fromFacts.sections.map(\.blocks.count) == fromDocument.sections.map(\.blocks.count))
    }
}
