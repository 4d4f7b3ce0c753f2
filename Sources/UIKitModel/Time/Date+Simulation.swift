import Foundation

// The wall clock of the simulated app. These members shadow Foundation's for code that imports UIKit: `Date()` is the
// simulated date, which starts at Foundation's reference date (1 January 2001, 00:00 UTC) when the app starts and
// moves with the virtual clock, so printed dates and measured intervals are the same on every run.

extension Date {
    /// The simulated app's current date.
    public init() {
        self = SimulatedTime.date
    }

    /// The simulated date `timeIntervalSinceNow` seconds from now.
    public init(timeIntervalSinceNow: TimeInterval) {
        self = SimulatedTime.date.addingTimeInterval(timeIntervalSinceNow)
    }

    /// The simulated app's current date.
    public static var now: Date { SimulatedTime.date }

    /// Seconds from the simulated date to this date.
    public var timeIntervalSinceNow: TimeInterval { timeIntervalSince(SimulatedTime.date) }
}

extension ProcessInfo {
    /// Seconds since the simulated device started: the simulated app's uptime (see `DispatchTime.now()`).
    public var systemUptime: TimeInterval {
        Double(SimulatedTime.uptimeOrigin) / 1e9 + SimulatedTime.now
    }
}

/// Core Animation's time base, `CACurrentMediaTime()`: the simulated device's uptime, as `ProcessInfo.systemUptime`.
public func CACurrentMediaTime() -> CFTimeInterval {
    ProcessInfo.processInfo.systemUptime
}

/// Core Foundation's name for a number of seconds.
public typealias CFTimeInterval = Double
