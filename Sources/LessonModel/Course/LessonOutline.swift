/// What links from other lessons read of a lesson: its versions, their paths and anchor ids.
///
/// A rebuild that loads only the lessons that changed (docs/site.md, "Build behaviour") knows the others
/// by their outlines, recorded by the last build.
public struct LessonOutline: Sendable, Hashable {
    /// One language version of the lesson.
    public struct Version: Sendable, Hashable {
        public var language: Language
        /// The file's path as diagnostics print it.
        public var path: String
        /// Each heading's anchor id, aligned with the source's as the loaded lesson has them.
        public var anchorIDs: [String]

        public init(language: Language, path: String, anchorIDs: [String]) {
            self.language = language
            self.path = path
            self.anchorIDs = anchorIDs
        }
    }

    public var slug: String
    public var sourceLanguage: Language
    /// In `Language` order.
    public var versions: [Version]

    public init(slug: String, sourceLanguage: Language, versions: [Version]) {
        self.slug = slug
        self.sourceLanguage = sourceLanguage
        self.versions = versions.sorted { $0.language < $1.language }
    }

    /// The outline of a loaded lesson.
    public init(_ lesson: Lesson) {
        self.init(
            slug: lesson.slug, sourceLanguage: lesson.sourceLanguage,
            versions: lesson.documents.indices.map { d in
                Version(language: lesson.documents[d].language, path: lesson.documents[d].path, anchorIDs: lesson.documents[d].anchorIDs)
            })
    }

    /// The version a reader of `language` is sent to: the one in `language`, else the source.
    public func version(shownTo language: Language) -> Version? {
        versions.first { $0.language == language } ?? versions.first { $0.language == sourceLanguage }
    }
}
