/// Runs main-actor code from a nonisolated member of the model (an `NSObject` override, a notification block) without
/// the runtime check `MainActor.assumeIsolated` makes.
///
/// The model is single-threaded by design: a lesson program runs on its main thread, and the test suites drive it
/// from test threads one simulation at a time (`SimulationLock`), so the main actor is never the one running it there.
package func onModelThread<T>(_ body: @MainActor () throws -> T) rethrows -> T {
    try withoutActuallyEscaping(body) { body in
        try unsafeBitCast(body, to: (() throws -> T).self)()
    }
}
