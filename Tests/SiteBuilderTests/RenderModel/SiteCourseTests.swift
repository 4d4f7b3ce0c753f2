import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Site course: every lesson's pages, translated once, without the documents")
struct SiteCourseTests {
    static let english = "---\ntitle: A\nsummary: First\norder: 1\nsource: en\n---\n\nIntro.\n\n## One {#one}\n\nFirst words.\n"

    /// `a/zh-Hans.md` recording `recorded` as the English it matches, beside `a/en.md` (`english`) and a lesson `b` before it.
    static func course(english: String = english, recorded: String = english) throws -> Course {
        var ignored = DiagnosticBag()
        let source = LessonParser().parse(SourceFile(path: "a/en.md", text: recorded), slug: "a", language: .en, into: &ignored)
        let value = "[" + TranslationFingerprint(source).recorded.joined(separator: ", ") + "]"
        let chinese = FrontMatterEditor.setting("translated-from", to: value, in: "---\ntitle: 甲\nsummary: 一\norder: 1\nsource: en\n---\n\n引言。\n\n## 一 {#one}\n\n一些字。\n")!
        let content = try TemporaryCourse([
            "a/en.md": english, "a/zh-Hans.md": chinese,
            "b/en.md": "---\ntitle: B\norder: 0\n---\n\nOnly English.\n",
        ]).path
        return SiteFixture.loadCourse(content).0
    }

    @Test("lessons keep course order; each has its pages in language order, its source language and its folder")
    func shape() throws {
        let course = try Self.course()
        let folder = (try #require(course.lesson("a")?.document(.en)?.source.path) as NSString).deletingLastPathComponent
        let site = SiteCourse(translating: course, report: nil)
        #expect(site.lessons.map(\.slug) == ["b", "a"])
        #expect(site.languages == course.languages)
        let a = try #require(site.lesson("a"))
        #expect(a.languages == [.en, .zhHans])
        #expect(a.sourceLanguage == .en)
        #expect(a.folder == folder)
        #expect(a.pages.map(\.title) == ["A", "甲"])
        #expect(a.pages.map(\.summary) == ["First", "一"])
        #expect(a.pageIndex(shownTo: .zhHant) == a.pageIndex(.en))
        #expect(site.lesson("b")?.pageIndex(shownTo: .zhHans) == 0)
    }

    @Test("a translation whose source changed since it was recorded is marked stale on its page, and only there")
    func stale() throws {
        let upToDate = try #require(SiteCourse(translating: try Self.course(), report: nil).lesson("a"))
        #expect(upToDate.pages.map(\.isStale) == [false, false])
        let changed = Self.english.replacingOccurrences(of: "First words.", with: "Other, better words.")
        let stale = try #require(SiteCourse(translating: try Self.course(english: changed), report: nil).lesson("a"))
        #expect(stale.pages.map(\.isStale) == [false, true])
    }

    @Test("a page keeps its lesson text's hash and size, which change with the text, instead of the text")
    func sourceHash() throws {
        let course = try Self.course()
        let text = try #require(course.lesson("a")?.document(.en)?.source.text)
        let page = try #require(SiteCourse(translating: course, report: nil).lesson("a")?.pages.first)
        #expect(page.sourceSize == text.utf8.count)
        #expect(page.sourceHash == ContentHash.of(text))
        let edited = try #require(SiteCourse(translating: try Self.course(english: Self.english + "\nMore.\n"), report: nil).lesson("a")?.pages.first)
        #expect(edited.sourceHash != page.sourceHash)
    }
}
