import UIKitModel

// The protocols of Combine, as Apple declares them. The model's Combine runs on the simulated app's one thread:
// publishers deliver synchronously in the caller's call, schedulers (`DispatchQueue`, `RunLoop`) queue work on the
// simulated main queue and the virtual clock (see Schedulers.swift).

/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error

    func receive<S>(subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input
}

extension Publisher {
    /// Attaches `subscriber` to this publisher.
    public func subscribe<S>(_ subscriber: S) where S: Subscriber, Self.Failure == S.Failure, Self.Output == S.Input {
        receive(subscriber: subscriber)
    }
}

/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error

    func receive(subscription: any Subscription)
    func receive(_ input: Self.Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Self.Failure>)
}

extension Subscriber where Self.Input == () {
    /// Tells the subscriber that the publisher has produced an element (of type `Void`).
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}

/// A protocol representing the connection of a subscriber to a publisher.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

/// A namespace for symbols related to subscriptions.
public enum Subscriptions {}

extension Subscriptions {
    /// A subscription that does nothing: for publishers that complete at once.
    public static var empty: any Subscription { EmptySubscription() }
}

private final class EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}

/// A namespace for types that serve as publishers.
public enum Publishers {}

/// A namespace for types that serve as subscribers.
public enum Subscribers {}

/// A unique identifier for identifying publisher streams.
public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let value: UInt64

    private static let counter = IdentifierCounter()

    public init() {
        value = Self.counter.next()
    }

    public init(_ obj: AnyObject) {
        value = UInt64(UInt(bitPattern: ObjectIdentifier(obj).hashValue))
    }

    public var description: String { "0x" + String(value, radix: 16) }
}

private final class IdentifierCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var last: UInt64 = 0

    func next() -> UInt64 {
        lock.withLock {
            last += 1
            return last
        }
    }
}

/// A protocol for uniquely identifying publisher streams.
public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
