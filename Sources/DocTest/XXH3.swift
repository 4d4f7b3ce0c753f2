internal import Cxxhash

/// XXH3's 128-bit hash: telling whether bytes changed, at memory speed, where a collision is out of reach
/// but no adversary is (unlike `SHA256`, which names what others may supply).
enum XXH3 {
    /// The 128-bit hash of `text`'s UTF-8, as 32 hex digits.
    static func hex128(_ text: String) -> String {
        var text = text
        let hash = text.withUTF8 { XXH3_128bits($0.baseAddress, $0.count) }
        return hex(hash.high64) + hex(hash.low64)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
