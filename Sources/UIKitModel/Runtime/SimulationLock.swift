import Foundation

/// Serializes simulated apps in one process: UIKit state is process-wide, and test runners run tests in parallel.
package enum SimulationLock {
    private static let lock = NSRecursiveLock()

    /// Runs `body` while no other simulation runs, with the calling thread as the simulated app's main thread.
    package static func run<R>(_ body: () throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try SimulationThread.run(body)
    }
}
