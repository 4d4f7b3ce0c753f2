#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The program's side of the channel, compiled once with the model: each lesson program then compiles only a thin
/// support type around the key, where this code's type-checking cost about 0.1 s of every compile (docs/doctest.md).
///
/// None of it helps a snippet forge a record: the key is read once, before any snippet runs, and kept by the
/// program's randomly named support type; a record written with any other key makes the runner refuse the run.
extension RunnerChannel {
    /// The index of the `should-trap` snippet this run is for (`TUTORBUILD_TRAP`), or -1 for the main run.
    public static let trapTarget: Int = getenv("TUTORBUILD_TRAP").flatMap { Int(String(cString: $0)) } ?? -1

    /// Always false in a run, but not known to the compiler to be: guards the snippets that are compiled, never run.
    public static let neverTrue: Bool = getenv("TUTORBUILD_NEVER_SET_THIS") != nil && getenv("TUTORBUILD_TRAP") == nil

    /// Makes stdout unbuffered, so a crash keeps everything printed before it.
    public static func unbufferStandardOutput() {
        // Through dlsym: Glibc's `stdout` is a mutable global, which Swift 6 does not let code read.
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") else { return }
        let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
        setvbuf(stream, nil, _IONBF, 0)
    }

    /// The key the runner writes first on the channel, or nil for a program run by hand (no socket on the descriptor).
    ///
    /// It also fixes the run's switches (`trapTarget`, `neverTrue`) before any snippet runs: a lazily read switch could
    /// be changed by a snippet's `setenv` first, and a main run would then enter a `should-trap` or `no-run` snippet
    /// and stop there, leaving every later snippet "not run" instead of failing.
    public static func receiveKey() -> String? {
        _ = (trapTarget, neverTrue)
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & 0o170000 == 0o140000 /* S_IFMT, S_IFSOCK */ else { return nil }
        var bytes = [UInt8](repeating: 0, count: keyLength)
        var count = 0
        while count < keyLength {
            let n = bytes.withUnsafeMutableBytes { buffer -> Int in
                read(descriptor, buffer.baseAddress! + count, keyLength - count)
            }
            if n <= 0 { return nil }
            count += n
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether this run is the `should-trap` run of snippet `index`.
    public static func isTrapTarget(_ index: Int) -> Bool { trapTarget == index }

    /// A record about snippet `index`.
    public static func record(key: String, kind: Kind, snippet index: Int) {
        record(key: key, kind: kind, argument: String(index))
    }

    /// After snippet `index` in its `should-trap` run: it did not trap, which the runner is told before the program ends.
    public static func noTrap(key: String, snippet index: Int) {
        guard isTrapTarget(index) else { return }
        record(key: key, kind: .noTrap, argument: String(index))
        exit(0)
    }

    /// Writes one record signed with `key` (nothing for a program run by hand, which has no key), then waits for the runner's answer, which comes once the runner has
    /// read all stdout printed so far (so it counts each snippet's output offsets itself).
    ///
    /// Neither half can be cut short by what a snippet did to the descriptor (`O_NONBLOCK`, `SO_RCVTIMEO`, `shutdown`):
    /// a program that went on without the answer would print the next snippet's output before the runner counted
    /// the record, and a dropped record would hand one snippet's output to another. A channel that can no longer
    /// carry a record or its answer ends the program with `lostStatus`, an exit the runner fails, never a crash.
    public static func record(key: String, kind: Kind, argument: String?) {
        guard !key.isEmpty else { return }
        fflush(nil)
        let bytes = Array(line(key: key, kind: kind, argument: argument).utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { buffer -> Int in
                sendWithoutSignal(descriptor, buffer.baseAddress! + sent, bytes.count - sent)
            }
            if n > 0 {
                sent += n
            } else if n < 0, errno == EINTR {
                continue
            } else if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitFor(Int16(POLLOUT))
            } else {
                _exit(lostStatus)
            }
        }
        var answer: UInt8 = 0
        while true {
            let n = read(descriptor, &answer, 1)
            if n == 1 { return }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                waitFor(Int16(POLLIN))
                continue
            }
            // The runner never closes its end while the program runs: an end of file means the channel was shut.
            _exit(lostStatus)
        }
    }

    /// The exit status of a program whose channel a snippet broke.
    public static let lostStatus: Int32 = 124

    /// Waits until the channel is ready for `events`, however its descriptor's flags were set.
    private static func waitFor(_ events: Int16) {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while poll(&entry, 1, -1) < 0, errno == EINTR {}
    }
}

/// `send` without `SIGPIPE` (outside `RunnerChannel`, whose own `send` hides the C function): a shut channel is an
/// error the support code answers with an exit, never a signal a `should-trap` run could take for a trap.
private func sendWithoutSignal(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
}
