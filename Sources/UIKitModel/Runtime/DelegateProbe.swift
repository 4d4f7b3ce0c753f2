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

/// Calls an optional requirement as `delegate?.method?(…)` does in Xcode (the doc-test runner writes the call as
/// `_tutorbuildOptionalRequirement({ delegate?.method(…) })`): the result, or nil when only the protocol's default ran,
/// as `respondsToSelector:` would have answered no (docs/model.md, "Optional requirements").
@discardableResult
public func _tutorbuildOptionalRequirement<R>(_ body: () -> R?) -> R? {
    let (result, implemented) = DelegateProbe.invoke(body)
    return implemented ? result : nil
}

/// The default implementation the doc-test runner gives a lesson's own `optional func` requirement: it marks the call
/// as not implemented, and its value is never used (only `_tutorbuildOptionalRequirement` calls it, and drops it).
public func _tutorbuildNotImplemented<R>() -> R {
    DelegateProbe.markDefault()
    if R.self == Void.self { return () as! R }
    let storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, MemoryLayout<R>.size), alignment: MemoryLayout<R>.alignment)
    defer { storage.deallocate() }
    storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(1, MemoryLayout<R>.size))
    return storage.load(as: R.self)
}
