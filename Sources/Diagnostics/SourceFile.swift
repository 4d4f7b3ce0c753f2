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
    /// Scalars before each multiple of `scalarCheckpointStride` bytes, so a column on a long line is
    /// counted from the nearest checkpoint instead of from the line's start: without it, one link per
    /// word on a multi-megabyte line made every location O(line) and the link check quadratic.
    /// Empty when no line is longer than the stride (every lesson written by hand).
    private let scalarCheckpoints: [Int32]
    static let scalarCheckpointStride = 4096

    public init(path: String, text: String) {
        self.path = path
        var text = text
        text.makeContiguousUTF8()
        self.text = text
        // Straight over the contiguous storage (always there after `makeContiguousUTF8`): iterating
        // `text.utf8` costs several times more per byte.
        let lineStarts = self.text.utf8.withContiguousStorageIfAvailable(Self.lineStarts) ?? Self.lineStarts(Array(self.text.utf8))
        self.lineStarts = lineStarts
        let byteCount = self.text.utf8.count
        var longestLine = 0
        for i in lineStarts.indices {
            let end = i + 1 < lineStarts.count ? Int(lineStarts[i + 1]) : byteCount
            longestLine = max(longestLine, end - Int(lineStarts[i]))
        }
        self.scalarCheckpoints = longestLine <= Self.scalarCheckpointStride ? [] :
            (self.text.utf8.withContiguousStorageIfAvailable(Self.scalarCheckpoints) ?? Array(self.text.utf8).withUnsafeBufferPointer(Self.scalarCheckpoints))
    }

    private static func scalarCheckpoints(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int32] {
        var checkpoints: [Int32] = []
        checkpoints.reserveCapacity(bytes.count / scalarCheckpointStride + 1)
        var scalars = 0
        var offset = 0
        while true {
            checkpoints.append(Int32(truncatingIfNeeded: scalars))
            let end = min(bytes.count, offset + scalarCheckpointStride)
            if end - offset < scalarCheckpointStride { break }
            scalars += scalarCount(UnsafeBufferPointer(rebasing: bytes[offset..<end]))
            offset = end
        }
        return checkpoints
    }

    /// Bytes that do not continue a multi-byte sequence.
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
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

    /// The UTF-8 offset of a byte position (1-based line, 1-based byte column), clamped to the text; the
    /// text's end for a line past it.
    public func offset(_ position: SourcePosition) -> Int {
        let count = text.utf8.count
        guard position.line >= 1, position.line <= lineStarts.count else { return count }
        return min(count, Int(lineStarts[position.line - 1]) + max(0, position.column - 1))
    }

    /// The UTF-8 offset just past a 1-based line's newline; the text's end for the last line.
    public func offset(afterLine line: Int) -> Int {
        line >= 0 && line < lineStarts.count ? Int(lineStarts[line]) : text.utf8.count
    }

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
        scalarColumn(position).location
    }

    /// `location(_:)`, and how many bytes it read to count the column (bounded by about twice the
    /// checkpoint stride however long the line is; tests hold it to that).
    func scalarColumn(_ position: SourcePosition) -> (location: SourceLocation, bytesRead: Int) {
        guard position.line >= 1, position.line <= lineStarts.count else {
            return (SourceLocation(path: path, line: position.line, column: max(0, position.column - 1) + 1), 0)
        }
        let result = text.utf8.withContiguousStorageIfAvailable { utf8 -> (column: Int, bytesRead: Int) in
            let line = position.line
            let start = Int(lineStarts[line - 1])
            var end = line < lineStarts.count ? Int(lineStarts[line]) : utf8.count
            if end > start, utf8[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            if end > start, utf8[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let length = end - start
            var byteColumn = position.column
            var bytesRead = 0
            // A position inside a multi-byte character (an inclusive end, say) names that character.
            while byteColumn > 1, byteColumn - 1 < length, utf8[start + byteColumn - 1] & 0xC0 == 0x80 { byteColumn -= 1; bytesRead += 1 }
            let target = start + min(length, max(0, byteColumn - 1))
            let scalars: Int
            if scalarCheckpoints.isEmpty || target - start <= Self.scalarCheckpointStride {
                scalars = Self.scalarCount(UnsafeBufferPointer(rebasing: utf8[start..<target]))
                bytesRead += target - start
            } else {
                // Scalars before `target` minus scalars before `start`, each from its checkpoint.
                let (a, b) = (scalarsBefore(target, utf8), scalarsBefore(start, utf8))
                scalars = a.scalars - b.scalars
                bytesRead += a.bytesRead + b.bytesRead
            }
            let overshoot = max(0, byteColumn - 1 - length)
            return (scalars + overshoot + 1, bytesRead)
        }
        let (column, bytesRead) = result ?? (position.column, 0)
        return (SourceLocation(path: path, line: position.line, column: column), bytesRead)
    }

    /// Scalars before byte `offset`, counted from the checkpoint at or below it.
    private func scalarsBefore(_ offset: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> (scalars: Int, bytesRead: Int) {
        let k = min(offset / Self.scalarCheckpointStride, scalarCheckpoints.count - 1)
        let from = k * Self.scalarCheckpointStride
        return (Int(scalarCheckpoints[k]) + Self.scalarCount(UnsafeBufferPointer(rebasing: utf8[from..<offset])), offset - from)
    }

    /// The location of a 1-based line's first column.
    public func location(line: Int) -> SourceLocation {
        SourceLocation(path: path, line: line, column: 1)
    }
}
