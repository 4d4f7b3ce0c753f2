import UIKitModel

// Combine's operators that treat a stream as a sequence: taking part of it (`prefix`, `output`, `drop(while:)`),
// reducing it to one value when it finishes (`collect`, `count`, `reduce`, `last`, `min`, `max`, `contains`,
// `allSatisfy`, `ignoreOutput`, `replaceEmpty`), pairing it with others (`zip`), resubscribing (`retry`), the `try`
// forms of filtering operators, and `print`. Declared as Apple declares them; each is a `Relay` on its upstream.

extension Publisher {
    /// Republishes elements up to the specified maximum count.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "maxLength must be at least zero")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Publishes a specific element, indicated by its index in the sequence of published elements.
    public func output(at index: Int) -> Publishers.Output<Self> {
        precondition(index >= 0, "index must be at least zero")
        return Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Publishes elements specified by their range in the sequence of published elements.
    public func output<R>(in range: R) -> Publishers.Output<Self> where R: RangeExpression, R.Bound == Int {
        Publishers.Output(upstream: self, range: range.relative(to: 0..<Int.max))
    }

    /// Republishes elements while a predicate closure indicates publishing should continue.
    public func prefix(while predicate: @escaping (Self.Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Omits elements from the upstream publisher until a given closure returns false, before republishing all
    /// remaining elements.
    public func drop(while predicate: @escaping (Self.Output) -> Bool) -> Publishers.DropWhile<Self> {
        Publishers.DropWhile(upstream: self, predicate: predicate)
    }

    /// Collects all received elements, and emits a single array of the collection when the upstream publisher finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }

    /// Collects up to the specified number of elements, and then emits a single array of the collection.
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }

    /// Publishes the number of elements received from the upstream publisher.
    public func count() -> Publishers.Count<Self> {
        Publishers.Count(upstream: self)
    }

    /// Applies a closure that collects each element of a stream and publishes a final result upon completion.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Self.Output) -> T) -> Publishers.Reduce<Self, T> {
        Publishers.Reduce(upstream: self, initial: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Publishes the last element of a stream, after the stream finishes.
    public func last() -> Publishers.Last<Self> {
        Publishers.Last(upstream: self)
    }

    /// Publishes the last element of a stream that satisfies a predicate closure, after upstream finishes.
    public func last(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.LastWhere<Self> {
        Publishers.LastWhere(upstream: self, predicate: predicate)
    }

    /// Publishes the minimum value received from the upstream publisher, after it finishes.
    public func min(by areInIncreasingOrder: @escaping (Self.Output, Self.Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { areInIncreasingOrder($1, $0) }
    }

    /// Publishes the maximum value received from the upstream publisher, using the provided ordering closure.
    public func max(by areInIncreasingOrder: @escaping (Self.Output, Self.Output) -> Bool) -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self, areInIncreasingOrder: areInIncreasingOrder)
    }

    /// Publishes a Boolean value upon receiving an element that satisfies the predicate closure.
    public func contains(where predicate: @escaping (Self.Output) -> Bool) -> Publishers.ContainsWhere<Self> {
        Publishers.ContainsWhere(upstream: self, predicate: predicate)
    }

    /// Publishes a single Boolean value that indicates whether all received elements pass a given predicate.
    public func allSatisfy(_ predicate: @escaping (Self.Output) -> Bool) -> Publishers.AllSatisfy<Self> {
        Publishers.AllSatisfy(upstream: self, predicate: predicate)
    }

    /// Ignores all upstream elements, but passes along the upstream publisher's completion state (finished or failed).
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }

    /// Replaces an empty stream with the provided element.
    public func replaceEmpty(with output: Self.Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }

    /// Combines elements from another publisher and deliver pairs of elements as tuples.
    public func zip<P>(_ other: P) -> Publishers.Zip<Self, P> where P: Publisher, Self.Failure == P.Failure {
        Publishers.Zip(self, other)
    }

    /// Combines elements from another publisher and delivers a transformed output.
    public func zip<P, T>(_ other: P, _ transform: @escaping (Self.Output, P.Output) -> T) -> Publishers.Map<Publishers.Zip<Self, P>, T>
    where P: Publisher, Self.Failure == P.Failure {
        Publishers.Zip(self, other).map(transform)
    }

    /// Combines elements from two other publishers and delivers groups of elements as tuples.
    public func zip<P, Q>(_ publisher1: P, _ publisher2: Q) -> Publishers.Zip3<Self, P, Q>
    where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2)
    }

