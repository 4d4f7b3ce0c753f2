import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// What `results.json` was last written from, so that a run whose every input came unchanged from the
/// cache does not encode and write the same results again.
///
/// Encoding a whole course's results as JSON cost more than the rest of a fully cached run. The inputs
/// are the toolchain and limits, what each lesson file's results are made from besides its programs
/// (`DocTestRun.resultInputs`: its snippets and settings, not its prose) and each program result's key
/// and date. A run that compiled anything, or that ran only part of the course (filter,
/// shard), blessed, or did not use the cache, always writes; the stamp also records `results.json`'s own
/// size, modification time and inode, so a results file edited or replaced since is written again.
struct ResultsStamp {
    /// The inputs, each ended by a zero byte (which no path or key holds), hashed when the stamp is read or written.
    private var inputs = ""
    /// Every input came from the cache: only then can the results be known unchanged.
    private(set) var complete = true

    static let format = "tutorbuild-results-stamp-6"

    init() {
        inputs = Self.format + "\u{0}"
    }

    mutating func add(_ input: String) {
        inputs += input
        inputs += "\u{0}"
    }

    /// This run's results are not known from the stamp alone.
    mutating func markIncomplete() { complete = false }

    static func path(for resultsPath: String) -> String { resultsPath + ".stamp" }

    /// The stamp's line for `resultsPath` as it is now: the inputs' hash and the file's identity.
    private func line(_ resultsPath: String) -> String? {
        guard let stamp = FileStamp.of(resultsPath) else { return nil }
        return "\(XXH3.hex128(inputs)) \(stamp)"
    }

    /// Whether `resultsPath` holds what this run would write.
    func matches(_ resultsPath: String) -> Bool {
        guard complete, let expected = line(resultsPath),
              let stored = FileManager.default.contents(atPath: Self.path(for: resultsPath))
        else { return false }
        return stored.elementsEqual(expected.utf8)
    }

    /// Writes `results` (through `write`) unless it already holds them; the stamp goes first, and a new one
    /// is recorded only for a complete run.
    func write(_ resultsPath: String, _ write: () throws -> Void) rethrows {
        if matches(resultsPath) { return }
        unlink(Self.path(for: resultsPath))
        try write()
        if complete, let line = line(resultsPath) {
            CacheFile.write(Data(line.utf8), to: Self.path(for: resultsPath))
        }
    }
}
