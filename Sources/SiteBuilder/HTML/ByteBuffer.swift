#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes being written in many short pieces, each append a capacity check and a `memcpy`.
///
/// A page is written in about seventy pieces per kilobyte: tag names, `</`, `="`, escapes, runs of
/// text. `[UInt8].append(contentsOf:)` costs about ninety instructions per call whatever the length
/// (uniqueness, capacity, the generic copy path), which made it 5% of a whole build. The storage here
/// is kept at its full length, zero-filled past `count`, so an append only copies into it.
struct ByteBuffer {
    /// Bytes before `count` are written; the rest is room to grow into.
    private var storage: [UInt8]
    private(set) var count = 0

    init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(capacity, 256))
    }

    /// The bytes written, as an array of their own.
    var bytes: [UInt8] { Array(storage[..<count]) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == storage.count { grow(toHold: count + 1) }
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let end = count + bytes.count
        if end > storage.count { grow(toHold: end) }
        let start = count
        storage.withUnsafeMutableBufferPointer { _ = memcpy($0.baseAddress! + start, source, bytes.count) }
        count = end
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(contentsOf other: [UInt8]) {
        other.withUnsafeBufferPointer { append($0) }
    }

    /// At least doubles the room, so a page of n bytes is copied O(log n) times as it grows.
    private mutating func grow(toHold needed: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count * 2) - storage.count))
    }
}
