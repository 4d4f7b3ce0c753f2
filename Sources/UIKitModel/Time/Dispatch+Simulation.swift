import Foundation

// Dispatch on the simulated app's clock and main queue. These members shadow Dispatch's for code that imports UIKit
// (Swift prefers a module's declarations over those of the modules it imports): same names, labels and types.
//
// Every queue's work runs on the simulated main thread from `MainQueue`, in the order it was submitted: the main
// queue's as on iOS, a global or private queue's as if its thread were infinitely fast. `asyncAfter(deadline:)` waits
// for the virtual clock. What cannot be simulated this way warns when compiled and stops the program when called.

extension DispatchQueue {
    /// Whether this is the main queue (every queue's work runs on the simulated main thread; this one's is main-thread work).
    package var isMain: Bool { label == "com.apple.main-thread" }

    /// Runs `work` on the simulated main thread once the work queued before it has run.
    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        group?.enter()
        MainQueue.shared.enqueue(onMain: isMain) {
            work()
            group?.leave()
        }
    }

    /// Performs `workItem` after the work queued before it, unless it was cancelled by then.
    public func async(execute workItem: DispatchWorkItem) {
        MainQueue.shared.enqueue(onMain: isMain) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// Performs `workItem` after the work queued before it, as part of `group`.
    public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {
        group.enter()
        MainQueue.shared.enqueue(onMain: isMain) {
            if !workItem.isCancelled { workItem.perform() }
            group.leave()
        }
    }

    /// Runs `work` once the virtual clock reaches `deadline` (`DispatchTime.now()` reads the virtual clock).
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        guard let time = SimulatedTime.clockTime(of: deadline) else { return }
        let onMain = isMain
        SimulatedTime.clock.schedule(at: time, origin: .app) { MainQueue.shared.enqueue(onMain: onMain) { work() } }
    }

    /// Performs `execute` once the virtual clock reaches `deadline`, unless it was cancelled by then.
    public func asyncAfter(deadline: DispatchTime, execute: DispatchWorkItem) {
        guard let time = SimulatedTime.clockTime(of: deadline) else { return }
        let onMain = isMain
        SimulatedTime.clock.schedule(at: time, origin: .app) {
            MainQueue.shared.enqueue(onMain: onMain) { if !execute.isCancelled { execute.perform() } }
        }
    }

    @available(*, deprecated, message: "the simulated app has no wall clock: use asyncAfter(deadline:) with DispatchTime.now()")
    public func asyncAfter(
        wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable @convention(block) () -> Void
    ) {
        SimulatedTime.notSimulated("DispatchQueue.asyncAfter(wallDeadline:)", use: "asyncAfter(deadline:)")
    }

    @available(*, deprecated, message: "the simulated app has no wall clock: use asyncAfter(deadline:) with DispatchTime.now()")
    public func asyncAfter(wallDeadline: DispatchWallTime, execute: DispatchWorkItem) {
        SimulatedTime.notSimulated("DispatchQueue.asyncAfter(wallDeadline:)", use: "asyncAfter(deadline:)")
    }

    /// Runs `block` now; on the main queue from the main thread it crashes, as iOS does (the queue would wait for itself).
    public func sync(execute block: () -> Void) {
        checkSync()
        block()
    }

    /// Runs `work` now (see `sync(execute:)`).
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        checkSync()
        return try work()
    }

    /// Runs `work` now (see `sync(execute:)`).
    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        checkSync()
        return try work()
    }

    /// Performs `workItem` now (see `sync(execute:)`).
    public func sync(execute workItem: DispatchWorkItem) {
        checkSync()
        workItem.perform()
    }

    private func checkSync() {
        guard isMain, SimulationThread.isCurrent else { return }
        raiseUncaughtException(
            "NSInternalInconsistencyException", reason: "DispatchQueue.main.sync called on the main thread: it waits for itself")
    }
}

extension DispatchTime {
    /// The simulated app's uptime: it moves only with the virtual clock.
    public static func now() -> DispatchTime {
        SimulatedTime.dispatchNow
    }
}

extension DispatchWallTime {
    @available(*, deprecated, message: "the simulated app has no wall clock: use DispatchTime.now()")
    public static func now() -> DispatchWallTime {
        SimulatedTime.notSimulated("DispatchWallTime.now()", use: "DispatchTime.now()")
    }
}

extension DispatchSource {
    @available(*, deprecated, message: "dispatch timer sources are not simulated: use Timer or DispatchQueue.asyncAfter(deadline:)")
    public class func makeTimerSource(flags: DispatchSource.TimerFlags = [], queue: DispatchQueue? = nil) -> any DispatchSourceTimer {
        SimulatedTime.notSimulated("DispatchSource.makeTimerSource(flags:queue:)", use: "Timer or asyncAfter(deadline:)")
    }
}

