import Foundation
import TestSupport
import TutorbuildSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tutorbuild` run as from a terminal window: the leader of a session of its own, whose controlling terminal
/// is a new pseudo-terminal, so a Ctrl-C typed there reaches it the way the terminal driver sends it.
final class TerminalRun {
    let pid: pid_t
    private let master: Int32
    private let transcript: Transcript
    private var waitStatus: Int32?

    /// What the terminal showed, read on a thread of its own so the program never blocks writing to it.
    private final class Transcript: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private var ended = false
        private var hangingUp = false
        var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
        var complete: Bool { lock.withLock { ended } }
        var hangUpAsked: Bool {
            get { lock.withLock { hangingUp } }
            set { lock.withLock { hangingUp = newValue } }
        }
        func append(_ more: ArraySlice<UInt8>) { lock.withLock { bytes += more } }
        func end() { lock.withLock { ended = true } }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String], binary: String = TutorbuildBinary.path, environment: [String: String] = TutorbuildBinary.environment) throws {
        // posix_openpt, as glibc does it.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure(description: "cannot open /dev/ptmx: \(String(cString: strerror(errno)))") }
        var name = [CChar](repeating: 0, count: 256)
        guard let grantpt = Self.grantpt, let unlockpt = Self.unlockpt, let ptsname = Self.ptsname,
              grantpt(master) == 0, unlockpt(master) == 0, ptsname(master, &name, name.count) == 0 else {
            close(master)
            throw Failure(description: "cannot set up the pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (glibc's order), so the terminal becomes the new session's controlling terminal
        // and the child's group its foreground group.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let argv = [binary] + arguments
        let env = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { for p in cArgv + cEnv { free(p) } }
        let status = SpawnAttributes.withDefaultSignals(flags: Self.setsid) { attributes in
            posix_spawn(&pid, binary, &actions, &attributes, cArgv, cEnv)
        }
        guard status == 0 else {
            close(master)
            throw Failure(description: "cannot start \(binary): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.master = master
        let transcript = Transcript()
        self.transcript = transcript
        // The terminal is closed on this thread alone, where no read can follow: when nothing holds it any
        // more (EIO), or to hang it up (a read in progress would keep it open).
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !transcript.hangUpAsked {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 20) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
                if n > 0 {
                    transcript.append(buffer[..<n])
                } else if n == 0 || errno != EINTR && errno != EAGAIN {
                    break
                }
            }
            close(master)
            transcript.end()
        }
    }

    // Swift's Glibc module leaves out what glibc declares only for _XOPEN_SOURCE or _GNU_SOURCE: looked up.
    private typealias Call = @convention(c) (Int32) -> Int32
    private typealias Name = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    private static let grantpt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "grantpt").map { unsafeBitCast($0, to: Call.self) }
    private static let unlockpt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "unlockpt").map { unsafeBitCast($0, to: Call.self) }
    private static let ptsname = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "ptsname_r").map { unsafeBitCast($0, to: Name.self) }
    /// glibc's `POSIX_SPAWN_SETSID` (2.26 and later).
    private static let setsid: Int32 = SpawnAttributes.newSession

    /// Everything the program wrote to its terminal so far.
    var output: String { transcript.text }

    /// Whether `output` is all there will be: nothing holds the terminal any more.
    var outputComplete: Bool { transcript.complete }

    /// Types Ctrl-C: the terminal driver sends SIGINT to the foreground group.
    func pressControlC() {
        var byte: UInt8 = 0x03
        _ = write(master, &byte, 1)
    }

    /// Closes the terminal, as closing its window does: the kernel sends SIGHUP to the session's leader, and
    /// the program's later writes to it fail.
    func hangUp() {
        transcript.hangUpAsked = true
    }

    /// The exit status (128 + a signal for a handled signal), or nil while it runs or when a signal killed it.
    var exitCode: Int32? {
        guard let status = reap(), status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// Whether the program has ended (it is reaped if so).
    var ended: Bool { reap() != nil }

    private func reap() -> Int32? {
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { waitStatus = status }
        return waitStatus
    }

    deinit {
        if reap() == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }
}
