import Foundation
import LessonModel

#if canImport(Glibc)
import Glibc
#endif

/// Refuses an output folder that would replace what the build reads or the user's own folders.
///
/// A build swaps its output folder whole, so `--output content` (or `.`, `..`, `content/<slug>`, `~`)
/// would replace the lessons with the site. Paths are compared after resolving symbolic links and `..`,
/// so another spelling of the same folder is caught too.
enum OutputFolderGuard {
    /// Why `output` cannot be used, naming both paths; `nil` when it is safe.
    static func problem(
        output: String, content: String, currentDirectory: String = FileManager.default.currentDirectoryPath,
        home: String? = ProcessInfo.processInfo.environment["HOME"]
    ) -> String? {
        let site = realPath(output, from: currentDirectory)
        let lessons = realPath(content, from: currentDirectory)
        let project = parent(of: lessons)
        let workspace = Workspace(contentPath: lessons).path
        let here = realPath(currentDirectory, from: "/")
        func named(_ what: String, _ path: String) -> String { "\(what) '\(path)'" }
        if site == lessons || isInside(site, lessons) {
            return "--output '\(output)' (\(site)) lies inside the \(named("content folder", lessons)); the site would replace lessons"
        }
        // What must not be the site or lie inside it: the lessons, the project, the cache, where the user is, home.
        var guarded: [(String, String)] = [
            ("content folder", lessons), ("project folder", project), ("cache folder", workspace),
            ("current folder", here),
        ]
        if let home, !home.isEmpty { guarded.append(("home folder", realPath(home, from: "/"))) }
        for (what, path) in guarded where site == path || isInside(path, site) {
            let relation = site == path ? "is" : "contains"
            return "--output '\(output)' (\(site)) \(relation) the \(named(what, path)); building would replace it with the site"
        }
        if isInside(site, workspace) {
            return "--output '\(output)' (\(site)) lies inside the \(named("cache folder", workspace))"
        }
        return nil
    }

    /// Whether `path` lies strictly below `folder` (both absolute and resolved).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    private static func parent(of path: String) -> String {
        let up = (path as NSString).deletingLastPathComponent
        return up.isEmpty ? "/" : up
    }

    /// `path` made absolute, with `.`, `..` and every symbolic link of its existing part resolved; the part
    /// that does not exist yet is appended as written (it cannot be a link).
    static func realPath(_ path: String, from base: String) -> String {
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        var resolved = "/"
        for component in absolute.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": resolved = parent(of: resolved)
            default:
                let next = resolved == "/" ? "/" + component : resolved + "/" + component
                // realpath follows every link in `next`, whose parent is already resolved.
                if let real = realpath(next, nil) {
                    resolved = String(cString: real)
                    free(real)
                } else {
                    resolved = next
                }
            }
        }
        return resolved
    }
}
