import LessonModel

/// A lesson page's content as the site shows it: what the HTML renderer, the search index and the page's
/// fingerprint read, translated once from the lesson document, its doc-test results and its script conversion.
struct PageContent: Sendable {
    var slug: String
    var language: Language
    var title: String
    var summary: String
    /// The language this page was converted from (a generated zh-Hant page), if it was.
    var generatedFrom: Language?
    /// A hash of the lesson file's text, which the page fingerprint covers instead of every value made from it.
    var sourceHash: String
    /// Bytes of the lesson file's text: what building this page's part of its search index costs.
    var sourceSize: Int
    /// A translation whose source changed since it was last recorded as matching it.
    var isStale: Bool
    var sections: [SectionContent]
    /// Every snippet of the page, by its index in the lesson file (hidden ones included).
    var snippets: [SnippetView]
}

/// A part of a page opened by a heading (or the introduction before the first heading).
struct SectionContent: Sendable {
    /// The heading's anchor id; `nil` for an introduction.
    var id: String?
    var title: String
    /// cmark's safe HTML of the heading's content.
    var titleHTML: String
    var level: Int
    var hasHeading: Bool
    var blocks: [BlockContent]
}
