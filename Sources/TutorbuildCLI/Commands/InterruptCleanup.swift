import DocTest
import Foundation

/// Ctrl-C, SIGTERM or SIGHUP during `test` or `build`: the lesson programs are killed and their folders removed
/// before tutorbuild exits, instead of spinning on without a parent.
enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        guard sources.isEmpty else { return }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
            source.setEventHandler {
                RunningChildren.terminateAll()
                exit(128 + signal)
            }
            source.resume()
            sources.append(source)
        }
    }
}
