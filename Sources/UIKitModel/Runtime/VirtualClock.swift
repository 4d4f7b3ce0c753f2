import Foundation

/// A deterministic clock on which UIKit's deferred work (Did notifications, animation completions), timers,
/// `asyncAfter` blocks and sleeping tasks run.
///
/// The clock never moves by itself: the simulated run loop (`UIKitSystem.advance(by:)`, `runUntilIdle()`) fires its
/// events one at a time, in order of time and then of scheduling.
package final class VirtualClock: @unchecked Sendable {
    /// Names a scheduled event, to cancel it.
    package struct Token: Hashable, Sendable {
        fileprivate let sequence: Int
    }

    /// Who scheduled an event: UIKit's own deferred work, which a user's pause lets finish (`UIKitSystem.settle()`),
    /// or the app's (timers, `asyncAfter`, sleeping tasks), which waits for the driver to move time.
    package enum Origin: Sendable {
        case uikit, app
    }

    private struct Event {
        let time: TimeInterval
        let sequence: Int
        let origin: Origin
        let action: () -> Void
    }

    private let lock = NSLock()
    private var time: TimeInterval = 0
    private var events: [Event] = []
    private var nextSequence = 0

    package init() {}

    /// Seconds since the simulated app started.
    package var now: TimeInterval { lock.withLock { time } }

    /// Whether any deferred work is waiting.
    package var hasPendingTasks: Bool { lock.withLock { !events.isEmpty } }

    /// Runs `action` once the clock reaches `now + delay`; equal times run in scheduling order.
    @discardableResult
    package func schedule(after delay: TimeInterval, origin: Origin = .uikit, _ action: @escaping () -> Void) -> Token {
        lock.withLock { insert(at: time + max(0, delay), origin, action) }
    }

    /// Runs `action` once the clock reaches `time` (at once, on the next turn, if it already has).
    @discardableResult
    package func schedule(at time: TimeInterval, origin: Origin = .uikit, _ action: @escaping () -> Void) -> Token {
        lock.withLock { insert(at: max(self.time, time), origin, action) }
    }

    /// When the next event of `origin` falls due, if one is waiting.
    package func nextEventTime(of origin: Origin) -> TimeInterval? {
        lock.withLock { events.first { $0.origin == origin }?.time }
    }

    /// Times are whole nanoseconds, so a timer's tenth tick at 0.1 s reads 1.0, not 0.9999999999999999.
    private static func quantized(_ time: TimeInterval) -> TimeInterval {
        (time * 1e9).rounded() / 1e9
    }

    private func insert(at time: TimeInterval, _ origin: Origin, _ action: @escaping () -> Void) -> Token {
        let event = Event(time: Self.quantized(time), sequence: nextSequence, origin: origin, action: action)
        nextSequence += 1
        // Keep the list sorted by (time, sequence) so firing order never depends on insertion details.
        let index = events.firstIndex { ($0.time, $0.sequence) > (event.time, event.sequence) } ?? events.count
        events.insert(event, at: index)
        return Token(sequence: event.sequence)
    }

    /// Forgets a scheduled event that has not fired.
    package func cancel(_ token: Token) {
        lock.withLock { events.removeAll { $0.sequence == token.sequence } }
    }

    /// Fires the earliest event if it falls due at or before `deadline` (any event when `nil`), moving time to it;
    /// returns whether one fired.
    package func fireNext(dueBy deadline: TimeInterval?) -> Bool {
        let due: Event? = lock.withLock {
            guard let first = events.first, deadline.map({ first.time <= $0 + 1e-9 }) ?? true else { return nil }
            events.removeFirst()
            time = max(time, first.time)
            return first
        }
        guard let due else { return false }
        due.action()
        return true
    }

    /// Moves time forward to `time` without firing anything (never backwards).
    package func move(to time: TimeInterval) {
        lock.withLock { self.time = max(self.time, Self.quantized(time)) }
    }
}
