import Foundation

/// Opens and reads only regular files, so a FIFO, socket or device put where a file is expected is
/// refused at once instead of blocking the build forever.
///
/// Files are opened with `O_NONBLOCK` (opening a FIFO for reading then returns at once, and a device
/// never waits for a carrier) and kept only when `fstat` says they are regular.
package enum RegularFile {
    /// A descriptor for reading `path`, or `nil` with `errno` set; a file that is not regular sets `EINVAL`.
    package static func openForReading(_ path: String) -> Int32? {
        guard let (fd, _) = open(path) else { return nil }
        // Reads of a regular file never wait anyway; cleared so the flag means nothing later.
        _ = fcntl(fd, F_SETFL, 0)
        return fd
    }

    /// A descriptor for reading `path` (still `O_NONBLOCK`) and its status, when it is a regular file.
    private static func open(_ path: String, followingLinks: Bool = true) -> (Int32, stat)? {
        let fd = Foundation.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            errno = EINVAL
            return nil
        }
        return (fd, info)
    }

    /// The whole file as `Data`, or `nil` when it is missing, unreadable or not a regular file
    /// (a never-blocking `FileManager.contents(atPath:)`).
    package static func contents(atPath path: String) -> Data? {
        withContents(of: path) { Data(buffer: $0) }
    }

    /// The whole regular file at `path` as bytes, copied once from the buffer it was read into (`Data` and
    /// then an array copied megabytes twice); `nil` when it cannot be read.
    package static func bytes(atPath path: String) -> [UInt8]? {
        withContents(of: path) { Array($0) }
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

    /// Calls `body` with the whole file (or its first `limit` bytes), read with plain system calls into one
    /// buffer sized by `fstat`; `nil` when it cannot be read, with `errno` saying why. Only regular files
    /// are read: anything else is `nil` at once, never a wait.
    ///
    /// FileManager's `contents(atPath:)` gives `Data` that then has to be copied into an array and again
    /// into a String; here a caller can validate a String straight from the buffer the file was read into.
    package static func withContents<R>(of path: String, limit: Int = .max, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        withContentsAndStatus(of: path, limit: limit) { bytes, _ in body(bytes) }
    }

    /// Reads the regular file at `path` a chunk at a time, never whole, calling `body` with each chunk in
    /// order; the number of bytes read, or `nil` with `errno` set when it cannot be opened or read, or holds
    /// more than `limit` bytes (`EFBIG`, found from `fstat` before anything is read, or when it grew).
    ///
    /// For pictures and other files copied into the site: their size is bounded, but memory should not be.
    /// Without `followingLinks`, a link at `path` is not opened (`ELOOP`): one put there after it was checked.
    package static func withChunks(
        of path: String, limit: Int = .max, followingLinks: Bool = true, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int? {
        guard let (fd, info) = open(path, followingLinks: followingLinks) else { return nil }
        defer { close(fd) }
        guard Int(info.st_size) <= limit else {
            errno = EFBIG
            return nil
        }
        // A small file is read in one chunk of its own size (and a spare byte for the read that returns 0).
        let chunk = min(1 << 20, max(0, Int(info.st_size)) + 1)
        guard let buffer = malloc(chunk) else { return nil }
        defer { free(buffer) }
        var total = 0
        while true {
            let n = Foundation.read(fd, buffer, chunk)
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return total }
            total += n
            guard total <= limit else {
                errno = EFBIG
                return nil
            }
            body(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: n))
        }
    }

    /// `withContents(of:limit:_:)`, with the file's status as it was opened.
    ///
    /// Three system calls for a whole file (open, `fstat`, read to the end) and `close`: a build reads
    /// thousands of small files (lessons, plans, converted pages), and each call counted.
    package static func withContentsAndStatus<R>(of path: String, limit: Int = .max, _ body: (UnsafeBufferPointer<UInt8>, stat) -> R) -> R? {
        guard let (fd, info) = open(path) else { return nil }
        defer { close(fd) }
        // One spare byte, so that a whole file ends with a read that returns 0 without growing the buffer.
        var capacity = min(max(0, Int(info.st_size)), limit) + 1
        guard var buffer = malloc(capacity) else { return nil }
        defer { free(buffer) }
        var count = 0
        while count < limit {
            if count == capacity {
                // The file grew since `fstat`: double the buffer.
                capacity *= 2
                guard let larger = realloc(buffer, capacity) else { return nil }
                buffer = larger
            }
            let n = Foundation.read(fd, buffer + count, min(capacity, limit) - count)
            if n < 0 {
                // Regular files never answer EAGAIN, so `O_NONBLOCK` is left as it is.
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { break }
            count += n
        }
        return body(UnsafeBufferPointer(start: buffer.assumingMemoryBound(to: UInt8.self), count: count), info)
    }
}
