import Foundation

/// Removes a cache folder's entries that no run has used for a while: readers touch an entry when they use it
/// (`touch(_:)`), and `pruneIfDue` deletes the matching files whose time is older than the limit.
///
/// At most once a day per folder (a stamp file): looking at every entry on every run cost a fully cached run
/// more than reading the entries it uses.
package enum UnusedEntries {
    /// Marks `file` as used now, when it was last marked over a day ago (a write on every read of an entry
    /// shared by many runs is not needed for a limit counted in days); a file that is missing is left missing.
    package static func touch(_ file: String) {
        var info = stat()
        guard stat(file, &info) == 0 else { return }
        touch(file, status: info)
    }

    /// `touch(_:)` for a file whose status the reader already has (from reading it).
    package static func touch(_ file: String, status: stat) {
        if Date().timeIntervalSince1970 - Double(status.st_mtim.tv_sec) > 86_400 { utime(file, nil) }
    }

    /// Deletes the files under `directory` (subfolders included) for which `isEntry` holds, given the path relative
    /// to `directory`, and that were neither written nor touched in the last `days` days; nothing when `stamp`
    /// (a file in `directory`) was written less than a day ago.
    package static func pruneIfDue(directory: String, stamp: String, days: Double = 30, now: Date = Date(), isEntry: (String) -> Bool) {
        let stampPath = directory + "/" + stamp
        if let last = (try? FileManager.default.attributesOfItem(atPath: stampPath))?[.modificationDate] as? Date,
           now.timeIntervalSince(last) < 86_400, last <= now {
            return
        }
        CacheFile.write(Data(), to: stampPath)
        let limit = now.addingTimeInterval(-days * 86_400)
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return }
        for case let name as String in enumerator where isEntry(name) {
            let file = directory + "/" + name
            var info = stat()
            // Regular files only, never through a link.
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if Double(info.st_mtim.tv_sec) < limit.timeIntervalSince1970 { unlink(file) }
        }
    }
}
