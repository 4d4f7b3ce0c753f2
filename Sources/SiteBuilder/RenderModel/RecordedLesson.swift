import LessonModel

/// What the site needs of a lesson that a rebuild does not load: the facts of its pages as the last build
/// made them (docs/site.md, "Build behaviour").
///
/// A rebuild after an edit loads only the lessons whose folders changed. The others' pages are kept as
/// they are; the course pages, the neighbours' links, the sitemap and the page fingerprints read these
/// facts instead, and a search index that must be made again parses such a page's file on its own.
public struct RecordedLesson: Sendable, Hashable, Codable {
    /// One page of the lesson, written or generated.
    public struct Page: Sendable, Hashable, Codable {
        public var language: Language
        public var title: String
        public var summary: String
        public var generatedFrom: Language?
        /// `PageContent.sourceHash`: a hash of the page's Markdown.
        public var sourceHash: String
        public var sourceSize: Int
        public var isStale: Bool
        /// Each section's anchor id, aligned with the source's.
        public var sectionIDs: [String?]
        /// `PageContent.resultsDigest`: a hash of the page's doc-test results.
        public var resultsDigest: String

        public init(
            language: Language, title: String, summary: String, generatedFrom: Language?, sourceHash: String, sourceSize: Int,
            isStale: Bool, sectionIDs: [String?], resultsDigest: String
        ) {
            self.language = language
            self.title = title
            self.summary = summary
            self.generatedFrom = generatedFrom
            self.sourceHash = sourceHash
            self.sourceSize = sourceSize
            self.isStale = isStale
            self.sectionIDs = sectionIDs
            self.resultsDigest = resultsDigest
        }

        /// What other lessons' pages, checks and the course pages read of this page: everything but what
        /// only the page itself and its language's search index are made from (its text, its results,
        /// whether it lags its source, sections without a heading).
        var outline: Page {
            var outline = self
            outline.sourceHash = ""
            outline.sourceSize = 0
            outline.resultsDigest = ""
            outline.isStale = false
            // Links reach headings only: an introduction added or removed changes no other page.
            outline.sectionIDs = sectionIDs.filter { $0 != nil }
            return outline
        }
    }

    public var slug: String
    public var sourceLanguage: Language
    /// `Lesson.order`: where the lesson sits in the course.
    public var order: Int
    /// The folder of the lesson's files (`SiteLesson.folder`).
    public var folder: String
    /// In `Language` order.
    public var pages: [Page]

    public init(slug: String, sourceLanguage: Language, order: Int, folder: String, pages: [Page]) {
        self.slug = slug
        self.sourceLanguage = sourceLanguage
        self.order = order
        self.folder = folder
        self.pages = pages
    }

    /// Whether every other page, check and course page reads the same of `other` as of this lesson, so a
    /// rebuild that loaded only one of them may keep everything else as the last build made it.
    public func hasSameOutline(as other: RecordedLesson) -> Bool {
        slug == other.slug && sourceLanguage == other.sourceLanguage && order == other.order && folder == other.folder
            && pages.map(\.outline) == other.pages.map(\.outline)
    }

    /// What links from other lessons read of this one: its hand-written pages' paths and anchors.
    public var outline: LessonOutline {
        LessonOutline(
            slug: slug, sourceLanguage: sourceLanguage,
            versions: pages.filter { $0.generatedFrom == nil }.map { page in
                LessonOutline.Version(
                    language: page.language, path: folder + "/" + page.language.rawValue + ".md", anchorIDs: page.sectionIDs.compactMap { $0 })
            })
    }
}

/// The lessons of a course as the last build recorded them, for a rebuild that loads only those that changed.
public struct RecordedCourse: Sendable {
    /// Reads one page of a lesson that was not loaded, parsed from its file alone (converted, for a
    /// generated page); `nil` when it cannot be read.
    public typealias Reader = @Sendable (RecordedLesson, RecordedLesson.Page) -> LessonDocument?

    /// Every lesson of the course, in course order; a loaded lesson takes its record's place.
    public var lessons: [RecordedLesson]
    public var read: Reader

    public init(lessons: [RecordedLesson], read: @escaping Reader) {
        self.lessons = lessons
        self.read = read
    }
}
