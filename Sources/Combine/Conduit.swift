import UIKitModel

/// The subscription one downstream subscriber holds on a publisher that produces values by itself (a subject, a
/// merge, a timer): values wait while the subscriber has no demand and are delivered, in order, when it asks.
final class Conduit<Downstream: Subscriber>: Subscription, CustomStringConvertible {
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var waiting: [Downstream.Input] = []
    private var completion: Subscribers.Completion<Downstream.Failure>?
    private var delivering = false
    private let name: String
    /// Called with each request (after the demand is added), e.g. to send a current value.
    var onRequest: ((Subscribers.Demand) -> Void)?
    /// Called once when the subscriber cancels.
    var onCancel: (() -> Void)?

    init(_ name: String, downstream: Downstream) {
        self.name = name
        self.downstream = downstream
    }

    var description: String { name }

    /// Whether the subscriber is still attached (not cancelled, not completed).
    var isActive: Bool { downstream != nil && completion == nil }

    /// Whether the subscriber wants a value now.
    var wantsValue: Bool { isActive && waiting.isEmpty && demand > 0 }

    /// Hands the subscription to the subscriber.
    func start() {
        downstream?.receive(subscription: self)
    }

    /// Delivers `value` if the subscriber has demand; keeps it until then otherwise (`buffer`) or drops it.
    func send(_ value: Downstream.Input, buffer: Bool = true) {
        guard isActive else { return }
        guard buffer || demand > 0 else { return }
        waiting.append(value)
        flush()
    }

    /// Completes the subscription once the waiting values are delivered.
    func send(completion: Subscribers.Completion<Downstream.Failure>) {
        guard isActive else { return }
        self.completion = completion
        flush()
    }

    func request(_ demand: Subscribers.Demand) {
        guard downstream != nil else { return }
        self.demand += demand
        onRequest?(demand)
        flush()
    }

    func cancel() {
        guard downstream != nil else { return }
        downstream = nil
        waiting.removeAll()
        let onCancel = self.onCancel
        self.onCancel = nil
        onRequest = nil
        onCancel?()
    }

    private func flush() {
        // A subscriber that asks for more while receiving must not receive out of order.
        guard !delivering else { return }
        delivering = true
        defer { delivering = false }
        while let downstream, !waiting.isEmpty, demand > 0 {
            demand -= 1
            let value = waiting.removeFirst()
            demand += downstream.receive(value)
        }
        if waiting.isEmpty, let completion, let downstream {
            self.downstream = nil
            onRequest = nil
            onCancel = nil
            downstream.receive(completion: completion)
        }
    }
}
