import DocTestProtocol
import Foundation
import LessonModel

/// A lesson page's content as the site shows it: what the HTML renderer, the search index and the page's
/// fingerprint read, translated once from the lesson document, its doc-test results and its script conversion.
///
/// A page's sections and snippets are made only when first read (`PageBody`): a rebuild that keeps the
/// page and its language's search index reads only the fields before them, and a generated page is not
/// even parsed.
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
    /// Each section's anchor id, in order (what the fingerprints read of the sections).
    var sectionIDs: [String?]
    /// Each snippet's doc-test result, in order; empty for a recorded page.
    var snippetResults: [SnippetResult?]
    /// A hash of `snippetResults`: what the page's fingerprint reads of them.
    var resultsDigest: String
    /// The page of a lesson this build did not load (`RecordedLesson`): it can be kept and indexed, but
    /// not rendered, since its doc-test results are known only by their digest.
    var isRecorded = false
    let body: PageBody

    var sections: [SectionContent] { body.content.sections }
    /// Every snippet of the page, by its index in the lesson file (hidden ones included).
    var snippets: [SnippetView] { body.content.snippets }
}

/// A page's sections and snippets, made when first read (by the renderer or the search index, whichever comes first).
final class PageBody: @unchecked Sendable {
    struct Content {
        var sections: [SectionContent]
        var snippets: [SnippetView]
    }

    private let lock = NSLock()
    private var made: Content?
    private var make: (@Sendable () -> Content?)?
    private var missing = false

    /// A body made by `make` when first read; a page rendered and indexed at once makes it once. `make`
    /// returns `nil` when the page's file can no longer be read (see `isMissing`).
    init(making make: @escaping @Sendable () -> Content?) {
        self.make = make
    }

    /// The body; empty when it could not be made.
    var content: Content {
        lock.withLock {
            if let made { return made }
            let content = make?()
            missing = content == nil
            made = content ?? Content(sections: [], snippets: [])
            make = nil
            return made!
        }
    }

    /// Whether the body could not be made: a recorded page whose file was removed or changed while the
    /// build ran. Whatever read it must not be published (the build that made it fails).
    var isMissing: Bool {
        _ = content
        return lock.withLock { missing }
    }
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