// A group counts in the model, so `notify` runs from the simulated main queue when the last `leave()` is called.
extension DispatchGroup {
    /// Marks the start of a piece of work in the group.
    public func enter() {
        SimulatedGroups.shared.enter(self)
    }

    /// Marks the end of a piece of work; the last one queues the group's notifications.
    public func leave() {
        SimulatedGroups.shared.leave(self)
    }

    /// Queues `work` when the group has no work left (at once if it has none now).
    public func notify(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
        execute work: @escaping @convention(block) () -> Void
    ) {
        SimulatedGroups.shared.notify(self, onMain: queue.isMain) { work() }
    }

    /// Queues `work` when the group has no work left (at once if it has none now).
    public func notify(queue: DispatchQueue, work: DispatchWorkItem) {
        SimulatedGroups.shared.notify(self, onMain: queue.isMain) { if !work.isCancelled { work.perform() } }
    }

    /// Runs the simulated app's queues and clock until the group has no work left; crashes if it never would.
    public func wait() {
        if !SimulatedGroups.shared.waitUntilEmpty(self, deadline: nil) {
            raiseUncaughtException("NSInternalInconsistencyException", reason: "DispatchGroup.wait() waits forever: its work never leaves")
        }
    }

    /// Runs the simulated app's queues and clock until the group has no work left or the clock reaches `timeout`.
    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
        SimulatedGroups.shared.waitUntilEmpty(self, deadline: SimulatedTime.clockTime(of: timeout)) ? .success : .timedOut
    }

    @available(*, deprecated, message: "the simulated app has no wall clock: use wait(timeout:) with DispatchTime.now()")
    public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult {
        SimulatedTime.notSimulated("DispatchGroup.wait(wallTimeout:)", use: "wait(timeout:)")
    }
}

/// The work counts and pending notifications of the dispatch groups lesson code uses.
final class SimulatedGroups: @unchecked Sendable {
    static let shared = SimulatedGroups()

    private struct State {
        var count = 0
        var notifications: [(onMain: Bool, work: () -> Void)] = []
    }

    private let lock = NSLock()
    private var states: [ObjectIdentifier: State] = [:]

    func enter(_ group: DispatchGroup) {
        lock.withLock { states[ObjectIdentifier(group), default: State()].count += 1 }
    }

    func leave(_ group: DispatchGroup) {
        let ready: [(onMain: Bool, work: () -> Void)] = lock.withLock {
            let id = ObjectIdentifier(group)
            var state = states[id, default: State()]
            guard state.count > 0 else {
                // Dispatch crashes on an unbalanced leave().
                return [(true, { raiseUncaughtException("NSInternalInconsistencyException", reason: "unbalanced call to DispatchGroup.leave()") })]
            }
            state.count -= 1
            guard state.count == 0 else {
                states[id] = state
                return []
            }
            states[id] = nil
            return state.notifications
        }
        for notification in ready { MainQueue.shared.enqueue(onMain: notification.onMain, notification.work) }
    }

    func notify(_ group: DispatchGroup, onMain: Bool, _ work: @escaping () -> Void) {
        let now: Bool = lock.withLock {
            let id = ObjectIdentifier(group)
            guard let state = states[id], state.count > 0 else { return true }
            states[id]?.notifications.append((onMain, work))
            return false
        }
        if now { MainQueue.shared.enqueue(onMain: onMain, work) }
    }

    private func isEmpty(_ group: DispatchGroup) -> Bool {
        lock.withLock { (states[ObjectIdentifier(group)]?.count ?? 0) == 0 }
    }

    /// Runs queued work and clock events until the group is empty (true) or, by `deadline` or for lack of anything
    /// left to run, it cannot become so (false).
    func waitUntilEmpty(_ group: DispatchGroup, deadline: TimeInterval?) -> Bool {
        let system = UIKitSystem.shared
        var fired = 0
        while !isEmpty(group) {
            if MainQueue.shared.drain(limit: 1) == 1 { continue }
            guard fired < UIKitSystem.eventLimit, system.clock.fireNext(dueBy: deadline) else { break }
            fired += 1
        }
        if let deadline, !isEmpty(group) { system.clock.move(to: deadline) }
        return isEmpty(group)
    }
}

// Dispatch's time constants, which Darwin's `dispatch/time.h` defines as macros that Swift imports as `UInt64`
// (`try await Task.sleep(nanoseconds: 2 * NSEC_PER_SEC)`); the toolchain's Dispatch on Linux does not export them.
/// Nanoseconds per second.
public var NSEC_PER_SEC: UInt64 { 1_000_000_000 }
/// Nanoseconds per millisecond.
public var NSEC_PER_MSEC: UInt64 { 1_000_000 }
/// Nanoseconds per microsecond.
public var NSEC_PER_USEC: UInt64 { 1_000 }
/// Microseconds per second.
public var USEC_PER_SEC: UInt64 { 1_000_000 }
