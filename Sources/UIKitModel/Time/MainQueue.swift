import Foundation

/// The simulated app's main queue: blocks sent to `DispatchQueue.main` (and the model's other queues), timers that
/// fired, and the jobs of tasks that run on the main actor or the global executor, in the order they were queued.
///
/// Nothing runs it by itself: the simulated run loop (`UIKitSystem.runUntilIdle()` and `advance(by:)`, called by the
/// driver) drains it between the clock's events, on the simulated main thread, so the order never depends on
/// threads or on the wall clock. The other dispatch queues and the global executor run their work here too, one
/// item at a time: the model has one thread.
package final class MainQueue: @unchecked Sendable {
    package static let shared = MainQueue()

    private enum Item {
        /// A block sent to the main queue (`onMain`) or to another queue.
        case block(() -> Void, onMain: Bool)
        /// A job of a task isolated to the main actor.
        case mainJob(UnownedJob)
        /// A job of a nonisolated task (the global executor's).
        case globalJob(UnownedJob)
    }

    private let lock = NSLock()
    private var items: [Item] = []
    private var head = 0
    /// The timer of `startDeadlockWatch()`, kept for the life of the program.
    private var deadlockWatch: DispatchSourceUserDataAdd?
    /// Wakes the process's main thread when work is queued while it waits (`startIdlePump()`).
    private var idlePump: DispatchSourceUserDataAdd?
    /// Hands jobs queued by other threads in a test process to the process's real main queue.
    private var forwarder: DispatchSourceUserDataAdd?
    private var forwarded: [Item] = []

    private init() {}

    /// Whether nothing is queued.
    package var isEmpty: Bool { lock.withLock { head == items.count } }

    /// Queues a block; `onMain: false` is work of another dispatch queue, for which `Thread.isMainThread` is false.
    package func enqueue(onMain: Bool = true, _ block: @escaping () -> Void) {
        guard acceptsWork else {
            forwardToProcessMainQueue(.block(block, onMain: onMain))
            return
        }
        append(.block(block, onMain: onMain))
    }

    /// Whether the simulated main thread is running another queue's work or a nonisolated task's job.
    package private(set) var isRunningBackgroundWork = false

    /// Runs `body` as main-queue work (a block another queue's work waits for on the main queue).
    package func runAsMainWork(_ body: () -> Void) {
        let outer = isRunningBackgroundWork
        isRunningBackgroundWork = false
        defer { isRunningBackgroundWork = outer }
        body()
    }

    func enqueue(mainActorJob job: UnownedJob) {
        guard acceptsWork else {
            forwardToProcessMainQueue(.mainJob(job))
            return
        }
        append(.mainJob(job))
    }

    func enqueue(globalJob job: UnownedJob) {
        append(.globalJob(job))
    }

    /// Work queued on the simulated main thread waits here; in a lesson program, work queued by any thread does
    /// (the process's main thread is the simulated one).
    private var acceptsWork: Bool { SimulationThread.isCurrent || SimulationThread.ownsProcessMainThread }

    private func append(_ item: Item) {
        let wake: DispatchSourceUserDataAdd? = lock.withLock {
            items.append(item)
            return idlePump
        }
        wake?.add(data: 1)
    }

    private func next() -> Item? {
        lock.withLock {
            guard head < items.count else { return nil }
            let item = items[head]
            head += 1
            // Compact once the consumed prefix dominates, so a long simulation does not keep every item.
            if head > 64 && head * 2 > items.count {
                items.removeFirst(head)
                head = 0
            }
            return item
        }
    }

    /// Runs queued work, including work queued meanwhile, until the queue is empty or `limit` items ran; returns
    /// how many ran.
    /// Does nothing off the simulated main thread.
    @discardableResult
    package func drain(limit: Int = 100_000) -> Int {
        guard SimulationThread.isCurrent else { return 0 }
        var ran = 0
        while ran < limit, let item = next() {
            ran += 1
            run(item)
        }
        return ran
    }

    private func run(_ item: Item) {
        let outer = isRunningBackgroundWork
        defer { isRunningBackgroundWork = outer }
        switch item {
        case .block(let block, let onMain):
            isRunningBackgroundWork = !onMain
            block()
        case .mainJob(let job):
            isRunningBackgroundWork = false
            job.runSynchronously(on: SimulatedMainExecutor.shared.asUnownedSerialExecutor())
        case .globalJob(let job):
            isRunningBackgroundWork = true
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
        }
    }

    /// In a lesson program: when the main thread waits (top-level code suspended at an `await`), the simulated run
    /// loop runs by itself, as an app's does: queued work runs and the clock moves on to its next event.
    func startIdlePump() {
        let source = DispatchSource.makeUserDataAddSource(queue: .main)
        source.setEventHandler {
            // Runs only when the process's main queue gets a turn: the top-level code is waiting.
            UIKitSystem.shared.runUntilIdle()
        }
        source.activate()
        let pending = lock.withLock {
            idlePump = source
            return head < items.count
        }
        if pending { source.add(data: 1) }
        startDeadlockWatch()
    }

    /// The process's main queue gets a turn only while the top-level code waits at an `await`. If it waits with
    /// nothing queued and nothing on the clock, nothing in the simulated app can ever resume it (a notification,
    /// publisher value or continuation that nothing will send): the program stops with a message at once, instead of
    /// hanging until the runner's timeout (issue 26: a wait that can never end fails loudly).
    private func startDeadlockWatch() {
        // A user-data source ticked by a real thread (the model's `makeTimerSource` stops the program on purpose).
        let watch = DispatchSource.makeUserDataAddSource(queue: .main)
        var idleTurns = 0
        watch.setEventHandler {
            let system = UIKitSystem.shared
            if !self.isEmpty || system.clock.hasPendingTasks {
                idleTurns = 0
                system.runUntilIdle()
                return
            }
            idleTurns += 1
            if idleTurns >= 3 {
                fatalError(
                    "the program waits at an await for something that can never happen: nothing is queued on the main queue and no timer, sleep, animation or delayed block is on the simulated clock (at \(system.clock.now) s); work on another thread that takes more than 0.3 s of real time, which a lesson's code should not need, looks the same")
            }
        }
        watch.activate()
        Thread.detachNewThread {
            while true {
                usleep(100_000)
                watch.add(data: 1)
            }
        }
        lock.withLock { deadlockWatch = watch }
    }

    /// A test process's other threads keep the real main queue for their main-queue and main-actor work.
    private func forwardToProcessMainQueue(_ item: Item) {
        let source: DispatchSourceUserDataAdd = lock.withLock {
            forwarded.append(item)
            if let forwarder { return forwarder }
            let source = DispatchSource.makeUserDataAddSource(queue: .main)
            source.setEventHandler { [unowned self] in
                let items = lock.withLock {
                    defer { forwarded.removeAll() }
                    return forwarded
                }
                for item in items { run(item) }
            }
            source.activate()
            forwarder = source
            return source
        }
        source.add(data: 1)
    }
}
