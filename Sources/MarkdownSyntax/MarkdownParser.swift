internal import Ccmark
import Diagnostics
import TutorbuildSupport
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Parses Markdown with cmark and copies the tree into Swift values; the only file that touches cmark.
public struct MarkdownParser: Sendable {
    /// Keep raw HTML and unsafe links; off by default (cmark's safe mode).
    public var allowRawHTML: Bool
    /// Nesting depth beyond which blocks are not copied (cmark itself handles depth; our recursion must not).
    public var maximumDepth: Int
    /// Whether paragraphs and headings keep their inline tree or only its plain text.
    public var inlineDetail: InlineDetail

    /// Changes whenever the same Markdown parses differently (pages rendered before are then rendered again).
    public static let behaviourVersion = "cmark+cjk-friendly-emphasis-2"

    public init(allowRawHTML: Bool = false, maximumDepth: Int = 200, inlineDetail: InlineDetail = .tree) {
        self.allowRawHTML = allowRawHTML
        self.maximumDepth = maximumDepth
        self.inlineDetail = inlineDetail
    }

    /// Parses `text`; the result never holds a C pointer and the C memory is freed before returning.
    public func parse(_ text: String) -> (document: MarkdownDocument, tooDeep: SourcePosition?) {
        let options = allowRawHTML ? CMARK_OPT_UNSAFE : CMARK_OPT_DEFAULT
        var text = text
        // cmark reads the String's own UTF-8 in place: copying a whole lesson into an Array first is not needed.
        return text.withUTF8 { bytes in
            // A lesson-sized document goes into this thread's arena, where resetting it frees the tree and
            // everything rendered from it at once. The arena never reuses memory within a parse (about ten
            // times the text), so a large document keeps cmark's own allocator.
            let arena = bytes.count <= ParseArena.documentLimit && SpeedMachinery.arena ? ParseArena.current : nil
            arena?.pointee.begin()
            defer { arena?.pointee.reset() }
            let allocator = arena == nil ? cmark_get_default_mem_allocator()! : arenaAllocator
            // cmark_parse_document's steps, with the allocator chosen above.
            guard let parser = cmark_parser_new_with_mem(options, allocator) else { return (MarkdownDocument(blocks: []), nil) }
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
            let root = cmark_parser_finish(parser)
            cmark_parser_free(parser)
            guard let root else { return (MarkdownDocument(blocks: []), nil) }
            // Without the arena the tree is freed node by node (with it, freeing is a no-op until the reset).
            defer { if arena == nil { cmark_node_free(root) } }
            var repair = EmphasisRepair(allocator: allocator, bytes: bytes)
            repair.run(root, maximumDepth: maximumDepth)
            var copier = TreeCopier(options: options, maximumDepth: maximumDepth, inlineDetail: inlineDetail, allocator: allocator, bytes: bytes)
            let blocks = copier.blocks(under: root, depth: 0)
            return (MarkdownDocument(blocks: blocks, literalEmphasis: repair.literal), copier.tooDeep)
        }
    }
}

/// cmark's allocator hooks, all into the calling thread's `ParseArena`; freeing waits for the arena's reset.
nonisolated(unsafe) private let arenaAllocator: UnsafeMutablePointer<cmark_mem> = {
    let allocator = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    allocator.initialize(to: cmark_mem(
        calloc: { count, size in ParseArena.current.pointee.allocateZeroed(count: count, size: size) },
        realloc: { pointer, size in ParseArena.current.pointee.reallocate(pointer, size) },
        free: { _ in }))
    return allocator
}()

