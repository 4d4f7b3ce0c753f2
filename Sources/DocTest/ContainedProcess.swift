import DocTestProtocol
import Foundation
import TutorbuildSupport
#if canImport(Glibc)
import Glibc
#endif

/// Limits a child process runs under.
struct ProcessLimits: Sendable, Hashable {
    /// Wall-clock limit in seconds.
    var timeout: Double
    /// Most bytes kept of stdout and of stderr, and the largest file the child may write; `nil` for none.
    var outputBytes: Int?
    /// Address-space limit in bytes; `nil` for none.
    var memoryBytes: Int?
    /// Path of `bwrap` to run the child in a sandbox (no network, read-only system); `nil` for none.
    var sandbox: String? = nil
    /// Folders the sandboxed child must still read even if they lie under the private `/tmp` (the model's build).
    var sandboxReadable: [String] = []
    /// Folders the sandboxed child may write besides its working directory (the compiler's module cache).
    var sandboxWritable: [String] = []
    /// Path of `tutorbuild-launch`, which runs the child under the syscall filter and reports how it ended; `nil` for none.
    var launcher: String? = nil
}

/// How a contained child ended.
struct ProcessOutcome: Sendable, Codable, Hashable {
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    var stdout: String
    var stderr: String
    var seconds: Double
    /// stdout or stderr went past the output limit and the child was stopped there.
    var outputExceeded = false
    /// The launcher never said how the child ended (the child killed it): nothing about its end is known.
    var endUnknown = false

    var succeeded: Bool { exitCode == 0 && !timedOut && !outputExceeded }
}

/// Starts a program in its own session, working directory and limits, and leaves nothing behind.
///
/// The child runs through `/bin/sh -c 'ulimit …; exec …'` so the limits (setrlimit) apply from
/// its first instruction and are inherited by anything it forks. stdout and stderr are pipes the runner
/// reads as the child writes (never files a child could seek in), cut at the output limit. The child
/// starts a new session, so it has no terminal to type into. On timeout, and after every exit, the whole
/// process group is killed, then any process still carrying this run's token in its environment is killed too.
enum ContainedProcess {
    static func run(
        _ executable: String, _ arguments: [String], directory: String, environment: [String: String] = [:],
        limits: ProcessLimits
    ) throws -> ProcessOutcome {
        try run(executable, arguments, directory: directory, environment: environment, limits: limits, channelKey: nil).outcome
    }

    /// What a child run with the runner's channel left: its outcome, stdout's bytes and the channel's records.
    struct Capture {
        var outcome: ProcessOutcome
        var stdout: [UInt8]
        /// Each complete line of the channel, with how much of stdout had arrived before it.
        var channel: [ChannelRecord]
        /// The channel carried more than `channelLimit` bytes; the rest was dropped.
        var channelOverflowed: Bool
    }

    /// Most bytes kept from a channel (pictures are a few kilobytes each).
    static let channelLimit = 32 << 20
    /// Descriptor on which `tutorbuild-launch` reports the child's end.
    static let statusDescriptor: Int32 = 4

