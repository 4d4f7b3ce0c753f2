import Digest
import Foundation
import LessonModel
import TutorbuildSupport

/// What compiling and running one program produced; cached as JSON under its key.
struct ProgramOutcome: Sendable, Codable, Hashable {
    struct CompilerMessage: Sendable, Codable, Hashable {
        var file: String
        var line: Int
        var column: Int
        var severity: String
        var message: String
        /// The `note:` lines that follow an error or warning.
        var notes: [CompilerMessage] = []

        /// Whether this warns of an API that iOS deprecated after `target`, which Xcode reports only at a deployment
        /// target of that version or later (#161): the model declares such initializers deprecated itself, since
        /// an initializer cannot be shadowed by a deployment-target module (docs/model.md "Deployment target").
        func isDeprecation(after target: Int) -> Bool {
            guard severity == "warning", let marker = message.range(of: " was deprecated in iOS ") else { return false }
            let version = message[marker.upperBound...].prefix { $0.isNumber }
            return Int(version).map { $0 > target } ?? false
        }
    }

    struct Run: Sendable, Codable, Hashable {
        /// `nil` for the main run, else the `should-trap` snippet this run expects to crash.
        var trapTarget: Int?
        var process: ProcessOutcome
        /// The file-size limit stopped the program.
        var outputExceeded: Bool
        /// What the runner's channel said, with each snippet's output and pictures.
        var transcript: RunTranscript
        /// For an unexpected crash: the backtrace frames inside snippets (from a rerun with line tables).
        var backtrace: String?
    }

    var compiled: Bool
    var compileTimedOut: Bool
    var compilerOutput: String
    var messages: [CompilerMessage]
    var runs: [Run]
    var compileSeconds: Double
    /// When this outcome was produced (kept by the cache: provenance of a verified snippet).
    var date: Date
    /// Snippet index → 0-based lines of its code that are demonstration (`DemonstrationLines`); `nil` when the
    /// program was not compiled to run or the compiler's AST could not be read.
    var demonstration: [Int: [Int]]? = nil

    /// A run whose end the launcher never reported (the program killed it): judged, never cached.
    var endUnknown: Bool { runs.contains { $0.process.endUnknown } }

    /// Timeouts depend on the machine's load: such outcomes are not cached.
    var isCacheable: Bool { !compileTimedOut && !runs.contains { $0.process.timedOut } }

    /// Whether every snippet this outcome names is one of `program`'s: a cached outcome that names another
    /// (a damaged or forged entry) is run again rather than judged.
    func fits(_ program: LessonProgram) -> Bool {
        let snippets = Set(program.snippets)
        return runs.allSatisfy { run in
            let t = run.transcript
            return (run.trapTarget.map(snippets.contains) ?? true) && t.entered.allSatisfy(snippets.contains)
                && t.outputs.keys.allSatisfy(snippets.contains) && t.snapshots.keys.allSatisfy(snippets.contains)
                && t.noTrap.allSatisfy(snippets.contains)
        }
    }