/// Walks cmark's tree once, copying each node; recursion is bounded by `maximumDepth`.
private struct TreeCopier {
    let options: Int32
    let maximumDepth: Int
    let inlineDetail: InlineDetail
    /// The allocator the tree was parsed with, which also frees what is rendered from it.
    let allocator: UnsafeMutablePointer<cmark_mem>
    /// The document's UTF-8, for looking at a code block's first line; valid only while `parse` runs.
    let bytes: UnsafeBufferPointer<UInt8>
    var tooDeep: SourcePosition?
    /// A line and the offset it starts at: blocks come in document order, so the scan for a line's
    /// start goes on from the last one instead of building a table of every line.
    private var cursor = (line: 1, offset: 0)
    /// The plain text of the block being copied with `InlineDetail.plainTextAndLinks`; kept to reuse its storage.
    private var plainText: [UInt8] = []

    init(options: Int32, maximumDepth: Int, inlineDetail: InlineDetail, allocator: UnsafeMutablePointer<cmark_mem>, bytes: UnsafeBufferPointer<UInt8>) {
        self.options = options
        self.maximumDepth = maximumDepth
        self.inlineDetail = inlineDetail
        self.allocator = allocator
        self.bytes = bytes
    }

    /// The byte offset at which a 1-based line starts; `nil` past the end.
    private mutating func lineStart(_ line: Int) -> Int? {
        if line < cursor.line { cursor = (1, 0) }
        while cursor.line < line {
            guard let newline = newline(from: cursor.offset) else { return nil }
            cursor = (cursor.line + 1, newline + 1)
        }
        return cursor.offset
    }

    /// The offset of the first newline at or after `start`.
    private func newline(from start: Int) -> Int? {
        // memchr: the scan covers the whole document, and a Swift byte loop costs several instructions a byte.
        guard start < bytes.count, let base = bytes.baseAddress,
              let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(base).distance(to: found)
    }

    /// Whether a code block is fenced; cmark 0.30 has no getter for it. A fenced block has an info string, or
    /// a first source line (its fence) that is not its code's first line; an indented block's first source
    /// line is its code's first line (even when that line shows a fence), indentation aside (a tab in the
    /// source can be spaces in the code).
    private mutating func isFenced(_ range: SourceRange, info: String, code: String) -> Bool {
        if !info.isEmpty { return true }
        guard range.start.line >= 1, let start = lineStart(range.start.line) else { return false }
        var end = newline(from: start) ?? bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let isIndentation = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let firstLine = bytes[min(start + max(range.start.column - 1, 0), end)..<end].drop(while: isIndentation)
        var code = code
        return code.withUTF8 { !firstLine.elementsEqual($0.prefix { $0 != 0x0A }.drop(while: isIndentation)) }
    }

    /// How many children `parent` has, so the arrays that keep the tree are allocated at their final size.
    private func childCount(_ parent: OpaquePointer) -> Int {
        var count = 0
        var child = cmark_node_first_child(parent)
        while let node = child {
            count += 1
            child = cmark_node_next(node)
        }
        return count
    }

    mutating func blocks(under parent: OpaquePointer, depth: Int) -> [BlockNode] {
        var result: [BlockNode] = []
        result.reserveCapacity(childCount(parent))
        var child = cmark_node_first_child(parent)
        while let node = child {
            if let block = block(node, depth: depth) { result.append(block) }
            child = cmark_node_next(node)
        }
        return result
    }

