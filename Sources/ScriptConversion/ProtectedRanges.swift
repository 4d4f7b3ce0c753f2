import Diagnostics
import LessonModel
import MarkdownSyntax

/// The byte ranges of a lesson file that conversion to the other script must leave as they are: code
/// blocks (except the comments inside Swift snippets, which are translated), code spans, inline HTML and
/// link destinations; sorted by start.
struct ProtectedRanges: MarkupWalker {
    private(set) var ranges: [Range<Int>] = []
    /// The document as given, whose snippets say where each one's code starts.
    private let document: LessonDocument
    private let file: SourceFile

    init(of source: LessonDocument) {
        // Code spans and inline HTML are protected by their ranges, which only the full inline tree keeps: a
        // document loaded with less detail is parsed again (only here, when the cache cannot answer).
        var full = source
        if source.inlineDetail != .tree {
            var ignored = DiagnosticBag()
            full = LessonParser().parse(source.source, slug: source.slug, language: source.language, into: &ignored)
        }
        document = source
        file = source.source
        walk(full.markdown.blocks)
        ranges.sort { $0.lowerBound < $1.lowerBound }
    }

    mutating func visitBlock(_ block: BlockNode) -> MarkupWalkAction {
        guard case .codeBlock(let info, let code, _) = block.kind else { return .visitChildren }
        let start = file.offset(SourcePosition(line: block.range.start.line, column: 1))
        let end = file.offset(afterLine: block.range.end.line)
        guard info.split(separator: " ").first == "swift", let snippet = document.snippet(startingAt: block.range.start.line) else {
            ranges.append(start..<end)
            return .skipChildren
        }
        // Comments are translated: leave only them open.
        let codeStart = file.offset(SourcePosition(line: snippet.firstCodeLine, column: 1))
        var next = start
        for comment in SwiftComments.commentRanges(code) {
            let lower = codeStart + comment.lowerBound, upper = codeStart + comment.upperBound
            guard upper <= end else { break }
            ranges.append(next..<lower)
            next = upper
        }
        ranges.append(next..<end)
        return .skipChildren
    }

    mutating func visitInline(_ inline: InlineNode) -> MarkupWalkAction {
        switch inline.kind {
        case .code, .html:
            if let range = span(file.offset(inline.range.start), file.offset(inline.range.end) + 1) { ranges.append(range) }
            return .skipChildren
        case .link, .image:
            // Only the link text is prose; the destination stays byte for byte.
            let tail = file.offset(inline.range.end) + 1
            if let textEnd = inline.children.last.map({ file.offset($0.range.end) + 1 }), let range = span(textEnd, tail) {
                ranges.append(range)
            }
            return .visitChildren
        default:
            return .visitChildren
        }
    }

    /// The bytes from `lower` up to `upper`, within the text: cmark's inline positions can be past a line's
    /// end or reversed after a line break (docs/markdown.md), and must never take the build down.
    private func span(_ lower: Int, _ upper: Int) -> Range<Int>? {
        let count = file.text.utf8.count
        let lower = min(max(0, lower), count), upper = min(max(0, upper), count)
        return lower < upper ? lower..<upper : nil
    }
}
