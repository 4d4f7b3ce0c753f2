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
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let complete = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        close(fd)
        if !complete || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
