import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` attributes under which a child starts with every signal at its default action and none blocked.
///
/// A signal ignored in the parent stays ignored across `exec`, and a blocked one stays blocked: the child owes
/// nothing to the signal handling of tutorbuild (or of a test runner).
package enum SpawnAttributes {
    /// glibc's `POSIX_SPAWN_SETSID` (`<spawn.h>` declares it only with `_GNU_SOURCE`): the child starts a new session.
    package static let newSession: Int32 = 0x80

    /// Calls `body` with such attributes, `flags` (`POSIX_SPAWN_…`) set as well, for `posix_spawn`.
    package static func withDefaultSignals<R>(flags: Int32 = 0, _ body: (inout posix_spawnattr_t) throws -> R) rethrows -> R {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(flags | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return try body(&attributes)
    }
}
