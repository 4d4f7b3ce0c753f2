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
    /// Largest file the child may write, in bytes (its stdout and stderr are files); `nil` for none.
    var outputBytes: Int?
    /// Address-space limit in bytes; `nil` for none.
    var memoryBytes: Int?
    /// Path of `bwrap` to run the child in a sandbox (no network, read-only system); `nil` for none.
    var sandbox: String? = nil
    /// Folders the sandboxed child must still read even if they lie under the private `/tmp` (the model's build).
    var sandboxReadable: [String] = []
}

/// How a contained child ended.
struct ProcessOutcome: Sendable, Codable, Hashable {
    var exitCode: Int32?
    var signal: Int32?
    var timedOut: Bool
    var stdout: String
    var stderr: String
    var seconds: Double

    var succeeded: Bool { exitCode == 0 && !timedOut }
}

/// Starts a program in its own process group, working directory and limits, and leaves nothing behind.
///
/// The child runs through `/bin/sh -c 'ulimit …; exec …'` so the limits (setrlimit) apply from
/// its first instruction and are inherited by anything it forks. stdout and stderr go to files, so a
/// child that forks and keeps them open can never block the runner; the file-size limit caps them.
/// On timeout, and after every exit, the whole process group is killed, then any process still
/// carrying this run's token in its environment (one that called `setsid`) is killed too.
enum ContainedProcess {
    static func run(
        _ executable: String, _ arguments: [String], directory: String, environment: [String: String] = [:],
        limits: ProcessLimits
    ) throws -> ProcessOutcome {
        try run(executable, arguments, directory: directory, environment: environment, limits: limits, channelKey: nil).outcome
    }

    /// What a child run with the runner's channel left: its outcome, stdout's bytes and the channel's bytes.
    struct Capture {
        var outcome: ProcessOutcome
        var stdout: [UInt8]
        var channel: [UInt8]
        /// The channel carried more than `channelLimit` bytes; the rest was dropped.
        var channelOverflowed: Bool
    }

    /// Most bytes kept from a channel (pictures are a few kilobytes each).
    static let channelLimit = 32 << 20

