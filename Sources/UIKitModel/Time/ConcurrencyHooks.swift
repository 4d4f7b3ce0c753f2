import Foundation

/// The main actor's executor in a simulated app: its jobs wait in the model's `MainQueue`.
///
/// On iOS the main actor runs on the main dispatch queue, which the run loop drains between its timers and sources.
/// Here the simulated run loop drains `MainQueue` between the virtual clock's events, so a `Task { }` started on
/// the main actor, a continuation resumed by a timer and a `DispatchQueue.main.async` block run in the order they
/// were queued, when the driver moves time (`app.advance(by:)`, `app.runUntilIdle()`), never by the wall clock.
final class SimulatedMainExecutor: SerialExecutor, @unchecked Sendable {
    static let shared = SimulatedMainExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        MainQueue.shared.enqueue(mainActorJob: UnownedJob(job))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Synchronous main-actor code (`MainActor.assumeIsolated`, a lesson's top-level code) is isolated when it runs on
    /// the simulated main thread as main-thread work, not inside another queue's block.
    func checkIsolated() {
        guard isIsolatingCurrentContext() == true else {
            fatalError("Incorrect actor executor assumption; expected 'MainActor' executor.")
        }
    }

    func isIsolatingCurrentContext() -> Bool? {
        SimulationThread.isCurrent && !MainQueue.shared.isRunningBackgroundWork
    }
}

/// Points the Swift runtime's main actor and global executor at the simulated app (the runtime's documented hooks
/// for custom executors, `swift/Runtime/ConcurrencyHooks.def`).
///
/// - The main actor's executor becomes `SimulatedMainExecutor`.
/// - Jobs of nonisolated tasks queued on the simulated main thread (`Task.detached`, a nonisolated `async` function
///   called from the main actor) run from `MainQueue` on that thread too, instead of on a pool of real threads; other
///   threads' jobs (a test runner's own) keep the real global executor.
enum ConcurrencyHooks {
    private typealias GetMainExecutorOriginal = @convention(thin) () -> UnownedSerialExecutor
    private typealias GetMainExecutorHook = @convention(thin) (GetMainExecutorOriginal) -> UnownedSerialExecutor
    private typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
    private typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void

    private static let installed: Void = {
        let runtime = dlopen(nil, RTLD_NOW)
        func slot<Hook>(_ name: String, _ type: Hook.Type) -> UnsafeMutablePointer<Hook>? {
            dlsym(runtime, name)?.assumingMemoryBound(to: type)
        }
        guard let mainExecutor = slot("swift_task_getMainExecutor_hook", GetMainExecutorHook?.self),
            let enqueueGlobal = slot("swift_task_enqueueGlobal_hook", EnqueueHook?.self)
        else {
            fatalError("the Swift runtime has no executor hooks: the simulated app cannot run tasks")
        }
        mainExecutor.pointee = { _ in SimulatedMainExecutor.shared.asUnownedSerialExecutor() }
        enqueueGlobal.pointee = { job, original in
            if SimulationThread.isCurrent {
                MainQueue.shared.enqueue(globalJob: job)
            } else {
                original(job)
            }
        }
    }()

    /// Installs the hooks once per process.
    static func install() {
        _ = installed
    }
}