    private func range(_ node: OpaquePointer) -> SourceRange {
        SourceRange(
            start: SourcePosition(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))),
            end: SourcePosition(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node))))
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        // String(cString:) repairs invalid UTF-8 rather than trapping.
        pointer.map { String(cString: $0) } ?? ""
    }

    private func html(_ node: OpaquePointer) -> String {
        guard let rendered = cmark_render_html(node, options) else { return "" }
        defer { allocator.pointee.free(rendered) }
        return string(rendered)
    }

    /// The heading's HTML without its `<hN>` element: one render of the heading rather than one per child.
    private func headingContentHTML(_ node: OpaquePointer, level: Int) -> String {
        guard let rendered = cmark_render_html(node, options) else { return "" }
        defer { allocator.pointee.free(rendered) }
        let all = UnsafeBufferPointer(start: UnsafeRawPointer(rendered).assumingMemoryBound(to: UInt8.self), count: strlen(rendered))
        // cmark writes `<hN>` + content + `</hN>\n` (no attributes without CMARK_OPT_SOURCEPOS); should that
        // ever differ, the children are rendered one by one instead of cutting wrongly.
        let digit = UInt8(ascii: "0") + UInt8(clamping: level), n = all.count
        guard n >= 10, all[0] == UInt8(ascii: "<"), all[1] == UInt8(ascii: "h"), all[2] == digit, all[3] == UInt8(ascii: ">"),
              all[n - 6] == UInt8(ascii: "<"), all[n - 5] == UInt8(ascii: "/"), all[n - 4] == UInt8(ascii: "h"), all[n - 3] == digit,
              all[n - 2] == UInt8(ascii: ">"), all[n - 1] == UInt8(ascii: "\n")
        else {
            var content = ""
            var child = cmark_node_first_child(node)
            while let c = child {
                content += html(c)
                child = cmark_node_next(c)
            }
            return content
        }
        return String(decoding: UnsafeBufferPointer(rebasing: all[4..<(n - 6)]), as: UTF8.self)
    }

    private mutating func block(_ node: OpaquePointer, depth: Int) -> BlockNode? {
        let r = range(node)
        if depth >= maximumDepth {
            if tooDeep == nil { tooDeep = r.start }
            return nil
        }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            return BlockNode(kind: .paragraph, range: r, inlines: inlineContent(under: node, range: r, depth: depth + 1), html: html(node))
        case CMARK_NODE_HEADING:
            let level = Int(cmark_node_get_heading_level(node))
            return BlockNode(
                kind: .heading(level: level), range: r,
                inlines: inlineContent(under: node, range: r, depth: depth + 1), contentHTML: headingContentHTML(node, level: level))
        case CMARK_NODE_CODE_BLOCK:
            let info = string(cmark_node_get_fence_info(node)), code = string(cmark_node_get_literal(node))
            return BlockNode(kind: .codeBlock(info: info, code: code, fenced: isFenced(r, info: info, code: code)), range: r)
        case CMARK_NODE_HTML_BLOCK:
            return BlockNode(kind: .htmlBlock(string(cmark_node_get_literal(node))), range: r, html: html(node))
        case CMARK_NODE_BLOCK_QUOTE:
            return BlockNode(kind: .blockQuote, range: r, children: blocks(under: node, depth: depth + 1))
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            return BlockNode(
                kind: .list(ordered: ordered, start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0),
                range: r, children: blocks(under: node, depth: depth + 1))
        case CMARK_NODE_ITEM:
            return BlockNode(kind: .item, range: r, children: blocks(under: node, depth: depth + 1))
        case CMARK_NODE_THEMATIC_BREAK:
            return BlockNode(kind: .thematicBreak, range: r, html: html(node))
        default:
            return nil
        }
    }

    /// A paragraph's or heading's inlines, in the detail the parser was asked for.
    private mutating func inlineContent(under parent: OpaquePointer, range blockRange: SourceRange, depth: Int) -> [InlineNode] {
        switch inlineDetail {
        case .tree: return inlines(under: parent, depth: depth)
        case .plainTextAndLinks: return foldedInlines(under: parent, range: blockRange, depth: depth)
        }
    }

    /// What `inlines(under:depth:)` gives folded to its plain text, without copying the tree first.
    ///
    /// No inlines stay none; a lone text node stays itself; anything else becomes one text node spanning the
    /// block, except that a link or image stays a node between runs of text, its own inlines folded alike.
    private mutating func foldedInlines(under parent: OpaquePointer, range blockRange: SourceRange, depth: Int) -> [InlineNode] {
        plainText.removeAll(keepingCapacity: true)
        var kept: [InlineNode] = []
        var copied = 0
        var lone: OpaquePointer?
        var child = cmark_node_first_child(parent)
        while let node = child {
            if fold(node, depth: depth, into: &kept, runRange: blockRange) {
                copied += 1
                lone = node
            }
            child = cmark_node_next(node)
        }
        guard copied > 0, let lone else { return [] }
        if !kept.isEmpty {
            keepRun(into: &kept, range: blockRange)
            return kept
        }
        let text = String(decoding: plainText, as: UTF8.self)
        plainText.removeAll(keepingCapacity: true)
        if copied == 1, cmark_node_get_type(lone) == CMARK_NODE_TEXT {
            return [InlineNode(kind: .text(text), range: range(lone))]
        }
        return [InlineNode(kind: .text(text), range: blockRange)]
    }

    /// Ends the run of plain text gathered so far as a text node, if there is any.
    private mutating func keepRun(into kept: inout [InlineNode], range: SourceRange) {
        guard !plainText.isEmpty else { return }
        kept.append(InlineNode(kind: .text(String(decoding: plainText, as: UTF8.self)), range: range))
        plainText.removeAll(keepingCapacity: true)
    }

    /// Appends the plain text of `node` (as `InlineNode.plainText` reads it), or keeps it in `kept` when it is a
    /// link or image; false when the tree would not copy it.
    private mutating func fold(_ node: OpaquePointer, depth: Int, into kept: inout [InlineNode], runRange: SourceRange) -> Bool {
        if depth >= maximumDepth {
            if tooDeep == nil { tooDeep = range(node).start }
            return false
        }
        let type = cmark_node_get_type(node)
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_CODE:
            if let literal = cmark_node_get_literal(node) {
                // A typed buffer: Array copies it in one go, where a raw buffer is appended byte by byte.
                plainText.append(contentsOf: UnsafeBufferPointer(start: UnsafeRawPointer(literal).assumingMemoryBound(to: UInt8.self), count: strlen(literal)))
            }
        case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
            // Kept as `\n`, as `InlineNode.appendPlainText` writes it: `BlockNode.plainText` makes it a space or nothing.
            plainText.append(UInt8(ascii: "\n"))
        case CMARK_NODE_HTML_INLINE:
            break
        case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            keepRun(into: &kept, range: runRange)
            let r = range(node), url = string(cmark_node_get_url(node)), title = string(cmark_node_get_title(node))
            let kind: InlineNode.Kind = type == CMARK_NODE_LINK ? .link(destination: url, title: title) : .image(source: url, title: title)
            kept.append(InlineNode(kind: kind, range: r, children: foldedInlines(under: node, range: r, depth: depth + 1)))
        case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
            var child = cmark_node_first_child(node)
            while let c = child {
                _ = fold(c, depth: depth + 1, into: &kept, runRange: runRange)
                child = cmark_node_next(c)
            }
        default:
            return false
        }
        return true
    }

    private mutating func inlines(under parent: OpaquePointer, depth: Int, parentRange: SourceRange? = nil) -> [InlineNode] {
        var result: [InlineNode] = []
        result.reserveCapacity(childCount(parent))
        let enclosing = parentRange ?? range(parent)
        var child = cmark_node_first_child(parent)
        while let node = child {
            if let inline = inline(node, depth: depth, enclosing: enclosing) { result.append(inline) }
            child = cmark_node_next(node)
        }
        return result
    }

    private mutating func inline(_ node: OpaquePointer, depth: Int, enclosing: SourceRange) -> InlineNode? {
        // Nodes made by `EmphasisRepair` have no position of their own: they lie within their container.
        let r = cmark_node_get_start_line(node) == 0 ? enclosing : range(node)
        if depth >= maximumDepth {
            if tooDeep == nil { tooDeep = r.start }
            return nil
        }
        let kind: InlineNode.Kind
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT: kind = .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_CODE: kind = .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: kind = .softBreak
        case CMARK_NODE_LINEBREAK: kind = .lineBreak
        case CMARK_NODE_EMPH: kind = .emphasis
        case CMARK_NODE_STRONG: kind = .strong
        case CMARK_NODE_LINK: kind = .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE: kind = .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_HTML_INLINE: kind = .html(string(cmark_node_get_literal(node)))
        default: return nil
        }
        return InlineNode(kind: kind, range: r, children: inlines(under: node, depth: depth + 1, parentRange: r))
    }
}

