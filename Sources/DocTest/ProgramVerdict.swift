import Diagnostics
import Foundation
import LessonModel
#if canImport(Glibc)
import Glibc
#endif

/// A diagnostic about one snippet, with its snippet-relative line so twins can be matched.
struct SnippetDiagnostic: Sendable {
    var snippet: Int
    /// 1-based line inside the snippet's code (0 when the diagnostic names the fence).
    var relativeLine: Int
    var diagnostic: Diagnostic
}

/// Turns a program's outcome into snippet results and diagnostics for one lesson document.
struct ProgramVerdict {
    var document: LessonDocument
    var program: LessonProgram
    var outcome: ProgramOutcome
    var limits: ProcessLimits
    var provenance: Provenance

    var results: [Int: SnippetResult] = [:]
    private(set) var diagnostics: [SnippetDiagnostic] = []
    /// Snippets not run because the program does not compile (errors in other snippets).
    private(set) var notCompiled: Set<Int> = []

    init(document: LessonDocument, program: LessonProgram, outcome: ProgramOutcome, limits: ProcessLimits, provenance: Provenance) {
        self.document = document
        self.program = program
        self.outcome = outcome
        self.limits = limits
        self.provenance = provenance
        switch program.role {
        case .compileFail(let i): judgeCompileFail(i)
        case .lesson, .isolated, .prefix: judgeProgram()
        }
        attachAppCode()
    }

    // MARK: Locations

    func snippet(_ i: Int) -> Snippet { document.snippets[i] }

    /// The Markdown location of a line and byte column inside snippet `i`'s code.
    func location(_ i: Int, line: Int, column: Int = 1) -> SourceLocation {
        let s = snippet(i)
        // Lines and columns come from the compiler or a program (and from cached outcomes): bounded before any arithmetic.
        let (line, column) = (ProgramNumber.clamped(line), ProgramNumber.clamped(column))
        let indent = max(0, s.range.start.column - 1)
        // A rewritten `#selector` changes its line's length; columns go back to what the author wrote.
        let original = ObjCSourceRewriter.changesColumns(s.code)
            ? LessonProgramBuilder(document: document).columnMaps[i]?.originalColumn(line: line, column: column) ?? column : column
        return document.location(SourcePosition(line: s.firstCodeLine + max(0, line - 1), column: indent + max(1, original)))
    }

    func fenceLocation(_ i: Int) -> SourceLocation { document.location(snippet(i).range.start) }

    /// Snippet index of a virtual file name (`snippet-3.swift`, `Lesson/snippet-3.swift`).
    static func snippetIndex(_ file: String) -> Int? {
        guard let name = file.split(separator: "/").last, name.hasPrefix("snippet-"), name.hasSuffix(".swift") else { return nil }
        return ProgramNumber.parse(name.dropFirst("snippet-".count).dropLast(".swift".count))
    }

    /// The index of a snippet of this document named by a virtual file name, or `nil` for any other name.
    func knownSnippet(_ file: String) -> Int? {
        Self.snippetIndex(file).flatMap { $0 < document.snippets.count ? $0 : nil }
    }