    /// Runs `executable` with the runner's channel on descriptor 3 when `channelKey` is given (`RunnerChannel`):
    /// a Unix socket whose first bytes are the key. The runner answers each record with one byte once it has
    /// read all of stdout written before it, so each record's stdout offset is the runner's own count.
    static func run(
        _ executable: String, _ arguments: [String], directory: String, environment: [String: String] = [:],
        limits: ProcessLimits, channelKey: String?
    ) throws -> Capture {
        let token = UUID().uuidString
        let argv = Self.argv(executable, arguments, directory: directory, limits: limits)
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env["TUTORBUILD_RUN_TOKEN"] = token
        let envStrings = env.map { "\($0.key)=\($0.value)" }

        var ends = ChildDescriptors()
        defer { ends.close() }
        try ends.prepare(executable: executable, launcher: limits.launcher != nil, channelKey: channelKey)

        let start = Date()
        let pid = try ends.spawn(argv, environment: envStrings, executable: executable)
        guard RunningChildren.started(group: pid, token: token) else {
            // The run is being interrupted: the child was killed as it started (so that, say, the compile
            // for a crash's backtrace cannot write into a folder the interruption is removing).
            var ignored: Int32 = 0
            _ = waitpid(pid, &ignored, 0)
            throw DocTestError.interrupted
        }
        defer { RunningChildren.ended(group: pid, token: token) }

        var streams = Streams(stdout: ends.stdout, stderr: ends.stderr, status: ends.status, channel: ends.channel, limit: limits.outputBytes)
        let (waitStatus, timedOut) = waitForEnd(of: pid, reading: &streams, since: start, timeout: limits.timeout)
        // Whatever the child left running in its group, and anything that escaped the group.
        kill(-pid, SIGKILL)
        sweep(token)
        streams.pump(wait: 0)
        let seconds = Date().timeIntervalSince(start)
        // A child the interruption killed ended for the runner's reasons, not its own: nothing to report or keep.
        if RunningChildren.isTerminating { throw DocTestError.interrupted }

        var outcome = ProcessOutcome(
            exitCode: nil, signal: nil, timedOut: timedOut, stdout: String(decoding: streams.stdout, as: UTF8.self),
            stderr: String(decoding: streams.stderr, as: UTF8.self), seconds: seconds, outputExceeded: streams.exceeded)
        // A child the runner stopped (time, output) ended for the runner's reason, which the outcome says.
        if !timedOut, !streams.exceeded {
            try recordEnd(&outcome, waitStatus: waitStatus, status: limits.launcher != nil ? streams.status : nil, executable: executable)
        }
        return Capture(outcome: outcome, stdout: streams.stdout, channel: streams.records, channelOverflowed: streams.channelOverflowed)
    }

