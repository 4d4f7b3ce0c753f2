import Foundation

/// A value behind a lock, for collecting results from concurrent work.
final class Locked<Value>: @unchecked Sendable {
    private var _value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        _value = value
    }

    var value: Value { lock.withLock { _value } }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&_value) }
    }
}
