import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 20 item 5: lesson programs die with the runner, however it ends, and leave no folder behind.
@Suite("Interrupted test runs", .serialized)
struct InterruptedRunTests {
    /// Processes whose command line names a folder of the runner with process id `owner`.
    static func children(of owner: Int32) -> [Int32] {
        let needle = "tutorbuild-doctest-\(owner)-"
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(needle)
        }
    }

    /// Whether the lesson program itself runs: its own name (the first field of its command line) is the
    /// `lesson` binary in the runner's folder. The compiler's and the sandbox's command lines name that path
    /// too, as an argument; stopped while they run, a test would time the compile instead.
    static func lessonRuns(owner: Int32) -> Bool {
        children(of: owner).contains { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data.prefix { $0 != 0 }, as: UTF8.self).hasSuffix("/lesson")
        }
    }

    static func folders(of owner: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())) ?? [])
            .filter { $0.hasPrefix("tutorbuild-doctest-\(owner)-") }
    }

    /// A course whose one snippet never ends, and forks a child that leaves its process group.
    static func spinningCourse() throws -> String {
        try TemporaryCourse([
            "spin/en.md": TemporaryCourse.lesson("Spin", "```swift\nimport Glibc\nif fork() == 0 { setpgid(0, 0); while true { pause() } }\nwhile true { pause() }\n```\n"),
        ]).root
    }

    /// Kills and removes whatever a failed test left of runner `owner`.
    static func sweep(owner: Int32) {
        for pid in children(of: owner) { kill(pid, SIGKILL) }
        for folder in folders(of: owner) { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + folder) }
    }

    @Test("a looping snippet dies when tutorbuild test gets SIGTERM, SIGINT or SIGKILL", arguments: [SIGTERM, SIGINT, SIGKILL])
    func runnerDies(signal: Int32) throws {
        let root = try Self.spinningCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let process = TutorbuildBinary.process(["test", "--content", root + "/content", "--no-cache", "--timeout", "60"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let owner = process.processIdentifier
        defer {
            if process.isRunning { kill(owner, SIGKILL) }
            Self.sweep(owner: owner)
        }
        #expect(eventually(within: 60) { Self.lessonRuns(owner: owner) }, "the lesson program never started")
        kill(owner, signal)
        #expect(eventually(within: 3) { !process.isRunning }, "tutorbuild test still runs 3 s after the signal")
        #expect(eventually(within: 5) { Self.children(of: owner).isEmpty }, "still running: \(Self.children(of: owner))")
        if signal != SIGKILL {
            #expect(process.terminationStatus == 128 + signal)
            #expect(Self.folders(of: owner).isEmpty)
        }
    }
}

/// Issue 30 item 8: `serve`, `test` and `build` stop at once on Ctrl-C in their terminal, on SIGTERM and when their
/// terminal closes, whatever they are doing, in the release build too (scripts/test runs these against it, see
/// `TutorbuildBinary`).
@Suite("Stopping tutorbuild", .serialized)
struct StoppingTests {
    enum Stop: CustomTestStringConvertible, CaseIterable {
        case controlC, terminate, hangUp

        var testDescription: String {
            switch self {
            case .controlC: "Ctrl-C in its terminal"
            case .terminate: "SIGTERM"
            case .hangUp: "its terminal closed"
            }
        }

        var signal: Int32 {
            switch self {
            case .controlC: SIGINT
            case .terminate: SIGTERM
            case .hangUp: SIGHUP
            }
        }

        func send(to run: TerminalRun) {
            switch self {
            case .controlC: run.pressControlC()
            case .terminate: kill(run.pid, SIGTERM)
            case .hangUp: run.hangUp()
            }
        }
    }

    /// Stops `run` and expects it gone within 3 s, with status 128 + the signal, having printed nothing after
    /// the stop but `farewell` (no lesson program reported failing because the stop killed it), unless its
    /// terminal is gone.
    static func expectPromptExit(_ run: TerminalRun, after stop: Stop, farewell: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let printed = run.output.utf8.count
        let started = Date()
        stop.send(to: run)
        let ended = eventually(within: 3) { run.ended }
        let seconds = Date().timeIntervalSince(started)
        #expect(ended, "still running 3 s after \(stop.testDescription); it printed:\n\(run.output)", sourceLocation: sourceLocation)
        #expect(run.exitCode == 128 + stop.signal, "exit status \(run.exitCode.map(String.init) ?? "none") after \(String(format: "%.2f", seconds)) s", sourceLocation: sourceLocation)
        guard stop != .hangUp else { return }
        // The terminal echoes Ctrl-C as "^C".
        _ = eventually(within: 2) { run.outputComplete }
        var last = String(decoding: run.output.utf8.dropFirst(printed), as: UTF8.self)
        if last.hasPrefix("^C") { last.removeFirst(2) }
        #expect(last == farewell, "after \(stop.testDescription) it printed: \(last.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test("serve stops at once while it waits for changes", arguments: Stop.allCases)
    func serveWaiting(stop: Stop) throws {
        let root = try ProcessLevelTests.content(lessons: 2)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try TerminalRun(["serve", "--content", root + "/content", "--output", root + "/site", "--port", "0", "--no-test"])
        try #require(eventually(within: 60) { run.output.contains("Ctrl-C to stop") }, "serve never served; it printed:\n\(run.output)")
        Self.expectPromptExit(run, after: stop, farewell: "stopped\r\n")
    }

    @Test("serve, test and build stop at once mid doc-test, leaving no lesson program and no folder", arguments: ["serve", "test", "build"], Stop.allCases)
    func midDocTest(command: String, stop: Stop) throws {
        let root = try InterruptedRunTests.spinningCourse()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var arguments = [command, "--content", root + "/content"]
        switch command {
        case "serve": arguments += ["--output", root + "/site", "--port", "0"]
        case "build": arguments += ["--output", root + "/site"]
        default: arguments += ["--no-cache", "--timeout", "60"]
        }
        let run = try TerminalRun(arguments)
        let owner = run.pid
        defer { InterruptedRunTests.sweep(owner: owner) }
        try #require(eventually(within: 60) { InterruptedRunTests.lessonRuns(owner: owner) }, "the lesson program never started; tutorbuild printed:\n\(run.output)")
        Self.expectPromptExit(run, after: stop, farewell: command == "serve" ? "stopped\r\n" : "")
        #expect(eventually(within: 2) { InterruptedRunTests.children(of: owner).isEmpty }, "still running: \(InterruptedRunTests.children(of: owner))")
        #expect(InterruptedRunTests.folders(of: owner).isEmpty)
    }
}
