import Foundation
import TutorbuildSupport

/// A depth-first walk of a folder in name order, reporting each entry's `lstat`.
enum FileTree {
    /// `transform` of every entry under `root` (its path relative to `root` and its `lstat`), in walk order:
    /// a folder, then what it holds, names in byte order; `nil` when `root` is not a folder (a link to one is
    /// not followed), an entry cannot be read, or `transform` returns `nil`.
    ///
    /// Each top-level entry's subtree is walked on a core of its own: a build walks the content folder and
    /// the site (6,000 entries) on every run, and a one-lesson rebuild waited for those walks on one core.
    static func map<T>(_ root: String, _ transform: @Sendable (String, stat) -> T?) -> [T]? {
        // Entries are looked up relative to their folder's descriptor (`fstatat`, `openat`): by full path,
        // the kernel walked every folder of the path again for each of the site's 6,000 entries.
        let fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let folder = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return nil
        }
        defer { closedir(folder) }
        let rootFD = dirfd(folder)
        let top = names(in: folder)
        let subtrees = top.parallelMap { name -> [T]? in
            var results: [T] = []
            let complete = visit(name, in: rootFD, relative: name) { relative, info in
                guard let result = transform(relative, info) else { return false }
                results.append(result)
                return true
            }
            return complete ? results : nil
        }
        var all: [T] = []
        for subtree in subtrees {
            guard let subtree else { return nil }
            all += subtree
        }
        return all
    }

    /// Visits the entry `name` of the folder open as `parent` and, for a folder, everything under it; false
    /// as soon as one cannot be read or `body` returns false.
    private static func visit(_ name: String, in parent: Int32, relative: String, _ body: (String, stat) -> Bool) -> Bool {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, body(relative, info) else { return false }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return true }
        let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let folder = fdopendir(fd) else {
            if fd >= 0 { close(fd) }
            return false
        }
        defer { closedir(folder) }
        let descriptor = dirfd(folder)
        for child in names(in: folder) where !visit(child, in: descriptor, relative: relative + "/" + child, body) { return false }
        return true
    }

    /// The names in an open folder, sorted.
    private static func names(in folder: OpaquePointer) -> [String] {
        Folder.names(in: folder).sorted()
    }
}
