import Foundation
import LessonModel
#if canImport(Glibc)
import Glibc
#endif

/// Compiles and runs one program in a temporary working directory, under the limits.
struct ProgramExecutor: Sendable {
    var toolchain: Toolchain
    var limits: ProcessLimits
    var compileTimeout: Double

    func execute(_ program: LessonProgram) throws -> ProgramOutcome {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tutorbuild-doctest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let source = directory + "/main.swift"
        guard FileManager.default.createFile(atPath: source, contents: Data(program.text.utf8)) else {
            throw DocTestError.io("cannot write '\(source)'")
        }
        // For debugging the runner: keep a copy of every generated program.
        if let keep = ProcessInfo.processInfo.environment["TUTORBUILD_DOCTEST_KEEP"], !keep.isEmpty {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: keep + "/" + SHA256.hex(program.text).prefix(16) + ".swift", contents: Data(program.text.utf8))
        }
        let executable = program.typecheckOnly ? nil : directory + "/lesson"
        let compile = try ContainedProcess.run(
            toolchain.swiftc, toolchain.arguments(source: source, output: executable, swiftVersion: program.swiftVersion),
            directory: directory, environment: Toolchain.compilerEnvironment(temporaryDirectory: directory),
            limits: ProcessLimits(timeout: compileTimeout, outputBytes: nil, memoryBytes: nil))
        let compilerOutput = compile.stderr + compile.stdout
        var outcome = ProgramOutcome(
            compiled: compile.succeeded, compileTimedOut: compile.timedOut, compilerOutput: compilerOutput,
            messages: ProgramOutcome.parseMessages(compilerOutput), runs: [], compileSeconds: compile.seconds, date: Date())
        guard compile.succeeded, let executable else { return outcome }
        for target in program.runs {
            var environment = ["SWIFT_BACKTRACE": "enable=no"]
            if let target { environment["TUTORBUILD_TRAP"] = String(target) }
            let process = try ContainedProcess.run(executable, [], directory: directory, environment: environment, limits: limits)
            let exceeded = process.signal == SIGXFSZ
                || (limits.outputBytes.map { process.stdout.utf8.count >= $0 || process.stderr.utf8.count >= $0 } ?? false)
            var run = ProgramOutcome.Run(trapTarget: target, process: process, outputExceeded: exceeded)
            if target == nil, process.signal != nil, !exceeded {
                run.backtrace = try backtrace(program, directory: directory)
            }
            outcome.runs.append(run)
        }
        return outcome
    }

    /// An unexpected crash: compile again with line tables and rerun with the backtracer, for the crash's line.
    /// (Line tables make every compile slower, so only failing programs pay for them.)
    private func backtrace(_ program: LessonProgram, directory: String) throws -> String? {
        let source = directory + "/main.swift"
        let executable = directory + "/lesson-lines"
        let compile = try ContainedProcess.run(
            toolchain.swiftc, ["-gline-tables-only"] + toolchain.arguments(source: source, output: executable, swiftVersion: program.swiftVersion),
            directory: directory, environment: Toolchain.compilerEnvironment(temporaryDirectory: directory),
            limits: ProcessLimits(timeout: compileTimeout, outputBytes: nil, memoryBytes: nil))
        guard compile.succeeded else { return nil }
        let environment = ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16,demangle=yes"]
        let process = try ContainedProcess.run(executable, [], directory: directory, environment: environment, limits: limits)
        let frames = process.stderr.split(separator: "\n").filter { $0.contains(" at ") && $0.contains("snippet-") }
        return frames.isEmpty ? nil : frames.joined(separator: "\n")
    }
}

/// A run's stdout split at the program's markers: what each snippet printed, and its pictures.
struct ParsedRun {
    var outputs: [Int: String] = [:]
    var snapshots: [Int: [Snapshot]] = [:]
    /// Snippets in the order they started.
    var entered: [Int] = []
    /// The program reached its end.
    var ended = false
    /// `should-trap` snippets that finished without crashing.
    var noTrap: Set<Int> = []

    static let markerPrefix = "\u{1E}TUTORBUILD-"

    init(_ stdout: String) {
        var current: Int?
        let parts = stdout.components(separatedBy: Self.markerPrefix)
        for (k, part) in parts.enumerated() {
            var text = Substring(part)
            if k > 0 {
                // The marker runs to the end of its line.
                guard let newline = text.firstIndex(of: "\n") else { continue }
                let marker = text[..<newline]
                text = text[text.index(after: newline)...]
                let words = marker.split(separator: " ", maxSplits: 1)
                switch words.first {
                case "SNIPPET":
                    if let i = words.count > 1 ? Int(words[1]) : nil {
                        current = i
                        entered.append(i)
                        outputs[i] = outputs[i] ?? ""
                    }
                case "END": ended = true; current = nil
                case "NO-TRAP": if let i = words.count > 1 ? Int(words[1]) : nil { noTrap.insert(i) }
                case "SNAPSHOT":
                    if let current, words.count > 1, let snapshot = Self.decodeSnapshot(String(words[1])) {
                        snapshots[current, default: []].append(snapshot)
                    }
                default: break
                }
            }
            if let current { outputs[current, default: ""] += text }
        }
    }

    static func decodeSnapshot(_ base64: String) -> Snapshot? {
        struct Payload: Decodable {
            var caption: String
            var zh: String?
            var alt: String?
            var altZh: String?
            var svg: String
        }
        guard let data = Data(base64Encoded: base64.trimmingCharacters(in: .whitespaces)),
              let payload = try? JSONDecoder().decode(Payload.self, from: data) else { return nil }
        return Snapshot(caption: payload.caption, captionZh: payload.zh, alt: payload.alt ?? payload.caption,
                        altZh: payload.altZh, svg: payload.svg)
    }
}
