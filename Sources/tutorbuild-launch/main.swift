// tutorbuild-launch STATUS-FD PROGRAM [ARGUMENT…]
//
// Runs a lesson program under a syscall filter and writes how it really ended to STATUS-FD, which the
// program never holds: `exited N` or `signaled N`, one line. A program's own code can then neither replace
// the runner's channel (descriptor 3) or its output, nor reach the host (mount, ptrace, TIOCSTI, namespaces),
// nor pass an exit status off as a crash (docs/security.md). On a setup failure it writes `error MESSAGE`.
//
// The one file that uses libseccomp.
internal import Cseccomp

#if canImport(Glibc)
import Glibc
#endif

/// Writes `line` to `descriptor` whole, or as much as the descriptor takes.
func put(_ line: String, to descriptor: Int32) {
    var bytes = Array(line.utf8)
    bytes.append(10)
    var sent = 0
    while sent < bytes.count {
        let n = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + sent, $0.count - sent) }
        if n <= 0 { return }
        sent += n
    }
}

/// Stops the launcher with a setup error the runner reports as an environment problem, not a lesson's.
func fail(_ message: String, status: Int32) -> Never {
    if status >= 0 { put("error " + message, to: status) }
    put("tutorbuild-launch: " + message, to: 2)
    exit(125)
}

/// The filter: everything a lesson program needs is allowed; these calls fail with an error instead.
enum SyscallFilter {
    /// Calls no lesson needs that reach outside its process or its sandbox.
    static let refused = [
        "mount", "umount2", "pivot_root", "chroot", "unshare", "setns", "ptrace", "process_vm_readv", "process_vm_writev",
        "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module", "bpf", "perf_event_open",
        "keyctl", "add_key", "request_key", "swapon", "swapoff", "reboot", "acct", "quotactl", "open_by_handle_at",
        "name_to_handle_at", "userfaultfd", "io_uring_setup", "io_uring_enter", "io_uring_register", "fsopen", "fsconfig",
        "fsmount", "move_mount", "open_tree", "fspick", "mount_setattr", "settimeofday", "clock_settime", "adjtimex",
        "clock_adjtime", "sethostname", "setdomainname", "iopl", "ioperm", "syslog", "vhangup", "personality",
    ]
    /// Descriptors 0–3 (stdin, stdout, stderr, the runner's channel) stay what the runner made them.
    static let lastFixedDescriptor: UInt64 = 3
    /// CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET (`<sched.h>`).
    static let namespaceFlags: [UInt64] = [0x0002_0000, 0x0200_0000, 0x0400_0000, 0x0800_0000, 0x1000_0000, 0x2000_0000, 0x4000_0000]
    static let terminalInjection: [UInt64] = [0x5412 /* TIOCSTI */, 0x541C /* TIOCLINUX */]

    static func errno(_ value: Int32) -> UInt32 { 0x0005_0000 | (UInt32(value) & 0xffff) }

    /// Loads the filter into this process (and so into everything it starts); the reason when it cannot.
    static func install() -> String? {
        guard let context = seccomp_init(0x7fff_0000 /* SCMP_ACT_ALLOW */) else { return "cannot create a syscall filter" }
        defer { seccomp_release(context) }
        func number(_ name: String) -> Int32? {
            let n = seccomp_syscall_resolve_name(name)
            return n >= 0 ? n : nil
        }
        func refuse(_ name: String, _ action: UInt32 = errno(EPERM), _ comparisons: [scmp_arg_cmp] = []) -> String? {
            guard let call = number(name) else { return nil }  // not on this architecture
            var comparisons = comparisons
            let status = seccomp_rule_add_array(context, action, call, UInt32(comparisons.count), &comparisons)
            return status == 0 ? nil : "cannot add the rule for '\(name)' (\(status))"
        }
        func compare(_ arg: UInt32, _ op: scmp_compare, _ a: UInt64, _ b: UInt64 = 0) -> scmp_arg_cmp {
            scmp_arg_cmp(arg: arg, op: op, datum_a: a, datum_b: b)
        }
        var problems: [String?] = refused.map { refuse($0) }
        problems.append(refuse("close", errno(EPERM), [compare(0, SCMP_CMP_LE, lastFixedDescriptor)]))
        problems.append(refuse("dup2", errno(EPERM), [compare(1, SCMP_CMP_LE, lastFixedDescriptor)]))
        problems.append(refuse("dup3", errno(EPERM), [compare(1, SCMP_CMP_LE, lastFixedDescriptor)]))
        problems.append(refuse(
            "close_range", errno(EPERM),
            [compare(0, SCMP_CMP_LE, lastFixedDescriptor), compare(1, SCMP_CMP_GE, lastFixedDescriptor)]))
        for request in terminalInjection {
            problems.append(refuse("ioctl", errno(EPERM), [compare(1, SCMP_CMP_MASKED_EQ, 0xffff_ffff, request)]))
        }
        for flag in namespaceFlags {
            problems.append(refuse("clone", errno(EPERM), [compare(0, SCMP_CMP_MASKED_EQ, flag, flag)]))
        }
        // clone3 takes its flags in memory, where a filter cannot look: the C library falls back to clone.
        problems.append(refuse("clone3", errno(ENOSYS)))
        if let problem = problems.compactMap({ $0 }).first { return problem }
        let status = seccomp_load(context)
        return status == 0 ? nil : "cannot load the syscall filter (\(String(cString: strerror(-status))))"
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 3, let statusDescriptor = Int32(arguments[1]), statusDescriptor > SyscallFilter.lastFixedDescriptor else {
    fail("usage: tutorbuild-launch STATUS-FD PROGRAM [ARGUMENT…]", status: -1)
}
// Descriptors 0–3 are fixed by the filter: each must be open, or the loader's first file would take it and could not close it.
for descriptor in Int32(0)...Int32(SyscallFilter.lastFixedDescriptor) where fcntl(descriptor, F_GETFD) < 0 {
    let null = open("/dev/null", O_RDWR)
    if null >= 0, null != descriptor {
        _ = dup2(null, descriptor)
        _ = close(null)
    }
}
// The program must never hold the status descriptor.
_ = fcntl(statusDescriptor, F_SETFD, FD_CLOEXEC)
// Not dumpable: the program, a child of this process, cannot open its descriptors through /proc.
_ = tutorbuild_prctl(PR_SET_DUMPABLE, 0)
_ = tutorbuild_prctl(PR_SET_PDEATHSIG, UInt(SIGKILL))
if let problem = SyscallFilter.install() { fail(problem, status: statusDescriptor) }

let child = fork()
if child < 0 { fail("cannot start the program: \(String(cString: strerror(errno)))", status: statusDescriptor) }
if child == 0 {
    _ = tutorbuild_prctl(PR_SET_PDEATHSIG, UInt(SIGKILL))
    let cArguments = arguments.dropFirst(2).map { strdup($0) } + [nil]
    execv(arguments[2], cArguments)
    put("tutorbuild-launch: cannot run '\(arguments[2])': \(String(cString: strerror(errno)))", to: 2)
    _exit(127)
}
// Only the program's end matters from here on; signals meant for the group are the runner's business.
var status: Int32 = 0
while waitpid(child, &status, 0) < 0 {
    if errno != EINTR { fail("lost the program: \(String(cString: strerror(errno)))", status: statusDescriptor) }
}
if status & 0x7f == 0 {
    put("exited \((status >> 8) & 0xff)", to: statusDescriptor)
} else {
    put("signaled \(status & 0x7f)", to: statusDescriptor)
}
exit(0)
