import Foundation

/// The tutorbuild program that is running, as a cache key: a new build of it may check, convert, plan or
/// render differently, so whatever it remembers is keyed by the program file too.
package enum RunningProgram {
    /// The program file's size, modification time and inode (`/proc/self/exe`).
    package static let fingerprint: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "program unknown" }
        return "program \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_ino)"
    }()
}
