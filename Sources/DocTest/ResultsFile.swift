import Digest
import Foundation
import LessonModel
import TutorbuildSupport

/// `results.json`: the last run's verification results, which the site's badges show.
///
/// Sealed like a cache entry (a first line with the format and the SHA-256 of the JSON after it), so a
/// file cut short or edited is ignored rather than trusted; read and merged in time linear in its size.
/// Stored as `ResultsFile.Stored`: compact JSON, each distinct picture and provenance once.
enum ResultsFile {
    // 4: pictures and provenances in tables, results a sorted list.
    static let format = "tutorbuild-results-4"

    /// The results stored at `path`, or `nil` when there are none or they are damaged.
    static func read(from path: String) -> VerificationReport? {
        guard let data = RegularFile.contents(atPath: path), let body = CacheFile.unseal(data, label: format) else { return nil }
        return (try? JSONDecoder.doctest.decode(Stored.self, from: body))?.report
    }

    /// Writes `report`'s results, keeping the earlier result of each snippet this run skipped on purpose
    /// (filtered out, in another shard). Replaced by rename: a reader never sees half a file, and a FIFO
    /// or link in its place is replaced, not written through.
    static func write(_ report: DocTestReport, to path: String) throws {
        var verification = report.verification
        let skippedOnPurpose = Set(report.entries.lazy.filter { $0.skipCategory == "filtered out" || $0.skipCategory == "in another shard" }.map(\.key))
        // Without snippets skipped on purpose, nothing of the old file is kept: it is not read.
        if !skippedOnPurpose.isEmpty, let previous = read(from: path) {
            keepingEarlier(&verification.results, previous: previous.results, where: skippedOnPurpose) { $0.status == .notRun }
        }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try CacheFile.seal(encoded(verification), label: format).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Replaces the results of the lesson files `paths` in the results at `path` with `report`'s, keeping
    /// every other file's; false (and nothing written) when there are no results there to keep.
    ///
    /// For a rebuild that verified only the lessons that changed: the other files' results are the ones a
    /// whole run would take from the cache again, so the file becomes the one a whole run writes.
    static func replace(_ paths: Set<String>, with report: DocTestReport, at path: String) throws -> Bool {
        guard var merged = read(from: path),
              merged.toolchain == report.verification.toolchain, merged.modelHash == report.verification.modelHash
        else { return false }
        merged.results = merged.results.filter { !paths.contains($0.key.path) }
        merged.results.merge(report.verification.results) { _, new in new }
        try CacheFile.seal(encoded(merged), label: format).write(to: URL(fileURLWithPath: path), options: .atomic)
        return true
    }

    /// Puts back the previous result of every key in `keys` whose result now `isNotRun`: one set lookup
    /// per previous result (the search through every entry for each one made a second run quadratic).
    static func keepingEarlier<Key: Hashable, Value>(
        _ results: inout [Key: Value], previous: [Key: Value], where keys: Set<Key>, isNotRun: (Value) -> Bool
    ) {
        for (key, old) in previous {
            guard let now = results[key], isNotRun(now), keys.contains(key) else { continue }
            results[key] = old
        }
    }

    /// The file's JSON for `report`: compact, keys sorted, results in key order, so the same results give the same bytes.
    static func encoded(_ report: VerificationReport) throws -> Data {
        let encoder = JSONEncoder.doctest
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(Stored(report))
    }
}
