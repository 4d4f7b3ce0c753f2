/// Every lesson of a content folder, in course order, with the site settings.
public struct Course: Sendable {
    public var config: SiteConfig
    /// Lessons sorted by `order`, then slug.
    public var lessons: [Lesson]
    /// The folder the course was read from, as given.
    public var contentPath: String

    public init(config: SiteConfig, lessons: [Lesson], contentPath: String) {
        self.config = config
        self.contentPath = contentPath
        self.lessons = lessons.sorted { ($0.order, $0.slug) < ($1.order, $1.slug) }
    }

    public func lesson(_ slug: String) -> Lesson? {
        lessons.first { $0.slug == slug }
    }

    /// Languages that have at least one lesson (always including the default language).
    public var languages: [Language] {
        var set = Set(lessons.flatMap(\.languages))
        set.insert(config.defaultLanguage)
        return set.sorted()
    }

    public var documents: [LessonDocument] { lessons.flatMap(\.documents) }
}
