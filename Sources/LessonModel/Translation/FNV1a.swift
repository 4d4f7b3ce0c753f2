import TutorbuildSupport

/// 64-bit FNV-1a, the hash of translation fingerprints: the values lessons record in `translated-from:`
/// are its, so it stays while they do (stable across runs and machines, unlike Swift's seeded `Hasher`).
struct FNV1a: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325
    /// A space owed before the next byte by `addFolded`.
    private var pendingSpace = false

    mutating func add(_ byte: UInt8) {
        state ^= UInt64(byte)
        state = state &* 0x0000_0100_0000_01b3
    }

    /// Adds bytes with runs of whitespace (line ends included) folded to one space.
    mutating func addFolded<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
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

    /// The hash folded to 32 bits, as 8 hex digits: short enough to write into front matter.
    var shortHex: String {
        Hex.string(UInt64(UInt32(truncatingIfNeeded: state ^ (state >> 32))), digits: 8)
    }
}
