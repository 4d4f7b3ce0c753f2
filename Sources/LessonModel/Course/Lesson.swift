/// A lesson across its languages: the documents that share one slug.
public struct Lesson: Sendable {
    public var slug: String
    /// Each language version, in `Language` order.
    public var documents: [LessonDocument]

    public init(slug: String, documents: [LessonDocument]) {
        self.slug = slug
        self.documents = documents.sorted { $0.language < $1.language }
    }

    public var languages: [Language] { documents.map(\.language) }

    public func document(_ language: Language) -> LessonDocument? {
        documents.first { $0.language == language }
    }

    /// The language the lesson was written in: declared in front matter, else English, else the first present.
    public var sourceLanguage: Language {
        // Languages compared in place: `document(_:)` copies a whole document, and sorting asks this often.
        if let declared = documents.lazy.compactMap(\.frontMatter.source).first, documents.contains(where: { $0.language == declared }) {
            return declared
        }
        return documents.contains { $0.language == .en } ? .en : documents.first?.language ?? .en
    }

    public var sourceDocument: LessonDocument? { document(sourceLanguage) }

    /// The order key: front matter `order` (from the source, else any version), unordered lessons last.
    public var order: Int {
        let source = sourceLanguage
        let sourceOrder = documents.firstIndex { $0.language == source }.flatMap { documents[$0].frontMatter.order }
        return sourceOrder ?? documents.lazy.compactMap(\.frontMatter.order).first ?? Int.max
    }
}
