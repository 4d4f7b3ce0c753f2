import Foundation

/// Writes a whole file with plain POSIX calls and no `fsync`.
///
/// Foundation's writes sync every file, and on ext4 one sync waits for every page written before it. The
/// callers make whole files visible by renaming them into place, which is what they promise; not durability.
package enum UnsyncedFile {
    /// Writes `bytes` to the file at `path`, created (or, unless `exclusive`, emptied); the `errno` of a failure.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String, exclusive: Bool) -> Int32? {
        let fd = open(path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC) | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        return write(bytes, to: fd)
    }

    /// Writes all of `bytes` to the open file `fd`; the `errno` of a failure.
    package static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return nil
    }
}
