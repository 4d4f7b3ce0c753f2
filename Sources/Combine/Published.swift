import UIKitModel

/// A type that publishes a property marked with an attribute: `@Published var name = ""`.
///
/// Subscribers of `$name` get the current value when they subscribe, then each new value as it is set, *before* the
/// property changes (in `willSet`), as Combine does: reading the property inside the subscriber gives the old value.
@propertyWrapper
public struct Published<Value>: PublishedStorage {
    private let box: Box

    public init(wrappedValue: Value) {
        self.init(initialValue: wrappedValue)
    }

    public init(initialValue: Value) {
        box = Box(initialValue)
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get {
            let box = object[keyPath: storageKeyPath].box
            box.owner = object
            return box.value
        }
        set {
            let box = object[keyPath: storageKeyPath].box
            box.owner = object
            box.set(newValue)
        }
    }

    /// A publisher for properties marked with the `@Published` attribute.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
        fileprivate let box: Box

        public func receive<S>(subscriber: S) where Value == S.Input, S: Subscriber, S.Failure == Never {
            box.subject.receive(subscriber: subscriber)
        }
    }

    func attach(to owner: AnyObject) {
        box.owner = owner
    }

    public var projectedValue: Published<Value>.Publisher {
        mutating get { Publisher(box: box) }
        set { box.assignments = newValue.box.assignments }
    }

    /// The value, its subscribers, and what `assign(to:)` connected to it; shared by every copy of the wrapper.
    fileprivate final class Box {
        var value: Value
        let subject: CurrentValueSubject<Value, Never>
        /// The object declaring the property, whose `objectWillChange` fires before each change.
        weak var owner: AnyObject?
        /// Subscriptions made by `assign(to:)`, which last as long as the property.
        var assignments: [AnyCancellable] = []

        init(_ value: Value) {
            self.value = value
            subject = CurrentValueSubject(value)
        }

        func set(_ newValue: Value) {
            if let owner { ObservableObjectPublisher.existing(for: owner)?.send() }
            // Subscribers see the new value before the property holds it (willSet).
            subject.send(newValue)
            value = newValue
        }
    }
}

extension Publisher where Self.Failure == Never {
    /// Republishes elements received from a publisher by assigning them to a property marked `@Published`; the
    /// subscription lasts as long as the property.
    @available(iOS 14.0, *)
    public func assign(to published: inout Published<Self.Output>.Publisher) {
        let box = published.box
        let sink = Subscribers.Sink<Output, Never>(receiveCompletion: { _ in }, receiveValue: { [weak box] in box?.set($0) })
        box.assignments.append(AnyCancellable(sink))
        subscribe(sink)
    }
}

/// A `@Published` property's storage, found by reflection.
protocol PublishedStorage {
    func attach(to owner: AnyObject)
}

/// A type of object with a publisher that emits before the object has changed.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher where Self.ObjectWillChangePublisher.Failure == Never

    /// A publisher that emits before the object has changed.
    var objectWillChange: Self.ObjectWillChangePublisher { get }
}

extension ObservableObject where Self.ObjectWillChangePublisher == ObservableObjectPublisher {
    /// A publisher that emits before any `@Published` property of the object changes.
    public var objectWillChange: ObservableObjectPublisher {
        ObservableObjectPublisher.publisher(for: self)
    }
}

/// A publisher that publishes changes from observable objects.
public final class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>()

    public init() {}

    public final func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == () {
        subject.receive(subscriber: subscriber)
    }

    /// Sends the changed value to the downstream subscriber.
    public final func send() {
        subject.send(())
    }

    /// The synthesized `objectWillChange` of each observable object that asked for one, while the object lives.
    private static var publishers: [ObjectIdentifier: (owner: Weak, publisher: ObservableObjectPublisher)] = [:]
    private static let lock = NSLock()

    private struct Weak {
        weak var object: AnyObject?
    }

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        lock.withLock {
            let id = ObjectIdentifier(object)
            if let entry = publishers[id], entry.owner.object === object { return entry.publisher }
            // Forget the publishers of objects that are gone (one may have had this address).
            publishers = publishers.filter { $0.value.owner.object != nil }
            let publisher = ObservableObjectPublisher()
            publishers[id] = (Weak(object: object), publisher)
            // As Combine's synthesized publisher does, find the object's @Published properties, so that a change made
            // through `$property` (`assign(to:)`) announces itself too.
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                for child in current.children { (child.value as? PublishedStorage)?.attach(to: object) }
                mirror = current.superclassMirror
            }
            return publisher
        }
    }

    static func existing(for object: AnyObject) -> ObservableObjectPublisher? {
        lock.withLock {
            guard let entry = publishers[ObjectIdentifier(object)], entry.owner.object === object else { return nil }
            return entry.publisher
        }
    }
}
