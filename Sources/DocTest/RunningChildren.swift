import Foundation
import LessonModel
import TutorbuildSupport

#if canImport(Glibc)
import Glibc
#endif

/// The process groups and temporary folders of the runner's children, so an interrupted run leaves none behind.
///
/// `tutorbuild test` and `build` call `terminateAll()` when they get SIGINT, SIGTERM or SIGHUP. A runner killed
/// with SIGKILL cannot clean up: its children die with it (`--die-with-parent` in the sandbox, the parent-death
/// signal outside it), and the next run removes folders whose owner is gone (`removeStaleFolders()`).
public enum RunningChildren {
    private static let state = Locked((groups: Set<pid_t>(), folders: Set<String>(), tokens: Set<String>(), terminating: false))

    /// Name prefix of the runner's temporary folders: `tutorbuild-doctest-<owner pid>-<uuid>`.
    static let folderPrefix = "tutorbuild-doctest-"

    /// A new temporary folder owned by this process, removed by `terminateAll()` if the run is interrupted.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // A worker woken by its child's death may get here after `terminateAll()` has swept the folders
        // and before the process exits: its folder must not outlive the run either.
        let terminating = state.mutate { state -> Bool in
            if !state.terminating { state.folders.insert(path) }
            return state.terminating
        }
        if terminating {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.userCancelled)
        }
        return path
    }

    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
        state.mutate { _ = $0.folders.remove(path) }
    }

    static func started(group: pid_t, token: String) {
        state.mutate {
            $0.groups.insert(group)
            $0.tokens.insert(token)
        }
    }

    static func ended(group: pid_t, token: String) {
        state.mutate {
            $0.groups.remove(group)
            $0.tokens.remove(token)
        }
    }

    /// Kills every running child (its whole group, and any process carrying its token) and removes every folder.
    public static func terminateAll() {
        let (groups, folders, tokens) = state.mutate { state in
            state.terminating = true
            return (state.groups, state.folders, state.tokens)
        }
        for group in groups { kill(-group, SIGKILL) }
        for token in tokens { ContainedProcess.sweep(token) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// Removes temporary folders left by runs that were killed (their owner process no longer exists).
    static func removeStaleFolders() {
        let temporary = FileManager.default.temporaryDirectory.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: temporary) else { return }
        for name in names where name.hasPrefix(folderPrefix) {
            let owner = name.dropFirst(folderPrefix.count).prefix { $0 != "-" }
            guard let pid = pid_t(owner), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: temporary + "/" + name)
        }
    }
}
