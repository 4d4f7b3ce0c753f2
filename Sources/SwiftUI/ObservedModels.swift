import Combine
import Observation
import UIKitModel

/// Bindings to the properties of an `@Observable` object, as SwiftUI's `Bindable` (S71).
@available(iOS 17.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }

    init(storing value: Value) { wrappedValue = value }

    /// Declared for every value so a view's memberwise initializer takes the object itself; only an `Observable`
    /// object is accepted (the constrained initializer below).
    @available(*, unavailable, message: "@Bindable needs an object that conforms to Observable")
    public init(wrappedValue: Value) { fatalError("unavailable") }
}

extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { self.init(storing: wrappedValue) }

    public init(_ wrappedValue: Value) { self.init(storing: wrappedValue) }

    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    /// A binding that reads and writes the object's property; a `TextField` writes it on every keystroke (S71).
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(location: { object[keyPath: keyPath] }, write: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}

/// Keeps a Combine subscription to an observable object's `objectWillChange` under a view's identity.
final class ObjectSubscription {
    weak var object: AnyObject?
    var cancellable: AnyCancellable?
}

/// An `ObservableObject` a view watches, as SwiftUI's `ObservedObject`: a change to a `@Published` property updates
/// the view at the next update.
@propertyWrapper public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty
where ObjectType.ObjectWillChangePublisher == ObservableObjectPublisher {
    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    public init(initialValue: ObjectType) { self.wrappedValue = initialValue }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Bindings to the object's properties, made by `$object.property`.
    @dynamicMemberLookup public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(location: { object[keyPath: keyPath] }, write: { object[keyPath: keyPath] = $0 })
        }
    }
}

extension ObservedObject: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) {
        graph.watch(wrappedValue, key: key)
    }
}

/// An `ObservableObject` a view creates once and keeps, as SwiftUI's `StateObject`.
@available(iOS 14.0, *)
@propertyWrapper public struct StateObject<ObjectType: ObservableObject>: DynamicProperty
where ObjectType.ObjectWillChangePublisher == ObservableObjectPublisher {
    final class Box {
        let make: () -> ObjectType
        var object: ObjectType?
        init(make: @escaping () -> ObjectType) { self.make = make }
    }
    let box: Box

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { box = Box(make: thunk) }

    /// The object, made the first time the view is rendered and kept for the view's life.
    public var wrappedValue: ObjectType {
        if let object = box.object { return object }
        let object = box.make()
        box.object = object
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }
}

/// The object a `StateObject` made, kept under the view's identity.
final class StateObjectStorage {
    let object: AnyObject
    init(_ object: AnyObject) { self.object = object }
}

extension StateObject: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key: String) {
        let box = self.box
        let stored = graph.storage(for: key) { StateObjectStorage(box.object ?? box.make()) }
        box.object = stored.object as? ObjectType
        if let object = box.object { graph.watch(object, key: key) }
    }
}

extension ViewGraph {
    /// Subscribes once per object and identity to `objectWillChange`, which asks for an update.
    func watch<O: ObservableObject>(_ object: O, key: String) where O.ObjectWillChangePublisher == ObservableObjectPublisher {
        let subscription = storage(for: key + "#subscription") { ObjectSubscription() }
        guard subscription.object !== object else { return }
        subscription.object = object
        let graph = UncheckedGraph(graph: self)
        subscription.cancellable = object.objectWillChange.sink { _ in
            onModelThread { graph.graph?.stateDidChange(owner: String(key.prefix { $0 != "#" })) }
        }
    }
}
