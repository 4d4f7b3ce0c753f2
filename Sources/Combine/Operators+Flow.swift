import UIKitModel

/// The subscriber an operator puts on its upstream when it produces values on its own terms (later, from inner
/// publishers, after a failure): it asks upstream for everything and hands values to the subscriber through a
/// `Conduit`, which keeps them until the subscriber asks [U: Combine passes the demand on].
final class Relay<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = UpstreamFailure

    let conduit: Conduit<Downstream>
    private var upstream: (any Subscription)?
    private let name: String
    var onValue: (Input, Relay) -> Void = { _, _ in }
    var onCompletion: (Subscribers.Completion<UpstreamFailure>, Relay) -> Void = { _, _ in }
    /// Called when the subscriber cancels, after the upstream is cancelled.
    var onCancel: () -> Void = {}

    init(_ name: String, downstream: Downstream) {
        self.name = name
        conduit = Conduit(name, downstream: downstream)
        conduit.onCancel = { [weak self] in
            guard let self else { return }
            cancelUpstream()
            onCancel()
        }
    }

    var description: String { name }

    func receive(subscription: any Subscription) {
        guard upstream == nil, conduit.isActive else {
            subscription.cancel()
            return
        }
        upstream = subscription
        conduit.start()
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if conduit.isActive { onValue(input, self) }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard conduit.isActive else { return }
        upstream = nil
        onCompletion(completion, self)
    }

    /// Stops listening to the upstream (after `first()` found its value, or a thrown error).
    func cancelUpstream() {
        let upstream = self.upstream
        self.upstream = nil
        upstream?.cancel()
    }
}

/// A subscriber on an inner publisher (of `flatMap`, `switchToLatest`, `catch`) that forwards to closures.
final class InnerSink<Input, Failure: Error>: Subscriber {
    private let value: (Input) -> Void
    private let completion: (Subscribers.Completion<Failure>) -> Void
    private(set) var subscription: (any Subscription)?
    private var cancelled = false

    init(value: @escaping (Input) -> Void, completion: @escaping (Subscribers.Completion<Failure>) -> Void) {
        self.value = value
        self.completion = completion
    }

    func receive(subscription: any Subscription) {
        guard !cancelled, self.subscription == nil else {
            subscription.cancel()
            return
        }
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if !cancelled { value(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard !cancelled else { return }
        subscription = nil
        self.completion(completion)
    }

    func cancel() {
        cancelled = true
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }
}

extension Publisher {
    /// Performs the specified closures when publisher events occur.
    public func handleEvents(
        receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Self.Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Self.Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Subscribers.Demand) -> Void)? = nil
    ) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(
            upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
            receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }

