import UIKitModel

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Self.Output)
    func send(completion: Subscribers.Completion<Self.Failure>)
    func send(subscription: any Subscription)
}

extension Subject where Self.Output == () {
    /// Sends a void value to the subscriber.
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Attaches the subject to this publisher, which can then send values through it.
    public func subscribe<S>(_ subject: S) -> AnyCancellable where S: Subject, Self.Failure == S.Failure, Self.Output == S.Output {
        let sink = Subscribers.Sink<Output, Failure>(
            receiveCompletion: { [weak subject] in subject?.send(completion: $0) },
            receiveValue: { [weak subject] in subject?.send($0) })
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

/// The subscribers of a subject, in the order they subscribed.
final class SubjectSubscribers<Output, Failure: Error> {
    private(set) var conduits: [Conduit<AnySubscriber<Output, Failure>>] = []
    private(set) var completion: Subscribers.Completion<Failure>?
    private var upstreams: [any Subscription] = []

    func add<S>(_ subscriber: S, name: String) -> Conduit<AnySubscriber<Output, Failure>>? where S: Subscriber, S.Input == Output, S.Failure == Failure {
        let conduit = Conduit(name, downstream: AnySubscriber(subscriber))
        if let completion {
            conduit.start()
            conduit.send(completion: completion)
            return nil
        }
        conduit.onCancel = { [weak self, weak conduit] in self?.conduits.removeAll { $0 === conduit } }
        conduits.append(conduit)
        conduit.start()
        return conduit
    }

    /// A subject drops a value for a subscriber that has not asked for one.
    func send(_ value: Output) {
        guard completion == nil else { return }
        for conduit in conduits { conduit.send(value, buffer: false) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        let conduits = self.conduits
        self.conduits.removeAll()
        upstreams.removeAll()
        for conduit in conduits { conduit.send(completion: completion) }
    }

    func send(subscription: any Subscription) {
        upstreams.append(subscription)
        subscription.request(.unlimited)
    }
}

/// A subject that broadcasts elements to downstream subscribers.
public final class PassthroughSubject<Output, Failure: Error>: Subject {
    private let subscribers = SubjectSubscribers<Output, Failure>()

    public init() {}

    public final func send(subscription: any Subscription) {
        subscribers.send(subscription: subscription)
    }

    public final func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        _ = subscribers.add(subscriber, name: "PassthroughSubject")
    }

    public final func send(_ input: Output) {
        subscribers.send(input)
    }

    public final func send(completion: Subscribers.Completion<Failure>) {
        subscribers.send(completion: completion)
    }
}

/// A subject that wraps a single value and publishes a new element whenever the value changes; a new subscriber
/// receives the current value first.
public final class CurrentValueSubject<Output, Failure: Error>: Subject {
    private let subscribers = SubjectSubscribers<Output, Failure>()
    private var current: Output

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public final var value: Output {
        get { current }
        set { send(newValue) }
    }

    public init(_ value: Output) {
        current = value
    }

    public final func send(subscription: any Subscription) {
        subscribers.send(subscription: subscription)
    }

    public final func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        guard let conduit = subscribers.add(subscriber, name: "CurrentValueSubject") else { return }
        // The current value goes to the subscriber with its first demand.
        var sentCurrent = false
        conduit.onRequest = { [weak self, weak conduit] demand in
            guard !sentCurrent, demand > 0, let self, let conduit else { return }
            sentCurrent = true
            conduit.send(self.current)
        }
        if conduit.wantsValue, !sentCurrent {
            sentCurrent = true
            conduit.send(current)
        }
    }

    public final func send(_ input: Output) {
        guard subscribers.completion == nil else { return }
        current = input
        subscribers.send(input)
    }

    public final func send(completion: Subscribers.Completion<Failure>) {
        subscribers.send(completion: completion)
    }
}
