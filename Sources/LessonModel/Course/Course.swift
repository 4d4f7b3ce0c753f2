/// Every lesson of a content folder, in course order, with the site settings.
public struct Course: Sendable {
    public var config: SiteConfig
    /// Lessons sorted by `order`, then slug.
    public var lessons: [Lesson]
    /// The folder the course was read from, as given.
    public var contentPath: String
    /// The content folder's other lessons, known only by their outlines: a rebuild loads only the lessons
    /// that changed since the last build (empty when every lesson is loaded).
    public var otherLessons: [LessonOutline] = []

    public init(config: SiteConfig, lessons: [Lesson], contentPath: String) {
        self.config = config
        self.contentPath = contentPath
        // Each lesson's order is worked out once, not in every comparison of the sort.
        let keys = lessons.map { (order: $0.order, slug: $0.slug) }
        self.lessons = keys.indices.sorted { (keys[$0].order, keys[$0].slug) < (keys[$1].order, keys[$1].slug) }.map { lessons[$0] }
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

    /// How many documents the course has, counted without copying them into one array as `documents` does.
    public var documentCount: Int { lessons.reduce(0) { $0 + $1.documents.count } }

    /// Sets each lesson file's `languageMode`: what the run demands, else what the file declares, else the course's setting.
    public mutating func resolveLanguageModes(
        swiftVersion: Int? = nil, defaultIsolation: DefaultIsolation? = nil, deploymentTarget: Int? = nil
    ) {
        for l in lessons.indices {
            for d in lessons[l].documents.indices {
                let matter = lessons[l].documents[d].frontMatter
                lessons[l].documents[d].frontMatter.languageMode = config.languageMode
                    .overriding(swiftVersion: matter.swiftVersion, defaultIsolation: matter.defaultIsolation, deploymentTarget: matter.deploymentTarget)
                    .overriding(swiftVersion: swiftVersion, defaultIsolation: defaultIsolation, deploymentTarget: deploymentTarget)
            }
        }
    }
}
