@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing
import TutorbuildSupport

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
    let root = TemporaryFolder.make().path + "/cache"

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

@Suite("Cache entries that verify themselves")
struct SealedCacheTests {
    let root = TemporaryFolder.make().path + "/sealed"

    static let outcome = ProgramOutcome(
        compiled: true, compileTimedOut: false, compilerOutput: "warning: a long enough compiler output to damage", messages: [],
        runs: [], compileSeconds: 1, date: Date(timeIntervalSince1970: 1_000_000))

    /// Damage done to a stored file: cut in half, one byte changed, or replaced by the entry of another key.
    enum Damage: String, CaseIterable {
        case truncated, flipped, swapped
    }

    func damage(_ path: String, _ damage: Damage, other: String) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        switch damage {
        case .truncated: data = data.prefix(data.count / 2)
        case .flipped: data[data.count - 8] ^= 0x01
        case .swapped: data = try Data(contentsOf: URL(fileURLWithPath: other))
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    @Test("a cached doc-test result cut short, edited or copied from another key is run again and reported", arguments: Damage.allCases)
    func resultEntry(damage: Damage) throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cache = ResultCache(directory: root)
        let key = String(repeating: "ab", count: 32), other = String(repeating: "cd", count: 32)
        cache.store(Self.outcome, key: key)
        var changed = Self.outcome
        changed.compilerOutput = "something else entirely"
        cache.store(changed, key: other)
        #expect(cache.load(key) == Self.outcome)
        #expect(cache.ignoredEntries.isEmpty)
        try self.damage(cache.path(key), damage, other: cache.path(other))
        #expect(cache.load(key) == nil)
        #expect(cache.ignoredEntries == [cache.path(key)])
        cache.store(Self.outcome, key: key)
        #expect(cache.load(key) == Self.outcome)
    }

    @Test("results.json cut short, edited or replaced by another file is not trusted", arguments: Damage.allCases)
    func resultsFile(damage: Damage) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let key = SnippetKey(path: "content/x/en.md", index: 0)
        let passed = SnippetResult(status: .passed, actualOutput: "a long enough output to flip a byte of\n")
        let report = DocTestReport(
            verification: VerificationReport(toolchain: "t", modelHash: "m", results: [key: passed]), diagnostics: [],
            entries: [.init(key: key, slug: "x", language: "en", line: 1, status: .passed)], statistics: .init(), blessed: [])
        try ResultsFile.write(report, to: root + "/results.json")
        #expect(ResultsFile.read(from: root + "/results.json")?.results[key] == passed)
        try #require(FileManager.default.createFile(atPath: root + "/other.json", contents: Data("{\"toolchain\":\"t\",\"modelHash\":\"m\",\"results\":[]}".utf8)))
        try self.damage(root + "/results.json", damage, other: root + "/other.json")
        #expect(ResultsFile.read(from: root + "/results.json") == nil)
    }

    @Test("issue 18: a rebuild's results replace its lesson files' in results.json and keep every other file's")
    func resultsReplaced() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        func report(_ results: [SnippetKey: SnippetResult], toolchain: String = "t") -> DocTestReport {
            DocTestReport(
                verification: VerificationReport(toolchain: toolchain, modelHash: "m", results: results), diagnostics: [], entries: [],
                statistics: .init(), blessed: [])
        }
        let (a0, a1, b0) = (SnippetKey(path: "content/a/en.md", index: 0), SnippetKey(path: "content/a/en.md", index: 1), SnippetKey(path: "content/b/en.md", index: 0))
        let passed = SnippetResult(status: .passed, actualOutput: "1\n")
        let failed = SnippetResult(status: .failed, reason: "output differs", actualOutput: "2\n")
        let path = root + "/results.json"
        // Nothing to keep the other files' results from: the caller builds whole.
        #expect(try ResultsFile.replace(["content/a/en.md"], with: report([a0: failed]), at: path) == false)
        try ResultsFile.write(report([a0: passed, a1: passed, b0: passed]), to: path)
        // Results of another compiler or model are not kept either.
        #expect(try ResultsFile.replace(["content/a/en.md"], with: report([a0: failed], toolchain: "u"), at: path) == false)
        #expect(ResultsFile.read(from: path)?.results == [a0: passed, a1: passed, b0: passed])
        // a's file now has one snippet, which fails; b's result stays.
        #expect(try ResultsFile.replace(["content/a/en.md"], with: report([a0: failed]), at: path))
        #expect(ResultsFile.read(from: path)?.results == [a0: failed, b0: passed])
    }

    /// A key that counts how often it is hashed or compared.
    struct CountingKey: Hashable {
        nonisolated(unsafe) static var operations = 0
        var value: Int

        static func == (a: CountingKey, b: CountingKey) -> Bool {
            operations += 1
            return a.value == b.value
        }

        func hash(into hasher: inout Hasher) {
            Self.operations += 1
            hasher.combine(value)
        }
    }

    @Test("keeping earlier results of skipped snippets takes operations linear in the number of results", .serialized, arguments: [1_000, 8_000])
    func linearMerge(count: Int) {
        let keys = (0..<count).map(CountingKey.init)
        var results = Dictionary(uniqueKeysWithValues: keys.map { ($0, "not run") })
        let previous = Dictionary(uniqueKeysWithValues: keys.map { ($0, "passed") })
        let skipped = Set(keys.filter { $0.value.isMultiple(of: 2) })
        CountingKey.operations = 0
        ResultsFile.keepingEarlier(&results, previous: previous, where: skipped) { $0 == "not run" }
        // A few hash and compare operations per result, whatever the count (the old search made count² / 2).
        #expect(CountingKey.operations < 12 * count)
        #expect(results.values.count { $0 == "passed" } == count / 2)
    }
}