    /// Combines elements from two other publishers and delivers a transformed output.
    public func zip<P, Q, T>(_ publisher1: P, _ publisher2: Q, _ transform: @escaping (Self.Output, P.Output, Q.Output) -> T)
        -> Publishers.Map<Publishers.Zip3<Self, P, Q>, T> where P: Publisher, Q: Publisher, Self.Failure == P.Failure, P.Failure == Q.Failure {
        Publishers.Zip3(self, publisher1, publisher2).map(transform)
    }

    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of times you specify.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }

    /// Republishes all elements that match a provided error-throwing closure.
    public func tryFilter(_ isIncluded: @escaping (Self.Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }

    /// Calls an error-throwing closure with each received element and publishes any returned optional that has a value.
    public func tryCompactMap<T>(_ transform: @escaping (Self.Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }

    /// Transforms elements by providing the current element to an error-throwing closure along with the last value
    /// returned by the closure.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Self.Output) throws -> T) -> Publishers.TryScan<Self, T> {
        Publishers.TryScan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }

    /// Prints log messages for all publishing events.
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publisher where Self.Output: Comparable {
    /// Publishes the minimum value received from the upstream publisher, after it finishes.
    public func min() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { $0 > $1 }
    }

    /// Publishes the maximum value received from the upstream publisher, after it finishes.
    public func max() -> Publishers.Comparison<Self> {
        Publishers.Comparison(upstream: self) { $0 < $1 }
    }
}

extension Publisher where Self.Output: Equatable {
    /// Publishes a Boolean value upon receiving an element equal to the argument.
    public func contains(_ output: Self.Output) -> Publishers.Contains<Self> {
        Publishers.Contains(upstream: self, output: output)
    }
}

/// A relay that keeps what it reads of the upstream's values and sends one value made of it when the upstream
/// finishes (`collect`, `count`, `reduce`, `last`, …); a failure goes on at once.
private func finalRelay<Input, Failure: Error, S: Subscriber, State>(
    _ name: String, _ subscriber: S, initial: State, step: @escaping (inout State, Input) -> Void, result: @escaping (State) -> S.Input?
) -> Relay<Input, Failure, S> where S.Failure == Failure {
    let relay = Relay<Input, Failure, S>(name, downstream: subscriber)
    var state = initial
    relay.onValue = { value, _ in step(&state, value) }
    relay.onCompletion = { end, relay in
        if case .finished = end, let value = result(state) { relay.conduit.send(value) }
        relay.conduit.send(completion: end)
    }
    return relay
}

/// A relay that sends one Boolean as soon as a value decides it (`contains`, `allSatisfy`), cancelling the upstream,
/// or `whenFinished` when the upstream finishes undecided.
private func decidingRelay<Input, Failure: Error, S: Subscriber>(
    _ name: String, _ subscriber: S, whenFinished: Bool, decides: @escaping (Input) -> Bool
) -> Relay<Input, Failure, S> where S.Failure == Failure, S.Input == Bool {
    let relay = Relay<Input, Failure, S>(name, downstream: subscriber)
    relay.onValue = { value, relay in
        guard decides(value) else { return }
        relay.cancelUpstream()
        relay.conduit.send(!whenFinished)
        relay.conduit.send(completion: .finished)
    }
    relay.onCompletion = { end, relay in
        if case .finished = end { relay.conduit.send(whenFinished) }
        relay.conduit.send(completion: end)
    }
    return relay
}

extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of published elements.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            self.upstream = upstream
            self.range = range
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Upstream.Output, Failure, S>("Output", downstream: subscriber)
            let range = self.range
            var index = 0
            relay.onValue = { value, relay in
                defer { index += 1 }
                if range.contains(index) { relay.conduit.send(value) }
                // The range's last element ends the stream: the upstream is not listened to any longer.
                if index + 1 >= range.upperBound {
                    relay.cancelUpstream()
                    relay.conduit.send(completion: .finished)
                }
            }
            relay.onCompletion = { end, relay in relay.conduit.send(completion: end) }
            upstream.subscribe(relay)
            if range.isEmpty {
                relay.cancelUpstream()
                relay.conduit.send(completion: .finished)
            }
        }
    }

    /// A publisher that republishes elements while an upstream element satisfies the given predicate.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Upstream.Output, Failure, S>("PrefixWhile", downstream: subscriber)
            let predicate = self.predicate
            relay.onValue = { value, relay in
                if predicate(value) {
                    relay.conduit.send(value)
                } else {
                    relay.cancelUpstream()
                    relay.conduit.send(completion: .finished)
                }
            }
            relay.onCompletion = { end, relay in relay.conduit.send(completion: end) }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that omits elements from an upstream publisher until a given closure returns false.
    public struct DropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            var dropping = true
            let predicate = self.predicate
            upstream.subscribe(TransformingSubscription("DropWhile", downstream: subscriber) { value in
                if dropping, predicate(value) { return nil }
                dropping = false
                return value
            })
        }
    }

    /// A publisher that buffers items.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == [Upstream.Output] {
            upstream.subscribe(finalRelay("Collect", subscriber, initial: [Upstream.Output](), step: { $0.append($1) }, result: { $0 }))
        }
    }

    /// A publisher that buffers a maximum number of items.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == [Upstream.Output] {
            let relay = Relay<Upstream.Output, Failure, S>("CollectByCount", downstream: subscriber)
            let count = Swift.max(1, self.count)
            var buffer: [Upstream.Output] = []
            relay.onValue = { value, relay in
                buffer.append(value)
                guard buffer.count == count else { return }
                relay.conduit.send(buffer)
                buffer.removeAll()
            }
            relay.onCompletion = { end, relay in
                // What is left is sent when the upstream finishes, and dropped when it fails.
                if case .finished = end, !buffer.isEmpty { relay.conduit.send(buffer) }
                relay.conduit.send(completion: end)
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher that publishes the number of elements received from the upstream publisher.
    public struct Count<Upstream: Publisher>: Publisher {
        public typealias Output = Int
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Int {
            upstream.subscribe(finalRelay("Count", subscriber, initial: 0, step: { (n: inout Int, _: Upstream.Output) in n += 1 }, result: { $0 }))
        }
    }

    /// A publisher that applies a closure to all received elements and produces an accumulated value when the
    /// upstream publisher finishes.
    public struct Reduce<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initial: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initial: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initial = initial
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, Upstream.Failure == S.Failure {
            let next = nextPartialResult
            upstream.subscribe(finalRelay("Reduce", subscriber, initial: initial, step: { $0 = next($0, $1) }, result: { $0 }))
        }
    }

    /// A publisher that waits until after the stream finishes, and then publishes the last element of the stream.
    public struct Last<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            upstream.subscribe(finalRelay("Last", subscriber, initial: Upstream.Output?.none, step: { $0 = $1 }, result: { $0 }))
        }
    }

    /// A publisher that waits until after the stream finishes and then publishes the last element of the stream that
    /// satisfies a predicate closure.
    public struct LastWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let predicate = self.predicate
            upstream.subscribe(finalRelay(
                "LastWhere", subscriber, initial: Upstream.Output?.none, step: { if predicate($1) { $0 = $1 } }, result: { $0 }))
        }
    }

    /// A publisher that republishes items from another publisher only if each new item is in increasing order from the
    /// previously-published item: the greatest value (by `areInIncreasingOrder`) when the upstream finishes.
    public struct Comparison<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let areInIncreasingOrder: (Upstream.Output, Upstream.Output) -> Bool

        public init(upstream: Upstream, areInIncreasingOrder: @escaping (Upstream.Output, Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.areInIncreasingOrder = areInIncreasingOrder
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let ordered = areInIncreasingOrder
            upstream.subscribe(finalRelay("Comparison", subscriber, initial: Upstream.Output?.none, step: { best, value in
                // The first of equal values is kept, as Sequence's min and max keep it.
                if let current = best, !ordered(current, value) { return }
                best = value
            }, result: { $0 }))
        }
    }

    /// A publisher that emits a Boolean value when it receives a specific element from its upstream publisher.
    public struct Contains<Upstream: Publisher>: Publisher where Upstream.Output: Equatable {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let output: Upstream.Output

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            let output = self.output
            upstream.subscribe(decidingRelay("Contains", subscriber, whenFinished: false) { $0 == output })
        }
    }

    /// A publisher that emits a Boolean value upon receiving an element that satisfies the predicate closure.
    public struct ContainsWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            upstream.subscribe(decidingRelay("ContainsWhere", subscriber, whenFinished: false, decides: predicate))
        }
    }

    /// A publisher that publishes a single Boolean value that indicates whether all received elements pass a given predicate.
    public struct AllSatisfy<Upstream: Publisher>: Publisher {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Bool {
            let predicate = self.predicate
            upstream.subscribe(decidingRelay("AllSatisfy", subscriber, whenFinished: true) { !predicate($0) })
        }
    }

    /// A publisher that ignores all upstream elements, but passes along the upstream publisher's completion state.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, S.Input == Never {
            upstream.subscribe(finalRelay("IgnoreOutput", subscriber, initial: (), step: { (_: inout Void, _: Upstream.Output) in }, result: { _ in nil }))
        }
    }

    /// A publisher that replaces an empty stream with a provided element.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let output: Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Upstream.Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let relay = Relay<Upstream.Output, Failure, S>("ReplaceEmpty", downstream: subscriber)
            let output = self.output
            var empty = true
            relay.onValue = { value, relay in
                empty = false
                relay.conduit.send(value)
            }
            relay.onCompletion = { end, relay in
                if case .finished = end, empty { relay.conduit.send(output) }
                relay.conduit.send(completion: end)
            }
            upstream.subscribe(relay)
        }
    }

    /// A publisher created by applying the zip function to two upstream publishers.
    public struct Zip<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
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
            CombiningSubscription("Zip", count: 2, mode: .zip(combine), downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }])
        }
    }

    /// A publisher created by applying the zip function to three upstream publishers.
    public struct Zip3<A: Publisher, B: Publisher, C: Publisher>: Publisher where A.Failure == B.Failure, B.Failure == C.Failure {
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
            CombiningSubscription("Zip3", count: 3, mode: .zip(combine), downstream: subscriber)
                .start([{ $0.attach(a, at: 0) }, { $0.attach(b, at: 1) }, { $0.attach(c, at: 2) }])
        }
    }

    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            let conduit = Conduit("Retry", downstream: subscriber)
            let upstream = self.upstream
            var left = retries
            var current: InnerSink<Upstream.Output, Upstream.Failure>?
            func subscribe() {
                let sink = InnerSink<Upstream.Output, Upstream.Failure>(value: { conduit.send($0) }, completion: { end in
                    current = nil
                    if case .failure = end, left.map({ $0 > 0 }) ?? true {
                        left = left.map { $0 - 1 }
                        subscribe()
                    } else {
                        conduit.send(completion: end)
                    }
                })
                current = sink
                upstream.subscribe(sink)
            }
            conduit.onCancel = { current?.cancel() }
            conduit.start()
            subscribe()
        }
    }

    /// A publisher that republishes all elements that match a provided error-throwing closure.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = any Error
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Output == S.Input, S.Failure == any Error {
            let isIncluded = self.isIncluded
            upstream.subscribe(throwingRelay("TryFilter", subscriber) { value in try isIncluded(value) ? value : nil })
        }
    }

    /// A publisher that republishes all non-nil results of calling an error-throwing closure with each received element.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == any Error {
            upstream.subscribe(throwingRelay("TryCompactMap", subscriber, transform))
        }
    }

    /// A publisher that transforms elements by applying an error-throwing closure that receives each element and the
    /// last value it returned.
    public struct TryScan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = any Error
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) throws -> Output

        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S>(subscriber: S) where Output == S.Input, S: Subscriber, S.Failure == any Error {
            var accumulated = initialResult
            let next = nextPartialResult
            upstream.subscribe(throwingRelay("TryScan", subscriber) { value in
                accumulated = try next(accumulated, value)
                return accumulated
            })
        }
    }

    /// A publisher that prints log messages for all publishing events, optionally prefixed with a given string.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let prefix: String
        public let upstream: Upstream
        public let stream: (any TextOutputStream)?

        public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S>(subscriber: S) where S: Subscriber, Upstream.Failure == S.Failure, Upstream.Output == S.Input {
            var stream = self.stream
            let lead = prefix.isEmpty ? "" : prefix + ": "
            let log: (String) -> Void = { line in
                if stream != nil { stream!.write(lead + line + "\n") } else { Swift.print(lead + line) }
            }
            upstream.subscribe(PrintingSubscriber(downstream: subscriber, log: log))
        }
    }
}

