import Foundation
import UIKitModel

extension Publisher where Failure == Never {
    /// Creates a connectable wrapper around the publisher: nothing is subscribed upstream until `connect()`.
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// A publisher that provides explicit connectability to another publisher: subscribers attach to a subject, and
    /// `connect()` subscribes that subject to the upstream, as Combine's multicast does.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The subject and the connection, shared by copies of the value.
        private final class Hub {
            let subject = PassthroughSubject<Output, Failure>()
        }

        private let upstream: Upstream
        private let hub = Hub()

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            hub.subject.receive(subscriber: subscriber)
        }

        /// Subscribes the subject to the upstream; cancelling the result cancels that subscription.
        public func connect() -> any Cancellable {
            AnyCancellable(upstream.subscribe(hub.subject))
        }
    }
}

/// A publisher that awaits subscription before running the supplied closure to create a publisher for the new
/// subscriber: each subscription runs the closure again.
public struct Deferred<DeferredPublisher: Publisher>: Publisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure

    /// The closure to execute when this deferred publisher receives a subscription.
    public let createPublisher: () -> DeferredPublisher

    public init(createPublisher: @escaping () -> DeferredPublisher) {
        self.createPublisher = createPublisher
    }

    public func receive<S>(subscriber: S) where S: Subscriber, DeferredPublisher.Failure == S.Failure, DeferredPublisher.Output == S.Input {
        createPublisher().receive(subscriber: subscriber)
    }
}

extension Foundation.Timer {
    /// `Foundation.Timer.publish(every:…)` as code that names the module writes it: the same publisher as
    /// `Timer.publish`, on the simulated run loop and clock (the toolchain's Foundation timer never fires in a lesson).
    /// Disfavoured, so that a plain `Timer.publish`, where both timer classes are in scope, stays the model's.
    @_disfavoredOverload
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> UIKitModel.Timer.TimerPublisher {
        UIKitModel.Timer.publish(every: interval, tolerance: tolerance, on: runLoop, in: mode, options: options)
    }

    /// The publisher type of `Foundation.Timer.publish(every:…)`.
    public typealias TimerPublisher = UIKitModel.Timer.TimerPublisher
}
