import UIKitModel

/// The subscription of a publisher built from several upstreams (`Merge`, `CombineLatest`): it subscribes to each,
/// asks each for everything, and hands the subscriber what it makes of their values, buffered to its demand.
final class CombiningSubscription<Output, Failure: Error> {
    enum Mode {
        /// Every value of every upstream goes on.
        case merge
        /// Once each upstream has produced a value, each new value sends the latest of all, combined.
        case combineLatest(([Any]) -> Output)
        /// Each upstream's values wait in order; once every upstream has one waiting, the oldest of each go on, combined.
        case zip(([Any]) -> Output)
    }

    private let conduit: Conduit<AnySubscriber<Output, Failure>>
    private let mode: Mode
    private var upstreams: [(any Subscription)?]
    private var latest: [Any?]
    private var finished: [Bool]
    /// `zip`'s values not yet paired, per upstream.
    private var waiting: [[Any]]

    init<S>(_ name: String, count: Int, mode: Mode, downstream: S) where S: Subscriber, S.Input == Output, S.Failure == Failure {
        conduit = Conduit(name, downstream: AnySubscriber(downstream))
        self.mode = mode
        upstreams = Array(repeating: nil, count: count)
        latest = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        waiting = Array(repeating: [], count: count)
        conduit.onCancel = { [weak self] in self?.cancelUpstreams() }
    }

    /// Subscribes to the upstreams, then hands the subscription to the subscriber.
    func start(_ subscribers: [(CombiningSubscription) -> Void]) {
        conduit.start()
        for subscribe in subscribers { subscribe(self) }
    }

    func attach<P: Publisher>(_ publisher: P, at index: Int) where P.Failure == Failure {
        publisher.subscribe(CombiningMember<P.Output, Output, Failure>(parent: self, index: index))
    }

    private func cancelUpstreams() {
        let upstreams = self.upstreams
        self.upstreams = upstreams.map { _ in nil }
        for upstream in upstreams { upstream?.cancel() }
    }

    func received(subscription: any Subscription, at index: Int) {
        guard conduit.isActive else {
            subscription.cancel()
            return
        }
        upstreams[index] = subscription
        subscription.request(.unlimited)
    }

    func received(_ value: Any, at index: Int) {
        switch mode {
        case .merge:
            conduit.send(value as! Output)
        case .combineLatest(let combine):
            latest[index] = value
            let values = latest.compactMap { $0 }
            if values.count == latest.count { conduit.send(combine(values)) }
        case .zip(let combine):
            waiting[index].append(value)
            guard waiting.allSatisfy({ !$0.isEmpty }) else { return }
            conduit.send(combine(waiting.indices.map { waiting[$0].removeFirst() }))
            // An upstream that has finished with nothing left waiting can make no more tuples.
            if waiting.indices.contains(where: { finished[$0] && waiting[$0].isEmpty }) { finishZip() }
        }
    }

    private func finishZip() {
        cancelUpstreams()
        conduit.send(completion: .finished)
    }

    func received(completion: Subscribers.Completion<Failure>, at index: Int) {
        upstreams[index] = nil
        switch completion {
        case .failure:
            cancelUpstreams()
            conduit.send(completion: completion)
        case .finished:
            finished[index] = true
            if case .zip = mode, waiting[index].isEmpty {
                finishZip()
            } else if finished.allSatisfy({ $0 }) {
                conduit.send(completion: .finished)
            }
        }
    }
}

/// One upstream of a `CombiningSubscription`.
private final class CombiningMember<Input, Output, Failure: Error>: Subscriber {
    // Strong: the upstreams keep their members, the members their combination, until the subscriber cancels.
    private var parent: CombiningSubscription<Output, Failure>?
    private let index: Int

    init(parent: CombiningSubscription<Output, Failure>, index: Int) {
        self.parent = parent
        self.index = index
    }

    func receive(subscription: any Subscription) {
        guard let parent else {
            subscription.cancel()
            return
        }
        parent.received(subscription: subscription, at: index)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent?.received(input, at: index)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        parent?.received(completion: completion, at: index)
    }
}

extension Publisher {
    /// Combines elements from this publisher with those from another publisher, delivering an interleaved sequence.
    public func merge<P>(with other: P) -> Publishers.Merge<Self, P> where P: Publisher, Self.Failure == P.Failure, Self.Output == P.Output {
        Publishers.Merge(self, other)
    }

    /// Combines elements from this publisher with those from two others.
    public func merge<B, C>(with b: B, _ c: C) -> Publishers.Merge3<Self, B, C>
    where B: Publisher, C: Publisher, Self.Failure == B.Failure, Self.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output {
        Publishers.Merge3(self, b, c)
    }

    /// Combines elements from this publisher with those from three others.
    public func merge<B, C, D>(with b: B, _ c: C, _ d: D) -> Publishers.Merge4<Self, B, C, D>
    where
        B: Publisher, C: Publisher, D: Publisher, Self.Failure == B.Failure, Self.Output == B.Output, B.Failure == C.Failure,
        B.Output == C.Output, C.Failure == D.Failure, C.Output == D.Output
    {
        Publishers.Merge4(self, b, c, d)
    }