/// Emphasis again by the CJK-friendly amendments (`CJKFriendlyEmphasis`) in each paragraph and heading, on
/// cmark's own tree, so the HTML cmark renders and the tree copied from it agree; and the runs still literal
/// that look meant as emphasis, for `check`.
///
/// cmark's tree says what is a code span, a link or raw HTML; the block's inline text, rebuilt from the source
/// (`InlineSubject`), says where each delimiter run is and what is beside it (`InlineAlignment`). A container
/// (the block, or a link's text) where the amendment changes what some run can do is put together again by
/// CommonMark's own emphasis algorithm with the amended flags; every other container, and every block
/// without a CJK character, stays exactly as cmark made it. docs/markdown.md has why this is not a patch to cmark.
private struct EmphasisRepair {
    let allocator: UnsafeMutablePointer<cmark_mem>
    let bytes: UnsafeBufferPointer<UInt8>
    /// Runs left literal that look meant as emphasis (for `check`), as 1-based line and byte column.
    var literal: [SourcePosition] = []
    private var lineStarts: [Int] = []
    /// The cmark nodes of the block being repaired, by the handle its tokens carry.
    private var nodes: [OpaquePointer] = []
    private var maximumDepth = 0
    /// How many literal runs of one paragraph or heading `check` hears about.
    static let reportedPerBlock = 10

