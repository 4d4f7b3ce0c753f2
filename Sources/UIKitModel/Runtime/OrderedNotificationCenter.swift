import Foundation

// iOS delivers a notification to block observers in the order they were added, and lessons print from
// observers. swift-corelibs-foundation keeps observers in hashed storage keyed by address, so its order
// changes from run to run. These members shadow Foundation's for any code that imports UIKit (Swift
// prefers a module's declarations over those of the modules it imports), and keep registration order.

/// The token `addObserver(forName:object:queue:using:)` returns; pass it to `removeObserver(_:)`.
final class ObserverRegistration: NSObject, @unchecked Sendable {
    let name: Notification.Name?
    /// The sender to match by identity, or `nil` for any sender (as in Foundation).
    let object: AnyObject?
    let queue: OperationQueue?
    let block: @Sendable (Notification) -> Void
    /// The observer of `addObserver(_:selector:name:object:)`, held weakly: a deallocated one gets nothing (iOS 9+).
    weak var observer: AnyObject?

    init(
        name: Notification.Name?, object: AnyObject?, queue: OperationQueue?, observer: AnyObject? = nil,
        block: @escaping @Sendable (Notification) -> Void
    ) {
        self.name = name
        self.object = object
        self.queue = queue
        self.observer = observer
        self.block = block
    }

    /// Whether `removeObserver(target)` removes this registration: the token itself, or the selector's observer.
    func isRegistration(of target: AnyObject) -> Bool { self === target || observer === target }
}

/// The registrations of every notification center, in the order they were added.
final class ObserverRegistry: @unchecked Sendable {
    static let shared = ObserverRegistry()
    private let lock = NSLock()
    private var registrations: [ObjectIdentifier: [ObserverRegistration]] = [:]

    func add(_ registration: ObserverRegistration, to center: NotificationCenter) {
        lock.withLock { registrations[ObjectIdentifier(center), default: []].append(registration) }
    }

    func remove(from center: NotificationCenter, where matches: (ObserverRegistration) -> Bool) {
        lock.withLock { registrations[ObjectIdentifier(center)]?.removeAll(where: matches) }
    }

    func matching(_ notification: Notification, in center: NotificationCenter) -> [ObserverRegistration] {
        lock.withLock {
            (registrations[ObjectIdentifier(center)] ?? []).filter { r in
                (r.name == nil || r.name == notification.name)
                    && (r.object == nil || (notification.object as AnyObject?) === r.object)
            }
        }
    }
}

extension NotificationCenter {
    /// Adds a block observer; blocks run in the order they were added, synchronously within `post`.
    @discardableResult
    public func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping @Sendable (Notification) -> Void
    ) -> any NSObjectProtocol {
        let registration = ObserverRegistration(name: name, object: obj.map { $0 as AnyObject }, queue: queue, block: block)
        ObserverRegistry.shared.add(registration, to: self)
        return registration
    }

    /// Sends `aSelector` to `observer` with each matching notification, in the same registration order as block
    /// observers; the observer is not retained (uikit-behaviour-2 §A7).
    public func addObserver(_ observer: Any, selector aSelector: Selector, name aName: NSNotification.Name?, object anObject: Any?) {
        let target = observer as AnyObject
        let registration = ObserverRegistration(
            name: aName, object: anObject.map { $0 as AnyObject }, queue: nil, observer: target
        ) { [weak target] notification in
            guard let target else { return }
            aSelector.send(to: target, arguments: [notification])
        }
        ObserverRegistry.shared.add(registration, to: self)
    }

    /// Removes every registration made for the token or selector observer `observer`.
    public func removeObserver(_ observer: Any) {
        let target = observer as AnyObject
        ObserverRegistry.shared.remove(from: self) { $0.isRegistration(of: target) }
    }

    /// Removes the registrations of `observer` for `aName` (any name when `nil`) and `anObject` (any when `nil`).
    public func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?) {
        let target = observer as AnyObject
        let object = anObject.map { $0 as AnyObject }
        ObserverRegistry.shared.remove(from: self) {
            $0.isRegistration(of: target) && (aName == nil || $0.name == aName) && (object == nil || $0.object === object)
        }
    }

    public func post(_ notification: Notification) {
        for registration in ObserverRegistry.shared.matching(notification, in: self) {
            // Like Foundation, the poster waits for each block; on the main queue from the main thread it runs inline.
            // The simulated app's other queues run on its main thread too, so a block for `.main` posted from one of
            // them runs inline as main-thread work, as if the main queue had run it while the poster waited.
            if let queue = registration.queue, queue !== OperationQueue.main || !SimulationThread.isCurrent && !Thread.isMainThread {
                let delivered = UncheckedNotification(notification)
                queue.addOperations([BlockOperation { registration.block(delivered.value) }], waitUntilFinished: true)
            } else if registration.queue != nil {
                MainQueue.shared.runAsMainWork { registration.block(notification) }
            } else {
                registration.block(notification)
            }
        }
    }

    public func post(name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]? = nil) {
        post(Notification(name: aName, object: anObject, userInfo: aUserInfo))
    }
}

/// Carries a notification to another queue; the poster waits, so nothing touches it concurrently.
private struct UncheckedNotification: @unchecked Sendable {
    let value: Notification
    init(_ value: Notification) { self.value = value }
}