    /// Parses `file:line:col: severity: message` lines of `-diagnostic-style llvm` output.
    static func parseMessages(_ output: String) -> [CompilerMessage] {
        var messages: [CompilerMessage] = []
        for line in output.split(separator: "\n") {
            for severity in ["error", "warning", "note"] {
                guard let range = line.range(of: ": \(severity): ") else { continue }
                let head = line[..<range.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                // Lines and columns are bounded: a snippet can set any line with `#sourceLocation`.
                guard head.count >= 3, let l = ProgramNumber.parse(head[head.count - 2]), let c = ProgramNumber.parse(head[head.count - 1])
                else { continue }
                let message = CompilerMessage(
                    file: head.dropLast(2).joined(separator: ":"), line: l, column: c, severity: severity,
                    message: xcodeDeprecation(String(line[range.upperBound...])))
                if severity == "note", !messages.isEmpty {
                    messages[messages.count - 1].notes.append(message)
                } else {
                    messages.append(message)
                }
                break
            }
        }
        return messages
    }

    /// Xcode's wording for an iOS deprecation: the deployment-target modules (docs/model.md "Deployment target")
    /// start each message with the version, so "'main' is deprecated: iOS 26.0: Use …" becomes
    /// "'main' was deprecated in iOS 26.0: Use …", and "'x' is deprecated: iOS 27.0" "'x' was deprecated in iOS 27.0".
    static func xcodeDeprecation(_ message: String) -> String {
        guard let marker = message.range(of: " is deprecated: iOS ") else { return message }
        let rest = message[marker.upperBound...]
        let version = rest.prefix { $0.isNumber || $0 == "." }
        guard !version.isEmpty, version.first!.isNumber else { return message }
        let after = rest[version.endIndex...]
        guard after.isEmpty || after.hasPrefix(": ") || after.hasPrefix(" [") else { return message }
        return message[..<marker.lowerBound] + " was deprecated in iOS " + version + after
    }
}

/// Results on disk, one JSON file per program key; a warm rerun compiles nothing.
///
/// Each entry is sealed (see `CacheFile.seal`) with its key and the SHA-256 of its JSON: an entry cut
/// short, edited, or copied from another key is run again, never trusted, and listed in `ignoredEntries`.
struct ResultCache: Sendable {
    var directory: String
    private let ignored = Locked<[String]>([])

    /// The first line of every entry; bump it when the entry's shape changes.
    static let format = "tutorbuild-result-2"

    init(directory: String) {
        self.directory = directory
    }

    func path(_ key: String) -> String { "\(directory)/\(key.prefix(2))/\(key).json" }

    /// Entries found damaged, swapped or not a regular file in this run, sorted; each was made again.
    var ignoredEntries: [String] { ignored.value.sorted() }

    func load(_ key: String) -> ProgramOutcome? {
        let file = path(key)
        guard let data = RegularFile.contents(atPath: file) else {
            if RegularFile.specialKind(atPath: file) != nil { ignored.mutate { $0.append(file) } }
            return nil
        }
        guard let body = CacheFile.unseal(data, label: "\(Self.format) \(key)"),
              let outcome = try? JSONDecoder().decode(ProgramOutcome.self, from: body)
        else {
            ignored.mutate { $0.append(file) }
            return nil
        }
        // Touch the entry: `prune` removes entries no run has used for a while.
        UnusedEntries.touch(file)
        return outcome
    }

    /// Removes entries not used for `days` days (the cache would otherwise only grow), at most once a day.
    func prune(days: Double = 30) {
        // Program outcomes and lesson plans (`LessonPlanCache`, in `lessons/`).
        UnusedEntries.pruneIfDue(directory: directory, stamp: "pruned", days: days) { $0.hasSuffix(".json") || $0.hasSuffix(".plan") }
    }

    func store(_ outcome: ProgramOutcome, key: String) {
        guard outcome.isCacheable, let data = try? JSONEncoder().encode(outcome) else { return }
        CacheFile.write(CacheFile.seal(data, label: "\(Self.format) \(key)"), to: path(key))
    }

    /// The key of a program: its text, the language mode, the runs, the limits and the toolchain, as a SHA-256,
    /// since the outcome stored under it answers for any program with that key, whoever wrote the snippet.
    static func key(_ program: LessonProgram, toolchain: Toolchain, limits: ProcessLimits) -> String {
        var hasher = SHA256()
        // Bumped with `format`, so entries of the older, unsealed shape are never looked at (nor warned about).
        hasher.update("tutorbuild-doctest-2")
        hasher.update(toolchain.fingerprint(mode: program.mode))
        hasher.update(program.typecheckOnly ? "typecheck" : "build")
        hasher.update("runs \(program.runs.map { $0.map(String.init) ?? "main" })")
        // Not the timeout: outcomes that timed out are never cached, and others do not depend on it.
        hasher.update("limits \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0)")
        if limits.sandbox != nil { hasher.update("sandboxed") }
        hasher.update(program.text)
        return hasher.finalize()
    }
}