    /// Delays delivery of all output to the downstream receiver by a specified amount of time on a particular scheduler.
    public func delay<S>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S, options: S.SchedulerOptions? = nil)
        -> Publishers.Delay<Self, S> where S: Scheduler {
        Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler, options: options)
    }

    /// Publishes the first element of a stream, then finishes.
    public func first() -> Publishers.First<Self> {
        Publishers.First(upstream: self)
    }

    /// Publishes the first element of a stream to satisfy a predicate closure, then finishes normally.
    public func first(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }

    /// Shares the output of an upstream publisher with multiple subscribers.
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
    }

    /// Transforms all elements from an upstream publisher into a new publisher up to a maximum number of publishers you specify.
    public func flatMap<T, P>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Self.Output) -> P)
        -> Publishers.FlatMap<P, Self> where T == P.Output, P: Publisher, Self.Failure == P.Failure {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }

    /// Transforms all elements from the upstream publisher with a provided error-throwing closure.
    public func tryMap<T>(_ transform: @escaping (Self.Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }

    /// Converts any failure from the upstream publisher into a new error.
    public func mapError<E>(_ transform: @escaping (Self.Failure) -> E) -> Publishers.MapError<Self, E> where E: Error {
        Publishers.MapError(upstream: self, transform: transform)
    }

    /// Replaces any errors in the stream with the provided element.
    public func replaceError(with output: Self.Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }

    /// Handles errors from an upstream publisher by replacing it with another publisher.
    public func `catch`<P>(_ handler: @escaping (Self.Failure) -> P) -> Publishers.Catch<Self, P> where P: Publisher, Self.Output == P.Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

extension Publisher where Self.Failure == Never {
    /// Changes the failure type declared by the upstream publisher.
    public func setFailureType<E>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> where E: Error {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publisher where Self.Output: Publisher, Self.Output.Failure == Self.Failure {
    /// Republishes elements sent by the most recently received publisher.
    public func switchToLatest() -> Publishers.SwitchToLatest<Self.Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public var receiveSubscription: ((any Subscription) -> Void)?
        public var receiveOutput: ((Upstream.Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(
            upstream: Upstream, receiveSubscription: ((any Subscription) -> Void)? = nil, receiveOutput: ((Upstream.Output) -> Void)? = nil,
            receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
            receiveRequest: ((Subscribers.Demand) -> Void)?
        ) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Output, Failure, S>("HandleEvents", downstream: subscriber)
            let (output, completion, cancel, request, subscription) = (receiveOutput, receiveCompletion, receiveCancel, receiveRequest, receiveSubscription)
            relay.conduit.onRequest = { request?($0) }
            relay.onCancel = { cancel?() }
            relay.onValue = { value, relay in
                output?(value)
                relay.conduit.send(value)
            }
            relay.onCompletion = { end, relay in
                completion?(end)
                relay.conduit.send(completion: end)
            }
            upstream.subscribe(SubscriptionTap(relay, subscription))
        }
    }

    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions? = nil) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Output, Failure, S>("Delay", downstream: subscriber)
            let (scheduler, interval, tolerance, options) = (self.scheduler, self.interval, self.tolerance, self.options)
            // Each event is scheduled on the scheduler's clock (the simulated one), completion after the values.
            relay.onValue = { value, relay in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) { [weak relay] in
                    relay?.conduit.send(value)
                }
            }
            relay.onCompletion = { end, relay in
                scheduler.schedule(after: scheduler.now.advanced(by: interval), tolerance: tolerance, options: options) {
                    relay.conduit.send(completion: end)
                }
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that publishes the first element of a stream, then finishes.
    public struct First<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(firstRelay("First", subscriber) { _ in true })
        }
    }

    /// A publisher that only publishes the first element of a stream to satisfy a predicate closure.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(firstRelay("TryFirstWhere", subscriber, predicate))
        }
    }

    /// A publisher that shares the output of an upstream publisher with multiple subscribers.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        private let subject = PassthroughSubject<Upstream.Output, Upstream.Failure>()
        private var connection: AnyCancellable?

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            // Each subscription keeps the share (and so its connection) alive, as Combine's do: a `share()` held only
            // in a local variable keeps publishing while anyone subscribes.
            subject.subscribe(KeepingAlive(subscriber, owner: self))
            // The first subscriber connects, as `multicast(subject:)` with `autoconnect()` does.
            if connection == nil {
                let subject = self.subject
                connection = AnyCancellable(upstream.subscribe(subject))
            }
        }

        public static func == (lhs: Publishers.Share<Upstream>, rhs: Publishers.Share<Upstream>) -> Bool {
            lhs === rhs
        }
    }

    /// A publisher that transforms elements from an upstream publisher into a new publisher.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher

        public init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
        }

        public func receive<S>(subscriber: S) where S: Subscriber, NewPublisher.Output == S.Input, Upstream.Failure == S.Failure {
            let relay = Relay<Upstream.Output, Failure, S>("FlatMap", downstream: subscriber)
            let transform = self.transform
            var inners: [CombineIdentifier: InnerSink<Output, Failure>] = [:]
            var upstreamDone = false
            relay.onCancel = { inners.values.forEach { $0.cancel() }; inners = [:] }
            relay.onValue = { value, relay in
                let id = CombineIdentifier()
                let inner = InnerSink<Output, Failure>(value: { [weak relay] in relay?.conduit.send($0) }, completion: { [weak relay] end in
                    inners[id] = nil
                    guard let relay else { return }
                    if case .failure = end {
                        relay.cancelUpstream()
                        inners.values.forEach { $0.cancel() }
                        inners = [:]
                        relay.conduit.send(completion: end)
                    } else if upstreamDone, inners.isEmpty {
                        relay.conduit.send(completion: .finished)
                    }
                })
                inners[id] = inner
                transform(value).subscribe(inner)
            }
            relay.onCompletion = { end, relay in
                upstreamDone = true
                if case .failure = end {
                    inners.values.forEach { $0.cancel() }
                    inners = [:]
                    relay.conduit.send(completion: end)
                } else if inners.isEmpty {
                    relay.conduit.send(completion: end)
                }
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that flattens nested publishers, republishing the elements of the most recent one.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, P.Output == S.Input, Upstream.Failure == S.Failure {
            let relay = Relay<P, Failure, S>("SwitchToLatest", downstream: subscriber)
            var current: InnerSink<Output, Failure>?
            var upstreamDone = false
            relay.onCancel = { current?.cancel(); current = nil }
            relay.onValue = { publisher, relay in
                // A newer publisher cancels the previous one, so its late values never arrive.
                current?.cancel()
                var inner: InnerSink<Output, Failure>!
                inner = InnerSink<Output, Failure>(value: { [weak relay] in relay?.conduit.send($0) }, completion: { [weak relay] end in
                    guard let relay, current === inner else { return }
                    current = nil
                    if case .failure = end {
                        relay.cancelUpstream()
                        relay.conduit.send(completion: end)
                    } else if upstreamDone {
                        relay.conduit.send(completion: .finished)
                    }
                })
                current = inner
                publisher.subscribe(inner)
            }
            relay.onCompletion = { end, relay in
                upstreamDone = true
                if case .failure = end {
                    current?.cancel()
                    current = nil
                    relay.conduit.send(completion: end)
                } else if current == nil {
                    relay.conduit.send(completion: end)
                }
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that appears to send a specified failure type.
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Output, Never, S>("SetFailureType", downstream: subscriber)
            relay.onValue = { value, relay in relay.conduit.send(value) }
            relay.onCompletion = { _, relay in relay.conduit.send(completion: .finished) }
            upstream.subscribe(relay)
        }

        public func setFailureType<E>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> where E: Error {
            Publishers.SetFailureType<Upstream, E>(upstream: upstream)
        }
    }

    /// A publisher that transforms all elements from the upstream publisher with a provided error-throwing closure.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == any Error {
            let relay = Relay<Upstream.Output, Upstream.Failure, S>("TryMap", downstream: subscriber)
            let transform = self.transform
            relay.onValue = { value, relay in
                do {
                    relay.conduit.send(try transform(value))
                } catch {
                    // A thrown error fails the stream and cancels the upstream, as Combine's try operators do.
                    relay.cancelUpstream()
                    relay.conduit.send(completion: .failure(error))
                }
            }
            relay.onCompletion = { end, relay in
                switch end {
                case .finished: relay.conduit.send(completion: .finished)
                case .failure(let error): relay.conduit.send(completion: .failure(error))
                }
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that converts any failure from the upstream publisher into a new error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S>(subscriber: S) where Failure == S.Failure, S: Subscriber, Upstream.Output == S.Input {
            let relay = Relay<Output, Upstream.Failure, S>("MapError", downstream: subscriber)
            let transform = self.transform
            relay.onValue = { value, relay in relay.conduit.send(value) }
            relay.onCompletion = { end, relay in
                switch end {
                case .finished: relay.conduit.send(completion: .finished)
                case .failure(let error): relay.conduit.send(completion: .failure(transform(error)))
                }
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that replaces any errors in the stream with a provided element.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Output == S.Input, S.Failure == Never {
            let relay = Relay<Output, Upstream.Failure, S>("ReplaceError", downstream: subscriber)
            let output = self.output
            relay.onValue = { value, relay in relay.conduit.send(value) }
            relay.onCompletion = { end, relay in
                if case .failure = end { relay.conduit.send(output) }
                relay.conduit.send(completion: .finished)
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that handles errors from an upstream publisher by replacing the failed publisher with another publisher.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure
        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher

        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S>(subscriber: S) where S: Subscriber, NewPublisher.Failure == S.Failure, NewPublisher.Output == S.Input {
            let relay = Relay<Output, Upstream.Failure, S>("Catch", downstream: subscriber)
            let handler = self.handler
            var replacement: InnerSink<Output, Failure>?
            relay.onCancel = { replacement?.cancel() }
            relay.onValue = { value, relay in relay.conduit.send(value) }
            relay.onCompletion = { end, relay in
                switch end {
                case .finished: relay.conduit.send(completion: .finished)
                case .failure(let error):
                    let inner = InnerSink<Output, Failure>(value: { [weak relay] in relay?.conduit.send($0) }, completion: { [weak relay] in relay?.conduit.send(completion: $0) })
                    replacement = inner
                    handler(error).subscribe(inner)
                }
            }
            upstream.subscribe(relay)
        }
    }
}

/// The relay of `first()` and `first(where:)`: the first matching value, then `finished`, and the upstream cancelled.
private func firstRelay<S: Subscriber>(_ name: String, _ subscriber: S, _ predicate: @escaping (S.Input) -> Bool) -> Relay<S.Input, S.Failure, S> {
    let relay = Relay<S.Input, S.Failure, S>(name, downstream: subscriber)
    relay.onValue = { value, relay in
        guard predicate(value) else { return }
        relay.cancelUpstream()
        relay.conduit.send(value)
        relay.conduit.send(completion: .finished)
    }
    relay.onCompletion = { end, relay in relay.conduit.send(completion: end) }
    return relay
}

/// Calls `receiveSubscription` of `handleEvents` with the upstream's subscription before the relay takes it.
private final class SubscriptionTap<Input, Failure: Error, Downstream: Subscriber>: Subscriber {
    private let relay: Relay<Input, Failure, Downstream>
    private let tap: ((any Subscription) -> Void)?

    init(_ relay: Relay<Input, Failure, Downstream>, _ tap: ((any Subscription) -> Void)?) {
        self.relay = relay
        self.tap = tap
    }

    var combineIdentifier: CombineIdentifier { relay.combineIdentifier }

    func receive(subscription: any Subscription) {
        tap?(subscription)
        relay.receive(subscription: subscription)
    }

    func receive(_ input: Input) -> Subscribers.Demand { relay.receive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { relay.receive(completion: completion) }
}

/// A subscriber that forwards to another and keeps `owner` alive as long as it is subscribed.
private struct KeepingAlive<Downstream: Subscriber>: Subscriber {
    let downstream: Downstream
    let owner: AnyObject

    init(_ downstream: Downstream, owner: AnyObject) {
        self.downstream = downstream
        self.owner = owner
    }

    var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
    func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
    func receive(_ input: Downstream.Input) -> Subscribers.Demand { downstream.receive(input) }
    func receive(completion: Subscribers.Completion<Downstream.Failure>) { downstream.receive(completion: completion) }
}
