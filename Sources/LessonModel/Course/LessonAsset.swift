import Diagnostics
import Foundation

/// What a picture or other file beside a lesson must be for the build to copy it into the site: a regular
/// file, not a symbolic link (one may lead anywhere, `/etc/passwd` included), of at most `maximumSize` bytes.
public enum LessonAsset {
    /// The largest file beside a lesson that is copied (docs/security.md).
    public static let maximumSize = 16 * 1024 * 1024

    /// Why an entry cannot be copied: a diagnostic id, and what is wrong with it after its name.
    public struct Problem: Sendable, Equatable {
        public var id: Diagnostic.ID
        /// The entry's name in quotes, then `reason`.
        public var message: String
        /// "is a symbolic link; …", "is over the 16 MB limit …".
        public var reason: String
    }

    /// What is wrong with the entry at `path` itself (not followed if it is a link), or `nil`; FIFOs, sockets
    /// and devices are `CourseLoader.reportSpecialFile`'s.
    public static func problem(atPath path: String) -> Problem? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return problem(path, info)
    }

    /// What is wrong with `relative` below `folder`, the entry or any folder on the way to it, or `nil`
    /// (also when it does not exist).
    public static func problem(_ relative: String, below folder: String) -> Problem? {
        var path = folder
        for component in relative.split(separator: "/") where component != "." {
            path += "/" + component
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            if let problem = problem(path, info) { return problem }
        }
        return nil
    }

    private static func problem(_ path: String, _ info: stat) -> Problem? {
        switch info.st_mode & S_IFMT {
        case S_IFLNK:
            return Problem(id: .courseFileLink, path, "is a symbolic link; pictures and other files beside a lesson must be regular files (links are not copied into the site)")
        case S_IFREG where Int(info.st_size) > maximumSize:
            return Problem(id: .courseFileTooLarge, path, "is over the \(maximumSize / 1_048_576) MB limit for a picture or other file beside a lesson")
        default:
            return nil
        }
    }
}

extension LessonAsset.Problem {
    init(id: Diagnostic.ID, _ path: String, _ reason: String) {
        self.init(id: id, message: "'\((path as NSString).lastPathComponent)' " + reason, reason: reason)
    }
}
