import UIKitModel

extension NotificationCenter {
    /// A publisher that emits elements when the center posts `name` (from `object`, if given); the subscription
    /// observes on the model's registration-ordered center, so values arrive inside `post`, in observer order.
    public struct Publisher: Combine.Publisher {
        public typealias Output = Notification
        public typealias Failure = Never

        /// The notification center this publisher uses as a source.
        public let center: NotificationCenter
        /// The name of notifications published by this publisher.
        public let name: Notification.Name
        /// The object posting the named notification.
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Notification {
            let conduit = Conduit("NotificationCenter Observer", downstream: subscriber)
            let target = WeakConduit(conduit)
            let token = center.addObserver(forName: name, object: object, queue: nil) { target.send($0) }
            let center = self.center
            conduit.onCancel = { center.removeObserver(token) }
            conduit.start()
        }

        /// Lets the center's observer block reach the subscription without keeping it.
        private final class WeakConduit<Downstream: Subscriber>: @unchecked Sendable where Downstream.Input == Notification {
            weak var conduit: Conduit<Downstream>?

            init(_ conduit: Conduit<Downstream>) {
                self.conduit = conduit
            }

            func send(_ notification: Notification) {
                // A notification posted while the subscriber has no demand is dropped, as in Combine.
                conduit?.send(notification, buffer: false)
            }
        }
    }

    /// Returns a publisher that emits events when broadcasting notifications.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        NotificationCenter.Publisher(center: self, name: name, object: object)
    }
}

/// A publisher that provides an explicit means of connecting and canceling publication.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Automates the process of connecting to or disconnecting from this connectable publisher.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher when the first subscriber
    /// attaches, and disconnects when the last one cancels.
    public class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public final let upstream: Upstream
        private var connection: (any Cancellable)?
        private var subscribers = 0

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            subscribers += 1
            let inner = TransformingSubscription<Output, S>("Autoconnect", downstream: subscriber) { $0 }
            upstream.subscribe(Tracked(inner) { [weak self] in self?.subscriberLeft() })
            if connection == nil { connection = upstream.connect() }
        }

        private func subscriberLeft() {
            subscribers -= 1
            if subscribers == 0 {
                connection?.cancel()
                connection = nil
            }
        }

        /// A subscriber whose subscription reports its cancellation.
        private final class Tracked<Base: Subscriber>: Subscriber, Subscription {
            typealias Input = Base.Input
            typealias Failure = Base.Failure
            private let base: Base
            private var onCancel: (() -> Void)?
            private var upstream: (any Subscription)?

            init(_ base: Base, onCancel: @escaping () -> Void) {
                self.base = base
                self.onCancel = onCancel
            }

            func receive(subscription: any Subscription) {
                upstream = subscription
                base.receive(subscription: self)
            }

            func receive(_ input: Input) -> Subscribers.Demand { base.receive(input) }

            func receive(completion: Subscribers.Completion<Failure>) {
                onCancel = nil
                base.receive(completion: completion)
            }

            func request(_ demand: Subscribers.Demand) { upstream?.request(demand) }

            func cancel() {
                upstream?.cancel()
                upstream = nil
                let onCancel = self.onCancel
                self.onCancel = nil
                onCancel?()
            }
        }
    }
}

/// Carries a value into a `@Sendable` block: the simulated app runs every block on its one thread.
struct SendableBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Timer {
    /// Returns a publisher that repeatedly emits the current (simulated) date on the given interval.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: RunLoop.SchedulerOptions? = nil
    ) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A publisher that repeatedly emits the current date on a given interval, once connected.
    public final class TimerPublisher: ConnectablePublisher {
        public typealias Output = Date
        public typealias Failure = Never

        public final let interval: TimeInterval
        public final let tolerance: TimeInterval?
        public final let runLoop: RunLoop
        public final let mode: RunLoop.Mode
        public final let options: RunLoop.SchedulerOptions?

        private let subject = PassthroughSubject<Date, Never>()
        private var timer: Timer?

        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public final func receive<S>(subscriber: S) where S: Subscriber, S.Failure == Never, S.Input == Date {
            subject.receive(subscriber: subscriber)
        }

        /// Starts the timer; cancelling the result stops it.
        public final func connect() -> any Cancellable {
            if timer == nil {
                let subject = SendableBox(self.subject)
                let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.value.send(Date()) }
                runLoop.add(timer, forMode: mode)
                self.timer = timer
            }
            return AnyCancellable { [weak self] in
                self?.timer?.invalidate()
                self?.timer = nil
            }
        }
    }
}
