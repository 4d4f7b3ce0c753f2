internal import Cxxhash
import TutorbuildSupport

/// xxHash's XXH3, the one content hash (and the only file that imports xxHash): telling whether bytes
/// changed, at memory speed, where a collision is out of reach but no adversary is (unlike `SHA256`, which
/// names what others may supply).
package enum XXH3 {
    /// The 64-bit hash of `bytes`, as 16 hex digits.
    package static func hex64(_ bytes: UnsafeRawBufferPointer) -> String {
        Hex.string(XXH3_64bits(bytes.baseAddress, bytes.count))
    }

    /// The 64-bit hash of the bytes `chunks` feeds to the function it is given, a chunk at a time, as 16 hex
    /// digits, with what `chunks` returned; `nil` when it returned `nil`.
    package static func hex64<Result>(chunks: (_ add: (UnsafeBufferPointer<UInt8>) -> Void) -> Result?) -> (hex: String, result: Result)? {
        guard let state = XXH3_createState() else { return nil }
        defer { XXH3_freeState(state) }
        XXH3_64bits_reset(state)
        guard let result = chunks({ _ = XXH3_64bits_update(state, $0.baseAddress, $0.count) }) else { return nil }
        return (Hex.string(XXH3_64bits_digest(state)), result)
    }

    /// The 128-bit hash of `text`'s UTF-8, as 32 hex digits.
    package static func hex128(_ text: String) -> String {
        var text = text
        let hash = text.withUTF8 { XXH3_128bits($0.baseAddress, $0.count) }
        return Hex.string(hash.high64) + Hex.string(hash.low64)
    }
}
