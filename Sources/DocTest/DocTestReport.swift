import Diagnostics
import Foundation
import LessonModel

/// Everything a doc-test run found: per-snippet results, diagnostics, counts and statistics.
public struct DocTestReport: Sendable, Codable {
    /// One snippet of one lesson file, in course order.
    public struct Entry: Sendable, Codable, Hashable {
        public var key: SnippetKey
        public var slug: String
        public var language: String
        /// Line of the snippet's opening fence.
        public var line: Int
        public var status: SnippetResult.Status
        public var reason: String?
        /// For snippets that were not run: why, in a few words (`ignored`, `filtered out`, …).
        public var skipCategory: String?
    }

    public struct Statistics: Sendable, Codable, Hashable {
        /// Distinct programs the selected lessons need.
        public var programs = 0
        /// Programs compiled in this run (the rest came from the cache).
        public var compiled = 0
        public var cacheHits = 0
        /// Lesson files whose program was shared with a translation twin instead of compiled again.
        public var sharedWithTwin = 0
        /// Compiles of several lessons' programs at once (`MergedProgram`), and how many of `compiled` they answered:
        /// reported, so a change that makes merged compiles fail (each member then compiled alone) shows.
        public var mergedCompiles = 0
        public var answeredByMerged = 0
        public var seconds = 0.0
    }

    public var verification: VerificationReport
    /// Diagnostics of the run, in reading order (also appended to the caller's bag).
    public var diagnostics: [Diagnostic]
    public var entries: [Entry]
    public var statistics: Statistics
    /// Lesson files `--bless` rewrote.
    public var blessed: [String]
    /// One-line notices about how the run was made (e.g. without a sandbox), for stderr.
    public var notices: [String] = []

    public var passed: Int { entries.count { $0.status == .passed } }
    public var failed: Int { entries.count { $0.status == .failed } }
    public var skipped: Int { entries.count { $0.status == .notRun } }

    /// How many snippets were skipped for each reason, most common first.
    public var skippedByCategory: [(category: String, count: Int)] {
        let counts = Dictionary(grouping: entries.filter { $0.status == .notRun }, by: { $0.skipCategory ?? "not run" }).mapValues(\.count)
        return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }

    /// The run succeeded: nothing failed (the CLI exits 1 otherwise).
    public var succeeded: Bool { failed == 0 }
}