    init(allocator: UnsafeMutablePointer<cmark_mem>, bytes: UnsafeBufferPointer<UInt8>) {
        self.allocator = allocator
        self.bytes = bytes
    }

    /// What a container is taken apart into besides runs: a cmark node kept as it is, or decoded text.
    private enum Leaf {
        case node(Int)
        case text([UInt8])
    }

    mutating func run(_ root: OpaquePointer, maximumDepth: Int) {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "*")), bytes.count) != nil
            || memchr(base, Int32(UInt8(ascii: "_")), bytes.count) != nil
        else { return }
        self.maximumDepth = maximumDepth
        var start = 0
        lineStarts = [0]
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let newline = UnsafeRawPointer(base).distance(to: found)
            lineStarts.append(newline + 1)
            start = newline + 1
        }
        // A carriage return alone ends a line for cmark but not for these line starts: leave such a file be.
        if let cr = memchr(base, 0x0D, bytes.count) {
            var k = UnsafeRawPointer(base).distance(to: cr)
            while k < bytes.count {
                if bytes[k] == 0x0D, k + 1 >= bytes.count || bytes[k + 1] != 0x0A { return }
                k += 1
            }
        }
        visit(root, depth: 0, quotes: 0)
    }

    private mutating func visit(_ node: OpaquePointer, depth: Int, quotes: Int) {
        guard depth < maximumDepth else { return }
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            repair(node, depth: depth, quotes: quotes)
            return
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM:
            let inner = cmark_node_get_type(node) == CMARK_NODE_BLOCK_QUOTE ? quotes + 1 : quotes
            var child = cmark_node_first_child(node)
            while let c = child {
                visit(c, depth: depth + 1, quotes: inner)
                child = cmark_node_next(c)
            }
        default:
            return
        }
    }

    /// Whether a block holds a run at all: a `*` or `_` in its text, or emphasis cmark made.
    private func hasRun(_ block: OpaquePointer) -> Bool {
        guard let iterator = cmark_iter_new(block) else { return false }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG: return true
            case CMARK_NODE_TEXT:
                if let literal = cmark_node_get_literal(node), strpbrk(literal, "*_") != nil { return true }
            default: break
            }
        }
        return false
    }

    private mutating func repair(_ block: OpaquePointer, depth: Int, quotes: Int) {
        guard hasRun(block) else { return }
        nodes.removeAll(keepingCapacity: true)
        guard let tokens = self.tokens(under: block, depth: depth + 1) else { return }
        let startLine = Int(cmark_node_get_start_line(block)), endLine = Int(cmark_node_get_end_line(block))
        let kind: InlineSubject.Block =
            cmark_node_get_type(block) == CMARK_NODE_PARAGRAPH ? .paragraph : startLine == endLine ? .atxHeading : .setextHeading
        guard var subject = InlineSubject(
            source: bytes, lineStarts: lineStarts, block: kind,
            start: SourcePosition(line: startLine, column: Int(cmark_node_get_start_column(block))), endLine: endLine,
            quoteDepth: quotes)
        else { return }
        var scopes = InlineAlignment.scopes(of: tokens, in: subject.bytes)
        // Link reference definitions at the start of a paragraph are taken out of it without moving its start.
        var dropped = 1
        while scopes == nil, subject.bytes.first == UInt8(ascii: "["), dropped < min(subject.lines.count, 64),
            let rest = subject.dropping(lines: dropped)
        {
            scopes = InlineAlignment.scopes(of: tokens, in: rest.bytes)
            if scopes != nil { subject = rest }
            dropped += 1
        }
        guard let scopes else { return }
        let text = subject.bytes
        let hasCJK = text.withUnsafeBufferPointer(Self.containsCJK)
        var reported = 0
        for scope in scopes {
            var runs: [CJKFriendlyEmphasis.Run] = []
            var starts: [Int] = []
            var matched: [Bool] = []
            for item in scope.items {
                guard case .run(let piece) = item else { continue }
                runs.append(text.withUnsafeBufferPointer { Self.run(piece, in: $0) })
                starts.append(piece.start)
                matched.append(piece.matched)
            }
            guard !runs.isEmpty else { continue }
            var unused: [Int]
            if hasCJK, runs.contains(where: \.isJudgedDifferently) {
                var r = 0
                let pieces: [CJKFriendlyEmphasis.Piece<Leaf>] = scope.items.map {
                    switch $0 {
                    case .node(let handle): return .leaf(.node(handle))
                    case .text(let bytes): return .leaf(.text(bytes))
                    case .run:
                        defer { r += 1 }
                        return .run(character: runs[r].character, length: runs[r].length, flags: runs[r].amended)
                    }
                }
                let resolved = CJKFriendlyEmphasis.resolve(pieces)
                rebuild(scope.container.map { nodes[$0] } ?? block, from: resolved.events)
                unused = resolved.unused
            } else {
                unused = zip(runs, matched).map { $1 ? 0 : $0.length }
            }
            // Runs still whole that look meant as emphasis: doubled ones, or single ones with a partner left over.
            let leftOver = runs.indices.filter { unused[$0] == runs[$0].length && runs[$0].couldBeEmphasis }
            var singles: [UInt8: Int] = [:]
            for i in leftOver where runs[i].length == 1 { singles[runs[i].character, default: 0] += 1 }
            for i in leftOver where runs[i].length >= 2 || singles[runs[i].character, default: 0] >= 2 {
                // A few per block: a paragraph of hundreds is not prose, and each would be one more warning.
                guard reported < Self.reportedPerBlock else { break }
                literal.append(subject.position(of: starts[i]))
                reported += 1
            }
        }
    }

    /// The run with the scalars beside it in the inline text.
    private static func run(_ piece: EmphasisScope.RunPiece, in text: UnsafeBufferPointer<UInt8>) -> CJKFriendlyEmphasis.Run {
        let end = piece.start + piece.length
        var before: Unicode.Scalar?, beforeBefore: Unicode.Scalar?
        if piece.start > 0 {
            var k = piece.start - 1
            while k > 0, text[k] & 0xC0 == 0x80 { k -= 1 }
            before = UTF8Scalars.scalar(startingAt: k, in: text).0
            if k > 0 { beforeBefore = UTF8Scalars.scalar(endingAt: k, in: text) }
        }
        let after = end < text.count ? UTF8Scalars.scalar(startingAt: end, in: text).0 : nil
        return CJKFriendlyEmphasis.Run(character: piece.character, length: piece.length, before: before, beforeBefore: beforeBefore, after: after)
    }

    private static func containsCJK(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < text.count {
            if text[k] < 0xE1 {
                k += 1
                continue
            }
            let (scalar, length) = UTF8Scalars.scalar(startingAt: k, in: text)
            if CJKFriendlyEmphasis.isCJK(scalar) { return true }
            k += length
        }
        return false
    }

    /// The inline children of `parent` as tokens, each cmark node numbered in `nodes`; `nil` when the tree
    /// holds a node the repair does not know or is too deep.
    private mutating func tokens(under parent: OpaquePointer, depth: Int) -> [InlineToken]? {
        guard depth < maximumDepth else { return nil }
        var result: [InlineToken] = []
        var child = cmark_node_first_child(parent)
        while let node = child {
            child = cmark_node_next(node)
            let kind: InlineToken.Kind
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT: kind = .text
            case CMARK_NODE_CODE: kind = .code
            case CMARK_NODE_HTML_INLINE: kind = .html
            case CMARK_NODE_SOFTBREAK: kind = .softBreak
            case CMARK_NODE_LINEBREAK: kind = .lineBreak
            case CMARK_NODE_EMPH: kind = .emphasis
            case CMARK_NODE_STRONG: kind = .strong
            case CMARK_NODE_LINK: kind = .link
            case CMARK_NODE_IMAGE: kind = .image
            default: return nil
            }
            var token = InlineToken(kind: kind, handle: nodes.count)
            nodes.append(node)
            if kind == .text || kind == .html { token.literal = literalBytes(node) }
            if [.emphasis, .strong, .link, .image].contains(kind) {
                guard let children = tokens(under: node, depth: depth + 1) else { return nil }
                token.children = children
            }
            result.append(token)
        }
        return result
    }

    private func literalBytes(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// Replaces `container`'s children by what `events` say: its nodes kept, text and emphasis made anew.
    private func rebuild(_ container: OpaquePointer, from events: [CJKFriendlyEmphasis.Event<Leaf>]) {
        takeApart(container)
        var parents = [container]
        var text: [UInt8] = []
        func flush() {
            guard !text.isEmpty, let node = cmark_node_new_with_mem(CMARK_NODE_TEXT, allocator) else { return }
            text.append(0)
            text.withUnsafeBufferPointer { _ = cmark_node_set_literal(node, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
            cmark_node_append_child(parents[parents.count - 1], node)
            text.removeAll(keepingCapacity: true)
        }
        for event in events {
            switch event {
            case .leaf(.text(let bytes)): text += bytes
            case .literal(_, let character, let count): text += repeatElement(character, count: count)
            case .leaf(.node(let handle)):
                flush()
                cmark_node_append_child(parents[parents.count - 1], nodes[handle])
            case .open(let strong):
                flush()
                guard let node = cmark_node_new_with_mem(strong ? CMARK_NODE_STRONG : CMARK_NODE_EMPH, allocator) else { continue }
                cmark_node_append_child(parents[parents.count - 1], node)
                parents.append(node)
            case .close:
                flush()
                if parents.count > 1 { parents.removeLast() }
            }
        }
        flush()
    }

    /// Unlinks `container`'s children, freeing its text and emphasis nodes (emphasis's children taken out first)
    /// and keeping every other node for `rebuild` to put back.
    private func takeApart(_ container: OpaquePointer) {
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            cmark_node_unlink(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                takeApart(node)
                cmark_node_free(node)
            case CMARK_NODE_TEXT:
                cmark_node_free(node)
            default:
                break
            }
        }
    }
}
