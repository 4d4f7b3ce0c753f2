import Diagnostics
import MarkdownSyntax

/// One language version of a lesson: `content/<slug>/<lang>.md` parsed.
public struct LessonDocument: Sendable {
    public var slug: String
    public var language: Language
    /// The path as diagnostics print it (relative to where tutorbuild runs when possible).
    public var path: String
    public var source: SourceFile
    public var frontMatter: FrontMatter
    public var sections: [Section]
    /// Every Swift snippet in document order, nested ones included.
    public var snippets: [Snippet]
    public var markdown: MarkdownDocument
    /// How much inline detail `markdown` and the sections keep (see `LessonParser.inlineDetail`).
    public var inlineDetail: InlineDetail = .tree
    /// For a page converted from another Chinese script (not written by hand): the language it was converted from.
    public var generatedFrom: Language?

    public init(
        slug: String, language: Language, path: String, source: SourceFile, frontMatter: FrontMatter,
        sections: [Section], snippets: [Snippet], markdown: MarkdownDocument
    ) {
        self.slug = slug
        self.language = language
        self.path = path
        self.source = source
        self.frontMatter = frontMatter
        self.sections = sections
        self.snippets = snippets
        self.markdown = markdown
        self.generatedFrom = nil
    }

    /// Where a byte position of this file is, as a reader sees it.
    public func location(_ position: SourcePosition) -> SourceLocation {
        source.location(position)
    }

    /// The snippet whose fenced block starts at `line`, for renderers walking nested blocks.
    public func snippet(startingAt line: Int) -> Snippet? {
        // Found by index, then copied once: `first(where:)` copies every snippet it passes.
        for s in snippets.indices where snippets[s].range.start.line == line { return snippets[s] }
        return nil
    }

    /// Ids of every heading section, in order.
    public var anchorIDs: [String] { sections.compactMap(\.id) }

    /// Whether a section has the anchor id `id`: `anchorIDs.contains(id)` without making the array.
    public func hasAnchor(_ id: String) -> Bool {
        // A loop rather than `contains(where:)`, which copies each section whole to hand it to the predicate.
        for s in sections.indices where sections[s].id == id { return true }
        return false
    }
}
