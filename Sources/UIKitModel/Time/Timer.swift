import Foundation

/// Foundation's `Timer` on the simulated app's clock: it fires when `app.advance(by:)` or `app.runUntilIdle()` moves
/// the virtual clock past its fire date, on the simulated main thread.
///
/// It shadows Foundation's `Timer` for code that imports UIKit (a run loop timer in swift-corelibs-foundation fires
/// by the wall clock). Names, labels and types are Foundation's. A repeating timer fires at its first fire date and
/// every `timeInterval` after it; one that fires late (the main thread was blocked) skips the fire dates it missed,
/// as a run loop does. Run-loop modes are not simulated: a timer fires in every mode (on iOS one added in `.default`
/// waits while a scroll view tracks a finger).
open class Timer: NSObject {
    private var action: ((Timer) -> Void)?
    private var target: AnyObject?
    private let interval: TimeInterval
    private let repeats: Bool
    private let info: Any?
    /// When the timer fires next, in clock seconds.
    private var nextFire: TimeInterval
    private var valid = true
    private var scheduled: (clock: VirtualClock, token: VirtualClock.Token)?

    private init(first: TimeInterval, interval: TimeInterval, repeats: Bool, userInfo: Any?, action: @escaping (Timer) -> Void) {
        // "If interval is less than or equal to 0.0, this method chooses the nonnegative value of 0.0001 seconds instead."
        self.interval = interval > 0 ? interval : 0.0001
        self.repeats = repeats
        self.info = userInfo
        self.nextFire = first
        self.action = action
        super.init()
    }

    /// A timer that calls `block` `interval` seconds after it is added to a run loop.
    public convenience init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(first: SimulatedTime.now + max(interval, 0.0001), interval: interval, repeats: repeats, userInfo: nil, action: block)
    }

    /// A timer that first calls `block` at `date`.
    public convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(first: date.timeIntervalSinceReferenceDate, interval: interval, repeats: repeats, userInfo: nil, action: block)
    }

    /// A timer that sends `aSelector` to `aTarget` (with the timer as argument, if the method takes one); the timer
    /// keeps a strong reference to the target until it is invalidated.
    public convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?, repeats yesOrNo: Bool) {
        self.init(fireAt: SimulatedTime.date.addingTimeInterval(max(ti, 0.0001)), interval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
    }

    /// A timer that first sends `s` to `t` at `date`.
    public convenience init(fireAt date: Date, interval ti: TimeInterval, target t: Any, selector s: Selector, userInfo ui: Any?, repeats rep: Bool) {
        self.init(first: date.timeIntervalSinceReferenceDate, interval: ti, repeats: rep, userInfo: ui) { timer in
            guard let target = timer.target else { return }
            s.send(to: target, arguments: [timer])
        }
        target = t as AnyObject
    }

    /// Creates a timer and schedules it on the current run loop.
    open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// Creates a target–action timer and schedules it on the current run loop.
    open class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector, userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let timer = Timer(timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
        timer.schedule()
        return timer
    }

    /// Fires the timer now, keeping a repeating timer's schedule; a non-repeating timer is invalidated.
    open func fire() {
        guard valid else { return }
        action?(self)
        if !repeats { invalidate() }
    }

    /// When the timer fires next; setting it moves a scheduled timer.
    open var fireDate: Date {
        get { Date(timeIntervalSinceReferenceDate: nextFire) }
        set {
            nextFire = newValue.timeIntervalSinceReferenceDate
            if let clock = scheduled?.clock {
                unschedule()
                schedule(on: clock)
            }
        }
    }

    /// The interval of a repeating timer; 0 for a non-repeating one.
    open var timeInterval: TimeInterval { repeats ? interval : 0 }

    /// Kept, not used: the simulated clock fires timers exactly.
    open var tolerance: TimeInterval = 0

    /// Stops the timer for good and releases its target and block.
    open func invalidate() {
        guard valid else { return }
        valid = false
        unschedule()
        action = nil
        target = nil
    }

    /// Whether the timer can still fire.
    open var isValid: Bool { valid }

    /// The object given when the timer was created.
    open var userInfo: Any? { info }

    /// Puts the timer on the simulated run loop (the virtual clock), which keeps it until it is invalidated.
    func schedule(on clock: VirtualClock = SimulatedTime.clock) {
        guard valid, scheduled == nil else { return }
        let token = clock.schedule(at: nextFire, origin: .app) { [self] in
            scheduled = nil
            timerFired(on: clock)
        }
        scheduled = (clock, token)
    }

    private func unschedule() {
        guard let (clock, token) = scheduled else { return }
        clock.cancel(token)
        scheduled = nil
    }

    private func timerFired(on clock: VirtualClock) {
        guard valid else { return }
        let firedAt = clock.now
        if repeats {
            // The next fire date follows the schedule, skipping dates already past.
            nextFire += interval
            if nextFire <= firedAt { nextFire += ((firedAt - nextFire) / interval).rounded(.down) * interval + interval }
            schedule(on: clock)
        }
        action?(self)
        if !repeats { invalidate() }
    }
}

