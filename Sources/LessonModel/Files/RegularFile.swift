import Foundation

/// Opens and reads only regular files, so a FIFO, socket or device put where a file is expected is
/// refused at once instead of blocking the build forever.
///
/// Files are opened with `O_NONBLOCK` (opening a FIFO for reading then returns at once, and a device
/// never waits for a carrier) and kept only when `fstat` says they are regular.
package enum RegularFile {
    /// A descriptor for reading `path`, or `nil` with `errno` set; a file that is not regular sets `EINVAL`.
    package static func openForReading(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            errno = EINVAL
            return nil
        }
        // Reads of a regular file never wait anyway; cleared so the flag means nothing later.
        _ = fcntl(fd, F_SETFL, 0)
        return fd
    }

    /// The whole file as `Data`, or `nil` when it is missing, unreadable or not a regular file
    /// (a never-blocking `FileManager.contents(atPath:)`).
    package static func contents(atPath path: String) -> Data? {
        TextFile.withContents(of: path) { Data(buffer: $0) }
    }

    /// The message for a content file that is `kind` (see `specialKind(atPath:)`) instead of a regular file.
    package static func message(kind: String) -> String {
        "file is \(kind), not a regular file; tutorbuild reads only regular files (reading it could wait forever)"
    }

    /// What `path` is (following links) when it exists but is neither a regular file nor a folder:
    /// "a FIFO", "a socket", "a character device" or "a block device"; `nil` otherwise.
    package static func specialKind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return nil
        }
    }
}
