/// 64-bit FNV-1a: stable across runs and machines, unlike Swift's seeded `Hasher`, and cheap for content hashes.
package struct FNV1a: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// A space owed before the next byte by `addFolded`.
    private var pendingSpace = false

    package init() {}

    package mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01b3
    }

    /// Adds bytes as they are (no separator), in a loop compiled here rather than a call per byte.
    package mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Adds a string's UTF-8 and then a separator byte, so ("ab", "c") and ("a", "bc") hash differently.
    package mutating func add(_ string: String) {
        var string = string
        // Over the contiguous bytes: iterating `utf8` costs several times more, and whole lesson files pass through here.
        string.withUTF8 { bytes in
            for byte in bytes { add(byte) }
        }
        add(0xFF)
    }

    /// Adds bytes with runs of whitespace (line ends included) folded to one space.
    package mutating func addFolded<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        for byte in bytes {
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A {
                pendingSpace = true
            } else {
                if pendingSpace { add(0x20) }
                pendingSpace = false
                add(byte)
            }
        }
        pendingSpace = true
    }

    /// The full 64-bit hash as 16 hex digits.
    package var hex: String {
        Hex.string(state)
    }

    /// The hash folded to 32 bits, as 8 hex digits: short enough to write into front matter.
    package var shortHex: String {
        Hex.string(UInt64(UInt32(truncatingIfNeeded: state ^ (state >> 32))), digits: 8)
    }
}
