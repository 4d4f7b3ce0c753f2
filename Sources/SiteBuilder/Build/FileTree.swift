import Foundation

/// A depth-first walk of a folder in name order, reporting each entry's `lstat`.
enum FileTree {
    /// Calls `visit` with each entry's path relative to `root` and its `lstat`; stops when `visit` returns
    /// false or an entry cannot be read, returning whether the whole tree was visited.
    static func walk(_ root: String, _ visit: (String, stat) -> Bool) -> Bool {
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
        return walkFolder(root, relative: "", visit)
    }

    private static func walkFolder(_ path: String, relative: String, _ visit: (String, stat) -> Bool) -> Bool {
        guard let folder = opendir(path) else { return false }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(folder)
        for name in names.sorted() {
            let childPath = path + "/" + name
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(childPath, &info) == 0, visit(childRelative, info) else { return false }
            if (info.st_mode & S_IFMT) == S_IFDIR, !walkFolder(childPath, relative: childRelative, visit) { return false }
        }
        return true
    }
}
