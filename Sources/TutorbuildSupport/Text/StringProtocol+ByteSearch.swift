import Foundation

extension StringProtocol {
    /// Byte-wise substring test, much cheaper than Foundation's locale-aware `contains`.
    package func containsBytes(_ needle: StaticString) -> Bool {
        firstByteOffset(of: needle) != nil
    }

    /// Where `needle` first occurs in the UTF-8 at or after byte `start`, as a byte offset.
    ///
    /// Foundation's `range(of:)` goes through NSString, and the standard library's generic `firstRange(of:)`
    /// instantiates its searcher on every call; renderers search every line of every page.
    package func firstByteOffset(of needle: StaticString, from start: Int = 0) -> Int? {
        // The String's own storage where it has one: copying a whole page's text to search it is slow.
        if let found = utf8.withContiguousStorageIfAvailable({ Self.find(needle, in: $0, from: start) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { Self.find(needle, in: $0, from: start) }
    }

    private static func find(_ needle: StaticString, in hay: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = UnsafeRawPointer(needle.utf8Start), count = needle.utf8CodeUnitCount
        guard start >= 0, start <= hay.count else { return nil }
        guard count > 0 else { return start }
        guard hay.count - start >= count, let base = hay.baseAddress else { return nil }
        let first = Int32(n.load(as: UInt8.self))
        let candidates = hay.count - count + 1
        var i = start
        // memchr jumps to each copy of the first byte: a byte-by-byte loop was most of the cost of looking at every paragraph.
        while i < candidates, let found = memchr(base + i, first, candidates - i) {
            i = UnsafeRawPointer(base).distance(to: found)
            if memcmp(base + i, n, count) == 0 { return i }
            i += 1
        }
        return nil
    }
}
