import Foundation
import TutorbuildSupport

/// A depth-first walk of a folder in name order, reporting each entry's `lstat`.
enum FileTree {
    /// `transform` of every entry under `root` (its path relative to `root` and its `lstat`), in walk order:
    /// a folder, then what it holds, names in byte order; `nil` when `root` is not a folder, an entry cannot
    /// be read, or `transform` returns `nil`.
    ///
    /// Each top-level entry's subtree is walked on a core of its own: a build walks the content folder and
    /// the site (6,000 entries) on every run, and a one-lesson rebuild waited for those walks on one core.
    static func map<T>(_ root: String, _ transform: @Sendable (String, stat) -> T?) -> [T]? {
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, let top = names(in: root) else { return nil }
        let subtrees = top.parallelMap { name -> [T]? in
            var results: [T] = []
            let complete = visit(root + "/" + name, relative: name) { relative, info in
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

    /// Visits the entry at `path` and, for a folder, everything under it; false as soon as one cannot be read
    /// or `body` returns false.
    private static func visit(_ path: String, relative: String, _ body: (String, stat) -> Bool) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, body(relative, info) else { return false }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return true }
        guard let children = names(in: path) else { return false }
        for name in children where !visit(path + "/" + name, relative: relative + "/" + name, body) { return false }
        return true
    }

    /// The names in a folder, sorted, or `nil` when it cannot be opened.
    private static func names(in path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(folder)
        return names.sorted()
    }
}
