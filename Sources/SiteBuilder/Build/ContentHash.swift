import TutorbuildSupport
import XXHash

/// A 64-bit hash (`XXH3`) of strings added one after another, stable across runs and machines.
///
/// The strings are gathered into one buffer and hashed at the end, which keeps xxHash's state out of Swift.
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
        bytes.withUnsafeBytes { XXH3.hex64($0) }
    }

    /// The hash of a file's bytes as 16 hex digits (what the manifest remembers of every file).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        XXH3.hex64(UnsafeRawBufferPointer(bytes))
    }

    /// The hash of the regular file at `path` as 16 hex digits, as `of(_:)` gives for its bytes, and its size;
    /// read a chunk at a time (`RegularFile.withChunks`), never whole. `nil` when it cannot be read or holds
    /// more than `limit` bytes (`errno` is then `EFBIG`).
    static func of(fileAtPath path: String, limit: Int, followingLinks: Bool = true) -> (hex: String, size: Int)? {
        guard let (hex, size) = XXH3.hex64(chunks: { add in RegularFile.withChunks(of: path, limit: limit, followingLinks: followingLinks, add) })
        else { return nil }
        return (hex, size)
    }

    /// The hash of a text's UTF-8 as 16 hex digits, as `of(_:)` gives for its bytes.
    static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8 { of($0) }
    }
}
