import Diagnostics

/// A page converted from the other Chinese script for the site, parsed only once something needs its content.
///
/// A rebuild renders a generated page again only when it or its neighbours changed, and makes its
/// language's search index again only when one of that language's pages changed; most rebuilds need
/// neither, and then only its `Facts` are read. Parsing a thousand converted pages on every rebuild was
/// the largest cost of a one-lesson rebuild after parsing the hand-written ones (docs/site.md).
public struct GeneratedPage: Sendable {
    /// What a build reads of a generated page besides its content: exactly what parsing it gives.
    public struct Facts: Sendable, Hashable, Codable {
        public var title: String
        public var summary: String
        public var translatedFrom: [String]?
        /// Each section's anchor id as the converted text gives it, in order (before `sectionIDs` aligns them
        /// with the source's, which may change while the converted text does not).
        public var sectionIDs: [String?]
        /// Each snippet's index in the page, in order.
        public var snippetIndices: [Int]

        public init(title: String, summary: String, translatedFrom: [String]?, sectionIDs: [String?], snippetIndices: [Int]) {
            self.title = title
            self.summary = summary
            self.translatedFrom = translatedFrom
            self.sectionIDs = sectionIDs
            self.snippetIndices = snippetIndices
        }

        /// The facts of a page as parsed (before its anchors are aligned).
        public init(_ document: LessonDocument) {
            self.init(
                title: document.frontMatter.title, summary: document.frontMatter.summary,
                translatedFrom: document.frontMatter.translatedFrom, sectionIDs: document.sections.map(\.id),
                snippetIndices: document.snippets.map(\.index))
        }
    }

    public var slug: String
    public var language: Language
    /// The hand-written page's language it was converted from.
    public var generatedFrom: Language
    /// The hand-written page's path: diagnostics and doc-test results are that page's.
    public var path: String
    /// The converted Markdown.
    public var text: String
    public var facts: Facts
    /// The source page's anchor ids, which the converted page takes over when its sections match them one to one.
    private var sourceSectionIDs: [String?]

    /// A page converted from `source`, whose facts are already known (from an earlier parse of the same text).
    public init(converting source: LessonDocument, to language: Language, text: String, facts: Facts) {
        slug = source.slug
        self.language = language
        generatedFrom = source.language
        path = source.path
        self.text = text
        self.facts = facts
        sourceSectionIDs = source.sections.map(\.id)
    }

    /// A page converted from `source`, parsed now to learn its facts.
    ///
    /// The parse is not kept: a whole build holds every page it converted until it renders them, and
    /// keeping their parses as well would raise its peak memory by their size.
    public init(converting source: LessonDocument, to language: Language, text: String) {
        self.init(converting: source, to: language, text: text, facts: Facts(title: "", summary: "", translatedFrom: nil, sectionIDs: [], snippetIndices: []))
        facts = Facts(parseAsWritten())
    }

    /// Each section's anchor id, in order, as `document()` gives them.
    public var sectionIDs: [String?] {
        facts.sectionIDs.count == sourceSectionIDs.count ? sourceSectionIDs : facts.sectionIDs
    }

    /// The page parsed (generated pages are only rendered, so links are the only inline detail kept).
    public func document() -> LessonDocument {
        aligned(parseAsWritten())
    }

    private func parseAsWritten() -> LessonDocument {
        var bag = DiagnosticBag()
        // Checks ran on the source; a converted page keeps its line numbers, so its diagnostics would repeat them.
        var document = LessonParser(inlineDetail: .plainTextAndLinks).parse(SourceFile(path: path, text: text), slug: slug, language: language, into: &bag)
        document.generatedFrom = generatedFrom
        return document
    }

    /// The structure is the source's, so its (already aligned) anchors carry over one to one.
    private func aligned(_ document: LessonDocument) -> LessonDocument {
        guard document.sections.count == sourceSectionIDs.count else { return document }
        var document = document
        for i in document.sections.indices { document.sections[i].id = sourceSectionIDs[i] }
        return document
    }
}
