import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Whether `condition` holds within `seconds` of the wall clock, looking again every 20 ms: for what another process,
/// thread or server does in its own time, which a test can only watch for.
public func eventually(within seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() >= deadline { return false }
        // The one pause between looks in the test suites: the other side gives no event to wait on.
        usleep(20_000)
    }
    return true
}
