import DocTestProtocol
import TutorbuildSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The descriptors a contained child starts with and the runner's ends of them: stdin from `/dev/null`,
/// stdout and stderr as pipes, the launcher's status pipe, and the runner's channel (`ContainedProcess`).
///
/// The runner's ends are close-on-exec; each child end is made above 4 so `dup2` gives a fresh descriptor,
/// and nothing else the runner has open (other jobs' files, the terminal's pipes) reaches the child.
/// `close()` closes every descriptor made and frees the spawn actions, whatever happened.
struct ChildDescriptors {
    private var actions = posix_spawn_file_actions_t()
    private var mine: [Int32] = []
    private var theirs: [Int32] = []
    private(set) var stdout: Int32 = -1
    private(set) var stderr: Int32 = -1
    /// The launcher's status pipe, or -1 without a launcher.
    private(set) var status: Int32 = -1
    /// The runner's end of the channel socket, or -1 without a channel.
    private(set) var channel: Int32 = -1

    init() {
        posix_spawn_file_actions_init(&actions)
    }

    mutating func close() {
        posix_spawn_file_actions_destroy(&actions)
        for fd in mine + theirs { Glibc.close(fd) }
        mine = []
        theirs = []
    }

    /// Makes the pipes and the channel (its first bytes `channelKey`) and the actions that give them to the child.
    mutating func prepare(executable: String, launcher: Bool, channelKey: String?) throws {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        stdout = try pipeToChild(1, executable: executable)
        stderr = try pipeToChild(2, executable: executable)
        status = launcher ? try pipeToChild(ContainedProcess.statusDescriptor, executable: executable) : -1
        if let channelKey {
            try openChannel(key: channelKey, executable: executable)
        } else if launcher {
            // The launcher's descriptor is 4, so 3 must be taken (and the filter keeps it as it is).
            posix_spawn_file_actions_addopen(&actions, RunnerChannel.descriptor, "/dev/null", O_RDONLY, 0)
        }
        let firstClosed = launcher ? ContainedProcess.statusDescriptor + 1 : channelKey != nil ? RunnerChannel.descriptor + 1 : 3
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, firstClosed) }
    }

    /// Starts `argv` in a new session (also a new process group, its id the child's: no controlling terminal to
    /// inject keys into) and closes the child's ends here.
    mutating func spawn(_ argv: [String], environment: [String], executable: String) throws -> pid_t {
        var pid: pid_t = 0
        let status = SpawnAttributes.withDefaultSignals(flags: SpawnAttributes.newSession) { attributes in
            Self.withCStrings(argv) { cArgv in
                Self.withCStrings(environment) { cEnv in
                    posix_spawn(&pid, argv[0], &actions, &attributes, cArgv, cEnv)
                }
            }
        }
        guard status == 0 else {
            throw DocTestError.spawnFailed(executable, String(cString: strerror(status)))
        }
        for fd in theirs { Glibc.close(fd) }
        theirs = []
        return pid
    }

    /// A pipe whose write end becomes the child's `target`; the read end, non-blocking.
    private mutating func pipeToChild(_ target: Int32, executable: String) throws -> Int32 {
        var pair: [Int32] = [-1, -1]
        // (Close-on-exec is set just after: the close-from keeps any other child from inheriting it meanwhile.)
        guard pipe(&pair) == 0 else { throw DocTestError.spawnFailed(executable, "cannot create a pipe: " + String(cString: strerror(errno))) }
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
        let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(pair[1])
        mine.append(pair[0])
        guard child >= 0 else { throw DocTestError.spawnFailed(executable, "cannot create a pipe: " + String(cString: strerror(errno))) }
        theirs.append(child)
        posix_spawn_file_actions_adddup2(&actions, child, target)
        _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
        return pair[0]
    }

    /// The runner's channel: a socket, not a pipe or file, so the child cannot reopen it through /proc to read the key back.
    private mutating func openChannel(key: String, executable: String) throws {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw DocTestError.spawnFailed(executable, "cannot create the runner's channel: " + String(cString: strerror(errno)))
        }
        channel = pair[0]
        mine.append(channel)
        let child = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
        Glibc.close(pair[1])
        guard child >= 0 else {
            throw DocTestError.spawnFailed(executable, "cannot create the runner's channel: " + String(cString: strerror(errno)))
        }
        theirs.append(child)
        posix_spawn_file_actions_adddup2(&actions, child, RunnerChannel.descriptor)
        Array(key.utf8).withUnsafeBytes { _ = send(channel, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        _ = fcntl(channel, F_SETFL, fcntl(channel, F_GETFL) | O_NONBLOCK)
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    private static let addCloseFrom: AddCloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: AddCloseFrom.self) }

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return body(pointers)
    }
}
