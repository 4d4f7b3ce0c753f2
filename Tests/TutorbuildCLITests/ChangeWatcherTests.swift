import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

/// Issue 29 item 2: `serve` starts a rebuild as soon as a file is written (inotify), not at its next look.
@Suite("Serve's change watcher")
struct ChangeWatcherTests {
    func folder() throws -> String {
        let root = TemporaryFolder.make("change-watcher").path + "/content"
        try FileManager.default.createDirectory(atPath: root + "/lesson", withIntermediateDirectories: true)
        try "one".write(toFile: root + "/lesson/en.md", atomically: false, encoding: .utf8)
        return root
    }

    /// `watcher.next()` and how long it took.
    func timedNext(_ watcher: ChangeWatcher) -> (Set<String>, Double) {
        let start = PreviewServer.now()
        let changed = watcher.next()
        return (changed, PreviewServer.now() - start)
    }

    @Test("an edit, a new lesson folder and a file in it are each reported at once, by path")
    func reportsEdits() throws {
        let root = try folder()
        let watcher = ChangeWatcher(roots: [root])
        #expect(watcher.usesFileEvents, "inotify works on Linux")
        #expect(Set(watcher.files.keys) == [root + "/lesson", root + "/lesson/en.md"])

        try "two".write(toFile: root + "/lesson/en.md", atomically: false, encoding: .utf8)
        let (edited, seconds) = timedNext(watcher)
        #expect(edited == [root + "/lesson/en.md"])
        // Well below `fallbackInterval`: the file event woke it, not its look once a second.
        #expect(seconds < ChangeWatcher.fallbackInterval / 2)

        try FileManager.default.createDirectory(atPath: root + "/new", withIntermediateDirectories: true)
        try "new".write(toFile: root + "/new/en.md", atomically: false, encoding: .utf8)
        #expect(timedNext(watcher).0.isSuperset(of: [root + "/new", root + "/new/en.md"]))

        // The new folder is watched too.
        try "newer text".write(toFile: root + "/new/en.md", atomically: false, encoding: .utf8)
        let (inNew, newSeconds) = timedNext(watcher)
        #expect(inNew == [root + "/new/en.md"])
        #expect(newSeconds < ChangeWatcher.fallbackInterval / 2)
    }

    @Test("the writes of one save (both twins) are one change")
    func settles() throws {
        let root = try folder()
        let watcher = ChangeWatcher(roots: [root])
        try "en".write(toFile: root + "/lesson/en.md", atomically: false, encoding: .utf8)
        try "zh".write(toFile: root + "/lesson/zh-Hans.md", atomically: true, encoding: .utf8)
        // The lesson's folder too: a file was added to it.
        #expect(watcher.next() == [root + "/lesson", root + "/lesson/en.md", root + "/lesson/zh-Hans.md"])
    }
}
