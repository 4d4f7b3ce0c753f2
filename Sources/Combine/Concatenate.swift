import UIKitModel

extension Publishers {
    /// A publisher that publishes everything `prefix` publishes, then, once it finishes, everything `suffix`
    /// publishes (what `prepend` and `append` return). The model requests each part in full and hands the values on
    /// as the subscriber asks, so the order and the completion are Combine's.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure
        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Suffix.Failure == S.Failure, Suffix.Output == S.Input {
            let conduit = Conduit("Concatenate", downstream: subscriber)
            let part = ConcatenatePart<Output, Failure>(conduit: conduit)
            conduit.onCancel = { part.cancel() }
            conduit.start()
            let suffix = self.suffix
            part.subscribe(to: prefix) { part.subscribe(to: suffix) { conduit.send(completion: .finished) } }
        }
    }
}

/// Feeds one part of a concatenation into the downstream conduit, then starts the next part.
private final class ConcatenatePart<Input, Failure: Error> {
    private let deliver: (Input) -> Void
    private let fail: (Failure) -> Void
    private var current: (any Subscription)?
    private var cancelled = false

    init<S: Subscriber>(conduit: Conduit<S>) where S.Input == Input, S.Failure == Failure {
        deliver = { conduit.send($0) }
        fail = { conduit.send(completion: .failure($0)) }
    }

    func subscribe<P: Publisher>(to publisher: P, then next: @escaping () -> Void) where P.Output == Input, P.Failure == Failure {
        guard !cancelled else { return }
        publisher.subscribe(AnySubscriber<Input, Failure>(
            receiveSubscription: { [weak self] subscription in
                self?.current = subscription
                subscription.request(.unlimited)
            },
            receiveValue: { [weak self] value in
                self?.deliver(value)
                return .none
            },
            receiveCompletion: { [weak self] completion in
                guard let self, !self.cancelled else { return }
                self.current = nil
                switch completion {
                case .finished: next()
                case .failure(let error): self.fail(error)
                }
            }))
    }

    func cancel() {
        cancelled = true
        current?.cancel()
        current = nil
    }
}

extension Publisher {
    /// Publishes `elements` before this publisher's values.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Publishes the elements of `elements` before this publisher's values.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self>
    where Output == S.Element {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }

    /// Publishes `publisher`'s values, then, when it finishes, this publisher's.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }

    /// Publishes `elements` after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Publishes the elements of `elements` after this publisher finishes.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>>
    where Output == S.Element {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }

    /// Publishes `publisher`'s values after this publisher finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P>
    where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }
}
