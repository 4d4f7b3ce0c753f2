import Foundation
@testable import DocTest
import LessonModel
import TestSupport
import Testing

/// Programs compiled from the driver's planned jobs (`CompilerJobs`, issue 29 item 1) build and fail exactly as
/// through `swiftc`, and anything that is not a plain plan falls back to the driver.
@Suite("Compiler jobs planned once and run without the driver (issue 29)")
struct CompilerJobsTests {
    static let toolchain: Toolchain = {
        var options = DocTestOptions()
        options.buildDirectory = TemporaryCourse.buildDirectory
        return try! Toolchain.locate(options: options)
    }()
    static let limits = ProcessLimits(timeout: 300, outputBytes: nil, memoryBytes: nil)
    static let mode = LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor)

    /// Compiles `text` as `main.swift` into `lesson` in a folder of its own, through `jobs` or the driver, and runs it.
    static func build(_ text: String, jobs: CompilerJobs?) throws -> (compile: ProcessOutcome, run: ProcessOutcome?) {
        let built = try build([text], wholeModule: false, jobs: jobs)
        return (built.compile, built.run)
    }

    /// Compiles `files` (the first is `main.swift`, the others `member-N.swift`; more than one needs `wholeModule`) into
    /// `lesson` in a folder of its own, through `jobs` or the driver, and runs it; `plan` is how `jobs` ran the compile.
    static func build(_ files: [String], wholeModule: Bool, jobs: CompilerJobs?) throws
        -> (compile: ProcessOutcome, run: ProcessOutcome?, plan: CompilerJobs.Way?) {
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        let sources = files.indices.map { directory + ($0 == 0 ? "/main.swift" : "/member-\($0).swift") }
        for (source, text) in zip(sources, files) { try text.write(toFile: source, atomically: true, encoding: .utf8) }
        var toolchain = toolchain
        var arguments = toolchain.arguments(source: sources[0], output: directory + "/lesson", mode: mode)
        if wholeModule { arguments.insert("-wmo", at: 0) }
        arguments += sources.dropFirst()
        let compile: ProcessOutcome
        var way: CompilerJobs.Way?
        if let jobs {
            way = try jobs.plan(swiftc: toolchain.swiftc, arguments, directory: directory, limits: limits)
            toolchain.jobs = jobs
            compile = try toolchain.compile(arguments, directory: directory, limits: limits)
        } else {
            compile = try ContainedProcess.run(
                toolchain.swiftc, arguments, directory: directory,
                environment: Toolchain.compilerEnvironment(temporaryDirectory: directory), limits: limits)
        }
        guard compile.succeeded else { return (compile, nil, way) }
        return (compile, try ContainedProcess.run(directory + "/lesson", [], directory: directory, limits: limits), way)
    }

    @Test("a planned compile runs the toolchain's own frontend and linker, not the driver, and its program runs as the driver's does")
    func plannedCompileRuns() throws {
        let jobs = CompilerJobs(cacheDirectory: nil)
        let script = try #require(try jobs.script(
            swiftc: Self.toolchain.swiftc,
            Self.toolchain.arguments(source: "/tmp/tutorbuild-jobs-test/main.swift", output: "/tmp/tutorbuild-jobs-test/lesson", mode: Self.mode),
            directory: "/tmp/tutorbuild-jobs-test", limits: Self.limits))
        let lines = script.split(separator: "\n")
        #expect(lines.first?.contains("swift-frontend -frontend -c") == true)
        #expect(lines.last?.hasPrefix("exec ") == true)
        #expect(!script.contains("swiftc ") && !script.contains(CompilerJobs.placeholder))
        #expect(script.contains("-o /tmp/tutorbuild-jobs-test/lesson"))

        let program = "import UIKit\nlet field = UITextField()\nfield.text = \"planned\"\nprint(field.text ?? \"nil\")\n"
        let planned = try Self.build(program, jobs: jobs)
        let driven = try Self.build(program, jobs: nil)
        #expect(planned.compile.succeeded && driven.compile.succeeded)
        #expect(planned.run?.stdout == "planned\n")
        #expect(planned.run?.stdout == driven.run?.stdout)
    }

    @Test("a whole-module compile of several files (a merged program) is planned too: its output map asks for nothing, so the frontend runs without it")
    func wholeModulePlanned() throws {
        let files = [
            "member1()\nmember2()\nmember3()\n",
            "import UIKit\nfunc member1() { let field = UITextField(); field.text = \"one\"; print(field.text ?? \"nil\") }\n",
            "func member2() { print(\"two\") }\n",
            "func member3() { print(\"three\") }\n",
        ]
        let planned = try Self.build(files, wholeModule: true, jobs: CompilerJobs(cacheDirectory: nil))
        let driven = try Self.build(files, wholeModule: true, jobs: nil)
        guard case .script(let script) = planned.plan else {
            Issue.record("a merged program's compile went through the driver: \(String(describing: planned.plan))")
            return
        }
        #expect(!script.contains("supplementary-output-file-map"))
        #expect(planned.run?.stdout == "one\ntwo\nthree\n")
        #expect(planned.run?.stdout == driven.run?.stdout)
    }

    @Test("an output map that asks for an output, or a driver file the jobs read otherwise, sends the compile through the driver")
    func outputMapWithOutputs() throws {
        let folder = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(folder) }
        let cases: [(String, Bool)] = [
            (#"{"/p/main.swift": {}}"#, true),
            (#"{"/p/main.swift": {}, "/p/member-1.swift": {}}"#, true),
            (#"{"/p/main.swift": {"dependencies": "./x.d"}}"#, false),
            ("{}", false),
            ("not json", false),
        ]
        for (text, empty) in cases {
            try text.write(toFile: folder + "/map", atomically: true, encoding: .utf8)
            #expect(CompilerJobs.isEmptyOutputMap(atPath: folder + "/map") == empty, "\(text)")
        }
        var arguments = Self.toolchain.arguments(source: "/tmp/tutorbuild-jobs-test/m0.swift", output: "/tmp/tutorbuild-jobs-test/lesson", mode: Self.mode)
        arguments = ["-wmo", "-emit-dependencies"] + arguments + (1...3).map { "/tmp/tutorbuild-jobs-test/m\($0).swift" }
        let jobs = CompilerJobs(cacheDirectory: nil)
        #expect(try jobs.plan(swiftc: Self.toolchain.swiftc, arguments, directory: "/tmp/tutorbuild-jobs-test", limits: Self.limits) == .driver)
    }

    @Test("a program that does not compile reports the same diagnostics through the plan as through the driver")
    func sameDiagnostics() throws {
        let program = "import UIKit\nlet field = UITextField()\nfield.txet = \"typo\"\nlet n: Int = \"one\"\n"
        let planned = try Self.build(program, jobs: CompilerJobs(cacheDirectory: nil))
        let driven = try Self.build(program, jobs: nil)
        #expect(!planned.compile.succeeded && !driven.compile.succeeded)
        let messages = { (outcome: ProcessOutcome) in
            ProgramOutcome.parseMessages(outcome.stderr + outcome.stdout).map { "\($0.line):\($0.column): \($0.severity): \($0.message)" }
        }
        #expect(messages(planned.compile).count == 2)
        #expect(messages(planned.compile) == messages(driven.compile))
    }

    @Test("the driver is used when the folder is not a plain path, or a plan holds anything but the toolchain's programs", arguments: [
        "/opt/swift/usr/bin/swift-frontend -frontend -c $(touch /tmp/x) /tutorbuild-compiler-jobs/program/main.swift",
        "/usr/bin/env sh /tutorbuild-compiler-jobs/program/main.swift",
        "/opt/swift/usr/bin/swift-frontend -frontend -c /tutorbuild-compiler-jobs/program/main.swift; rm -rf /",
        "/opt/swift/usr/bin/swift-frontend -frontend -c /tmp/TemporaryDirectory.abc/main.swift",
        "/opt/swift/usr/bin/swift-frontend -frontend -c /tutorbuild-compiler-jobs/program/main.swift > /home/user/.profile",
        "/opt/swift/usr/bin/swift-frontend -frontend -c /tutorbuild-compiler-jobs/program/main.swift\n/bin/rm -rf /tmp",
    ])
    func notAPlan(_ plan: String) throws {
        let tools = URL(fileURLWithPath: Self.toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path
        #expect(!CompilerJobs.isPlan(plan.replacingOccurrences(of: "/opt/swift/usr/bin", with: tools), swiftc: Self.toolchain.swiftc))
        let spaced = try CompilerJobs(cacheDirectory: nil).script(
            swiftc: Self.toolchain.swiftc, ["-typecheck", "/tmp/a b/main.swift"], directory: "/tmp/a b", limits: Self.limits)
        #expect(spaced == nil)
    }

    @Test("a plan is remembered in the cache folder, and a stored file that is not a plan is planned again")
    func storedPlans() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let arguments = Self.toolchain.arguments(source: "/tmp/tutorbuild-jobs-test/main.swift", output: nil, mode: Self.mode)
        let first = try CompilerJobs(cacheDirectory: cache).script(
            swiftc: Self.toolchain.swiftc, arguments, directory: "/tmp/tutorbuild-jobs-test", limits: Self.limits)
        let files = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("jobs-") }
        #expect(files.count == 1)
        let file = cache + "/" + files[0]
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(stored.contains(CompilerJobs.placeholder))
        // A stored plan edited, even into one that passes `isPlan`, fails its seal and is planned again.
        try stored.replacingOccurrences(of: "-frontend", with: "-frontend -DTAMPERED").write(toFile: file, atomically: true, encoding: .utf8)
        let again = try CompilerJobs(cacheDirectory: cache).script(
            swiftc: Self.toolchain.swiftc, arguments, directory: "/tmp/tutorbuild-jobs-test", limits: Self.limits)
        #expect(again == first && again?.contains("TAMPERED") == false)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == stored)
    }

    @Test("a compiler that hangs is stopped once, at planning, and its time-out is the compile's outcome; one that plans nothing goes through the driver")
    func hangingOrSilentCompiler() throws {
        let folder = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(folder) }
        let hanging = folder + "/hanging-swiftc", silent = folder + "/silent-swiftc"
        try "#!/bin/sh\necho \"$1\" >> \"$(dirname \"$0\")/hanging-called\"\nexec sleep 30\n".write(toFile: hanging, atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/silent-called\"\n".write(toFile: silent, atomically: true, encoding: .utf8)
        chmod(hanging, 0o755)
        chmod(silent, 0o755)
        let limits = ProcessLimits(timeout: 1, outputBytes: nil, memoryBytes: nil)
        let start = Date()
        let stopped = try CompilerJobs(cacheDirectory: nil).run(
            swiftc: hanging, ["-typecheck", folder + "/main.swift"], directory: folder, environment: [:], limits: limits)
        #expect(stopped.timedOut)
        #expect(try String(contentsOfFile: folder + "/hanging-called", encoding: .utf8) == "-###\n")
        #expect(Date().timeIntervalSince(start) < 10)
        let jobs = CompilerJobs(cacheDirectory: nil)
        #expect(try jobs.plan(swiftc: silent, ["-typecheck", folder + "/main.swift"], directory: folder, limits: limits) == .driver)
        let driven = try jobs.run(swiftc: silent, ["-typecheck", folder + "/main.swift"], directory: folder, environment: [:], limits: limits)
        #expect(driven.succeeded)
        #expect(try String(contentsOfFile: folder + "/silent-called", encoding: .utf8) == "-typecheck \(folder)/main.swift\n")
    }
}
