import DocTestProtocol
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

#if canImport(Glibc)
import Glibc
#endif

/// Compiles and runs one program in a temporary working directory, under the limits.
struct ProgramExecutor: Sendable {
    var toolchain: Toolchain
    var limits: ProcessLimits
    var compileTimeout: Double
    var compileMemory: Int? = nil
    /// Whether a compiled program's demonstration lines are found (`DocTestOptions.demonstrationLines`).
    var findsDemonstration = true
    /// The model's declarations newer than iOS 13, for the availability check (`AvailabilityCheck`); `nil` checks nothing.
    var introduced: LazyIntroducedAPI? = nil

    /// How the compiler is contained: its own time and memory limits, in the sandbox when lessons run in one.
    var compileLimits: ProcessLimits {
        var compile = ProcessLimits(timeout: compileTimeout, outputBytes: 16 << 20, memoryBytes: compileMemory)
        (compile.sandbox, compile.sandboxReadable) = (limits.sandbox, limits.sandboxReadable)
        compile.sandboxWritable = toolchain.moduleCache.map { [$0] } ?? []
        return compile
    }

    /// `typeChecked` is called once the program is known to type-check, while it is still being compiled. `started` is
    /// the program's demonstration dump when one is already under way (a merged compile's member compiled alone after).
    func execute(
        _ program: LessonProgram, typeChecked: (@Sendable () -> Void)? = nil, demonstration started: Pending<[Int: [Int]]?>? = nil
    ) throws -> ProgramOutcome {
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        let source = directory + "/main.swift"
        let text = program.text(supportName: Self.randomSupportName())
        guard FileManager.default.createFile(atPath: source, contents: Data(text.utf8)) else {
            throw DocTestError.io("cannot write '\(source)'")
        }
        // For debugging the runner: keep a copy of every generated program.
        if let keep = ProcessInfo.processInfo.environment["TUTORBUILD_DOCTEST_KEEP"], !keep.isEmpty {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: keep + "/" + XXH3.hex128(program.text).prefix(16) + ".swift", contents: Data(text.utf8))
        }
        // A program that may use too new API is dumped once, beside its compile: the dump answers the check and gives
        // the demonstration lines. When it finds such a use, Xcode stops at those errors: the program is not run.
        let check = try needsAvailabilityCheck(program) ? Self.background {
            let checked = try availabilityChecked(program, text: text, directory: directory)
            if let checked, checked.unavailable.isEmpty, checked.demonstration != nil, !program.typecheckOnly { typeChecked?() }
            return checked
        } : nil
        defer { check?.wait() }
        let executable = program.typecheckOnly ? nil : directory + "/lesson"
        // Otherwise the dump for the demonstration lines is a type-check of its own: on the other core, beside the
        // compile and the run.
        let dump = findsDemonstration && executable != nil && check == nil ? started ?? Self.background {
            let lines = try demonstration(of: program)
            if lines != nil { typeChecked?() }
            return lines
        } : nil
        defer { dump?.wait() }
        let compile = try toolchain.compile(
            toolchain.arguments(source: source, output: executable, mode: program.mode), directory: directory, limits: compileLimits)
        let compilerOutput = compile.stderr + compile.stdout
        var outcome = ProgramOutcome(
            compiled: compile.succeeded, compileTimedOut: compile.timedOut, compilerOutput: compilerOutput,
            messages: ProgramOutcome.parseMessages(compilerOutput).filter { !$0.isDeprecation(after: program.mode.deploymentTarget) }, runs: [], compileSeconds: compile.seconds, date: Date())
        let checked = try check?.value() ?? nil
        if let unavailable = checked?.unavailable, !unavailable.isEmpty {
            // Xcode stops at these errors: the program neither builds nor runs.
            outcome.compiled = false
            outcome.messages = unavailable + outcome.messages
            outcome.compilerOutput = unavailable.map { "\($0.file):\($0.line):\($0.column): error: \($0.message)" }.joined(separator: "\n")
                + "\n" + outcome.compilerOutput
            return outcome
        }
        guard compile.succeeded, let executable else { return outcome }
        // The running program must not find its own source, which names the support type.
        unlink(source)
        outcome.runs = try runs(of: program, executable: executable, directory: directory) {
            try backtrace(program, text: text, directory: directory)
        }
        if let dump { outcome.demonstration = try dump.value() } else if findsDemonstration { outcome.demonstration = checked?.demonstration }
        return outcome
    }

    /// `work` started on another thread; `value()` waits for it.
    static func background<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> Pending<T> {
        let pending = Pending<T>()
        DispatchQueue.global().async(group: pending.group) { pending.result.mutate { $0 = Result(catching: work) } }
        return pending
    }

    /// The result of work started by `background`.
    final class Pending<T: Sendable>: @unchecked Sendable {
        let group = DispatchGroup()
        let result = Locked<Result<T, Error>?>(nil)

        func wait() { group.wait() }

        func value() throws -> T {
            group.wait()
            guard let result = result.value else { preconditionFailure("background work ended without a result") }
            return try result.get()
        }
    }

    /// Runs a compiled program once for each of `program.runs`, with `environment` added; an unexpected crash is
    /// rerun for its backtrace by `backtrace`, when given.
    func runs(
        of program: LessonProgram, executable: String, directory: String, environment extra: [String: String] = [:],
        backtrace: (() throws -> String?)?
    ) throws -> [ProgramOutcome.Run] {
        var runs: [ProgramOutcome.Run] = []
        // Each run starts the executable again, from a folder the program may write: a run that renamed it and left a
        // script of its own in its place (one that kills the real program with SIGSEGV a second later) decided the
        // `should-trap` runs after it. The file must still be the one the compiler made, before and after each run.
        let made = Self.executableStamp(executable)
        var replaced = false
        for target in program.runs {
            guard !replaced, made != nil, Self.executableStamp(executable) == made else {
                replaced = true
                var transcript = RunTranscript()
                transcript.forgery = Self.replacedExecutable
                let process = ProcessOutcome(exitCode: nil, signal: nil, timedOut: false, stdout: "", stderr: "", seconds: 0)
                runs.append(ProgramOutcome.Run(trapTarget: target, process: process, outputExceeded: false, transcript: transcript))
                continue
            }
            var environment = extra.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
            if let target { environment["TUTORBUILD_TRAP"] = String(target) }
            let key = Self.randomHex(bytes: RunnerChannel.keyLength / 2)
            let capture = try ContainedProcess.run(
                executable, [], directory: directory, environment: environment, limits: limits, channelKey: key)
            var process = capture.outcome
            let transcript = RunTranscript(
                channel: capture.channel, stdout: capture.stdout, key: key, snippets: program.snippets,
                overflowed: capture.channelOverflowed)
            let exceeded = process.outputExceeded || process.signal == SIGXFSZ
            // Each snippet's output is in the transcript; the whole stdout again would only double the cache entry.
            process.stdout = ""
            var run = ProgramOutcome.Run(trapTarget: target, process: process, outputExceeded: exceeded, transcript: transcript)
            if Self.executableStamp(executable) != made {
                replaced = true
                run.transcript.forgery = Self.replacedExecutable
            }
            if Self.crashedUnexpectedly(run), let backtrace {
                run.backtrace = try backtrace()
            }
            runs.append(run)
        }
        return runs
    }

    static let replacedExecutable = "the program replaced or changed its own executable, which later runs start"

    /// What identifies the compiled executable: its file (device, inode), size, modification time and contents' hash;
    /// `nil` when it cannot be read.
    static func executableStamp(_ path: String) -> String? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
              let data = FileManager.default.contents(atPath: path) else { return nil }
        let hash = data.withUnsafeBytes { XXH3.hex64($0) }
        return "\(status.st_dev) \(status.st_ino) \(status.st_size) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec) \(hash)"
    }

    /// A main run that crashed, not for its output's size and not refused as forged: its backtrace is wanted.
    static func crashedUnexpectedly(_ run: ProgramOutcome.Run) -> Bool {
        run.trapTarget == nil && run.process.signal != nil && !run.outputExceeded && run.transcript.forgery == nil
    }

    /// The demonstration lines of a program compiled elsewhere (a merged compile, or a cached outcome made without
    /// them), from its own text alone.
    func demonstration(of program: LessonProgram) throws -> [Int: [Int]]? {
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        return try demonstration(program.text(supportName: Self.randomSupportName()), program: program, directory: directory)
    }

    /// Which snippet lines are demonstration, from the type-checked AST of the program (`DemonstrationLines`);
    /// `nil` when the compiler cannot dump it.
    private func demonstration(_ text: String, program: LessonProgram, directory: String) throws -> [Int: [Int]]? {
        let (physical, origin) = DemonstrationLines.physical(text)
        return try astDump(physical, name: "ast", mode: program.mode, directory: directory).map { DemonstrationLines.lines(dump: $0, origin: origin) }
    }

    /// The compiler's `-dump-ast` of `physical` at `mode`, compiled as `name.swift` in `directory`; `nil` when it does
    /// not type-check. What both the demonstration lines and the availability check read.
    private func astDump(_ physical: String, name: String, mode: LanguageMode, directory: String) throws -> String? {
        let source = directory + "/" + name + ".swift", dump = directory + "/" + name + ".txt"
        guard FileManager.default.createFile(atPath: source, contents: Data(physical.utf8)) else {
            throw DocTestError.io("cannot write '\(source)'")
        }
        defer { unlink(source); unlink(dump) }
        var arguments = toolchain.arguments(source: source, output: nil, mode: mode)
        arguments.replaceSubrange(0..<3, with: ["-dump-ast", "-o", dump])
        let process = try toolchain.compile(arguments, directory: directory, limits: compileLimits)
        guard process.succeeded, let data = FileManager.default.contents(atPath: dump) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Whether `program` may use a declaration iOS introduced after its deployment target, so that only a check
    /// of its own AST (`availabilityChecked`) can tell; nearly every program is answered by its words alone.
    func needsAvailabilityCheck(_ program: LessonProgram) throws -> Bool {
        try introduced?.value().mentionsNewer(program.text, target: program.mode.deploymentTarget) ?? false
    }

    /// Xcode's "'X' is only available in iOS N or newer" errors for `program` at its deployment target, at the
    /// snippets' lines, and its demonstration lines, from one dump of its type-checked AST (`AvailabilityCheck`);
    /// `nil` when it mentions nothing newer, no errors and no lines when it does not type-check.
    func availabilityChecked(
        _ program: LessonProgram, text: String, directory: String
    ) throws -> (unavailable: [ProgramOutcome.CompilerMessage], demonstration: [Int: [Int]]?)? {
        guard try needsAvailabilityCheck(program), let api = try introduced?.value() else { return nil }
        let (physical, origin) = DemonstrationLines.physical(text)
        guard let dump = try astDump(physical, name: "availability", mode: program.mode, directory: directory) else {
            return ([], nil)
        }
        let uses = AvailabilityCheck.uses(dump: dump, text: physical, file: "availability.swift", api: api, target: program.mode.deploymentTarget)
        let unavailable = uses.map { use in
            let (snippet, line) = origin[use.line] ?? (-1, use.line)
            return ProgramOutcome.CompilerMessage(
                file: snippet >= 0 ? "snippet-\(snippet).swift" : "main.swift", line: line, column: use.column,
                severity: "error", message: use.message)
        }
        return (unavailable, DemonstrationLines.lines(dump: dump, origin: origin))
    }

    /// The uses of too new API in `physical` (a program's text without `#sourceLocation` lines) at `mode`'s
    /// deployment target; none when it does not type-check (the compile reports that).
    func availabilityUses(_ physical: String, mode: LanguageMode, directory: String) throws -> [AvailabilityCheck.Use] {
        guard let api = try introduced?.value(), let dump = try astDump(physical, name: "availability", mode: mode, directory: directory)
        else { return [] }
        return AvailabilityCheck.uses(dump: dump, text: physical, file: "availability.swift", api: api, target: mode.deploymentTarget)
    }

    /// A name for the support type no snippet can know: `__tutorbuild_` and 128 random bits.
    static func randomSupportName() -> String { "__tutorbuild_" + randomHex(bytes: 16) }

    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for _ in 0..<bytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            out += [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An unexpected crash: compile again with line tables and rerun with the backtracer, for the crash's line.
    /// (Line tables make every compile slower, so only failing programs pay for them.)
    private func backtrace(_ program: LessonProgram, text: String, directory: String) throws -> String? {
        let source = directory + "/main.swift"
        guard FileManager.default.createFile(atPath: source, contents: Data(text.utf8)) else { return nil }
        defer { unlink(source) }
        let executable = directory + "/lesson-lines"
        let compile = try toolchain.compile(
            ["-gline-tables-only"] + toolchain.arguments(source: source, output: executable, mode: program.mode),
            directory: directory, limits: compileLimits)
        guard compile.succeeded else { return nil }
        let environment = ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,limit=16,demangle=yes"]
        let process = try ContainedProcess.run(executable, [], directory: directory, environment: environment, limits: limits, channelKey: nil).outcome
        let frames = process.stderr.split(separator: "\n").filter { $0.contains(" at ") && $0.contains("snippet-") }
        return frames.isEmpty ? nil : frames.joined(separator: "\n")
    }
}

