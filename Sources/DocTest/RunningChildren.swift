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
    private static let state = Locked((groups: Set<pid_t>(), tokens: Set<String>(), terminating: false))

    /// Name prefix of the runner's temporary folders: `tutorbuild-doctest-<owner pid>-<uuid>`.
    static let folderPrefix = "tutorbuild-doctest-"

    /// A new temporary folder owned by this process, removed by `terminateAll()` if the run is interrupted.
    static func makeFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(folderPrefix)\(getpid())-\(UUID().uuidString)").path
        // Made under the lock `terminateAll()` takes first: a worker woken by its killed child may get here
        // while the process is being interrupted, and its folder must not outlive the run.
        try state.mutate { state in
            if state.terminating { throw CocoaError(.userCancelled) }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        return path
    }

    static func removeFolder(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Records a child that has just started; false, with the child killed, once the run is being
    /// interrupted (a worker whose child the interruption killed may start another, e.g. a backtrace's compile).
    static func started(group: pid_t, token: String) -> Bool {
        let accepted = state.mutate { state -> Bool in
            guard !state.terminating else { return false }
            state.groups.insert(group)
            state.tokens.insert(token)
            return true
        }
        if !accepted {
            kill(-group, SIGKILL)
            ContainedProcess.sweep(token)
        }
        return accepted
    }

    /// The run is being interrupted: what a child does now says nothing about its lesson.
    static var isTerminating: Bool { state.mutate { $0.terminating } }

    static func ended(group: pid_t, token: String) {
        state.mutate {
            $0.groups.remove(group)
            $0.tokens.remove(token)
        }
    }

    /// Kills every running child (its whole group, and any process carrying its token) and removes every
    /// folder this process made; no new folder is made after.
    public static func terminateAll() {
        let (groups, tokens) = state.mutate { state in
            state.terminating = true
            return (state.groups, state.tokens)
        }
        for group in groups { kill(-group, SIGKILL) }
        for token in tokens { ContainedProcess.sweep(token) }
        removeOwnFolders()
    }

    /// Removes this process's folders, again until none is left (for a moment at most).
    ///
    /// Found by name rather than from a list, so none is missed; repeated because the worker whose child
    /// was just killed may still write into its folder (a file it was about to write) or be removing it,
    /// and FileManager gives up at the first entry that changes under it.
    private static func removeOwnFolders() {
        let temporary = FileManager.default.temporaryDirectory.path
        let own = "\(folderPrefix)\(getpid())-"
        for _ in 0..<200 {
            let names = (Folder.names(atPath: temporary) ?? []).filter { $0.hasPrefix(own) }
            if names.isEmpty { return }
            for name in names { try? FileManager.default.removeItem(atPath: temporary + "/" + name) }
            usleep(1_000)
        }
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
