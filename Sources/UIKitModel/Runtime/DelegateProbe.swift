/// Detects whether a delegate implements an optional method, which UIKit learns via `respondsToSelector:`.
///
/// Each default implementation in a delegate protocol extension calls `markDefault()`; the model wraps every
/// delegate call in `invoke`, so a call that reached the default was not implemented by the delegate.
package enum DelegateProbe {
    private static var frames: [Bool] = []

    /// Called by the protocol extensions' default implementations.
    package static func markDefault() {
        if !frames.isEmpty { frames[frames.count - 1] = true }
    }

    /// Calls `body` and reports whether a delegate implementation (not a default) ran.
    package static func invoke<R>(_ body: () -> R) -> (value: R, implemented: Bool) {
        frames.append(false)
        let value = body()
        let usedDefault = frames.removeLast()
        return (value, !usedDefault)
    }
}
