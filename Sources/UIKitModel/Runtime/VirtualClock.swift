import Foundation

/// A deterministic clock on which UIKit's deferred work (Did notifications, animation completions) runs.
package final class VirtualClock {
    private struct Task {
        let time: TimeInterval
        let sequence: Int
        let action: () -> Void
    }

    /// Seconds since the simulated app started.
    package private(set) var now: TimeInterval = 0
    private var tasks: [Task] = []
    private var nextSequence = 0

    package init() {}

    /// Whether any deferred work is waiting.
    package var hasPendingTasks: Bool { !tasks.isEmpty }

    /// Runs `action` once the clock reaches `now + delay`; equal times run in scheduling order.
    package func schedule(after delay: TimeInterval, _ action: @escaping () -> Void) {
        let task = Task(time: now + max(0, delay), sequence: nextSequence, action: action)
        nextSequence += 1
        // Keep the list sorted by (time, sequence) so firing order never depends on insertion details.
        let index = tasks.firstIndex { ($0.time, $0.sequence) > (task.time, task.sequence) } ?? tasks.count
        tasks.insert(task, at: index)
    }

    /// Moves time forward by `interval`, firing due tasks in order; `afterEach` runs after every task.
    package func advance(by interval: TimeInterval, afterEach: () -> Void = {}) {
        let deadline = now + max(0, interval)
        while let first = tasks.first, first.time <= deadline + 1e-9 {
            tasks.removeFirst()
            now = max(now, first.time)
            first.action()
            afterEach()
        }
        now = deadline
    }

    /// Fires every pending task, including ones scheduled meanwhile, up to a safety limit of `maxTasks`.
    package func runUntilIdle(maxTasks: Int = 10_000, afterEach: () -> Void = {}) {
        var fired = 0
        // A snippet that keeps scheduling work (e.g. a repeating animation) must not hang the run.
        while let first = tasks.first, fired < maxTasks {
            tasks.removeFirst()
            now = max(now, first.time)
            first.action()
            afterEach()
            fired += 1
        }
    }
}
