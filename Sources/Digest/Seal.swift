import Foundation
import TutorbuildSupport

/// The seal of cache entries and `results.json`: a first line naming the entry and the SHA-256 of the rest.
///
/// It finds damage, not forgery (docs/security.md); it is SHA-256 so that entries and results written by
/// earlier versions keep reading (docs/doctest.md, "Cache").
extension CacheFile {
    /// `body` after a first line naming what it is (`label`: a format and the key of its inputs) and the
    /// SHA-256 of `body`, so a reader can tell a whole, expected entry from a damaged or swapped one.
    package static func seal(_ body: Data, label: String) -> Data {
        var hasher = SHA256()
        hasher.update(body)
        return Data("\(label) \(hasher.finalize())\n".utf8) + body
    }

    /// The body of a sealed entry, or `nil` when its first line is not `label` with the SHA-256 of the rest
    /// (cut short, edited, an older format, or an entry of other inputs).
    package static func unseal(_ stored: Data, label: String) -> Data? {
        let prefix = Data("\(label) ".utf8)
        // The label, 64 hex digits and a line end.
        guard stored.count >= prefix.count + 65, stored.starts(with: prefix),
              let lineEnd = stored.firstIndex(of: 0x0A), lineEnd == stored.startIndex + prefix.count + 64
        else { return nil }
        let body = stored[(lineEnd + 1)...]
        var hasher = SHA256()
        hasher.update(body)
        guard hasher.finalize().utf8.elementsEqual(stored[(stored.startIndex + prefix.count)..<lineEnd]) else { return nil }
        return Data(body)
    }
}
