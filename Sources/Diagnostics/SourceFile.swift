#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of one source file with a line table, for turning byte positions into locations.
public struct SourceFile: Sendable {
    public let path: String
    /// The text, kept in native contiguous UTF-8 so lines are read straight from its storage (no second copy).
    public let text: String
    /// UTF-8 offset at which each line starts; index 0 is line 1. 32 bits are enough (lesson files are
    /// refused above 16 MB) and halve a table kept for every document of a build.
    private let lineStarts: [Int32]

    public init(path: String, text: String) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        // Straight over the contiguous storage (always there after `makeContiguousUTF8`): iterating
        // `text.utf8` costs several times more per byte.
        self.lineStarts = self.text.utf8.withContiguousStorageIfAvailable(Self.lineStarts) ?? Self.lineStarts(Array(self.text.utf8))
    }

    /// The offset after each newline, and 0 for the first line.
    private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32] {
        guard let base = bytes.baseAddress else { return [0] }
        // memchr finds each newline far faster than a byte loop; counting first sizes the table exactly.
        func forEachLineStart(_ body: (Int) -> Void) {
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = UnsafeRawPointer(base).distance(to: found) + 1
                body(offset)
            }
        }
        var count = 1
        forEachLineStart { _ in count += 1 }
        var starts: [Int32] = []
        starts.reserveCapacity(count)
        starts.append(0)
        forEachLineStart { starts.append(Int32(truncatingIfNeeded: $0)) }
        return starts
    }

    /// The same table for storage that is not contiguous (never the case after `makeContiguousUTF8`).
    private static func lineStarts(_ bytes: [UInt8]) -> [Int32] {
        bytes.withUnsafeBufferPointer(lineStarts)
    }

    public var lineCount: Int { lineStarts.count }

    /// The UTF-8 bytes of a 1-based line, without its newline.
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1, line <= lineStarts.count else { return [] }
        let start = Int(lineStarts[line - 1])
        let copy = text.utf8.withContiguousStorageIfAvailable { utf8 -> [UInt8] in
            var end = line < lineStarts.count ? Int(lineStarts[line]) : utf8.count
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
