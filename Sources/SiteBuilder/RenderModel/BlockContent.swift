/// One block of a page: prose from cmark's safe HTML with its text for search, a snippet, or a container of blocks.
enum BlockContent: Sendable {
    /// A paragraph or thematic break: cmark's safe HTML, and the text search reads (`nil` when it has none).
    case prose(html: String, text: String?)
    /// An HTML block: the author's HTML where the site allows raw HTML, else cmark's placeholder comment.
    case html(String)
    /// A heading inside a container, shown without an anchor.
    case heading(level: Int, html: String, text: String?)
    /// A code block that is not a snippet; `searchable` is false for `output` blocks not attached to a snippet.
    case code(language: String?, code: String, searchable: Bool)
    /// A snippet's expected output, drawn with its snippet rather than where it stands.
    case expectedOutput
    /// The snippet at this index in `PageContent.snippets`.
    case snippet(Int)
    case quote([BlockContent])
    case list(ordered: Bool, start: Int, items: [[BlockContent]])
    case item([BlockContent])
}
