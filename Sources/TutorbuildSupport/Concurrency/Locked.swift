import Foundation

/// A value behind a lock, for collecting results from concurrent work.
package final class Locked<Value>: @unchecked Sendable {
    private var _value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        _value = value
    }

    package var value: Value { lock.withLock { _value } }

    package func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&_value) }
    }
}
