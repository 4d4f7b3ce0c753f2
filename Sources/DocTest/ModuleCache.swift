import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The compiler's cache of the Clang modules it builds from the system's headers (Glibc, Foundation's C parts).
///
/// Every lesson program imports them. Inside the sandbox the compiler's default cache (`~/.cache/clang`) is read-only,
/// so without a cache of our own each program rebuilt them: about 3.5 s of a 4.5 s compile on a fresh machine.
/// The folder is the user's own, bound writable into the compiler's sandbox only, never into a lesson program's.
enum ModuleCache {
    /// `explicit` if given, else `$TUTORBUILD_MODULE_CACHE`, else `tutorbuild/module-cache` in the user's cache folder
    /// (`$XDG_CACHE_HOME` or `~/.cache`), else one in the temporary folder; created if missing. `nil` when none is a
    /// folder of this user's that no one else can write, and the compiler keeps its default.
    static func directory(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit { return usable(explicit) }
        if let configured = environment["TUTORBUILD_MODULE_CACHE"], !configured.isEmpty { return usable(configured) }
        return userFolder("module-cache", environment: environment)
    }

    /// `tutorbuild/<name>` in the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`), else `tutorbuild-<name>-<uid>`
    /// in the temporary folder; created if missing, `nil` when none is usable.
    static func userFolder(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { candidates.append(cache + "/tutorbuild/" + name) }
        if let home = environment["HOME"], home.hasPrefix("/") { candidates.append(home + "/.cache/tutorbuild/" + name) }
        candidates.append(FileManager.default.temporaryDirectory.path + "/tutorbuild-\(name)-\(getuid())")
        return candidates.lazy.compactMap { usable($0) }.first
    }

    /// `path`, created (0700) if missing, when it is a real folder owned by this user and writable by no one else.
    static func usable(_ path: String) -> String? {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
              info.st_mode & (S_IWGRP | S_IWOTH) == 0 else { return nil }
        return path
    }
}