    /// Text with virtual snippet locations replaced by Markdown ones.
    func mapped(_ text: String) -> String {
        guard text.contains("snippet-") else { return text }
        let pattern = #"(?:[^\s:'"]*/)?snippet-([0-9]+)\.swift:([0-9]+)(?::([0-9]+))?"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        let ns = text as NSString
        var out = ""
        var last = 0
        for match in regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last))
            let i = ProgramNumber.parse(ns.substring(with: match.range(at: 1))) ?? document.snippets.count
            let line = ProgramNumber.parse(ns.substring(with: match.range(at: 2)))
            let hasColumn = match.range(at: 3).location != NSNotFound
            let column = hasColumn ? ProgramNumber.parse(ns.substring(with: match.range(at: 3))) : 1
            // A location out of range is left as the program wrote it.
            if i < document.snippets.count, let line, let column {
                let l = location(i, line: line, column: column)
                out += hasColumn ? l.description : "\(l.path):\(l.line)"
            } else {
                out += ns.substring(with: match.range)
            }
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }

    // MARK: Recording

    private mutating func pass(_ i: Int, reason: String? = nil, output: String? = nil, snapshots: [Snapshot] = []) {
        results[i] = SnippetResult(status: .passed, reason: reason, actualOutput: output, snapshots: snapshots, provenance: provenance)
    }

    private mutating func fail(
        _ i: Int, id: Diagnostic.ID, reason: String, line: Int = 0, column: Int = 1, message: String? = nil,
        detail: String? = nil, notes: [Diagnostic.Note] = [], output: String? = nil, snapshots: [Snapshot] = []
    ) {
        if results[i]?.status != .failed {
            results[i] = SnippetResult(status: .failed, reason: reason, actualOutput: output, snapshots: snapshots, provenance: provenance)
        }
        let where_ = line > 0 ? location(i, line: line, column: column) : fenceLocation(i)
        // A diagnostic about the whole snippet spans its fenced block.
        let end = line > 0 ? nil : document.location(snippet(i).range.end)
        diagnostics.append(SnippetDiagnostic(snippet: i, relativeLine: line, diagnostic: Diagnostic(
            id: id, severity: .error, location: where_, endLocation: end, message: message ?? reason, notes: notes,
            detail: detail.map { mapped($0) })))
    }

    private mutating func notRun(_ i: Int, reason: String) {
        results[i] = SnippetResult(status: .notRun, reason: reason)
    }

    // MARK: Judging

    private func messages(in i: Int, severity: String) -> [ProgramOutcome.CompilerMessage] {
        outcome.messages.filter { $0.severity == severity && Self.snippetIndex($0.file) == i }
    }

    private mutating func reportWarnings(of snippets: [Int]? = nil) {
        for i in snippets ?? program.snippets {
            for m in messages(in: i, severity: "warning") {
                diagnostics.append(SnippetDiagnostic(snippet: i, relativeLine: m.line, diagnostic: Diagnostic(
                    id: .doctestCompileWarning, severity: .warning, location: location(i, line: m.line, column: m.column),
                    message: m.message)))
            }
        }
    }

    private mutating func judgeCompileFail(_ i: Int) {
        guard !outcome.compileTimedOut else {
            fail(i, id: .doctestCompileTimeout, reason: "compiling timed out")
            return
        }
        let condition = snippet(i).attributes.failsIn
        if let condition, !condition.matches(program.mode) {
            judgeCompilesOutsideFailMode(i, condition)
            return
        }
        if outcome.compiled {
            fail(i, id: .doctestCompileFailCompiled, reason: condition.map {
                "snippet compiles in \(program.mode), but it is marked 'compile-fail=\($0)'"
            } ?? "snippet compiles, but it is marked 'compile-fail'")
            return
        }
        let mine = messages(in: i, severity: "error")
        guard let first = mine.first else {
            fail(i, id: .doctestCompileFailElsewhere,
                 reason: "snippet is marked 'compile-fail', but the compiler's errors are outside it",
                 detail: outcome.compilerOutput)
            return
        }
        if let expected = snippet(i).attributes.expectedError, !mine.contains(where: { $0.message.contains(expected) }) {
            fail(i, id: .doctestCompileFailWrongError, reason: "no compiler error contains '\(expected)'",
                 line: first.line, column: first.column,
                 detail: mine.map { "\(location(i, line: $0.line, column: $0.column)): error: \($0.message)" }.joined(separator: "\n"))
            return
        }
        pass(i, reason: "fails to compile as expected: \(first.message)")
    }

    /// A `compile-fail=swift6` snippet in a mode it does not fail in must compile there; its warnings are what the reader sees.
    private mutating func judgeCompilesOutsideFailMode(_ i: Int, _ condition: SnippetAttributes.FailCondition) {
        let warnings = messages(in: i, severity: "warning")
        reportWarnings(of: [i])
        if outcome.compiled {
            let shown = warnings.isEmpty ? "" : ", with \(warnings.count) warning\(warnings.count == 1 ? "" : "s"): \(warnings[0].message)"
            pass(i, reason: "compiles in \(program.mode) as expected (it fails to compile only in \(condition))\(shown)")
            return
        }
        let mine = messages(in: i, severity: "error")
        let first = mine.first
        fail(i, id: .doctestCompileFailOutsideMode,
             reason: "snippet is marked 'compile-fail=\(condition)', but it fails to compile in \(program.mode) too",
             line: first?.line ?? 0, column: first?.column ?? 1,
             detail: mine.isEmpty ? outcome.compilerOutput
                : mine.map { "\(location(i, line: $0.line, column: $0.column)): error: \($0.message)" }.joined(separator: "\n"))
    }

    private mutating func judgeProgram() {
        reportWarnings()
        guard outcome.compiled else {
            judgeCompileFailure()
            return
        }
        let main = outcome.runs.first { $0.trapTarget == nil }
        if let main, let forgery = main.transcript.forgery {
            for i in program.snippets where main.trapTarget == nil {
                refuse(i, forgery)
            }
            return
        }
        let parsed = main?.transcript
        let runSnippets = program.snippets.filter { snippet($0).attributes.mode == .run && snippet($0).attributes.spliceInto == nil }
        // The main run enters only the snippets that run in it: one that entered a `no-run` or `should-trap` block was
        // steered there (a switch changed under the support code), and could stop in it to leave later snippets unjudged.
        if let parsed, let odd = parsed.entered.first(where: { !runSnippets.contains($0) }) {
            for i in program.snippets {
                refuse(i, "the main run entered the snippet at \(fenceLocation(odd)), which does not run in it")
            }
            return
        }
        // Where the main run stopped early, if it did.
        var stoppedAt: Int?
        if let parsed, !parsed.ended {
            stoppedAt = parsed.entered.last ?? runSnippets.first
        }
        for i in program.snippets {
            let attributes = snippet(i).attributes
            if let type = attributes.spliceInto {
                compare(i, actual: "", snapshots: [], context: "its members are added to '\(type)' and run only when later code calls them")
                continue
            }
            switch attributes.mode {
            case .noRun:
                pass(i, reason: "compiled, not run (no-run)")
            case .shouldTrap:
                judgeTrap(i)
            case .run, .ignore, .compileFail:
                guard let main, let parsed else { continue }
                if stoppedAt == i {
                    judgeStop(i, run: main, parsed: parsed)
                } else if parsed.entered.contains(i) {
                    compare(i, actual: parsed.outputs[i] ?? "", snapshots: parsed.snapshots[i] ?? [])
                } else if let stop = stoppedAt {
                    notRun(i, reason: "not run: the program stopped in an earlier snippet (\(fenceLocation(stop)))")
                } else {
                    // Every snippet of a program that reached its end must have run: code around it skipped it.
                    fail(i, id: .doctestNeverEntered, reason: "the program reached its end without running this snippet",
                         detail: "Code around it kept it from running: an '#if false', a 'return' or an exit in hidden code, or an earlier snippet that leaves a comment, a multi-line string or a brace open.")
                }
            }
        }
    }

    private mutating func judgeCompileFailure() {
        if outcome.compileTimedOut {
            for i in program.snippets {
                fail(i, id: .doctestCompileTimeout, reason: "compiling the lesson's program timed out")
            }
            return
        }
        var anyLocated = false
        var firstError: SourceLocation?
        for i in program.snippets {
            let errors = messages(in: i, severity: "error")
            for e in errors {
                anyLocated = true
                firstError = firstError ?? location(i, line: e.line, column: e.column)
                let notes = e.notes.compactMap { note in
                    knownSnippet(note.file).map { Diagnostic.Note(location: location($0, line: note.line, column: note.column), message: note.message) }
                }
                fail(i, id: .doctestCompileError, reason: "does not compile: \(e.message)", line: e.line, column: e.column,
                     message: e.message, notes: notes)
            }
        }
        for i in program.snippets where results[i] == nil {
            if anyLocated {
                notRun(i, reason: "not run: the lesson's program does not compile (\(firstError.map(\.description) ?? ""))")
                notCompiled.insert(i)
            } else {
                fail(i, id: .doctestCompileFailed, reason: "the lesson's program does not compile", detail: outcome.compilerOutput)
            }
        }
    }

    /// The program stopped inside snippet `i`: timeout, output flood, crash or exit.
    /// A run whose channel carries records the runner's code did not write: nothing it says is believed.
    private mutating func refuse(_ i: Int, _ forgery: String) {
        fail(i, id: .doctestChannelForged, reason: "not verified: \(forgery)",
             detail: "A snippet wrote to the runner's channel or imitated its records; no result of this run is trusted.")
    }

    private mutating func judgeStop(_ i: Int, run: ProgramOutcome.Run, parsed: RunTranscript) {
        let p = run.process
        let output = parsed.outputs[i] ?? ""
        let (line, column) = crashLine(i, stderr: (run.backtrace ?? "") + "\n" + p.stderr)
        var parts: [String] = []
        let printed = OutputComparison.normalized(output)
        if !printed.isEmpty {
            // The end of what the snippet printed shows how far it got.
            let lines = printed.split(separator: "\n", omittingEmptySubsequences: false)
            parts.append("output (last lines):\n" + indent(lines.suffix(10).joined(separator: "\n")))
        }
        if !p.stderr.isEmpty { parts.append("stderr:\n" + indent(Self.withoutStackTrace(p.stderr))) }
        if let backtrace = run.backtrace { parts.append("backtrace:\n" + indent(backtrace)) }
        let stderr = parts.isEmpty ? nil : parts.joined(separator: "\n")
        if p.timedOut {
            fail(i, id: .doctestTimeout, reason: "timed out after \(formatSeconds(limits.timeout))", detail: stderr, output: output)
        } else if run.outputExceeded {
            fail(i, id: .doctestOutputLimit, reason: "output exceeded \(formatBytes(limits.outputBytes ?? 0))", output: nil)
        } else if p.endUnknown {
            fail(i, id: .doctestEndUnknown, reason: "the runner could not learn how the program ended", detail: stderr, output: output)
        } else if p.signal != nil, p.stderr.contains("failed to allocate") || p.stderr.contains("Could not allocate") {
            fail(i, id: .doctestMemory, reason: "exceeded the memory limit of \(formatBytes(limits.memoryBytes ?? 0))",
                 detail: stderr, output: output)
        } else if let signal = p.signal {
            let at = line > 0 ? location(i, line: line, column: column) : fenceLocation(i)
            // The message names no path, so twins that crash the same way compare equal.
            let crashed = "crashed: signal \(signal) (\(ContainedProcess.signalName(signal)))"
            fail(i, id: .doctestTrap, reason: "\(crashed) at \(at.path):\(at.line)", line: line, column: column,
                 message: crashed, detail: stderr, output: output)
        } else {
            fail(i, id: .doctestExit, reason: "the program exited with status \(p.exitCode ?? -1) during this snippet",
                 detail: stderr, output: output)
        }
    }

    private mutating func judgeTrap(_ i: Int) {
        guard let run = outcome.runs.first(where: { $0.trapTarget == i }) else {
            notRun(i, reason: "not run")
            return
        }
        let parsed = run.transcript
        if let forgery = parsed.forgery {
            refuse(i, forgery)
            return
        }
        let output = parsed.outputs[i] ?? ""
        let stderr = run.process.stderr.isEmpty ? nil : "stderr:\n" + indent(Self.withoutStackTrace(run.process.stderr))
        if run.process.endUnknown {
            fail(i, id: .doctestEndUnknown, reason: "the runner could not learn how the program ended", detail: stderr, output: output)
        } else if run.process.timedOut {
            fail(i, id: .doctestTimeout, reason: "timed out after \(formatSeconds(limits.timeout))", detail: stderr, output: output)
        } else if parsed.noTrap.contains(i) {
            fail(i, id: .doctestExpectedTrap, reason: "snippet is marked 'should-trap' but finished without crashing", output: output)
        } else if run.outputExceeded {
            fail(i, id: .doctestOutputLimit, reason: "output exceeded \(formatBytes(limits.outputBytes ?? 0))")
        } else if let signal = run.process.signal, !Self.trapSignals.contains(signal), parsed.entered.last == i {
            fail(i, id: .doctestExpectedTrap,
                 reason: "snippet is marked 'should-trap' but the program was killed by signal \(signal) (\(ContainedProcess.signalName(signal))), which no trap raises",
                 detail: stderr, output: output)
        } else if run.process.signal != nil, parsed.entered.last == i {
            compare(i, actual: output, snapshots: parsed.snapshots[i] ?? [], passReason: "trapped as expected")
        } else if let last = parsed.entered.last, last != i {
            fail(i, id: .doctestExpectedTrap, reason: "the program stopped before this snippet, in the snippet at \(fenceLocation(last))",
                 message: "the program stopped before this 'should-trap' snippet",
                 detail: stderr, notes: [.init(location: fenceLocation(last), message: "the program stopped in this snippet")])
        } else {
            fail(i, id: .doctestExpectedTrap,
                 reason: "snippet is marked 'should-trap' but the program exited with status \(run.process.exitCode ?? -1)",
                 detail: stderr, output: output)
        }
    }

    private mutating func compare(_ i: Int, actual: String, snapshots: [Snapshot], context: String? = nil, passReason: String? = nil) {
        guard let expected = snippet(i).expectedOutput else {
            pass(i, reason: passReason, output: actual, snapshots: snapshots)
            return
        }
        let want = OutputComparison.normalized(expected.text)
        let got = OutputComparison.normalized(actual)
        if want.utf8.elementsEqual(got.utf8) {
            pass(i, reason: passReason, output: actual, snapshots: snapshots)
            return
        }
        var detail = UnifiedDiff.diff(expected: want, actual: got)
        if let context { detail += "\nnote: \(context)" }
        let outputLocation = document.location(expected.range.start)
        diagnostics.append(SnippetDiagnostic(snippet: i, relativeLine: -1, diagnostic: Diagnostic(
            id: .doctestOutputMismatch, severity: .error, location: outputLocation,
            endLocation: document.location(expected.range.end), message: "snippet output differs from the expected output", detail: detail)))
        results[i] = SnippetResult(
            status: .failed, reason: "output differs from the expected output", actualOutput: actual, snapshots: snapshots,
            provenance: provenance)
    }

    /// The signals a trap raises: Swift's runtime checks and `fatalError` (`SIGILL`, `SIGTRAP` on arm64), `abort` and
    /// failed C assertions (`SIGABRT`), bad memory and stack overflow (`SIGSEGV`, `SIGBUS`), C's integer division
    /// (`SIGFPE`). Any other death (a broken pipe, a timer, the file-size limit, `SIGKILL`) can come from code
    /// outside the snippet at any moment, so it is never "trapped as expected".
    static let trapSignals: Set<Int32> = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    /// The runtime's raw stack dump says nothing a reader can use (the backtrace above does).
    static func withoutStackTrace(_ stderr: String) -> String {
        guard let range = stderr.range(of: "Current stack trace:") else { return stderr }
        return String(stderr[..<range.lowerBound])
    }

    /// The line the runtime named in a `Fatal error` message, if it is inside snippet `i`.
    private func crashLine(_ i: Int, stderr: String) -> (Int, Int) {
        let pattern = #"snippet-([0-9]+)\.swift:([0-9]+)(?::([0-9]+))?"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return (0, 1) }
        let ns = stderr as NSString
        for match in regex.matches(in: stderr, range: NSRange(location: 0, length: ns.length)) {
            // The runtime names lines of the snippet's code; any other line is something the program printed.
            if ProgramNumber.parse(ns.substring(with: match.range(at: 1))) == i, let line = ProgramNumber.parse(ns.substring(with: match.range(at: 2))),
               line <= snippet(i).code.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1,
               let column = match.range(at: 3).location != NSNotFound ? ProgramNumber.parse(ns.substring(with: match.range(at: 3))) : 1 {
                return (line, column)
            }
        }
        return (0, 1)
    }

    private func indent(_ text: String) -> String {
        OutputComparison.normalized(mapped(text)).split(separator: "\n", omittingEmptySubsequences: false)
            .map { "  " + $0 }.joined(separator: "\n")
    }
}

func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : String(format: "%.1f s", seconds)
}

func formatBytes(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KB" }
    return "\(bytes) bytes"
}
