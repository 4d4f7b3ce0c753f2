import Foundation

/// Conversions between the simulated app's clock (`VirtualClock`, seconds since the app started) and the time
/// values of Dispatch, Foundation and the standard library's clocks, which read it instead of the wall clock.
package enum SimulatedTime {
    /// `DispatchTime.now().uptimeNanoseconds` when the app starts: the device booted one second earlier, so a
    /// simulated time is never 0, which Dispatch reads as "now" on the real clock.
    package static let uptimeOrigin: UInt64 = 1_000_000_000

    package static var clock: VirtualClock { UIKitSystem.shared.clock }

    /// The clock's reading.
    package static var now: TimeInterval { clock.now }

    package static func nanoseconds(_ seconds: TimeInterval) -> UInt64 {
        UInt64(max(0, (seconds * 1e9).rounded()))
    }

    /// `DispatchTime.now()` of the simulated app.
    package static var dispatchNow: DispatchTime {
        DispatchTime(uptimeNanoseconds: uptimeOrigin + nanoseconds(now))
    }

    /// The clock time a Dispatch deadline names, or `nil` for `.distantFuture`.
    package static func clockTime(of deadline: DispatchTime) -> TimeInterval? {
        guard deadline != .distantFuture else { return nil }
        let ns = deadline.uptimeNanoseconds
        return ns > uptimeOrigin ? Double(ns - uptimeOrigin) / 1e9 : 0
    }

    /// The date the simulated app's wall clock shows: it starts at Foundation's reference date (1 January 2001, 00:00
    /// UTC, the default date of `UIDatePicker` in the model) and moves with the clock.
    package static var date: Date { Date(timeIntervalSinceReferenceDate: now) }

    /// Stops the program with a message naming a time API the model does not simulate.
    static func notSimulated(_ api: String, use alternative: String) -> Never {
        let message = "\(api) is not simulated: the simulated app has no wall clock; use \(alternative)"
        FileHandle.standardError.write(Data((message + "\n").utf8))
        fatalError(message)
    }
}
