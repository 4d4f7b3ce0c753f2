import Foundation

/// Where a command writes: standard output and error, replaceable in tests.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    /// Colour only on a terminal, and never with `NO_COLOR` set.
    public let useColor: Bool
    /// Whether standard error is a terminal (for progress lines).
    public let isInteractive: Bool

    public init(
        useColor: Bool, isInteractive: Bool = false,
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void
    ) {
        self.useColor = useColor
        self.isInteractive = isInteractive
        self.writeOut = out
        self.writeErr = err
    }

    /// The process's own streams, with colour decided from the environment.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> Console {
        let tty = isatty(STDERR_FILENO) == 1
        let color = tty && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        return Console(
            useColor: color, isInteractive: tty,
            // A failed write is dropped: `write(_:)` would trap when the terminal has gone (after a SIGHUP).
            out: { try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8)) },
            err: { try? FileHandle.standardError.write(contentsOf: Data($0.utf8)) })
    }

    public func out(_ line: String) {
        lock.withLock { writeOut(line + "\n") }
    }

    public func err(_ line: String) {
        lock.withLock { writeErr(line + "\n") }
    }

    /// Stops every later write but `farewell(_:)`'s: they wait for the process to end. For a process being
    /// stopped by a signal, whose killed programs would otherwise be reported as failures on its way out.
    func silence() {
        lock.lock()
    }

    /// The last line on standard error, once `silence()` has stopped every other write.
    func farewell(_ line: String) {
        writeErr(line + "\n")
    }
}

/// A console that keeps what was written, for in-process tests.
public final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    public init() {}

    public var stdout: String { lock.withLock { outText } }
    public var stderr: String { lock.withLock { errText } }

    public func console(useColor: Bool = false) -> Console {
        Console(
            useColor: useColor,
            out: { [self] text in lock.withLock { outText += text } },
            err: { [self] text in lock.withLock { errText += text } })
    }
}
