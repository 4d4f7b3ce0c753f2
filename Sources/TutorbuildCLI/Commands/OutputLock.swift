import Foundation
import LessonModel
import TutorbuildSupport

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock beside the output folder, so two builds never write the same site at once.
///
/// It is an `flock` on `<output>.lock`: the kernel drops it when the process ends, even by `kill -9`,
/// so a crashed build never leaves a stale lock behind.
final class OutputLock {
    private let descriptor: Int32
    let path: String

    /// Why the lock could not be taken.
    enum Failure: Error, Equatable {
        /// Another process holds it.
        case held
        /// The lock file cannot be made or opened (a read-only parent, a file where a folder should be).
        case unavailable(path: String, reason: String)
    }

    /// Takes the lock; throws `Failure.held` when another process holds it, `.unavailable` when the
    /// lock file cannot be made at all.
    init(outputPath: String) throws(Failure) {
        let trimmed = outputPath.hasSuffix("/") ? String(outputPath.dropLast()) : outputPath
        path = trimmed + ".lock"
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        descriptor = open(path, O_RDWR | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unavailable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { throw .held }
            throw .unavailable(path: path, reason: String(cString: strerror(failure)))
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    /// The process id written by whoever holds the lock, for the message.
    static func holder(of outputPath: String) -> String? {
        let trimmed = outputPath.hasSuffix("/") ? String(outputPath.dropLast()) : outputPath
        return RegularFile.contents(atPath: trimmed + ".lock").map { String(decoding: $0, as: UTF8.self) }?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