    /// The command line that starts `executable` under the limits: `/bin/sh` sets them and execs it, inside
    /// bubblewrap when sandboxed, through the launcher when there is one.
    private static func argv(_ executable: String, _ arguments: [String], directory: String, limits: ProcessLimits) -> [String] {
        var script = "cd \"$1\" || exit 126; shift; "
        if let bytes = limits.memoryBytes { script += "ulimit -v \(max(1, bytes / 1024)) || exit 126; " }
        if let bytes = limits.outputBytes { script += "ulimit -f \(max(1, bytes / 512)) || exit 126; " }
        script += "exec \"$@\""
        var command = [executable] + arguments
        if let launcher = limits.launcher { command = [launcher, String(statusDescriptor)] + command }
        let argv = ["/bin/sh", "-c", script, "sh", directory]
        if let bwrap = limits.sandbox {
            return [bwrap] + sandboxArguments(directory: directory, readable: limits.sandboxReadable, writable: limits.sandboxWritable) + argv + command
        } else if limits.launcher == nil, FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            // Outside the sandbox the child at least dies with the runner, even when the runner is killed
            // (the launcher sees to that itself).
            return argv + [Self.setpriv, "--pdeathsig", "KILL"] + command
        }
        return argv + command
    }

    /// Reads the child's output until it exits, is stopped at a limit, or runs out of time (then it is
    /// killed); its wait status, and whether it timed out.
    private static func waitForEnd(of pid: pid_t, reading streams: inout Streams, since start: Date, timeout: Double) -> (Int32, Bool) {
        var waitStatus: Int32 = 0
        while true {
            streams.pump(wait: 20)
            // Past a limit nothing more is read, and a program waiting for the channel's answer would wait forever.
            if streams.exceeded || streams.channelOverflowed { kill(-pid, SIGKILL) }
            let r = waitpid(pid, &waitStatus, WNOHANG)
            if r == pid { break }
            if r < 0, errno != EINTR { break }
            if Date().timeIntervalSince(start) > timeout {
                kill(-pid, SIGKILL)
                while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
                return (waitStatus, true)
            }
        }
        return (waitStatus, false)
    }

    /// How the child ended, from the launcher's `status` line when it ran under the launcher, else from its wait status.
    private static func recordEnd(_ outcome: inout ProcessOutcome, waitStatus: Int32, status: [UInt8]?, executable: String) throws {
        if let status {
            switch LaunchStatus(status) {
            case .exited(let code): outcome.exitCode = code
            case .signaled(let signal): outcome.signal = signal
            case .failed(let reason): throw DocTestError.spawnFailed(executable, reason)
            case .unknown: outcome.endUnknown = true
            }
        } else if waitStatus & 0x7f == 0 {
            outcome.exitCode = (waitStatus >> 8) & 0xff
        } else {
            outcome.signal = waitStatus & 0x7f
        }
    }

    /// What `tutorbuild-launch` wrote: exactly one line, else the end is unknown (a program that reached the
    /// launcher's descriptor could only add lines).
    enum LaunchStatus: Equatable {
        case exited(Int32)
        case signaled(Int32)
        case failed(String)
        case unknown

        init(_ bytes: [UInt8]) {
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count == 2, lines[1].isEmpty else {
                self = .unknown
                return
            }
            let fields = lines[0].split(separator: " ", maxSplits: 1)
            switch (fields.first, fields.count == 2 ? fields[1] : nil) {
            case ("exited", let n?): self = Int32(n).flatMap { (0...255).contains($0) ? .exited($0) : nil } ?? .unknown
            case ("signaled", let n?): self = Int32(n).flatMap { (1...64).contains($0) ? .signaled($0) : nil } ?? .unknown
            case ("error", let reason?): self = .failed(String(reason))
            default: self = .unknown
            }
        }
    }

    /// The child's pipes and channel, read as they fill (internal for the tests of its acknowledgements).
    struct Streams {
        let stdoutPipe: Int32, stderrPipe: Int32, statusPipe: Int32, channel: Int32
        let limit: Int?
        var stdout: [UInt8] = []
        var stderr: [UInt8] = []
        var status: [UInt8] = []
        var records: [ChannelRecord] = []
        var pending: [UInt8] = []
        var channelBytes = 0
        var channelOverflowed = false
        /// stdout or stderr went past the limit.
        var exceeded = false
        var open: Set<Int32>
        var buffer = [UInt8](repeating: 0, count: 65_536)

        init(stdout: Int32, stderr: Int32, status: Int32, channel: Int32, limit: Int?) {
            (stdoutPipe, stderrPipe, statusPipe, self.channel, self.limit) = (stdout, stderr, status, channel, limit)
            open = Set([stdout, stderr, status, channel].filter { $0 >= 0 })
        }

        /// Reads whatever is ready, waiting up to `wait` milliseconds for something to be.
        mutating func pump(wait: Int32) {
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard !fds.isEmpty else {
                if wait > 0 { usleep(useconds_t(wait) * 1000) }
                return
            }
            guard poll(&fds, nfds_t(fds.count), wait) > 0 else { return }
            // stdout first, so a record's offset counts everything written before it.
            drain(stdoutPipe)
            drain(stderrPipe)
            drain(statusPipe)
            drain(channel)
        }

        /// Reads `fd` until it has nothing more for now; closes it at its end.
        private mutating func drain(_ fd: Int32) {
            guard open.contains(fd) else { return }
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0, errno == EINTR { continue }
                if n == 0 { open.remove(fd) }
                if n <= 0 { return }
                take(buffer[..<n], from: fd)
            }
        }

        private mutating func take(_ bytes: ArraySlice<UInt8>, from fd: Int32) {
            switch fd {
            case stdoutPipe: stdout = kept(bytes, after: stdout)
            case stderrPipe: stderr = kept(bytes, after: stderr)
            case statusPipe: if status.count < 4096 { status += bytes.prefix(4096 - status.count) }
            default: receive(bytes)
            }
        }

        /// `output` and as much of `bytes` as the limit allows.
        private mutating func kept(_ bytes: ArraySlice<UInt8>, after output: [UInt8]) -> [UInt8] {
            var output = output
            guard let limit else { return output + bytes }
            if output.count + bytes.count > limit { exceeded = true }
            output += bytes.prefix(max(0, limit - output.count))
            return output
        }

        /// Channel bytes: each complete line becomes a record stamped with stdout's length, then is acknowledged.
        private mutating func receive(_ bytes: ArraySlice<UInt8>) {
            channelBytes += bytes.count
            if channelBytes > ContainedProcess.channelLimit {
                channelOverflowed = true
                pending = []
                return
            }
            pending += bytes
            while let end = pending.firstIndex(of: 10) {
                drain(stdoutPipe)
                records.append(ChannelRecord(stdoutOffset: stdout.count, bytes: Array(pending[..<end])))
                pending.removeSubrange(...end)
                var ack: UInt8 = 10
                // Not `write`: a program that ended right after its record has closed its end, and writing to the
                // socket would kill the runner with SIGPIPE (seen in `swift test` on a loaded machine).
                _ = send(channel, &ack, 1, Int32(MSG_NOSIGNAL))
            }
        }
    }

    static let setpriv = "/usr/bin/setpriv"

    /// bubblewrap's arguments: a read-only view of the system, a private `/tmp`, the working directory writable,
    /// new PID, network, IPC and UTS namespaces, no capabilities even for root, a new session, and death with the runner. In its own PID namespace a program
    /// sees and signals no process but its own, and everything it started dies when it ends.
    static func sandboxArguments(directory: String, readable: [String], writable: [String] = []) -> [String] {
        var arguments = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        for path in readable where FileManager.default.fileExists(atPath: path) {
            // Mount the real folder at its own path and at the (possibly symlinked) path the program's rpath names.
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            arguments += ["--ro-bind", real, real]
            if real != path { arguments += ["--ro-bind", real, path] }
        }
        for path in writable where FileManager.default.fileExists(atPath: path) {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            arguments += ["--bind", real, real]
            if real != path { arguments += ["--bind", real, path] }
        }
        return arguments + [
            "--bind", directory, directory, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--unshare-cgroup-try", "--cap-drop", "ALL", "--new-session", "--die-with-parent", "--",
        ]
    }

    /// Kills every process whose environment carries `token`, until none is left.
    static func sweep(_ token: String) {
        let needle = Array("TUTORBUILD_RUN_TOKEN=\(token)".utf8)
        let me = getpid()
        for _ in 0..<20 {
            var found = false
            for pid in processIDs() where pid != me {
                guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { continue }
                let bytes = [UInt8](data)
                for entry in bytes.split(separator: 0) where entry.elementsEqual(needle) {
                    kill(pid, SIGKILL)
                    found = true
                    break
                }
            }
            if !found { return }
            usleep(2_000)
        }
    }

    /// The ids of processes still carrying `token` (for tests: nothing may be left).
    static func survivors(_ token: String) -> [pid_t] {
        let needle = Array("TUTORBUILD_RUN_TOKEN=\(token)".utf8)
        return processIDs().filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return [UInt8](data).split(separator: 0).contains { $0.elementsEqual(needle) }
        }
    }

    static func processIDs() -> [pid_t] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGXFSZ: "SIGXFSZ"
        case SIGXCPU: "SIGXCPU"
        case SIGTERM: "SIGTERM"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGVTALRM: "SIGVTALRM"
        case SIGPROF: "SIGPROF"
        default: "signal \(signal)"
        }
    }
}

/// Problems with the environment (not with lessons): these are thrown, never reported as diagnostics.
public enum DocTestError: Error, CustomStringConvertible, Sendable {
    case spawnFailed(String, String)
    case compilerNotFound(String)
    case modelNotBuilt(String)
    case sandboxUnavailable(String)
    case launcherNotBuilt(String)
    case interrupted
    case io(String)

    public var description: String {
        switch self {
        case .spawnFailed(let program, let reason): "cannot start '\(program)': \(reason)"
        case .compilerNotFound(let detail): "cannot find the Swift compiler: \(detail)"
        case .modelNotBuilt(let directory): "the UIKit model library is not built in '\(directory)'; run 'swift build --product UIKit' (or pass the build directory)"
        case .sandboxUnavailable(let reason): "--sandbox cannot be used: \(reason)"
        case .launcherNotBuilt(let directory): "'tutorbuild-launch' is not built in '\(directory)'; run 'swift build --product tutorbuild-launch'"
        case .interrupted: "the run was interrupted"
        case .io(let detail): detail
        }
    }
}
