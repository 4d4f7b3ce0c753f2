import UIKitModel

/// A property that SwiftUI updates before it asks a view for its body, as SwiftUI's `DynamicProperty`.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A dynamic property whose storage lives in the view graph, keyed by the view's identity and the property's name.
protocol GraphLinkedProperty {
    /// Connects the property to its storage in `graph` under `key`, creating the storage on first sight.
    @MainActor func link(to graph: ViewGraph, key: String)
}

/// Where a `@State` value lives between body evaluations; writing it asks the graph for an update.
final class StateStorage<Value> {
    var value: Value
    weak var graph: ViewGraph?
    /// The identity of the view that owns the state, whose body runs again after a write.
    let owner: String

    init(value: Value, graph: ViewGraph, owner: String) {
        self.value = value
        self.graph = graph
        self.owner = owner
    }

    /// The value before the first write made outside an update, which `updateUIView` reads in the next update with
    /// `updateUIViewSeesStaleBinding` (S64 [U]).
    private var staleValue: Value?
    private var hasStaleValue = false

    /// What a read sees: the stale value inside `updateUIView` when the profile says so (S64), else the value.
    var current: Value {
        if hasStaleValue, StaleBindingReads.active, let staleValue { return staleValue }
        return value
    }

    func write(_ newValue: Value) {
        // Writing an equal value (of an `Equatable` type) changes nothing a view depends on: no update follows.
        let unchanged = (value as? any Equatable).map { isEqual($0, newValue) } ?? false
        let old = value
        value = newValue
        onModelThread {
            guard !unchanged, !hasStaleValue, UIKitSystem.shared.behavior.swiftUI.updateUIViewSeesStaleBinding,
                let graph, !graph.isUpdatingNow
            else { return }
            staleValue = old
            hasStaleValue = true
            graph.staleStates.append { [weak self] in
                self?.staleValue = nil
                self?.hasStaleValue = false
            }
        }
        guard !unchanged else { return }
        onModelThread {
            graph?.warnIfUpdating()
            graph?.stateDidChange(owner: owner)
        }
    }
}

/// Whether reads of `@State` (and bindings to it) are inside `updateUIView` with `updateUIViewSeesStaleBinding` on
/// (S64 [U]); the model runs on one thread.
enum StaleBindingReads {
    nonisolated(unsafe) static var active = false
}

/// The part of a `State` value that outlives a copy of the view struct: the initial value until it is linked.
final class StateBox<Value> {
    let initialValue: Value
    var storage: StateStorage<Value>?

    init(_ initialValue: Value) { self.initialValue = initialValue }
}

/// A value a view owns and SwiftUI stores outside the view struct, as SwiftUI's `State` (S70).
///
/// The first time its view is rendered the initial value becomes the stored value; later instances of the view
/// struct read and write that storage, so the initial value of a new instance is ignored. Writes before the view is
/// rendered (in its initializer) are dropped.
@propertyWrapper public struct State<Value>: DynamicProperty {
    let box: StateBox<Value>

    public init(wrappedValue value: Value) { box = StateBox(value) }

    public init(initialValue value: Value) { box = StateBox(value) }

    public var wrappedValue: Value {
        get { box.storage?.current ?? box.initialValue }
        nonmutating set { box.storage?.write(newValue) }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(location: { box.storage?.current ?? box.initialValue }, write: { box.storage?.write($0) })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

extension State: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) {
        box.storage = graph.storage(for: key) {
            StateStorage(value: box.initialValue, graph: graph, owner: String(key.prefix { $0 != "#" }))
        }
    }
}

/// A two-way connection to a value owned elsewhere, as SwiftUI's `Binding`.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    let read: () -> Value
    let write: (Value) -> Void

    init(location read: @escaping () -> Value, write: @escaping (Value) -> Void) {
        self.read = read
        self.write = write
    }

    /// Creates a binding from closures; Apple's parameters are also `@isolated(any)`, which the model leaves out.
    @preconcurrency public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        self.init(location: get, write: set)
    }

    /// Creates a binding whose setter also receives the transaction.
    @preconcurrency public init(
        get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value, Transaction) -> Void
    ) {
        self.init(location: get, write: { set($0, Transaction()) })
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: { value }, write: { _ in })
    }

    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let read = self.read
        let write = self.write
        return Binding<Subject>(
            location: { read()[keyPath: keyPath] },
            write: { newValue in
                var value = read()
                value[keyPath: keyPath] = newValue
                write(value)
            })
    }
}

extension Binding: DynamicProperty {}

extension Binding: ComparedByValue {
    var comparedValue: Any { read() }
}
extension Binding: @unchecked Sendable where Value: Sendable {}

extension Binding {
    /// A binding to an optional value from a binding to a value.
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(location: { base.read() }, write: { if let value = $0 { base.write(value) } })
    }

    /// A binding to the unwrapped value, or `nil` when the base's value is `nil`.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.read() else { return nil }
        self.init(location: { base.read() ?? value }, write: { base.write($0) })
    }
}

/// The context of a state change, as SwiftUI's `Transaction` (the model keeps no animation in it).
public struct Transaction {
    public init() {}
}

/// Whether `a` equals `b` when both are of `a`'s `Equatable` type.
private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    guard let b = b as? T else { return false }
    return a == b
}
