import Diagnostics

/// A paragraph's or heading's inline text as cmark's inline parser reads it, rebuilt from the source, with the
/// way back to source positions.
///
/// cmark keeps this text (its "subject") to itself, and the positions it gives inline nodes are wrong after a
/// line that a container prefix, indentation or a hard break shortened; so the emphasis repair rebuilds the
/// text the way cmark's block parser makes it: each line from its first non-space character, after the block
/// quote markers of the containers around it; the heading's markers taken off; the end trimmed.
struct InlineSubject {
    enum Block {
        case paragraph
        case atxHeading
        case setextHeading
    }

    /// The text, lines joined by `\n`.
    private(set) var bytes: [UInt8] = []
    /// Where each line starts in `bytes`, and the 1-based source line and byte column it came from.
    private(set) var lines: [(start: Int, line: Int, column: Int)] = []

    /// `nil` when the block's position does not fit the source.
    ///
    /// `start` is the block's 1-based line and byte column; `endLine` its last line; `quoteDepth` how many
    /// block quotes hold it. `lineStarts` are the source's line starts (a `\r` before a `\n` ends a line too).
    init?(source: UnsafeBufferPointer<UInt8>, lineStarts: [Int], block: Block, start: SourcePosition, endLine: Int, quoteDepth: Int) {
        var lastLine = block == .setextHeading ? endLine - 1 : block == .atxHeading ? start.line : endLine
        // cmark ends a setext heading on its underline, or on the line after it when there is one.
        if block == .setextHeading, endLine <= lineStarts.count, !Self.isUnderline(source, lineStarts: lineStarts, line: endLine) {
            lastLine -= 1
        }
        guard start.line >= 1, start.column >= 1, lastLine >= start.line, lastLine <= lineStarts.count else { return nil }
        bytes.reserveCapacity(64)
        for line in start.line...lastLine {
            let lineStart = lineStarts[line - 1]
            var end = line < lineStarts.count ? lineStarts[line] - 1 : source.count
            if end > lineStart, source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            var from: Int
            if line == start.line {
                from = lineStart + start.column - 1
                guard from <= end else { return nil }
                if block == .atxHeading {
                    guard let content = Self.atxContent(source, from: from, end: end) else { return nil }
                    (from, end) = content
                }
            } else {
                from = Self.continuationStart(source, from: lineStart, end: end, quoteDepth: quoteDepth)
            }
            if line > start.line { bytes.append(UInt8(ascii: "\n")) }
            lines.append((bytes.count, line, from - lineStart + 1))
            if from < end { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[from..<end])) }
        }
        // cmark trims the end of the text (`cmark_chunk_rtrim`).
        while let last = bytes.last, Self.isSpace(last) { bytes.removeLast() }
    }

    /// The text from its line `count` (0-based) on: a paragraph whose first lines were link
    /// reference definitions, which cmark takes out of it without moving its start.
    func dropping(lines count: Int) -> InlineSubject? {
        guard count > 0, count < lines.count else { return nil }
        var copy = InlineSubject()
        let offset = lines[count].start
        copy.bytes = Array(bytes[offset...])
        copy.lines = lines[count...].map { ($0.start - offset, $0.line, $0.column) }
        return copy
    }

    private init() {}

    /// The source position (line, byte column) of the byte at `offset` of the text.
    func position(of offset: Int) -> SourcePosition {
        // Binary search for the last line starting at or before `offset`.
        var low = 0, high = lines.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lines[middle].start <= offset { low = middle } else { high = middle - 1 }
        }
        let line = lines[low]
        return SourcePosition(line: line.line, column: line.column + (offset - line.start))
    }

    /// Where a paragraph's continuation line starts: after the quote markers of its containers (a lazy line has
    /// fewer) and the indentation, which cmark drops from every line of a paragraph.
    private static func continuationStart(_ source: UnsafeBufferPointer<UInt8>, from start: Int, end: Int, quoteDepth: Int) -> Int {
        var i = start
        var markers = quoteDepth
        while true {
            while i < end, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\t") { i += 1 }
            guard markers > 0, i < end, source[i] == UInt8(ascii: ">") else { return i }
            i += 1
            markers -= 1
        }
    }

    /// An ATX heading's content: after the `#`s and the spaces, before a closing sequence (cmark's
    /// `chop_trailing_hashtags`).
    private static func atxContent(_ source: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> (Int, Int)? {
        var i = start
        while i < end, source[i] == UInt8(ascii: "#") { i += 1 }
        guard i > start, i - start <= 6 else { return nil }
        while i < end, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\t") { i += 1 }
        var e = end
        while e > start, isSpace(source[e - 1]) { e -= 1 }
        var n = e
        while n > start, source[n - 1] == UInt8(ascii: "#") { n -= 1 }
        if n != e, n > start, source[n - 1] == UInt8(ascii: " ") || source[n - 1] == UInt8(ascii: "\t") {
            e = n - 1
            while e > start, isSpace(source[e - 1]) { e -= 1 }
        }
        return (i, max(i, e))
    }

    /// Whether a line is a setext underline: `=`s or `-`s after the container's markers and indentation.
    private static func isUnderline(_ source: UnsafeBufferPointer<UInt8>, lineStarts: [Int], line: Int) -> Bool {
        var i = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : source.count
        while i < end, source[i] == UInt8(ascii: " ") || source[i] == UInt8(ascii: "\t") || source[i] == UInt8(ascii: ">") { i += 1 }
        guard i < end, source[i] == UInt8(ascii: "=") || source[i] == UInt8(ascii: "-") else { return false }
        let mark = source[i]
        while i < end, source[i] == mark { i += 1 }
        while i < end, isSpace(source[i]) { i += 1 }
        return i == end
    }

    /// `cmark_isspace`.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }
}
