internal import Cnettle
import TutorbuildSupport

/// SHA-256 from Nettle (the only file that imports it), where a hash names what others may supply:
/// a doc-test program's cached outcome answers for any program with its key, and caches travel between
/// machines and branches, so a collision must be out of reach of anyone who writes a snippet.
package struct SHA256: Sendable {
    private var context = sha256_ctx()

    package init() {
        nettle_sha256_init(&context)
    }

    package mutating func update<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
        if bytes.withContiguousStorageIfAvailable({ update(contiguous: $0) }) != nil { return }
        Array(bytes).withUnsafeBufferPointer { update(contiguous: $0) }
    }

    private mutating func update(contiguous bytes: UnsafeBufferPointer<UInt8>) {
        nettle_sha256_update(&context, bytes.count, bytes.baseAddress)
    }

    /// Adds a string's UTF-8 and then a zero byte, so ("ab", "c") and ("a", "bc") hash differently.
    package mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { update(contiguous: $0) }
        var separator: UInt8 = 0
        withUnsafePointer(to: &separator) { nettle_sha256_update(&context, 1, $0) }
    }

    /// The digest as 64 lowercase hex digits.
    package mutating func finalize() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        digest.withUnsafeMutableBufferPointer { nettle_sha256_digest(&context, 32, $0.baseAddress) }
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest { Hex.append(UInt64(byte), digits: 2, to: &hex) }
        return String(decoding: hex, as: UTF8.self)
    }

    /// The digest of `string`'s UTF-8 (no separator), as 64 hex digits.
    package static func hex(_ string: String) -> String {
        var hasher = SHA256()
        hasher.update(string.utf8)
        return hasher.finalize()
    }
}