    /// Combines elements from this publisher with those from another publisher of the same type.
    public func merge(with other: Self) -> Publishers.MergeMany<Self> {
        Publishers.MergeMany(self, other)
    }

    /// Subscribes to an additional publisher and publishes a tuple upon receiving output from either publisher.
    public func combineLatest<P>(_ other: P) -> Publishers.CombineLatest<Self, P> where P: Publisher, Self.Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }

    /// Subscribes to an additional publisher and invokes a closure upon receiving output from either publisher.
    public func combineLatest<P, T>(_ other: P, _ transform: @escaping (Self.Output, P.Output) -> T) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }

    /// Subscribes to two additional publishers and publishes a tuple upon receiving output from any of them.
    public func combineLatest<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2)
    }

    /// Subscribes to two additional publishers and invokes a closure upon receiving output from any of them.
    public func combineLatest<P, Q, T>(_ publisher1: P, _ publisher2: Q, _ transform: @escaping (Self.Output, P.Output, Q.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest3<Self, P, Q>, T>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.CombineLatest3(self, publisher1, publisher2).map(transform)
    }

    /// Subscribes to three additional publishers and publishes a tuple upon receiving output from any of them.
    public func combineLatest<P, Q, R>(_ publisher1: P, _ publisher2: Q, _ publisher3: R) -> Publishers.CombineLatest4<Self, P, Q, R>
    where P: Publisher, Q: Publisher, R: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure, Q.Failure == R.Failure {
        Publishers.CombineLatest4(self, publisher1, publisher2, publisher3)
    }
}

extension Publishers {
    /// A publisher created by applying the merge function to two upstream publishers.
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure, A.Output == B.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S>(subscriber: S) where S: Subscriber, B.Failure == S.Failure, B.Output == S.Input {
            CombiningSubscription("Merge", count: 2, mode: .merge, downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }])
        }

        public func merge<P>(with other: P) -> Publishers.Merge3<A, B, P> where P: Publisher, B.Failure == P.Failure, B.Output == P.Output {
            Publishers.Merge3(a, b, other)
        }
    }

    /// A publisher created by applying the merge function to three upstream publishers.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S>(subscriber: S) where S: Subscriber, C.Failure == S.Failure, C.Output == S.Input {
            CombiningSubscription("Merge", count: 3, mode: .merge, downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }, { $0.attach(c, at: 2) }])
        }

        public func merge<P>(with other: P) -> Publishers.Merge4<A, B, C, P> where P: Publisher, C.Failure == P.Failure, C.Output == P.Output {
            Publishers.Merge4(a, b, c, other)
        }
    }

    /// A publisher created by applying the merge function to four upstream publishers.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
        A.Failure == B.Failure, A.Output == B.Output, B.Failure == C.Failure, B.Output == C.Output, C.Failure == D.Failure,
        C.Output == D.Output
    {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S>(subscriber: S) where S: Subscriber, D.Failure == S.Failure, D.Output == S.Input {
            CombiningSubscription("Merge", count: 4, mode: .merge, downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }, { $0.attach(c, at: 2) }, { $0.attach(d, at: 3) }])
        }
    }

    /// A publisher created by applying the merge function to an arbitrary number of upstream publishers.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S>(_ upstream: S) where Upstream == S.Element, S: Swift.Sequence {
            publishers = Array(upstream)
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            CombiningSubscription("Merge", count: publishers.count, mode: .merge, downstream: subscriber)
                .start(publishers.enumerated().map { index, publisher in { $0.attach(publisher, at: index) } })
        }

        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }

    /// A publisher that receives and combines the latest elements from two publishers.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func receive<S>(subscriber: S) where S: Subscriber, B.Failure == S.Failure, S.Input == (A.Output, B.Output) {
            let combine: ([Any]) -> Output = { ($0[0] as! A.Output, $0[1] as! B.Output) }
            CombiningSubscription("CombineLatest", count: 2, mode: .combineLatest(combine), downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }])
        }
    }

    /// A publisher that receives and combines the latest elements from three publishers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func receive<S>(subscriber: S) where S: Subscriber, C.Failure == S.Failure, S.Input == (A.Output, B.Output, C.Output) {
            let combine: ([Any]) -> Output = { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) }
            CombiningSubscription("CombineLatest", count: 3, mode: .combineLatest(combine), downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }, { $0.attach(c, at: 2) }])
        }
    }

    /// A publisher that receives and combines the latest elements from four publishers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func receive<S>(subscriber: S) where S: Subscriber, D.Failure == S.Failure, S.Input == (A.Output, B.Output, C.Output, D.Output) {
            let combine: ([Any]) -> Output = { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output) }
            CombiningSubscription("CombineLatest", count: 4, mode: .combineLatest(combine), downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }, { $0.attach(c, at: 2) }, { $0.attach(d, at: 3) }])
        }
    }
}
