/// A lesson across its languages: the documents that share one slug.
///
/// A `LessonDocument` is large, and copying one retains every field. Hot paths find a version with
/// `documentIndex(_:)` (or `sourceDocumentIndex`, `documentIndex(shownTo:)`) and read the fields they need as
/// `documents[k].field`; handing `documents[k]` whole to a function copies it just the same as `document(_:)` does.
public struct Lesson: Sendable {
    public var slug: String
    /// Each language version, in `Language` order.
    public var documents: [LessonDocument]
    /// Pages converted for the site from a version in the other Chinese script (`ScriptPageGenerator`),
    /// in `Language` order; checks and doc-tests read only `documents`.
    public var generated: [GeneratedPage] = []

    public init(slug: String, documents: [LessonDocument]) {
        self.slug = slug
        // Usually in order already (loaded by file name, generated pages appended last); sorting anyway
        // would copy each document in and out of the sort's temporary.
        let inOrder = documents.indices.dropFirst().allSatisfy { documents[$0 - 1].language < documents[$0].language }
        self.documents = inOrder ? documents : documents.sorted { $0.language < $1.language }
    }

    public var languages: [Language] { documents.map(\.language) }

    /// The languages of the lesson's pages on the site: written and generated.
    public var pageLanguages: [Language] { (documents.map(\.language) + generated.map(\.language)).sorted() }

    /// Where the version in `language` sits in `documents`, if the lesson has one.
    public func documentIndex(_ language: Language) -> Int? {
        // A loop rather than `firstIndex(where:)`: handing each element to the predicate copies it whole.
        for d in documents.indices where documents[d].language == language { return d }
        return nil
    }

    /// Where the source language's version sits in `documents`; `nil` only for a lesson without documents.
    public var sourceDocumentIndex: Int? { documentIndex(sourceLanguage) }

    /// Where the version a reader of `language` is sent to sits: the one in `language`, else the source.
    public func documentIndex(shownTo language: Language) -> Int? {
        documentIndex(language) ?? sourceDocumentIndex
    }

    /// A copy of the version in `language`; `documentIndex(_:)` reads one without copying it.
    public func document(_ language: Language) -> LessonDocument? {
        documentIndex(language).map { documents[$0] }
    }

    /// The language the lesson was written in: declared in front matter, else English, else the first present.
    public var sourceLanguage: Language {
        // Indices rather than `contains(where:)` or a lazy map: those copy each whole document they pass.
        if let declared = declaredLanguage, documentIndex(declared) != nil {
            return declared
        }
        return documentIndex(.en) != nil ? .en : documents.first?.language ?? .en
    }

    /// A copy of the source language's version; `sourceDocumentIndex` reads it without copying it.
    public var sourceDocument: LessonDocument? { sourceDocumentIndex.map { documents[$0] } }

    /// The order key: front matter `order` (from the source, else any version), unordered lessons last.
    public var order: Int {
        if let source = sourceDocumentIndex, let order = documents[source].frontMatter.order { return order }
        for d in documents.indices {
            if let order = documents[d].frontMatter.order { return order }
        }
        return Int.max
    }

    /// The first `source:` any version's front matter declares, whether or not that version exists.
    var declaredLanguage: Language? {
        for d in documents.indices {
            if let declared = documents[d].frontMatter.source { return declared }
        }
        return nil
    }
}
