import Foundation

// Sleeping tasks wake on the simulated app's clock. These members shadow the standard library's for code that imports
// UIKit: same names, labels, generic signatures and defaults. A sleeping task wakes when `app.advance(by:)` or
// `app.runUntilIdle()` moves the virtual clock to its deadline; its continuation is queued on its executor (the main
// actor's runs from the simulated main queue), so what it does next runs in order with the rest of the app.

extension Task where Success == Never, Failure == Never {
    /// Suspends the task behind the work already queued on the simulated main queue; the standard library's `yield`
    /// (Swift 6.2+) enqueues on `Task.currentExecutor`, which the simulated run loop never drains, so it would hang.
    public static func yield() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            MainQueue.shared.enqueue { continuation.resume() }
        }
    }

    /// Suspends the task for `duration` nanoseconds of the simulated clock; cancellation does not end it.
    @available(*, deprecated, renamed: "Task.sleep(nanoseconds:)")
    public static func sleep(_ duration: UInt64) async {
        try? await SimulatedSleep.sleep(seconds: Double(duration) / 1e9, cancellable: false)
    }

    /// Suspends the task for `duration` nanoseconds of the simulated clock; throws `CancellationError` if the task is
    /// cancelled before it wakes.
    public static func sleep(nanoseconds duration: UInt64) async throws {
        try await SimulatedSleep.sleep(seconds: Double(duration) / 1e9)
    }

    /// Suspends the task until `deadline` of `clock`; `ContinuousClock` and `SuspendingClock` read the simulated clock.
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    public static func sleep<C: Clock>(
        until deadline: C.Instant, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        if let seconds = SimulatedClocks.seconds(until: deadline) {
            try await SimulatedSleep.sleep(seconds: seconds)
        } else {
            try await clock.sleep(until: deadline, tolerance: tolerance)
        }
    }

    /// Suspends the task for `duration` of `clock`; `ContinuousClock` and `SuspendingClock` read the simulated clock.
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    public static func sleep<C: Clock>(
        for duration: C.Instant.Duration, tolerance: C.Instant.Duration? = nil, clock: C = .continuous
    ) async throws {
        if SimulatedClocks.isSimulated(clock), let duration = duration as? Duration {
            try await SimulatedSleep.sleep(seconds: SimulatedClocks.seconds(duration))
        } else {
            try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: tolerance)
        }
    }
}

extension ContinuousClock {
    /// The simulated device's uptime as a continuous-clock instant.
    public var now: ContinuousClock.Instant { SimulatedClocks.continuousNow }

    /// The simulated device's uptime as a continuous-clock instant.
    public static var now: ContinuousClock.Instant { SimulatedClocks.continuousNow }

    /// Suspends the task until `deadline` of the simulated clock.
    public func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration? = nil) async throws {
        try await SimulatedSleep.sleep(seconds: SimulatedClocks.seconds(until: deadline) ?? 0)
    }

    /// Suspends the task for `duration` of the simulated clock.
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await SimulatedSleep.sleep(seconds: SimulatedClocks.seconds(duration))
    }
}

extension ContinuousClock.Instant {
    /// The simulated device's uptime as a continuous-clock instant.
    public static var now: ContinuousClock.Instant { SimulatedClocks.continuousNow }
}

extension SuspendingClock {
    /// The simulated device's uptime as a suspending-clock instant (the simulated device never sleeps).
    public var now: SuspendingClock.Instant { SimulatedClocks.suspendingNow }

    /// The simulated device's uptime as a suspending-clock instant.
    public static var now: SuspendingClock.Instant { SimulatedClocks.suspendingNow }

    /// Suspends the task until `deadline` of the simulated clock.
    public func sleep(until deadline: SuspendingClock.Instant, tolerance: Duration? = nil) async throws {
        try await SimulatedSleep.sleep(seconds: SimulatedClocks.seconds(until: deadline) ?? 0)
    }

    /// Suspends the task for `duration` of the simulated clock.
    public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
        try await SimulatedSleep.sleep(seconds: SimulatedClocks.seconds(duration))
    }
}

extension SuspendingClock.Instant {
    /// The simulated device's uptime as a suspending-clock instant.
    public static var now: SuspendingClock.Instant { SimulatedClocks.suspendingNow }
}

/// The standard library's clocks on the simulated clock: an instant is the simulated device's uptime
/// (`ProcessInfo.systemUptime`) after the clock's epoch, so durations between instants are exact.
enum SimulatedClocks {
    static var uptime: Duration {
        .nanoseconds(Int64(SimulatedTime.uptimeOrigin + SimulatedTime.nanoseconds(SimulatedTime.now)))
    }

    static var continuousNow: ContinuousClock.Instant { ContinuousClock().systemEpoch.advanced(by: uptime) }
    static var suspendingNow: SuspendingClock.Instant { SuspendingClock().systemEpoch.advanced(by: uptime) }

    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    static func isSimulated<C: Clock>(_ clock: C) -> Bool {
        clock is ContinuousClock || clock is SuspendingClock
    }

    /// Simulated seconds from now to `deadline`, or `nil` when it is not an instant of a simulated clock.
    static func seconds<I: InstantProtocol>(until deadline: I) -> TimeInterval? {
        if let deadline = deadline as? ContinuousClock.Instant {
            return seconds(continuousNow.duration(to: deadline))
        }
        if let deadline = deadline as? SuspendingClock.Instant {
            return seconds(suspendingNow.duration(to: deadline))
        }
        return nil
    }
}

/// A task suspended on the simulated clock.
enum SimulatedSleep {
    private final class Sleeper: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Error>?
        private var alarm: (clock: VirtualClock, token: VirtualClock.Token)?
        private var cancelled = false

        func wait(_ continuation: CheckedContinuation<Void, Error>, seconds: TimeInterval) {
            let clock = SimulatedTime.clock
            let cancelledAlready: Bool = lock.withLock {
                if cancelled { return true }
                self.continuation = continuation
                return false
            }
            if cancelledAlready {
                continuation.resume(throwing: CancellationError())
                return
            }
            let token = clock.schedule(after: max(0, seconds), origin: .app) { [self] in wake(throwing: nil) }
            lock.withLock { alarm = (clock, token) }
        }

        func wake(throwing error: Error?) {
            let (continuation, alarm): (CheckedContinuation<Void, Error>?, (clock: VirtualClock, token: VirtualClock.Token)?) =
                lock.withLock {
                    if error != nil { cancelled = true }
                    defer {
                        self.continuation = nil
                        self.alarm = nil
                    }
                    return (self.continuation, self.alarm)
                }
            guard let continuation else { return }
            if let error {
                if let alarm { alarm.clock.cancel(alarm.token) }
                continuation.resume(throwing: error)
            } else {
                continuation.resume()
            }
        }
    }

    /// Suspends the calling task for `seconds` of the simulated clock.
    static func sleep(seconds: TimeInterval, cancellable: Bool = true) async throws {
        if cancellable { try Task.checkCancellation() }
        let sleeper = Sleeper()
        if cancellable {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { sleeper.wait($0, seconds: seconds) }
            } onCancel: {
                sleeper.wake(throwing: CancellationError())
            }
        } else {
            try await withCheckedThrowingContinuation { sleeper.wait($0, seconds: seconds) }
        }
    }
}
