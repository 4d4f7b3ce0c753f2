import Foundation
import LessonModel
import Testing
@testable import SiteBuilder

@Suite("Search term order")
struct SearchTermOrderTests {
    /// Terms whose order `String`'s `<` decides by normalizing (kana with a combining mark, compatibility
    /// ideographs, decomposed accents, the Kelvin sign) beside ones `SortableTerm` compares directly.
    static let tricky = [
        "a", "ab", "k", "key", "z9", "zzzz", "1", "é", "e\u{301}", "école", "e\u{301}cole", "\u{212A}", "ｚ",
        "一", "一丁", "丁", "键", "键盘", "盘", "㐀", "㐀一", "䶵", "鿿", "龥", "\u{4DBF}", "\u{4DC0}",
        "か", "が", "か\u{3099}", "\u{3099}", "キー", "キ", "ー",
        "\u{F900}", "\u{8C48}", "\u{F900}一", "\u{FA0E}", "\u{2F800}", "\u{4E3D}", "𠀀", "𠀀𠀁", "一𠀀",
    ]

    @Test("precedes(_:) agrees with String's < on every pair")
    func agreesWithStringOrder() {
        let terms = Self.tricky.enumerated().map { SortableTerm($0.element, id: $0.offset) }
        for a in terms {
            for b in terms {
                #expect(a.precedes(b) == (a.text < b.text), "\(a.text.unicodeScalars.map(\.value)) < \(b.text.unicodeScalars.map(\.value))")
            }
        }
    }

    static let courses: [String] = [
        SiteFixture.coursePath,
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("content").path,
    ]

    @Test("the index lists a real course's terms in String order", arguments: courses, Language.allCases)
    func realTerms(course path: String, language: Language) throws {
        let (course, _) = SiteFixture.loadCourse(path)
        var index = SearchIndexBuilder(language: language)
        for lesson in course.lessons {
            if let document = lesson.document(language) { index.add(PageContent(document, of: lesson, report: nil)) }
        }
        let terms = index.sortedTerms().map(\.text)
        try #require(!terms.isEmpty || language == .zhHant)
        #expect(terms == terms.sorted(by: <))
        #expect(Set(index.sortedTerms().map(\.id)).count == terms.count)
    }
}
