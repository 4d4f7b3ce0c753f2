/// What a search index reads of one page's body: each section's title, its prose and its code, in pieces.
///
/// Made from the page's sections (`init(_:)`) or taken from the last build's `SearchTextCache`: a rebuild
/// that makes a language's index again after one edit would otherwise parse every other page of that
/// language just to read its text.
struct SearchPageText: Sendable, Equatable {
    struct Section: Sendable, Equatable {
        var hasHeading: Bool
        var title: String
        /// The prose of the section's blocks, each piece followed by a line break in the text as a whole.
        var pieces: [String]
        /// The code shown in the section (snippets, and code blocks marked searchable), a piece a block:
        /// a field of its own, weighed less than prose.
        var code: [String] = []
    }

    /// One per section of the page, in order (their anchors are the page's `sectionIDs`).
    var sections: [Section]

    init(sections: [Section]) {
        self.sections = sections
    }

    /// The text of `page`'s body.
    init(_ page: PageContent) {
        sections = page.sections.map { section in
            var pieces: [String] = []
            var code: [String] = []
            pieces.reserveCapacity(section.blocks.count + 1)
            for block in section.blocks { Self.appendPieces(of: block, page, to: &pieces, code: &code) }
            return Section(hasHeading: section.hasHeading, title: section.title, pieces: pieces, code: code)
        }
    }

    /// The searchable text of a block: prose, headings, code marked searchable, and shown snippets.
    private static func appendPieces(of block: BlockContent, _ page: PageContent, to pieces: inout [String], code: inout [String]) {
        switch block {
        case .prose(_, let text?), .heading(_, _, let text?): pieces.append(text)
        case .prose, .heading, .html, .expectedOutput: return
        case .code(_, let text, let searchable): if searchable { code.append(text) }
        case .snippet(let s): if !page.snippets[s].isHidden { code.append(page.snippets[s].shownCode) }
        case .quote(let children), .item(let children):
            for child in children { appendPieces(of: child, page, to: &pieces, code: &code) }
        case .list(_, _, let items):
            for item in items { for child in item { appendPieces(of: child, page, to: &pieces, code: &code) } }
        }
    }
}
