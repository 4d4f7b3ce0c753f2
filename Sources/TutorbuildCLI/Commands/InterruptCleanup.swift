import DocTest
import Foundation

/// Ctrl-C, SIGTERM or SIGHUP during `test`, `build` or `serve`: the lesson programs are killed, their folders
/// removed, and tutorbuild exits at once with status 128 + the signal, whatever it was doing.
///
/// The signal sources are kept in a static on purpose. A `DispatchSource` whose last reference is released
/// stops delivering, and optimized code releases a local right after its last use: held by a local, the
/// sources would be gone before the first Ctrl-C in a release build (only there), and the signals, set to
/// be ignored for the sources' sake, would do nothing at all.
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var console: Console?
    nonisolated(unsafe) private static var farewell: String?
    /// A serial queue of its own: Dispatch starts a thread for it even while the build's parallel loops
    /// keep every thread of the global queues busy.
    private static let queue = DispatchQueue(label: "tutorbuild.interrupt")
    /// Taken, and never given back, by whichever ends the process first: a handler, or `exit(_:)` when the
    /// command is done. Killing the children lets the command finish (its programs "failed") and return
    /// while the handler still removes their folders; it must then wait, not exit with its own status.
    private static let ending = NSLock()

    /// Installs the handlers (once per process); `farewell` is the last line on `console`'s standard error.
    static func install(console: Console, farewell: String? = nil) {
        guard sources.isEmpty else { return }
        self.console = console
        self.farewell = farewell
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                ending.lock()
                InterruptCleanup.console?.silence()
                RunningChildren.terminateAll()
                // Written last: a terminal that no longer takes output must not hold up the cleanup.
                if let farewell = InterruptCleanup.farewell { InterruptCleanup.console?.farewell(farewell) }
                // `_exit`, not `exit`: the other threads are still working, and exit's handlers (static
                // destructors among them) must not run under them. Output is unbuffered (`Console`).
                _exit(128 + signal)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Ends the process with `status`, unless a handler is already ending it: then the handler's cleanup
    /// finishes and its status (128 + the signal) is the process's.
    static func exit(_ status: Int32) -> Never {
        ending.lock()
        Foundation.exit(status)
    }
}
