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
    public static let behaviourVersion = "cmark+cjk-friendly-emphasis-1"

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
            let arena = bytes.count <= ParseArena.documentLimit ? ParseArena.current : nil
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

    /// cmark 0.30 has no getter for "fenced", so look at the block's first line.
    private mutating func startsWithFence(line: Int) -> Bool {
        guard line >= 1, let start = lineStart(line) else { return false }
        let end = newline(from: start) ?? bytes.count
        let rest = bytes[start..<end].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") }
        return rest.starts(with: "```".utf8) || rest.starts(with: "~~~".utf8)
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
            let fenced = startsWithFence(line: r.start.line)
            return BlockNode(
                kind: .codeBlock(info: string(cmark_node_get_fence_info(node)), code: string(cmark_node_get_literal(node)), fenced: fenced),
                range: r)
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
            plainText.append(UInt8(ascii: " "))
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

/// Parses emphasis again, with the CJK-friendly amendment (`CJKFriendlyEmphasis`), in each inline container
/// where a run cmark left literal is judged differently by it; works on cmark's own tree, so the HTML cmark
/// renders and the tree copied from it agree. Notes the runs still literal that look meant as emphasis.
///
/// Such a container is taken apart into delimiter runs (those left literal in its text, and those of the
/// emphasis cmark made, read back from the source) and everything else, then put together again by
/// CommonMark's own emphasis algorithm. Containers without such a run, all English text among them, are
/// left exactly as cmark made them.
private struct EmphasisRepair {
    let allocator: UnsafeMutablePointer<cmark_mem>
    let bytes: UnsafeBufferPointer<UInt8>
    /// Runs left literal that look meant as emphasis (for `check`), as 1-based line and byte column.
    var literal: [SourcePosition] = []
    private var lineStarts: [Int] = []

    init(allocator: UnsafeMutablePointer<cmark_mem>, bytes: UnsafeBufferPointer<UInt8>) {
        self.allocator = allocator
        self.bytes = bytes
    }

    /// What a container is taken apart into: text, a node kept as it is, or a run found in the source.
    private enum Leaf {
        case text([UInt8])
        case node(OpaquePointer)
    }

    /// A run in the source: where it starts (byte offset) and its line, for flanking and for `check`.
    private struct SourceRun {
        var character: UInt8
        var start: Int
        var length: Int
        var line: Int
    }

    private enum Part {
        case leaf(Leaf)
        case run(SourceRun)
    }

    mutating func run(_ root: OpaquePointer, maximumDepth: Int) {
        // Only documents with a delimiter and a byte outside ASCII can have anything to repair.
        guard bytes.contains(where: { $0 >= 0x80 }), bytes.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") }) else { return }
        var start = 0
        lineStarts = [0]
        while let newline = bytes[start...].firstIndex(of: 0x0A) {
            lineStarts.append(newline + 1)
            start = newline + 1
        }
        visit(root, depth: 0, maximumDepth: maximumDepth)
    }

    private mutating func visit(_ node: OpaquePointer, depth: Int, maximumDepth: Int) {
        guard depth < maximumDepth else { return }
        switch cmark_node_get_type(node) {
        // Each of these is a scope of its own for emphasis; emphasis nodes belong to the scope around them.
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_LINK, CMARK_NODE_IMAGE:
            repair(node, depth: depth, maximumDepth: maximumDepth)
        default: break
        }
        var child = cmark_node_first_child(node)
        while let c = child {
            visit(c, depth: depth + 1, maximumDepth: maximumDepth)
            child = cmark_node_next(c)
        }
    }

    private mutating func repair(_ container: OpaquePointer, depth: Int, maximumDepth: Int) {
        var parts: [Part] = []
        var leftLiteral: [SourceRun] = []
        guard flatten(container, into: &parts, literal: &leftLiteral, depth: depth, maximumDepth: maximumDepth, dryRun: true) else { return }
        let literalRuns = leftLiteral.map(run)
        guard literalRuns.contains(where: \.isJudgedDifferently) else {
            for (source, r) in zip(leftLiteral, literalRuns) where CJKFriendlyEmphasis.looksIntended(r, among: literalRuns) {
                literal.append(position(source))
            }
            return
        }
        parts.removeAll()
        leftLiteral.removeAll()
        _ = flatten(container, into: &parts, literal: &leftLiteral, depth: depth, maximumDepth: maximumDepth, dryRun: false)
        var sources: [SourceRun] = []
        let pieces: [CJKFriendlyEmphasis.Piece<Leaf>] = parts.map {
            switch $0 {
            case .leaf(let leaf): return .leaf(leaf)
            case .run(let source):
                sources.append(source)
                return .run(run(source))
            }
        }
        let built = CJKFriendlyEmphasis.resolve(pieces)
        for node in build(built) { cmark_node_append_child(container, node) }
        // Runs still literal after the new parse, for `check`.
        var index = 0
        var stillLiteral: [(SourceRun, CJKFriendlyEmphasis.Run)] = []
        collectLiteral(built, sources: sources, index: &index, into: &stillLiteral)
        let runs = stillLiteral.map(\.1)
        for (source, r) in stillLiteral where CJKFriendlyEmphasis.looksIntended(r, among: runs) { literal.append(position(source)) }
    }

    /// Which runs kept all their characters, in order (runs appear in `built` in source order).
    private func collectLiteral(
        _ built: [CJKFriendlyEmphasis.Built<Leaf>], sources: [SourceRun], index: inout Int,
        into result: inout [(SourceRun, CJKFriendlyEmphasis.Run)]
    ) {
        for item in built {
            switch item {
            case .leaf: break
            case .literal(_, let count):
                // A run split in two by a match shows up as two literals; only a whole one counts.
                while index < sources.count, sources[index].length < count { index += 1 }
                if index < sources.count, sources[index].length == count { result.append((sources[index], run(sources[index]))) }
                index += 1
            case .emphasis(_, let children): collectLiteral(children, sources: sources, index: &index, into: &result)
            }
        }
    }

    /// Takes `container`'s children apart (or, with `dryRun`, only finds the runs its text left literal).
    /// False when something cannot be read back from the source, so the container is left as it is.
    private func flatten(
        _ container: OpaquePointer, into parts: inout [Part], literal: inout [SourceRun], depth: Int, maximumDepth: Int, dryRun: Bool
    ) -> Bool {
        guard depth < maximumDepth else { return false }
        var child = cmark_node_first_child(container)
        while let node = child {
            child = cmark_node_next(node)
            switch cmark_node_get_type(node) {
            case CMARK_NODE_TEXT:
                // Most text has no delimiter at all: nothing to take apart, and no run to find.
                guard hasDelimiter(node) else {
                    if !dryRun { parts.append(.leaf(.text(literalBytes(node)))) }
                    break
                }
                guard let pieces = textParts(node) else {
                    if !dryRun { parts.append(.leaf(.text(literalBytes(node)))) }
                    break
                }
                for piece in pieces {
                    if case .run(let r) = piece { literal.append(r) }
                    if !dryRun { append(piece, to: &parts) }
                }
            case CMARK_NODE_EMPH, CMARK_NODE_STRONG:
                let count = cmark_node_get_type(node) == CMARK_NODE_STRONG ? 2 : 1
                guard let open = sourceOffset(line: Int(cmark_node_get_start_line(node)), column: Int(cmark_node_get_start_column(node))),
                    let close = sourceOffset(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node))),
                    open + count <= bytes.count, close - count + 1 >= 0,
                    bytes[open] == UInt8(ascii: "*") || bytes[open] == UInt8(ascii: "_")
                else { return false }
                let character = bytes[open]
                if !dryRun { append(.run(SourceRun(character: character, start: open, length: count, line: Int(cmark_node_get_start_line(node)))), to: &parts) }
                guard flatten(node, into: &parts, literal: &literal, depth: depth + 1, maximumDepth: maximumDepth, dryRun: dryRun) else { return false }
                if !dryRun {
                    append(.run(SourceRun(character: character, start: close - count + 1, length: count, line: Int(cmark_node_get_end_line(node)))), to: &parts)
                    cmark_node_unlink(node)
                    cmark_node_free(node)
                }
            default:
                if !dryRun {
                    cmark_node_unlink(node)
                    parts.append(.leaf(.node(node)))
                }
            }
            if !dryRun, cmark_node_get_type(node) == CMARK_NODE_TEXT {
                cmark_node_unlink(node)
                cmark_node_free(node)
            }
        }
        return true
    }

    /// Adds a part, joining a run to the run before it when they touch in the source (`***` made two nodes).
    private func append(_ part: Part, to parts: inout [Part]) {
        if case .run(let r) = part, case .run(var last)? = parts.last, last.character == r.character, last.start + last.length == r.start {
            last.length += r.length
            parts[parts.count - 1] = .run(last)
            return
        }
        parts.append(part)
    }

    /// A text node as text and the runs in it, when its text is its source as written (no entity; escapes
    /// are followed, so a `\*` the author escaped stays text); `nil` otherwise.
    private func textParts(_ node: OpaquePointer) -> [Part]? {
        let line = Int(cmark_node_get_start_line(node))
        guard line >= 1, line == Int(cmark_node_get_end_line(node)), line <= lineStarts.count,
            let from = sourceOffset(line: line, column: Int(cmark_node_get_start_column(node))),
            let last = sourceOffset(line: line, column: Int(cmark_node_get_end_column(node)))
        else { return nil }
        let to = last + 1
        let text = literalBytes(node)
        var parts: [Part] = []
        var pending: [UInt8] = []
        var i = from, j = 0
        while i < to {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\\"), i + 1 < to, Self.isASCIIPunctuation(bytes[i + 1]) {
                guard j < text.count, text[j] == bytes[i + 1] else { return nil }
                pending.append(bytes[i + 1])
                i += 2
                j += 1
            } else if byte == UInt8(ascii: "&") {
                return nil
            } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") {
                var length = 1
                while i + length < to, bytes[i + length] == byte { length += 1 }
                guard j + length <= text.count, text[j..<(j + length)].allSatisfy({ $0 == byte }) else { return nil }
                if !pending.isEmpty { parts.append(.leaf(.text(pending))) }
                pending = []
                parts.append(.run(SourceRun(character: byte, start: i, length: length, line: line)))
                i += length
                j += length
            } else {
                guard j < text.count, text[j] == byte else { return nil }
                pending.append(byte)
                i += 1
                j += 1
            }
        }
        // cmark may have dropped trailing spaces before a line break: the rest of the text is the node's own.
        guard j <= text.count else { return nil }
        pending += text[j...]
        if !pending.isEmpty { parts.append(.leaf(.text(pending))) }
        return parts
    }

    private func sourceOffset(line: Int, column: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        let offset = lineStarts[line - 1] + column - 1
        return offset < bytes.count ? offset : nil
    }

    private func position(_ r: SourceRun) -> SourcePosition {
        SourcePosition(line: r.line, column: r.start - lineStarts[r.line - 1] + 1)
    }

    /// The run with the characters on either side in its source line (the line's ends count as whitespace).
    private func run(_ r: SourceRun) -> CJKFriendlyEmphasis.Run {
        let lineStart = lineStarts[r.line - 1]
        let lineEnd = r.line < lineStarts.count ? lineStarts[r.line] - 1 : bytes.count
        return CJKFriendlyEmphasis.Run(
            character: r.character, length: r.length, before: scalar(endingAt: r.start, lineStart: lineStart),
            after: scalar(startingAt: r.start + r.length, lineEnd: lineEnd))
    }

    private func scalar(endingAt end: Int, lineStart: Int) -> Unicode.Scalar? {
        guard end > lineStart else { return nil }
        return UTF8Scalars.scalar(endingAt: end, in: bytes)
    }

    private func scalar(startingAt start: Int, lineEnd: Int) -> Unicode.Scalar? {
        guard start < lineEnd else { return nil }
        return UTF8Scalars.scalar(startingAt: start, in: bytes).0
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    /// Whether a text node's text holds a `*` or `_` (a run left literal shows in the text as written).
    private func hasDelimiter(_ node: OpaquePointer) -> Bool {
        guard let pointer = cmark_node_get_literal(node) else { return false }
        return strpbrk(pointer, "*_") != nil
    }

    private func literalBytes(_ node: OpaquePointer) -> [UInt8] {
        guard let pointer = cmark_node_get_literal(node) else { return [] }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// cmark nodes for what `resolve` built; neighbouring text becomes one text node, as cmark makes it.
    private func build(_ built: [CJKFriendlyEmphasis.Built<Leaf>]) -> [OpaquePointer] {
        var nodes: [OpaquePointer] = []
        var text: [UInt8] = []
        func flush() {
            guard !text.isEmpty, let node = cmark_node_new_with_mem(CMARK_NODE_TEXT, allocator) else { return }
            (text + [0]).withUnsafeBufferPointer { _ = cmark_node_set_literal(node, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
            nodes.append(node)
            text = []
        }
        for item in built {
            switch item {
            case .leaf(.text(let bytes)): text += bytes
            case .literal(let character, let count): text += Array(repeating: character, count: count)
            case .leaf(.node(let node)):
                flush()
                nodes.append(node)
            case .emphasis(let strong, let children):
                flush()
                guard let node = cmark_node_new_with_mem(strong ? CMARK_NODE_STRONG : CMARK_NODE_EMPH, allocator) else { continue }
                for child in build(children) { cmark_node_append_child(node, child) }
                nodes.append(node)
            }
        }
        flush()
        return nodes
    }
}