    /// Runs `executable` with the runner's channel on descriptor 3 when `channelKey` is given (`RunnerChannel`):
    /// a Unix socket whose first bytes are the key, which the runner reads while the child runs.
    static func run(
        _ executable: String, _ arguments: [String], directory: String, environment: [String: String] = [:],
        limits: ProcessLimits, channelKey: String?
    ) throws -> Capture {
        let token = UUID().uuidString
        let stdoutPath = directory + "/.stdout-" + token
        let stderrPath = directory + "/.stderr-" + token
        defer {
            unlink(stdoutPath)
            unlink(stderrPath)
        }
        var script = "cd \"$1\" || exit 126; shift; "
        if let bytes = limits.memoryBytes { script += "ulimit -v \(max(1, bytes / 1024)) || exit 126; " }
        if let bytes = limits.outputBytes { script += "ulimit -f \(max(1, bytes / 512)) || exit 126; " }
        script += "exec \"$@\""
        var argv = ["/bin/sh", "-c", script, "sh", directory, executable] + arguments
        if let bwrap = limits.sandbox {
            argv = [bwrap] + sandboxArguments(directory: directory, readable: limits.sandboxReadable) + argv
        } else if FileManager.default.isExecutableFile(atPath: Self.setpriv) {
            // Outside the sandbox the child at least dies with the runner, even when the runner is killed.
            argv = Array(argv[..<5]) + [Self.setpriv, "--pdeathsig", "KILL"] + Array(argv[5...])
        }
        let spawnPath = argv[0]

        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        env["TUTORBUILD_RUN_TOKEN"] = token
        let envStrings = env.map { "\($0.key)=\($0.value)" }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // (posix_spawn_file_actions_addclosefrom_np: glibc ≥ 2.34 has it, but Swift's Glibc module does not
        // declare it, so it is looked up.)
        var childEnd: Int32 = -1
        var channel: Int32 = -1
        if let channelKey {
            // A socket, not a pipe or file: the child cannot reopen it through /proc to read the key back.
            var pair: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
                throw DocTestError.spawnFailed(executable, "cannot create the runner's channel: " + String(cString: strerror(errno)))
            }
            channel = pair[0]
            // Above 3, so the dup2 below always makes a fresh descriptor without close-on-exec.
            let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
            close(pair[1])
            guard child >= 0 else {
                close(channel)
                throw DocTestError.spawnFailed(executable, "cannot create the runner's channel: " + String(cString: strerror(errno)))
            }
            posix_spawn_file_actions_adddup2(&actions, child, RunnerChannel.descriptor)
            Array(channelKey.utf8).withUnsafeBytes { _ = write(channel, $0.baseAddress, $0.count) }
            _ = fcntl(channel, F_SETFL, fcntl(channel, F_GETFL) | O_NONBLOCK)
            childEnd = child
        }
        defer {
            if channel >= 0 { close(channel) }
            if childEnd >= 0 { close(childEnd) }
        }
        // Nothing else the runner has open (other jobs' files, the terminal's pipes) reaches the child.
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, channelKey == nil ? 3 : 4) }

        let start = Date()
        var pid: pid_t = 0
        let status = SpawnAttributes.withDefaultSignals(flags: POSIX_SPAWN_SETPGROUP) { attributes in
            posix_spawnattr_setpgroup(&attributes, 0)
            return withCStrings(argv) { cArgv in
                withCStrings(envStrings) { cEnv in
                    posix_spawn(&pid, spawnPath, &actions, &attributes, cArgv, cEnv)
                }
            }
        }
        guard status == 0 else {
            throw DocTestError.spawnFailed(executable, String(cString: strerror(status)))
        }
        guard RunningChildren.started(group: pid, token: token) else {
            // The run is being interrupted: the child was killed as it started (so that, say, the compile
            // for a crash's backtrace cannot write into a folder the interruption is removing).
            var ignored: Int32 = 0
            _ = waitpid(pid, &ignored, 0)
            throw DocTestError.spawnFailed(executable, "the run was interrupted")
        }
        defer { RunningChildren.ended(group: pid, token: token) }
        if childEnd >= 0 {
            close(childEnd)
            childEnd = -1
        }
        var received: [UInt8] = []
        var overflowed = false
        // Read on every turn of the wait loop below: one buffer for all of them.
        var buffer = channelKey == nil ? [] : [UInt8](repeating: 0, count: 65_536)
        func drain() {
            guard channel >= 0 else { return }
            while true {
                let n = buffer.withUnsafeMutableBytes { read(channel, $0.baseAddress, $0.count) }
                if n <= 0 { return }
                if received.count + n > Self.channelLimit {
                    overflowed = true
                } else {
                    received += buffer[..<n]
                }
            }
        }

        var waitStatus: Int32 = 0
        var timedOut = false
        var delay: useconds_t = 500
        while true {
            drain()
            let r = waitpid(pid, &waitStatus, WNOHANG)
            if r == pid { break }
            if r < 0, errno != EINTR { break }
            if Date().timeIntervalSince(start) > limits.timeout {
                timedOut = true
                kill(-pid, SIGKILL)
                while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
                break
            }
            usleep(delay)
            delay = min(delay * 2, 20_000)
        }
        // Whatever the child left running in its group, and anything that escaped the group.
        kill(-pid, SIGKILL)
        sweep(token)
        drain()
        let seconds = Date().timeIntervalSince(start)

        var exitCode: Int32?
        var signal: Int32?
        if !timedOut {
            if waitStatus & 0x7f == 0 {
                exitCode = (waitStatus >> 8) & 0xff
            } else {
                signal = waitStatus & 0x7f
            }
        }
        let stdout = readBytes(stdoutPath)
        let outcome = ProcessOutcome(
            exitCode: exitCode, signal: signal, timedOut: timedOut,
            stdout: String(decoding: stdout, as: UTF8.self), stderr: readFile(stderrPath), seconds: seconds)
        return Capture(outcome: outcome, stdout: stdout, channel: received, channelOverflowed: overflowed)
    }

    static let setpriv = "/usr/bin/setpriv"

    /// bubblewrap's arguments: a read-only view of the system, a private `/tmp`, the working directory writable,
    /// new PID, network, IPC and UTS namespaces, and death with the runner. In its own PID namespace a program
    /// sees and signals no process but its own, and everything it started dies when it ends.
    static func sandboxArguments(directory: String, readable: [String]) -> [String] {
        var arguments = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]
        for path in readable where FileManager.default.fileExists(atPath: path) {
            // Mount the real folder at its own path and at the (possibly symlinked) path the program's rpath names.
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            arguments += ["--ro-bind", real, real]
            if real != path { arguments += ["--ro-bind", real, path] }
        }
        return arguments + [
            "--bind", directory, directory, "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts",
            "--die-with-parent", "--",
        ]
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

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

    static func readBytes(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return [UInt8](data)
    }

    static func readFile(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return body(pointers)
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
    case io(String)

    public var description: String {
        switch self {
        case .spawnFailed(let program, let reason): "cannot start '\(program)': \(reason)"
        case .compilerNotFound(let detail): "cannot find the Swift compiler: \(detail)"
        case .modelNotBuilt(let directory): "the UIKit model library is not built in '\(directory)'; run 'swift build --product UIKit' (or pass the build directory)"
        case .sandboxUnavailable(let reason): "--sandbox cannot be used: \(reason)"
        case .io(let detail): detail
        }
    }
}
