@testable import DocTest
import Foundation
import LessonModel
import Testing

/// Runs `body` on a thread of its own; false when it is still running after `seconds` (a read that blocks).
private func finishes(within seconds: Double = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

@Suite("Caches that can't hang or lie")
struct CacheIntegrityTests {
    let root = NSTemporaryDirectory() + "tutorbuild-cache-" + UUID().uuidString

    func report(_ results: [SnippetKey: SnippetResult]) -> DocTestReport {
        DocTestReport(
            verification: VerificationReport(toolchain: "Swift version 6.3.1", modelHash: "abc", results: results),
            diagnostics: [], entries: results.keys.map { .init(key: $0, slug: "x", language: "en", line: 1, status: results[$0]!.status) },
            statistics: .init(), blessed: [])
    }

    @Test("a FIFO as results.json is ignored at once, and the next run writes a file in its place")
    func resultsFIFO() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/results.json"
        #expect(mkfifo(path, 0o644) == 0)
        let key = SnippetKey(path: "content/x/en.md", index: 0)
        let loaded = Locked<VerificationReport?>(nil)
        #expect(finishes { loaded.mutate { $0 = DocTestRunner.loadResults(from: path) } })
        #expect(loaded.value == nil)
        let written = Locked(false)
        #expect(finishes { written.mutate { $0 = (try? DocTestRunner.persist(report([key: SnippetResult(status: .passed)]), to: path)) != nil } })
        #expect(written.value)
        #expect(DocTestRunner.loadResults(from: path)?.results[key]?.status == .passed)
    }

    @Test("a FIFO as a cached doc-test result is a miss, at once")
    func resultEntryFIFO() throws {
        let cache = ResultCache(directory: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = String(repeating: "ab", count: 32)
        try FileManager.default.createDirectory(atPath: (cache.path(key) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(cache.path(key), 0o644) == 0)
        let missed = Locked(false)
        #expect(finishes { missed.mutate { $0 = cache.load(key) == nil } })
        #expect(missed.value)
    }
}
