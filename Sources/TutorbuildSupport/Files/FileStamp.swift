import Foundation

/// A file's identity without its bytes (size, modification time, inode), for caches that must notice a
/// file written, replaced or touched since they were made.
package enum FileStamp {
    /// `info`'s size, modification time to the nanosecond and inode.
    package static func describe(_ info: stat) -> String {
        "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }

    /// The stamp of the file at `path` (links followed), or `nil` when there is none.
    package static func of(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return describe(info)
    }
}
