#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bytes being written in many short pieces, each append a capacity check and a `memcpy`.
///
/// A page is written in many short pieces (tag names, `</`, `="`, escapes, runs of text), where an array's
/// append pays a uniqueness check and a generic copy each time (docs/site.md, "Why the code is shaped as
/// it is"). This buffer owns its memory and cannot be copied, so an append is only a capacity check and a copy.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 0) {
        self.capacity = max(capacity, 256)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, as an array of their own.
    var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let end = count + bytes.count
        if end > capacity { grow(toHold: end) }
        (base + count).update(from: source, count: bytes.count)
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
        let newCapacity = max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }
}
