import UIKitModel

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible {
        /// The closure to execute on receipt of a value.
        public final let receiveValue: (Input) -> Void
        /// The closure to execute on completion.
        public final let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        private var subscription: (any Subscription)?
        private var finished = false

        public init(
            receiveCompletion: @escaping ((Subscribers.Completion<Failure>) -> Void),
            receiveValue: @escaping ((Input) -> Void)
        ) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }

        public final var description: String { "Sink" }

        public final func receive(subscription: any Subscription) {
            guard self.subscription == nil, !finished else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public final func receive(_ value: Input) -> Subscribers.Demand {
            if !finished { receiveValue(value) }
            return .none
        }

        public final func receive(completion: Subscribers.Completion<Failure>) {
            guard !finished else { return }
            finished = true
            subscription = nil
            receiveCompletion(completion)
        }

        public final func cancel() {
            finished = true
            let subscription = self.subscription
            self.subscription = nil
            subscription?.cancel()
        }
    }

    /// A simple subscriber that assigns received elements to a property indicated by a key path; it keeps a strong
    /// reference to the object until it is cancelled or the publisher completes.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible {
        public typealias Failure = Never

        /// The object that contains the property to assign.
        public final private(set) var object: Root?
        /// The key path that indicates the property to assign.
        public final let keyPath: ReferenceWritableKeyPath<Root, Input>
        private var subscription: (any Subscription)?

        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public final var description: String { object.map { "\(type(of: $0))" } ?? "Assign" }

        public final func receive(subscription: any Subscription) {
            guard self.subscription == nil, object != nil else {
                subscription.cancel()
                return
            }
            self.subscription = subscription
            subscription.request(.unlimited)
        }

        public final func receive(_ value: Input) -> Subscribers.Demand {
            object?[keyPath: keyPath] = value
            return .none
        }

        public final func receive(completion: Subscribers.Completion<Never>) {
            object = nil
            subscription = nil
        }

        public final func cancel() {
            object = nil
            let subscription = self.subscription
            self.subscription = nil
            subscription?.cancel()
        }
    }
}

extension Publisher {
    /// Attaches a subscriber with closure-based behavior; the returned cancellable ends the subscription when
    /// cancelled or released.
    public func sink(
        receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void),
        receiveValue: @escaping ((Self.Output) -> Void)
    ) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Self.Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    public func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    /// Assigns each element from a publisher to a property on an object (kept alive until cancellation).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Self.Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(assign)
        return AnyCancellable(assign)
    }
}
