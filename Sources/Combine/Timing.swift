import UIKitModel

extension Publisher {
    /// Publishes an element only after `dueTime` has passed on `scheduler` without another element.
    public func debounce<S>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S>
    where S: Scheduler {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }

    /// Publishes either the most-recent or first element published by the upstream publisher in each `interval`.
    public func throttle<S>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S> where S: Scheduler {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }

    /// Delivers elements and completion to the subscriber through `scheduler`.
    public func receive<S>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> where S: Scheduler {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

/// The subscription of an operator that delivers later, on a scheduler: it asks upstream for everything and
/// hands values to the subscriber as its demand allows.
class SchedulingSubscription<Input, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible
where Downstream.Input == Input {
    typealias Failure = Downstream.Failure

    private(set) var downstream: Downstream?
    private var upstream: (any Subscription)?
    /// A value waiting for its time (debounce, throttle).
    var pending: Input?
    private var demand = Subscribers.Demand.none
    private let name: String
    /// Whether the upstream completed (the subscriber may still wait for a scheduled value).
    private(set) var upstreamDone = false

    init(_ name: String, downstream: Downstream) {
        self.name = name
        self.downstream = downstream
    }

    var description: String { name }

    func receive(subscription: any Subscription) {
        guard upstream == nil, downstream != nil else {
            subscription.cancel()
            return
        }
        upstream = subscription
        downstream?.receive(subscription: self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if downstream != nil { received(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard downstream != nil, !upstreamDone else { return }
        upstreamDone = true
        upstream = nil
        completed(completion)
    }

    /// An upstream value arrived.
    func received(_ input: Input) {}

    /// The upstream completed.
    func completed(_ completion: Subscribers.Completion<Failure>) {}

    /// Hands `value` to the subscriber if it asked for one.
    final func deliver(_ value: Input) {
        guard let downstream, demand > 0 else { return }
        demand -= 1
        demand += downstream.receive(value)
    }

    final func finish(_ completion: Subscribers.Completion<Failure>) {
        guard let downstream else { return }
        self.downstream = nil
        downstream.receive(completion: completion)
    }

    /// Hands the pending value to the subscriber, if one waits.
    final func deliverPending() {
        guard let value = pending else { return }
        pending = nil
        deliver(value)
    }

    func request(_ demand: Subscribers.Demand) {
        self.demand += demand
    }

    func cancel() {
        downstream = nil
        let upstream = self.upstream
        self.upstream = nil
        upstream?.cancel()
    }
}

extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(self, downstream: subscriber))
        }

        private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Output, Downstream> where Downstream.Input == Output {
            private let publisher: Debounce
            private var generation = 0

            init(_ publisher: Debounce, downstream: Downstream) {
                self.publisher = publisher
                super.init("Debounce", downstream: downstream)
            }

            override func received(_ input: Output) {
                generation += 1
                let current = generation
                pending = input
                let scheduler = publisher.scheduler
                scheduler.schedule(after: scheduler.now.advanced(by: publisher.dueTime), tolerance: scheduler.minimumTolerance, options: publisher.options) {
                    [weak self] in
                    guard let self, self.generation == current else { return }
                    self.deliverPending()
                }
            }

            override func completed(_ completion: Subscribers.Completion<Failure>) {
                // [U] The value still waiting goes out before the completion.
                publisher.scheduler.schedule(options: publisher.options) { [weak self] in
                    self?.generation += 1
                    self?.deliverPending()
                    self?.finish(completion)
                }
            }

            override func cancel() {
                generation += 1
                pending = nil
                super.cancel()
            }
        }
    }

    /// A publisher that publishes either the most-recent or first element published by the upstream publisher in a
    /// specified time interval.
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(self, downstream: subscriber))
        }

        /// The first element goes out at once (on the scheduler's next turn); later ones wait until `interval` after
        /// the last one sent, and only the first or the latest of them goes.
        private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Output, Downstream> where Downstream.Input == Output {
            private let publisher: Throttle
            private var scheduled = false
            private var lastSent: Context.SchedulerTimeType?

            init(_ publisher: Throttle, downstream: Downstream) {
                self.publisher = publisher
                super.init("Throttle", downstream: downstream)
            }

            override func received(_ input: Output) {
                if publisher.latest || pending == nil { pending = input }
                guard !scheduled else { return }
                scheduled = true
                let scheduler = publisher.scheduler
                let now = scheduler.now
                if let lastSent, now < lastSent.advanced(by: publisher.interval) {
                    scheduler.schedule(after: lastSent.advanced(by: publisher.interval), tolerance: scheduler.minimumTolerance, options: nil) {
                        [weak self] in self?.send()
                    }
                } else {
                    scheduler.schedule(options: nil) { [weak self] in self?.send() }
                }
            }

            private func send() {
                scheduled = false
                guard pending != nil else { return }
                lastSent = publisher.scheduler.now
                deliverPending()
            }

            override func completed(_ completion: Subscribers.Completion<Failure>) {
                publisher.scheduler.schedule(options: nil) { [weak self] in
                    self?.deliverPending()
                    self?.finish(completion)
                }
            }
        }
    }

    /// A publisher that delivers elements to its downstream subscriber on a specific scheduler.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(Inner(self, downstream: subscriber))
        }

        private final class Inner<Downstream: Subscriber>: SchedulingSubscription<Output, Downstream> where Downstream.Input == Output {
            private let publisher: ReceiveOn

            init(_ publisher: ReceiveOn, downstream: Downstream) {
                self.publisher = publisher
                super.init("ReceiveOn", downstream: downstream)
            }

            override func received(_ input: Output) {
                publisher.scheduler.schedule(options: publisher.options) { [weak self] in self?.deliver(input) }
            }

            override func completed(_ completion: Subscribers.Completion<Failure>) {
                publisher.scheduler.schedule(options: publisher.options) { [weak self] in self?.finish(completion) }
            }
        }
    }
}
