import Foundation

/// The names in a folder, read with `readdir`.
///
/// FileManager's `contentsOfDirectory` made an NSString of every name on Linux, and a build lists a
/// thousand lesson folders and the site's three thousand.
package enum Folder {
    /// The names in the folder at `path` (never `.` or `..`), in no particular order; `nil` when it cannot be opened.
    package static func names(atPath path: String) -> [String]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        return names(in: folder)
    }

    /// The names in an open folder (never `.` or `..`), in no particular order.
    package static func names(in folder: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
