import Foundation

/// Writes cache entries so that a reader running at the same time never sees half of one.
package enum CacheFile {
    /// Writes `bytes` to a temporary file beside `path` and renames it into place, creating the folder.
    ///
    /// Not synced to disk (Foundation's atomic write is, once per file): a lost entry only costs the work
    /// of making it again. Failures are not reported for the same reason.
    package static func write(_ bytes: some ContiguousBytes, to path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".\(UUID().uuidString).tmp"
        let complete = bytes.withUnsafeBytes { UnsyncedFile.write($0, to: temporary, exclusive: true) } == nil
        if !complete || rename(temporary, path) != 0 { unlink(temporary) }
    }

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
