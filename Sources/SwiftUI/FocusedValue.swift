import UIKitModel

/// A key for a value the focused view or its ancestors publish, as SwiftUI's `FocusedValueKey` (its default is
/// always `nil`).
@available(iOS 14.0, *)
public protocol FocusedValueKey {
    associatedtype Value
}

/// The values published by the focused view and its ancestors, as SwiftUI's `FocusedValues` (S37); extend it with a
/// property per key that reads and writes `self[Key.self]`.
@available(iOS 14.0, *)
public struct FocusedValues {
    var values: [ObjectIdentifier: Any] = [:]

    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { values[ObjectIdentifier(key)] as? Key.Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// Reads the value published for `keyPath` by the focused view or the ancestor closest to it, `nil` when none
/// publishes one or nothing has focus, as SwiftUI's `FocusedValue` (S37). A view reading it updates as focus moves.
@available(iOS 14.0, *)
@propertyWrapper public struct FocusedValue<Value>: DynamicProperty {
    let keyPath: KeyPath<FocusedValues, Value?>
    let box = FocusedValueBox()

    public init(_ keyPath: KeyPath<FocusedValues, Value?>) { self.keyPath = keyPath }

    public var wrappedValue: Value? { box.values()[keyPath: keyPath] }
}

/// Reads and writes the binding published for `keyPath` by the focused view or its closest ancestor, as SwiftUI's
/// `FocusedBinding` (S37).
@available(iOS 14.0, *)
@propertyWrapper public struct FocusedBinding<Value>: DynamicProperty {
    let keyPath: KeyPath<FocusedValues, Binding<Value>?>
    let box = FocusedValueBox()

    public init(_ keyPath: KeyPath<FocusedValues, Binding<Value>?>) { self.keyPath = keyPath }

    private var binding: Binding<Value>? { box.values()[keyPath: keyPath] }

    public var wrappedValue: Value? {
        get { binding?.wrappedValue }
        nonmutating set { if let newValue { binding?.wrappedValue = newValue } }
    }
}

/// The graph a focused-value property reads from.
final class FocusedValueBox {
    weak var graph: ViewGraph?

    /// The focused values now (none before the view is in a graph).
    func values() -> FocusedValues {
        onModelThread { graph?.focusedValues() ?? FocusedValues() }
    }
}

extension FocusedValue: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) { box.graph = graph }
}

extension FocusedBinding: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) { box.graph = graph }
}

extension View {
    /// Publishes `value` for `keyPath` to the `FocusedValue` readers while this view or one inside it has focus.
    @available(iOS 14.0, *)
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View {
        applying(.register { context in
            context.graph.noteFocusedValue(path: context.path) { $0[keyPath: keyPath] = value }
        })
    }

    /// Publishes `value` (none when `nil`) for `keyPath` while this view or one inside it has focus.
    @available(iOS 16.0, *)
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) -> some View {
        applying(.register { context in
            context.graph.noteFocusedValue(path: context.path) { $0[keyPath: keyPath] = value }
        })
    }
}

/// The focused values the graph's views publish, and when the views reading them must update.
final class FocusedValuePublishers {
    /// Each publishing view's identity and what it writes, as the last update resolved them.
    var published: [(path: String, write: (inout FocusedValues) -> Void)] = []
    var resolving: [(path: String, write: (inout FocusedValues) -> Void)] = []
    /// Whether a view read a focused value.
    var hasReaders = false
    /// The focused view's identity and the publishers when the readers last read.
    var signature = ""
}

extension ViewGraph {
    func noteFocusedValue(path: String, write: @escaping (inout FocusedValues) -> Void) {
        focusPublishers.resolving.append((path, write))
    }

    /// The values the focused view and its ancestors publish, the closest to focus winning (S37).
    func focusedValues() -> FocusedValues {
        focusPublishers.hasReaders = true
        var values = FocusedValues()
        guard let focused = mounter.focusedPath() else { return values }
        let enclosing = focusPublishers.published.filter { focused == $0.path || focused.hasPrefix($0.path + "/") }
        for publisher in enclosing.sorted(by: { $0.path.count < $1.path.count }) { publisher.write(&values) }
        return values
    }

    /// The update resolved its publishers: readers update again when focus or the publishers changed since they read.
    func settleFocusedValues() {
        focusPublishers.published = focusPublishers.resolving
        focusPublishers.resolving = []
        focusedValuesMayHaveChanged()
    }

    /// Focus moved, or publishers changed: views reading focused values update.
    func focusedValuesMayHaveChanged() {
        guard focusPublishers.hasReaders else { return }
        let seen = focusedValues().values.values.map { String(describing: $0) }.sorted().joined(separator: ",")
        let signature = (mounter.focusedPath() ?? "-") + "|" + seen
        guard signature != focusPublishers.signature else { return }
        focusPublishers.signature = signature
        stateDidChange(owner: nil)
    }
}