extension RunLoop {
    /// Schedules `timer` on the simulated run loop (every mode fires it).
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule()
    }

    /// Runs `block` on the simulated main thread after the work queued before it.
    public func perform(_ block: @escaping @Sendable () -> Void) {
        MainQueue.shared.enqueue(block)
    }

    /// Runs `block` on the simulated main thread after the work queued before it (every mode runs it).
    public func perform(inModes modes: [RunLoop.Mode], block: @escaping @Sendable () -> Void) {
        MainQueue.shared.enqueue(block)
    }

    /// Runs the simulated run loop until the simulated date `limitDate`.
    public func run(until limitDate: Date) {
        UIKitSystem.shared.advance(by: limitDate.timeIntervalSinceReferenceDate - SimulatedTime.now)
    }

    /// Runs the simulated run loop until the simulated date `limitDate`; always `true`.
    public func run(mode: RunLoop.Mode, before limitDate: Date) -> Bool {
        UIKitSystem.shared.advance(by: limitDate.timeIntervalSinceReferenceDate - SimulatedTime.now)
        return true
    }

    @available(*, deprecated, message: "the simulated run loop never runs forever: use run(until:) or the driver's app.runUntilIdle()")
    public func run() {
        UIKitSystem.shared.runUntilIdle()
    }
}

extension OperationQueue {
    /// On `OperationQueue.main`, runs `block` on the simulated main thread after the work queued before it; other
    /// operation queues run on real threads (not simulated).
    public func addOperation(_ block: @escaping @Sendable () -> Void) {
        guard self === OperationQueue.main else {
            addOperation(BlockOperation(block: block))
            return
        }
        MainQueue.shared.enqueue(block)
    }
}

extension Thread {
    /// Whether the caller runs as the simulated app's main thread: main-queue blocks and main-actor code do; another
    /// queue's blocks and nonisolated tasks' jobs, which the model also runs on that thread, do not.
    public class var isMainThread: Bool {
        guard SimulationThread.isCurrent else { return SimulationThread.isProcessMainThread }
        return !MainQueue.shared.isRunningBackgroundWork
    }

    /// Whether this is the thread `Thread.isMainThread` describes (asked of the current thread).
    public var isMainThread: Bool {
        self == Thread.current && Thread.isMainThread
    }

    /// Blocks the simulated main thread for `ti` seconds of the virtual clock: time moves on, and what fell due
    /// meanwhile runs when the run loop next turns.
    public class func sleep(forTimeInterval ti: TimeInterval) {
        guard SimulationThread.isCurrent else {
            usleep(useconds_t(max(0, ti) * 1e6))
            return
        }
        SimulatedTime.clock.move(to: SimulatedTime.now + max(0, ti))
    }

    /// Blocks the simulated main thread until the simulated date `date` (see `sleep(forTimeInterval:)`).
    public class func sleep(until date: Date) {
        sleep(forTimeInterval: date.timeIntervalSinceReferenceDate - SimulatedTime.now)
    }
}
