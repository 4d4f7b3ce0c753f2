/// The text of one source file with a line table, for turning byte positions into locations.
public struct SourceFile: Sendable {
    public let path: String
    /// The text, kept in native contiguous UTF-8 so lines are read straight from its storage (no second copy).
    public let text: String
    /// UTF-8 offset at which each line starts; index 0 is line 1.
    private let lineStarts: [Int]

    public init(path: String, text: String) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        // Straight over the contiguous storage (always there after `makeContiguousUTF8`): iterating
        // `text.utf8` costs several times more per byte.
        self.lineStarts = self.text.utf8.withContiguousStorageIfAvailable(Self.lineStarts) ?? Self.lineStarts(self.text.utf8)
    }

    /// The offset after each newline, and 0 for the first line.
    private static func lineStarts(_ bytes: some Sequence<UInt8>) -> [Int] {
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
        return starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The UTF-8 bytes of a 1-based line, without its newline.
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = lineStarts[line - 1]
        let copy = text.utf8.withContiguousStorageIfAvailable { utf8 -> [UInt8] in
            var end = line < lineStarts.count ? lineStarts[line] : utf8.count
            if end > start, utf8[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            if end > start, utf8[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return Array(utf8[start..<end])
        }
        return (copy ?? [])[...]
    }

    /// The location a reader sees for a byte position: the column counts Unicode scalars.
    public func location(_ position: SourcePosition) -> SourceLocation {
        let bytes = lineBytes(position.line)
        var byteColumn = position.column
        // A position inside a multi-byte character (an inclusive end, say) names that character.
        while byteColumn > 1, byteColumn - 1 < bytes.count, bytes[bytes.startIndex + byteColumn - 1] & 0xC0 == 0x80 { byteColumn -= 1 }
        let prefix = bytes.prefix(max(0, byteColumn - 1))
        // Count scalars by counting bytes that do not continue a multi-byte sequence.
        let scalars = prefix.reduce(0) { $0 + (($1 & 0xC0) == 0x80 ? 0 : 1) }
        let overshoot = max(0, byteColumn - 1 - bytes.count)
        return SourceLocation(path: path, line: position.line, column: scalars + overshoot + 1)
    }

    /// The location of a 1-based line's first column.
    public func location(line: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: 1)
    }
}
