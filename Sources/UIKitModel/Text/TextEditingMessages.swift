import Foundation

// iOS 26's text-editing messages (uikit-behaviour-3 §B1.2, #131): the text field's and text view's begin, change
// and end notifications as `MainActorMessage`s whose subject is the input. The identifiers share their names; the
// compiler picks the text field's or the text view's from the subject's type.

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension UITextField {
    /// The typed form of `textDidBeginEditingNotification`: the field began editing.
    public struct TextDidBeginEditingMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextField
        /// The text field.
        public var textField: UITextField

        public init(textField: UITextField) { self.textField = textField }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextField.textDidBeginEditingNotification }
        /// The message for the notification, or `nil` when its object is not a text field.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextField).map { Self(textField: $0) }
        }
        /// The notification for the message, with the text field as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textField)
        }
    }

    /// The typed form of `textDidChangeNotification`: the user changed the field's text.
    public struct TextDidChangeMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextField
        /// The text field.
        public var textField: UITextField

        public init(textField: UITextField) { self.textField = textField }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextField.textDidChangeNotification }
        /// The message for the notification, or `nil` when its object is not a text field.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextField).map { Self(textField: $0) }
        }
        /// The notification for the message, with the text field as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textField)
        }
    }

    /// The typed form of `textDidEndEditingNotification`: the field ended editing.
    public struct TextDidEndEditingMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextField
        /// Why editing ended, when the notification says (`didEndEditingReasonUserInfoKey`).
        public var reason: UITextField.DidEndEditingReason?
        /// The text field that ended editing.
        public var textField: UITextField

        public init(reason: UITextField.DidEndEditingReason?, textField: UITextField) {
            self.reason = reason
            self.textField = textField
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextField.textDidEndEditingNotification }
        /// The message for the notification, or `nil` when its object is not a text field.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextField).map { Self(reason: reasonValue(in: notification), textField: $0) }
        }
        /// The notification for the message, with the text field as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textField, userInfo: reasonUserInfo(message.reason))
        }
    }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension UITextView {
    /// The typed form of `textDidBeginEditingNotification`: the text view began editing.
    public struct TextDidBeginEditingMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextView
        /// The text view.
        public var textView: UITextView

        public init(textView: UITextView) { self.textView = textView }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextView.textDidBeginEditingNotification }
        /// The message for the notification, or `nil` when its object is not a text view.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextView).map { Self(textView: $0) }
        }
        /// The notification for the message, with the text view as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textView)
        }
    }

    /// The typed form of `textDidChangeNotification`: the user changed the text view's text.
    public struct TextDidChangeMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextView
        /// The text view.
        public var textView: UITextView

        public init(textView: UITextView) { self.textView = textView }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextView.textDidChangeNotification }
        /// The message for the notification, or `nil` when its object is not a text view.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextView).map { Self(textView: $0) }
        }
        /// The notification for the message, with the text view as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textView)
        }
    }

    /// The typed form of `textDidEndEditingNotification`: the text view ended editing.
    public struct TextDidEndEditingMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UITextView
        /// The text view.
        public var textView: UITextView

        public init(textView: UITextView) { self.textView = textView }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UITextView.textDidEndEditingNotification }
        /// The message for the notification, or `nil` when its object is not a text view.
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? {
            (notification.object as? UITextView).map { Self(textView: $0) }
        }
        /// The notification for the message, with the text view as its object.
        @MainActor public static func makeNotification(_ message: Self) -> Notification {
            Notification(name: name, object: message.textView)
        }
    }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextField.TextDidBeginEditingMessage> {
    /// Identifies `UITextField.TextDidBeginEditingMessage`; the subject's type tells it from the text view's.
    public static var textDidBeginEditing: NotificationCenter.BaseMessageIdentifier<UITextField.TextDidBeginEditingMessage> { .init() }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextField.TextDidChangeMessage> {
    /// Identifies `UITextField.TextDidChangeMessage`; the subject's type tells it from the text view's.
    public static var textDidChange: NotificationCenter.BaseMessageIdentifier<UITextField.TextDidChangeMessage> { .init() }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextField.TextDidEndEditingMessage> {
    /// Identifies `UITextField.TextDidEndEditingMessage`; the subject's type tells it from the text view's.
    public static var textDidEndEditing: NotificationCenter.BaseMessageIdentifier<UITextField.TextDidEndEditingMessage> { .init() }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextView.TextDidBeginEditingMessage> {
    /// Identifies `UITextView.TextDidBeginEditingMessage`; the subject's type tells it from the text field's.
    public static var textDidBeginEditing: NotificationCenter.BaseMessageIdentifier<UITextView.TextDidBeginEditingMessage> { .init() }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextView.TextDidChangeMessage> {
    /// Identifies `UITextView.TextDidChangeMessage`; the subject's type tells it from the text field's.
    public static var textDidChange: NotificationCenter.BaseMessageIdentifier<UITextView.TextDidChangeMessage> { .init() }
}

@available(iOS 26.0, tvOS 26.0, visionOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier where Self == NotificationCenter.BaseMessageIdentifier<UITextView.TextDidEndEditingMessage> {
    /// Identifies `UITextView.TextDidEndEditingMessage`; the subject's type tells it from the text field's.
    public static var textDidEndEditing: NotificationCenter.BaseMessageIdentifier<UITextView.TextDidEndEditingMessage> { .init() }
}

/// The text messages' profile switch (uikit-behaviour-3 §B10).
protocol TextEditingMessage: NotificationBackedMessage {}

extension TextEditingMessage {
    static var existsInProfile: Bool { UIKitSystem.shared.behavior.textEditingMessagesExist }
}

extension UITextField.TextDidEndEditingMessage {
    /// The reason under `didEndEditingReasonUserInfoKey`, which the model's notification does not carry [U].
    fileprivate static func reasonValue(in notification: Notification) -> UITextField.DidEndEditingReason? {
        let value = notification.userInfo?[UITextField.didEndEditingReasonUserInfoKey]
        return (value as? UITextField.DidEndEditingReason) ?? (value as? Int).flatMap(UITextField.DidEndEditingReason.init(rawValue:))
    }

    fileprivate static func reasonUserInfo(_ reason: UITextField.DidEndEditingReason?) -> [AnyHashable: Any]? {
        reason.map { [UITextField.didEndEditingReasonUserInfoKey: NSNumber(value: $0.rawValue)] }
    }
}

extension UITextField.TextDidBeginEditingMessage: TextEditingMessage {}
extension UITextField.TextDidChangeMessage: TextEditingMessage {}
extension UITextField.TextDidEndEditingMessage: TextEditingMessage {}
extension UITextView.TextDidBeginEditingMessage: TextEditingMessage {}
extension UITextView.TextDidChangeMessage: TextEditingMessage {}
extension UITextView.TextDidEndEditingMessage: TextEditingMessage {}
