import LessonModel

/// A lesson as the site shows it: its pages' content, in `Language` order, and where its files are.
struct SiteLesson: Sendable {
    var slug: String
    /// The language the lesson was written in (`Lesson.sourceLanguage`).
    var sourceLanguage: Language
    /// `Lesson.order`, kept for the next rebuild's record.
    var order: Int
    /// The folder of the lesson's Markdown files, whose other files are copied beside its pages.
    var folder: String
    /// One page per language version, generated pages included.
    var pages: [PageContent]

    var languages: [Language] { pages.map(\.language) }

    /// Where the page in `language` sits in `pages`, if the lesson has one.
    func pageIndex(_ language: Language) -> Int? {
        // A loop rather than `firstIndex(where:)`, which copies each page it hands to the predicate.
        for p in pages.indices where pages[p].language == language { return p }
        return nil
    }

    /// Where the page a reader of `language` is sent to sits: the one in `language`, else the source's.
    func pageIndex(shownTo language: Language) -> Int? {
        pageIndex(language) ?? pageIndex(sourceLanguage)
    }
}
