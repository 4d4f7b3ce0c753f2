import MarkdownSyntax

/// A part of a lesson opened by a heading (or the untitled part before the first heading).
public struct Section: Sendable, Hashable {
    /// The heading's anchor id; `nil` for the introduction before any heading.
    public var id: String?
    /// The heading's text without an explicit `{#id}`.
    public var title: String
    /// cmark's HTML for the heading's content, `{#id}` removed.
    public var titleHTML: String
    public var level: Int
    /// The heading block itself, when there is one.
    public var heading: BlockNode?
    public var blocks: [LessonBlock]
    /// Whether the id was written by the author (`{#id}`) rather than derived.
    public var hasExplicitID: Bool

    public init(
        id: String?, title: String, titleHTML: String, level: Int, heading: BlockNode?, blocks: [LessonBlock],
        hasExplicitID: Bool = false
    ) {
        self.id = id
        self.title = title
        self.titleHTML = titleHTML
        self.level = level
        self.heading = heading
        self.blocks = blocks
        self.hasExplicitID = hasExplicitID
    }

    /// Whether a heading opens the section (all but an introduction before the first heading).
    public var hasHeading: Bool {
        // Matched rather than compared with `nil`: the comparison copies the whole heading node first.
        if case .some = heading { return true }
        return false
    }
}

/// One block of a section: Markdown to render, or a snippet (with its output folded in).
public enum LessonBlock: Sendable, Hashable {
    case markdown(BlockNode)
    /// The index of a top-level snippet in `LessonDocument.snippets`.
    case snippet(Int)
}