/// `print`'s subscriber: it logs each event in Combine's words and passes it on unchanged, demand included.
private final class PrintingSubscriber<Downstream: Subscriber>: Subscriber, Subscription {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    private let downstream: Downstream
    private let log: (String) -> Void
    private var upstream: (any Subscription)?

    init(downstream: Downstream, log: @escaping (String) -> Void) {
        self.downstream = downstream
        self.log = log
    }

    func receive(subscription: any Subscription) {
        log("receive subscription: (\(String(describing: subscription)))")
        upstream = subscription
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        log("receive value: (\(input))")
        let demand = downstream.receive(input)
        if demand != .none { log("request \(Self.words(demand)) (synchronous)") }
        return demand
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: log("receive finished")
        case .failure(let error): log("receive error: (\(error))")
        }
        upstream = nil
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        log("request \(Self.words(demand))")
        upstream?.request(demand)
    }

    func cancel() {
        log("receive cancel")
        let upstream = self.upstream
        self.upstream = nil
        upstream?.cancel()
    }

    private static func words(_ demand: Subscribers.Demand) -> String {
        demand == .unlimited ? "unlimited" : "max: (\(demand.max ?? 0))"
    }
}

/// A relay for the `try` operators that may drop a value: a thrown error fails the stream and cancels the upstream.
private func throwingRelay<Input, UpstreamFailure: Error, S: Subscriber>(
    _ name: String, _ subscriber: S, _ transform: @escaping (Input) throws -> S.Input?
) -> Relay<Input, UpstreamFailure, S> where S.Failure == any Error {
    let relay = Relay<Input, UpstreamFailure, S>(name, downstream: subscriber)
    relay.onValue = { value, relay in
        do {
            if let output = try transform(value) { relay.conduit.send(output) }
        } catch {
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
    return relay
}
