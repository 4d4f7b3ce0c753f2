import LessonModel
import Testing

@Suite("Looking up a lesson's versions")
struct LessonLookupTests {
    func version(_ language: Language, _ frontMatter: String = "", body: String = "") -> LessonDocument {
        parseLesson("---\ntitle: \(language.rawValue)\n\(frontMatter)---\n\n\(body)", language: language).0
    }

    @Test("documentIndex finds the version in a language, or nil, and agrees with document(_:)")
    func documentIndex() {
        let lesson = Lesson(slug: "x", documents: [version(.zhHans), version(.en)])
        #expect(lesson.languages == [.en, .zhHans])
        #expect(lesson.documentIndex(.en) == 0)
        #expect(lesson.documentIndex(.zhHans) == 1)
        #expect(lesson.documentIndex(.zhHant) == nil)
        for language in Language.allCases {
            #expect(lesson.documentIndex(language).map { lesson.documents[$0].frontMatter.title } == lesson.document(language)?.frontMatter.title)
        }
    }

    @Test("a course counts its documents across lessons, as many as `documents` lists")
    func documentCount() {
        let lessons = [
            Lesson(slug: "a", documents: [version(.en), version(.zhHans)]),
            Lesson(slug: "b", documents: [version(.zhHans)]),
            Lesson(slug: "c", documents: []),
        ]
        let course = Course(config: SiteConfig(), lessons: lessons, contentPath: "content")
        #expect(course.documentCount == 3)
        #expect(course.documentCount == course.documents.count)
        #expect(Course(config: SiteConfig(), lessons: [], contentPath: "content").documentCount == 0)
    }

    @Test("the source index follows the declared source, else English, else the first version")
    func sourceDocumentIndex() {
        let declared = Lesson(slug: "x", documents: [version(.en, "source: zh-Hans\n"), version(.zhHans, "source: zh-Hans\n")])
        #expect(declared.sourceDocumentIndex == 1)
        #expect(declared.sourceDocument?.language == .zhHans)
        let english = Lesson(slug: "x", documents: [version(.zhHans), version(.en)])
        #expect(english.sourceDocumentIndex == 0)
        let chineseOnly = Lesson(slug: "x", documents: [version(.zhHant), version(.zhHans)])
        #expect(chineseOnly.sourceDocumentIndex == 0)
        #expect(chineseOnly.sourceLanguage == .zhHans)
        // A declared source that has no version counts for nothing.
        let missing = Lesson(slug: "x", documents: [version(.zhHans, "source: en\n")])
        #expect(missing.sourceDocumentIndex == 0)
        #expect(missing.declaredSource == nil)
        #expect(Lesson(slug: "x", documents: []).sourceDocumentIndex == nil)
    }

    @Test("a reader is shown their language's version, else the source's")
    func shownTo() {
        let lesson = Lesson(slug: "x", documents: [version(.en, "source: en\n"), version(.zhHans, "source: en\n")])
        #expect(lesson.documentIndex(shownTo: .zhHans) == 1)
        #expect(lesson.documentIndex(shownTo: .zhHant) == 0)
        #expect(Lesson(slug: "x", documents: []).documentIndex(shownTo: .en) == nil)
    }

    @Test("hasHeading tells the introduction from the sections that open with a heading")
    func hasHeading() {
        let document = version(.en, body: "Intro.\n\n## One\n\nText.\n")
        #expect(document.sections.map(\.hasHeading) == [false, true])
        #expect(document.sections.map(\.hasHeading) == document.sections.map { $0.heading != nil })
    }

    @Test("hasAnchor agrees with anchorIDs")
    func hasAnchor() {
        let document = version(.en, body: "Intro.\n\n## One {#one}\n\n## Two\n")
        #expect(document.anchorIDs == ["one", "two"])
        for id in ["one", "two", "three", ""] {
            #expect(document.hasAnchor(id) == document.anchorIDs.contains(id))
        }
    }
}
