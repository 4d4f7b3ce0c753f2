internal import Cxxhash
import TutorbuildSupport

/// A 64-bit hash (xxHash's XXH3) of strings added one after another, stable across runs and machines.
///
/// XXH3 reads many bytes per step, where FNV-1a multiplies once per byte, and every lesson's whole text is
/// hashed on every build. The strings are gathered into one buffer and hashed at the end, which keeps
/// xxHash's state out of Swift.
struct ContentHash {
    private var bytes: [UInt8] = []

    /// Adds a string's UTF-8 and then a separator byte, so ("ab", "c") and ("a", "bc") hash differently.
    mutating func add(_ string: String) {
        bytes.append(contentsOf: string.utf8)
        // 0xFF never occurs in UTF-8.
        bytes.append(0xFF)
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let value = bytes.withUnsafeBytes { XXH3_64bits($0.baseAddress, $0.count) }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of a file's bytes as 16 hex digits (what the manifest remembers of every file).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let value = XXH3_64bits(bytes.baseAddress, bytes.count)
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of the regular file at `path` as 16 hex digits, as `of(_:)` gives for its bytes, and its size;
    /// read a chunk at a time (`RegularFile.withChunks`), never whole. `nil` when it cannot be read or holds
    /// more than `limit` bytes (`errno` is then `EFBIG`).
    static func of(fileAtPath path: String, limit: Int, followingLinks: Bool = true) -> (hex: String, size: Int)? {
        guard let state = XXH3_createState() else { return nil }
        defer { XXH3_freeState(state) }
        XXH3_64bits_reset(state)
        guard let size = RegularFile.withChunks(of: path, limit: limit, followingLinks: followingLinks, { _ = XXH3_64bits_update(state, $0.baseAddress, $0.count) }) else {
            return nil
        }
        let digits = String(XXH3_64bits_digest(state), radix: 16)
        return (String(repeating: "0", count: 16 - digits.count) + digits, size)
    }

    /// The hash of a text's UTF-8 as 16 hex digits, as `of(_:)` gives for its bytes.
    static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8 { of($0) }
    }
}
