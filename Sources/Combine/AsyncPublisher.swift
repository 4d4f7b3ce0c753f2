import UIKitModel

extension Publisher where Self.Failure == Never {
    /// The elements from the publisher, as an asynchronous sequence.
    @available(iOS 15.0, *)
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

/// A publisher that exposes its elements as an asynchronous sequence: each `next()` asks the publisher for one
/// value and waits for it on the simulated run loop, so a value published while no `next()` waits is dropped if the
/// publisher drops values for a subscriber without demand (subjects, `@Published`), as in Combine.
@available(iOS 15.0, *)
public struct AsyncPublisher<P>: AsyncSequence where P: Publisher, P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    public init(_ publisher: P) {
        self.publisher = publisher
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        public typealias Element = P.Output
        fileprivate let inner: AsyncPublisherInner<P.Output>

        public mutating func next() async -> P.Output? {
            await inner.next()
        }
    }

    public func makeAsyncIterator() -> Iterator {
        let inner = AsyncPublisherInner<P.Output>()
        publisher.subscribe(inner)
        return Iterator(inner: inner)
    }
}

/// The subscriber under `AsyncPublisher`: demand one value per waiting `next()`.
final class AsyncPublisherInner<Input>: Subscriber, @unchecked Sendable {
    typealias Failure = Never
    private var subscription: (any Subscription)?
    private var waiting: CheckedContinuation<Input?, Never>?
    private var finished = false
    /// A value that arrived while no `next()` waited (a publisher that sends its current value at request time).
    private var ready: [Input] = []

    func receive(subscription: any Subscription) {
        guard self.subscription == nil, !finished else {
            subscription.cancel()
            return
        }
        self.subscription = subscription
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: input)
        } else {
            ready.append(input)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        finished = true
        subscription = nil
        waiting?.resume(returning: nil)
        waiting = nil
    }

    func next() async -> Input? {
        if !ready.isEmpty { return ready.removeFirst() }
        if finished || Task.isCancelled { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled || finished {
                    continuation.resume(returning: nil)
                    return
                }
                waiting = continuation
                subscription?.request(.max(1))
            }
        } onCancel: {
            // A cancelled task's loop ends: the subscription is cancelled and the waiting `next()` returns nil.
            self.cancelFromTask()
        }
    }

    private func cancelFromTask() {
        finished = true
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
        waiting?.resume(returning: nil)
        waiting = nil
    }
}
