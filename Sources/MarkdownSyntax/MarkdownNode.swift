import Diagnostics
import TutorbuildSupport

/// A block of a Markdown document, copied out of cmark's tree with its source range.
public struct BlockNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case paragraph
        case heading(level: Int)
        /// A fenced or indented code block; `info` is the whole info string (empty when indented).
        case codeBlock(info: String, code: String, fenced: Bool)
        case htmlBlock(String)
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        case thematicBreak
    }

    public var kind: Kind
    public var range: SourceRange
    public var children: [BlockNode]
    public var inlines: [InlineNode]
    /// cmark's own HTML for a paragraph or HTML block, rendered with the document's options.
    public var html: String
    /// cmark's HTML for a heading's content (without the `<hN>` element).
    public var contentHTML: String

    public init(
        kind: Kind, range: SourceRange, children: [BlockNode] = [], inlines: [InlineNode] = [],
        html: String = "", contentHTML: String = ""
    ) {
        self.kind = kind
        self.range = range
        self.children = children
        self.inlines = inlines
        self.html = html
        self.contentHTML = contentHTML
    }

    /// The visible text of this block's inlines (and of its children), as a reader would search it: a line
    /// break is a space, or nothing between Chinese characters (`CJKText.joinsLines`).
    public var plainText: String {
        if !inlines.isEmpty {
            // A lone text node (most blocks parsed with `.plainTextAndLinks`) is its own text: no copy.
            if inlines.count == 1, case .text(let text) = inlines[0].kind, inlines[0].children.isEmpty { return CJKText.joiningLines(text) }
            // Appended into one String: mapping and joining made a String and an array at every level.
            var text = ""
            for inline in inlines { inline.appendPlainText(to: &text) }
            return CJKText.joiningLines(text)
        }
        switch kind {
        case .codeBlock(_, let code, _): return code
        default: return children.map(\.plainText).joined(separator: "\n")
        }
    }
}

/// An inline element of a paragraph or heading.
public struct InlineNode: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case text(String)
        case code(String)
        case softBreak
        case lineBreak
        case emphasis
        case strong
        // Boxed: a link's two strings would otherwise widen every inline node, text included.
        indirect case link(destination: String, title: String)
        indirect case image(source: String, title: String)
        case html(String)
    }

    public var kind: Kind
    public var range: SourceRange
    public var children: [InlineNode]

    public init(kind: Kind, range: SourceRange, children: [InlineNode] = []) {
        self.kind = kind
        self.range = range
        self.children = children
    }

    public var plainText: String {
        switch kind {
        case .text(let s), .code(let s): return s
        case .softBreak, .lineBreak: return " "
        case .html: return ""
        default:
            var text = ""
            appendPlainText(to: &text)
            return CJKText.joiningLines(text)
        }
    }

    /// Appends `plainText` to `text`, walking the children without a String per level; line breaks are
    /// appended as `\n`, for `CJKText.joiningLines` to make a space or nothing of.
    public func appendPlainText(to text: inout String) {
        switch kind {
        case .text(let s), .code(let s): text += s
        case .softBreak, .lineBreak: text += "\n"
        case .html: break
        default: for child in children { child.appendPlainText(to: &text) }
        }
    }
}

/// A parsed Markdown document: its top-level blocks.
public struct MarkdownDocument: Sendable, Hashable {
    public var blocks: [BlockNode]
    /// Where a `*` or `_` run the author probably meant as emphasis is shown as is (`CJKFriendlyEmphasis`).
    public var literalEmphasis: [SourcePosition]

    public init(blocks: [BlockNode], literalEmphasis: [SourcePosition] = []) {
        self.blocks = blocks
        self.literalEmphasis = literalEmphasis
    }
}
