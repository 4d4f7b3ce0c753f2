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
}
