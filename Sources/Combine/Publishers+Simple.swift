import UIKitModel

/// A publisher that emits an output to each subscriber just once, and then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == Never {
        let conduit = Conduit("Just", downstream: subscriber)
        conduit.start()
        conduit.send(output)
        conduit.send(completion: .finished)
    }
}

extension Just: Equatable where Output: Equatable {}

/// A publisher that never publishes any values, and optionally finishes immediately.
public struct Empty<Output, Failure: Error>: Publisher, Equatable {
    public let completeImmediately: Bool

    public init(completeImmediately: Bool = true) {
        self.completeImmediately = completeImmediately
    }

    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        subscriber.receive(subscription: Subscriptions.empty)
        if completeImmediately { subscriber.receive(completion: .finished) }
    }

    public static func == (lhs: Empty<Output, Failure>, rhs: Empty<Output, Failure>) -> Bool {
        lhs.completeImmediately == rhs.completeImmediately
    }
}

/// A publisher that immediately terminates with the specified error.
public struct Fail<Output, Failure: Error>: Publisher {
    public let error: Failure

    public init(error: Failure) {
        self.error = error
    }

    public init(outputType: Output.Type, failure: Failure) {
        error = failure
    }

    public func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: .failure(error))
    }
}

/// A publisher that eventually produces a single value and then finishes or fails.
public final class Future<Output, Failure: Error>: Publisher {
    public typealias Promise = (Result<Output, Failure>) -> Void

    private var result: Result<Output, Failure>?
    private var conduits: [Conduit<AnySubscriber<Output, Failure>>] = []

    public init(_ attemptToFulfill: @escaping (@escaping Future<Output, Failure>.Promise) -> Void) {
        // The promise keeps the future until it is called, as Combine's does, so a future held only by its
        // subscription (inside `flatMap`, `switchToLatest`) still delivers.
        attemptToFulfill { result in self.fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        guard self.result == nil else { return }
        self.result = result
        let conduits = self.conduits
        self.conduits.removeAll()
        for conduit in conduits { deliver(result, to: conduit) }
    }

    private func deliver(_ result: Result<Output, Failure>, to conduit: Conduit<AnySubscriber<Output, Failure>>) {
        switch result {
        case .success(let value):
            conduit.send(value)
            conduit.send(completion: .finished)
        case .failure(let error):
            conduit.send(completion: .failure(error))
        }
    }

    public final func receive<S>(subscriber: S) where Output == S.Input, Failure == S.Failure, S: Subscriber {
        let conduit = Conduit("Future", downstream: AnySubscriber(subscriber))
        conduit.start()
        if let result {
            deliver(result, to: conduit)
        } else {
            conduits.append(conduit)
        }
    }
}

extension Sequence {
    /// A publisher that publishes the elements of this sequence, then finishes.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

extension Publishers {
    /// A publisher that publishes a given sequence of elements.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element
        public let sequence: Elements

        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<S>(subscriber: S) where Failure == S.Failure, S: Subscriber, Elements.Element == S.Input {
            let conduit = Conduit("Sequence", downstream: subscriber)
            conduit.start()
            for element in sequence { conduit.send(element) }
            conduit.send(completion: .finished)
        }
    }
}
