import UIKitModel
import UIKitBehavior

/// Where a `@FocusState` value lives, and the value UIKit's first responder last reflected.
class AnyFocusStorage {
    /// Whether code wrote a value that UIKit's focus does not reflect yet.
    var needsApplying: Bool { false }
    /// Whether the value is `nil`/`false` (no bound view should have focus).
    var isBlank: Bool { true }
    /// UIKit's focus now reflects the value.
    func markApplied() {}
    /// Forgets a write UIKit never saw (S33).
    func dropWrite() {}
}

final class FocusStorage<Value: Hashable>: AnyFocusStorage {
    var value: Value
    var applied: Value
    let blank: Value
    weak var graph: ViewGraph?
    /// The identity of the view that owns the state.
    let owner: String

    init(blank: Value, graph: ViewGraph, owner: String) {
        value = blank
        applied = blank
        self.blank = blank
        self.graph = graph
        self.owner = owner
    }

    override var needsApplying: Bool { value != applied }
    override var isBlank: Bool { value == blank }
    override func markApplied() { applied = value }
    override func dropWrite() { value = applied }

    /// Code assigned the focus state: focus moves at the next update (S22, S78).
    func programWrite(_ newValue: Value) {
        value = newValue
        onModelThread { graph?.focusWritten(self, owner: owner) }
    }

    /// Default focus is evaluated: a blank state takes `newValue`, which the same update applies (S34).
    func evaluateDefault(_ newValue: Value) {
        if value == blank { value = newValue }
    }

    /// A bound view gained focus (S21, S22).
    func systemSelect(_ newValue: Value) {
        guard value != newValue || applied != newValue else { return }
        value = newValue
        applied = newValue
        onModelThread { graph?.stateDidChange(owner: owner) }
    }

    /// A bound view lost focus: the state resets unless it already names another view (S21, S25).
    func systemDeselect(_ old: Value) {
        guard value == old else { return }
        value = blank
        applied = blank
        onModelThread { graph?.focusCleared(owner: owner) }
    }
}

/// One `focused` binding on a text view: its storage and the value that means "this view".
struct FocusTarget {
    let storage: AnyFocusStorage
    /// Whether the storage's value names this view.
    let isSelected: () -> Bool
    let select: () -> Void
    let deselect: () -> Void
}

final class FocusBox<Value: Hashable> {
    let blank: Value
    var storage: FocusStorage<Value>?
    init(blank: Value) { self.blank = blank }
}

/// A property that reflects and moves keyboard focus, as SwiftUI's `FocusState` (S21–S26).
@available(iOS 15.0, *)
@propertyWrapper public struct FocusState<Value: Hashable>: DynamicProperty {
    let box: FocusBox<Value>

    /// A binding to a focus state, made by `$focus`, that `focused(_:)` and `focused(_:equals:)` take.
    @propertyWrapper public struct Binding: ComparedByValue {
        let box: FocusBox<Value>
        var comparedValue: Any { wrappedValue }

        public var wrappedValue: Value {
            get { box.storage?.value ?? box.blank }
            nonmutating set { box.storage?.programWrite(newValue) }
        }

        public var projectedValue: FocusState<Value>.Binding { self }
    }

    public init() where Value == Bool { box = FocusBox(blank: false) }

    public init<T: Hashable>() where Value == T? { box = FocusBox(blank: nil) }

    /// The focused view's value, or `nil`/`false` when no bound view has focus; assigning moves focus at the next
    /// update. Before the view is rendered (in its initializer) it reads blank and assignments are dropped (S23).
    public var wrappedValue: Value {
        get { box.storage?.value ?? box.blank }
        nonmutating set { box.storage?.programWrite(newValue) }
    }

    public var projectedValue: FocusState<Value>.Binding { Binding(box: box) }
}

extension FocusState: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) {
        box.storage = graph.storage(for: key) {
            FocusStorage(blank: box.blank, graph: graph, owner: String(key.prefix { $0 != "#" }))
        }
    }
}

extension FocusState.Binding {
    /// The focus target that means "focus is on the view bound with `value`".
    func target(for value: Value) -> FocusTarget? {
        guard let storage = box.storage else { return nil }
        return FocusTarget(
            storage: storage, isSelected: { storage.value == value }, select: { storage.systemSelect(value) },
            deselect: { storage.systemDeselect(value) })
    }
}

extension View {
    /// Binds the focus of the text views inside this view to `condition` (S21).
    @available(iOS 15.0, *)
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        applying(.focus { $0.target(for: condition, value: true) })
    }

    /// Binds the focus of the text views inside this view to `binding`, which holds `value` while one of them has
    /// focus (S22).
    @available(iOS 15.0, *)
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
        applying(.focus { $0.target(for: binding, value: value) })
    }
}

/// How to prioritise a default focus preference, as SwiftUI's `DefaultFocusEvaluationPriority` (S34).
@available(iOS 16.0, *)
public struct DefaultFocusEvaluationPriority: Sendable {
    let isUserInitiated: Bool

    /// Used when focus moves into the region automatically, not for user navigation commands.
    public static let automatic = DefaultFocusEvaluationPriority(isUserInitiated: false)
    /// Always used when focus moves into the region.
    public static let userInitiated = DefaultFocusEvaluationPriority(isUserInitiated: true)
}

extension View {
    /// Gives `binding` the value `value` when the view first appears and nothing else set it (S34); the model has no
    /// keyboard navigation commands, so both priorities act alike.
    @available(iOS 17.0, *)
    public func defaultFocus<V: Hashable>(
        _ binding: FocusState<V>.Binding, _ value: V, priority: DefaultFocusEvaluationPriority = .automatic
    ) -> some View {
        applying(.defaultFocus { binding.box.storage?.evaluateDefault(value) })
    }
}

extension ResolveContext {
    func target<Value: Hashable>(for binding: FocusState<Value>.Binding, value: Value) -> FocusTarget? {
        binding.target(for: value)
    }
}
