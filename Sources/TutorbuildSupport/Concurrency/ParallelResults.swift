import Foundation

/// Slots written by concurrent workers, one slot each, read back in order once they are done.
package final class ParallelResults<T>: @unchecked Sendable {
    private var slots: [T?]
    private let lock = NSLock()

    package init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    package subscript(index: Int) -> T? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }
}
