import Foundation

// iOS 26's typed messages (uikit-behaviour-3 §B1, §B2). Foundation on Linux declares `MainActorMessage`,
// `MessageIdentifier`, `BaseMessageIdentifier`, `ObservationToken` and the observer API exactly as Apple does, but
// keeps message observers in a registry of their own, apart from notifications, and its protocol lacks the `name`,
// `makeMessage` and `makeNotification` requirements Apple's Foundation uses to let one post reach both kinds of
// observer. Swift cannot shadow a nested type from another module (the name becomes ambiguous), so lessons use
// Foundation's types; the model shadows the `MainActorMessage` methods below, as it shadows the block observer API
// (`OrderedNotificationCenter.swift`), and registers message observers in the registration-ordered center, where a
// notification and a message of the same name are one post (#132, #133).

/// A message that converts to and from the notification of the same name, as UIKit's messages do on iOS 26.
protocol NotificationBackedMessage: NotificationCenter.MainActorMessage {
    /// The notification name shared with the message.
    static var name: Notification.Name { get }
    /// The message for a posted notification, or `nil` when the notification lacks what the message needs.
    @MainActor static func makeMessage(_ notification: Notification) -> Self?
    /// The notification for a posted message.
    @MainActor static func makeNotification(_ message: Self) -> Notification
    /// Whether the running behaviour profile's iOS has this message (iOS 26+, uikit-behaviour-3 §B10).
    static var existsInProfile: Bool { get }
}

/// The `userInfo` key under which a posted message travels inside its notification, as on Apple platforms.
struct NotificationMessageKey: Hashable {}

/// How messages and notifications convert into each other.
enum MessageConversion {
    /// The notification name a message is posted and observed under: UIKit's, or the type's name (Foundation's default).
    static func name<Message: NotificationCenter.MainActorMessage>(of type: Message.Type) -> Notification.Name {
        if let backed = type as? any NotificationBackedMessage.Type { return backed.name }
        return Notification.Name(_typeName(type))
    }

    /// The message a message observer receives for `notification`: the posted message itself, or one made from the
    /// notification; `nil` skips the observer (Foundation logs a fault and skips it too).
    @MainActor
    static func message<Message: NotificationCenter.MainActorMessage>(from notification: Notification) -> Message? {
        if let backed = Message.self as? any NotificationBackedMessage.Type, !backed.existsInProfile { return nil }
        if let message = notification.userInfo?[NotificationMessageKey()] as? Message { return message }
        guard let backed = Message.self as? any NotificationBackedMessage.Type else { return nil }
        return make(backed, from: notification) as? Message
    }

    @MainActor
    private static func make<Backed: NotificationBackedMessage>(_ type: Backed.Type, from notification: Notification) -> Any? {
        type.makeMessage(notification)
    }

    /// The notification that carries a posted message: UIKit's conversion, or an empty one with the type's name.
    @MainActor
    static func notification<Message: NotificationCenter.MainActorMessage>(for message: Message) -> Notification {
        guard let backed = message as? any NotificationBackedMessage else { return Notification(name: name(of: Message.self)) }
        return makeNotification(backed)
    }

    @MainActor
    private static func makeNotification<Backed: NotificationBackedMessage>(_ message: Backed) -> Notification {
        Backed.makeNotification(message)
    }
}

extension NotificationCenter {
    /// Adds an observer of the message an identifier names, posted for one subject instance.
    @available(iOS 26.0, *)
    public func addObserver<Identifier: MessageIdentifier, Message: MainActorMessage>(
        of subject: Message.Subject,
        for identifier: Identifier,
        using observer: @escaping @MainActor (Message) -> Void
    ) -> ObservationToken where Identifier.MessageType == Message, Message.Subject: AnyObject {
        addMessageObserver(subject: subject, observer: observer)
    }

    /// Adds an observer of the message an identifier names, posted for any subject (`object: nil`).
    @available(iOS 26.0, *)
    public func addObserver<Identifier: MessageIdentifier, Message: MainActorMessage>(
        of subject: Message.Subject.Type,
        for identifier: Identifier,
        using observer: @escaping @MainActor (Message) -> Void
    ) -> ObservationToken where Identifier.MessageType == Message {
        addMessageObserver(subject: nil, observer: observer)
    }

    /// Adds an observer of a message type, posted for `subject`, or for any subject when it is `nil`.
    @available(iOS 26.0, *)
    public func addObserver<Message: MainActorMessage>(
        of subject: Message.Subject? = nil,
        for messageType: Message.Type,
        using observer: @escaping @MainActor (Message) -> Void
    ) -> ObservationToken where Message.Subject: AnyObject {
        addMessageObserver(subject: subject, observer: observer)
    }

    /// Posts a message for a subject; its observers and those of the notification of the same name run now, in the
    /// order they were added.
    @MainActor
    @available(iOS 26.0, *)
    public func post<Message: MainActorMessage>(_ message: Message, subject: Message.Subject) where Message.Subject: AnyObject {
        postMessage(message, subject: subject)
    }

    /// Posts a message without a subject.
    @MainActor
    @available(iOS 26.0, *)
    public func post<Message: MainActorMessage>(_ message: Message) {
        postMessage(message, subject: nil)
    }

    /// Registers the observer as a notification observer of the message's name that converts on delivery, and ties
    /// the registration to a token from Foundation, whose release (or `removeObserver(_:)`) ends it (#138, #139).
    private func addMessageObserver<Message: MainActorMessage>(
        subject: AnyObject?, observer: @escaping @MainActor (Message) -> Void
    ) -> ObservationToken {
        nonisolated(unsafe) let observer = observer
        let registration = ObserverRegistration(name: MessageConversion.name(of: Message.self), object: subject, queue: nil) { notification in
            nonisolated(unsafe) let notification = notification
            // Foundation delivers a MainActorMessage inside `MainActor.assumeIsolated`: a post off the main actor traps.
            MainActor.assumeIsolated {
                guard let message: Message = MessageConversion.message(from: notification) else { return }
                observer(message)
            }
        }
        ObserverRegistry.shared.add(registration, to: self)
        return observationToken { [weak self] in
            guard let self else { return }
            ObserverRegistry.shared.remove(from: self) { $0 === registration }
        }
    }

    /// A genuine `ObservationToken` (Foundation gives it no public initializer): Foundation registers a closure that
    /// holds `end` until the token is released or removed, and `end` runs when Foundation lets the closure go.
    private func observationToken(ending end: @escaping @Sendable () -> Void) -> ObservationToken {
        let lifetime = ObservationLifetime(end: end)
        // An AsyncMessage overload, which the model does not shadow, so this reaches Foundation's registry.
        return addObserver(of: nil, for: ObservationLifetime.Message.self) { @Sendable _ in _ = lifetime }
    }

    @MainActor
    private func postMessage<Message: MainActorMessage>(_ message: Message, subject: AnyObject?) {
        var notification = MessageConversion.notification(for: message)
        notification.name = MessageConversion.name(of: Message.self)
        notification.object = subject
        var userInfo = notification.userInfo ?? [:]
        userInfo[NotificationMessageKey()] = message
        notification.userInfo = userInfo
        post(notification)
    }
}

/// Ends a message registration when it is deallocated: Foundation holds it for as long as the token lives.
private final class ObservationLifetime: Sendable {
    /// The message type of the Foundation registration that holds the lifetime; nothing posts it.
    struct Message: NotificationCenter.AsyncMessage {
        typealias Subject = ObservationLifetime
    }

    private let end: @Sendable () -> Void

    init(end: @escaping @Sendable () -> Void) { self.end = end }

    deinit { end() }
}
