import Foundation

/// A value behind a lock, for collecting results from concurrent work.
package final class Locked<Value>: @unchecked Sendable {
    private var _value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        _value = value
    }

    package var value: Value { lock.withLock { _value } }

    /// Changes the value under the lock, returning what `body` returns.
    @discardableResult
    package func mutate<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&_value) }
    }
}
