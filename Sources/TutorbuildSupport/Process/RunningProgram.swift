import Foundation

/// The tutorbuild program that is running, as a cache key: a new build of it may check, convert, plan or
/// render differently, so whatever it remembers is keyed by the program file too.
package enum RunningProgram {
    /// The program file's size, modification time and inode (`/proc/self/exe`).
    package static let fingerprint = "program " + (FileStamp.of("/proc/self/exe") ?? "unknown")
}
