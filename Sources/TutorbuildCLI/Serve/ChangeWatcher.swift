import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Notices edits under the watched folders for `serve`: the files' modification times and sizes decide what
/// changed (`fingerprint`), and the kernel's file events (inotify) say when to look, so that a rebuild starts
/// as soon as an editor has written a file rather than at the next poll (docs/site.md, "The preview's edit loop").
///
/// Without inotify (another system, or the user's watch limit reached) it looks every `pollInterval` instead.
final class ChangeWatcher {
    /// How often to look when no file event says to: every change is still found, only later.
    static let pollInterval = 0.1
    /// With file events, how often to look anyway: events can be missed (a folder made and filled before it is watched).
    static let fallbackInterval = 1.0
    /// After an event, how long further events may keep arriving before the watcher answers: the writes of one
    /// save (both twins, a checkout) make one rebuild.
    static let settleInterval = 0.03

    let roots: [String]
    private var last: [String: Double]
    private var events: Int32 = -1

    init(roots: [String]) {
        self.roots = roots
        events = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        last = [:]
        watchFolders()
        // Taken after the watches are set, so that no edit falls between the two.
        last = Self.fingerprint(roots)
    }

    deinit {
        if events >= 0 { close(events) }
    }

    /// Whether file events wake the watcher (otherwise it polls).
    var usesFileEvents: Bool { events >= 0 }

    /// Every watched file's stamp (modification time and size), by path.
    var files: [String: Double] { last }

    /// Waits until something under the roots changed and returns the paths that did (added, removed or edited).
    func next() -> Set<String> {
        while true {
            waitForEvent()
            let now = Self.fingerprint(roots)
            if now != last {
                let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }
                last = now
                return changed
            }
        }
    }

    /// Returns after a file event and the ones that follow it within `settleInterval`, or after the interval
    /// at which the watcher looks anyway.
    private func waitForEvent() {
        guard events >= 0 else {
            Thread.sleep(forTimeInterval: Self.pollInterval)
            return
        }
        guard wait(Self.fallbackInterval) else { return }
        var folders = drain()
        while wait(Self.settleInterval) { folders = drain() || folders }
        // A new folder (a new lesson) is watched from now on; its files are found by the fingerprint.
        if folders { watchFolders() }
    }

    /// Whether an event arrived within `seconds`.
    private func wait(_ seconds: Double) -> Bool {
        var descriptor = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, Int32(seconds * 1000)) > 0
    }

    /// Reads the waiting events; whether one of them was a folder made or moved in.
    private func drain() -> Bool {
        var folders = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
            guard count > 0 else { return folders }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (mask, length) = buffer.withUnsafeBytes { bytes in
                    let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.mask, Int(event.len))
                }
                if mask & UInt32(IN_ISDIR | IN_IGNORED | IN_Q_OVERFLOW) != 0 { folders = true }
                offset += MemoryLayout<inotify_event>.size + length
            }
        }
    }

    /// Watches every folder under the roots (a folder watched already keeps its one watch).
    ///
    /// Files are written when closed or moved into place, not at every `write`: a file caught half written
    /// would be rebuilt twice, once as an error.
    private func watchFolders() {
        guard events >= 0 else { return }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_ATTRIB | IN_DELETE_SELF)
        for root in roots {
            var folders = [root]
            if let walker = FileManager.default.enumerator(atPath: root) {
                while let relative = walker.nextObject() as? String {
                    if (walker.fileAttributes?[.type] as? FileAttributeType) == .typeDirectory { folders.append(root + "/" + relative) }
                }
            }
            for folder in folders { _ = inotify_add_watch(events, folder, mask) }
        }
    }

    /// Each entry under `roots` (files and folders, links not followed) with its modification time and size.
    ///
    /// With `lstat`: Foundation's attributes look up every file's owner and group by name, which made this
    /// walk, run at every wake, a good part of the time from a save to its rebuild on a loaded machine.
    static func fingerprint(_ roots: [String]) -> [String: Double] {
        var result: [String: Double] = [:]
        for root in roots { walk(root, into: &result) }
        return result
    }

    private static func walk(_ folder: String, into result: inout [String: Double]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            result[path] = modified + Double(info.st_size) * 1e-9
            if info.st_mode & S_IFMT == S_IFDIR { walk(path, into: &result) }
        }
    }
}
