import Foundation

/// The thread that plays the simulated app's main thread.
///
/// In a lesson program it is the process's main thread, adopted when the model first runs there, or whichever thread
/// runs the process's main dispatch queue (once top-level code awaits, Dispatch may serve the main queue from a
/// thread of its own, the main thread having parked in `dispatch_main()`). The test suites
/// drive simulations from test threads instead, one at a time (`SimulationLock`): a thread is the main thread while it
/// holds the lock. Work queued on this thread (main-queue blocks, main-actor jobs, timers) waits in the model's
/// `MainQueue` until the simulated run loop runs it, so nothing depends on the wall clock.
package enum SimulationThread {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    private static let lock = NSLock()
    private static var mainThread: pthread_t?
    /// Marks the process's main dispatch queue, whatever thread serves it.
    private static let mainQueueKey = DispatchSpecificKey<Bool>()

    /// Whether the calling thread is the simulated app's main thread.
    package static var isCurrent: Bool {
        if pthread_getspecific(key) != nil { return true }
        guard let main = lock.withLock({ mainThread }) else { return false }
        return pthread_equal(pthread_self(), main) != 0 || DispatchQueue.getSpecific(key: mainQueueKey) == true
    }

    /// Whether the process's main thread is the simulated app's (a lesson program, not a test process).
    package static var ownsProcessMainThread: Bool { lock.withLock { mainThread != nil } }

    /// Whether the calling thread is the process's first thread (Foundation's `Thread.isMainThread` is shadowed).
    package static var isProcessMainThread: Bool {
        typealias GetTID = @convention(c) () -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return false }
        return unsafeBitCast(symbol, to: GetTID.self)() == getpid()
    }

    /// Makes the process's main thread the simulated app's, once, when the model first runs on it.
    package static func adoptProcessMainThreadIfCurrent() {
        guard isProcessMainThread else { return }
        let adopted: Bool = lock.withLock {
            if mainThread != nil { return false }
            mainThread = pthread_self()
            return true
        }
        guard adopted else { return }
        DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
        ConcurrencyHooks.install()
        MainQueue.shared.startIdlePump()
    }

    /// Runs `body` with the calling thread as the simulated app's main thread (nested calls nest).
    package static func run<R>(_ body: () throws -> R) rethrows -> R {
        ConcurrencyHooks.install()
        let depth = Int(bitPattern: pthread_getspecific(key))
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth + 1))
        defer { pthread_setspecific(key, UnsafeRawPointer(bitPattern: depth)) }
        return try body()
    }
}
