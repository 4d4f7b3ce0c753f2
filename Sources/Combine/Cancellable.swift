import UIKitModel

/// A protocol indicating that an activity or action supports cancellation.
public protocol Cancellable {
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable instance in the specified collection.
    public func store<C>(in collection: inout C) where C: RangeReplaceableCollection, C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable instance in the specified set.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}

/// A type-erasing cancellable object that executes a provided closure when canceled, and cancels when released.
public final class AnyCancellable: Cancellable, Hashable {
    private var cancelAction: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    public init<C>(_ canceller: C) where C: Cancellable {
        cancelAction = canceller.cancel
    }

    deinit {
        cancel()
    }

    public final func cancel() {
        let action = cancelAction
        cancelAction = nil
        action?()
    }

    public final func store<C>(in collection: inout C) where C: RangeReplaceableCollection, C.Element == AnyCancellable {
        collection.append(self)
    }

    public final func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public final func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }
}
