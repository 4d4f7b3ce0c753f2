import Foundation

// iOS 26's keyboard messages (uikit-behaviour-3 §B1.1, #126–#130): the six keyboard notifications as
// `MainActorMessage`s whose subject is the screen, fed from the same posts as the notifications.

@available(iOS 26.0, macCatalyst 26.0, *)
extension UIResponder {
    /// The typed form of `keyboardWillShowNotification`: the keyboard is about to appear.
    public struct KeyboardWillShowMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardWillShowNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }

    /// The typed form of `keyboardDidShowNotification`: the keyboard appeared.
    public struct KeyboardDidShowMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardDidShowNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }

    /// The typed form of `keyboardWillHideNotification`: the keyboard is about to disappear.
    public struct KeyboardWillHideMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardWillHideNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }

    /// The typed form of `keyboardDidHideNotification`: the keyboard disappeared.
    public struct KeyboardDidHideMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardDidHideNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }

    /// The typed form of `keyboardWillChangeFrameNotification`: the keyboard's frame is about to change.
    public struct KeyboardWillChangeFrameMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardWillChangeFrameNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }

    /// The typed form of `keyboardDidChangeFrameNotification`: the keyboard's frame changed.
    public struct KeyboardDidChangeFrameMessage: NotificationCenter.MainActorMessage, SendableMetatype {
        public typealias Subject = UIScreen
        /// The keyboard's frame before the change, in the screen's coordinates.
        public var beginFrame: CGRect
        /// The keyboard's frame after the change, in the screen's coordinates.
        public var endFrame: CGRect
        /// The keyboard animation's duration in seconds.
        public var animationDuration: TimeInterval
        /// The keyboard animation's curve (raw value 7 on iOS 7 and later).
        public var animationCurve: UIView.AnimationCurve
        /// Whether the keyboard belongs to this app.
        public var isLocal: Bool
        /// The screen the keyboard appears on.
        public var screen: UIScreen

        public init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
                    animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen) {
            (self.beginFrame, self.endFrame, self.animationDuration) = (beginFrame, endFrame, animationDuration)
            (self.animationCurve, self.isLocal, self.screen) = (animationCurve, isLocal, screen)
        }

        /// The notification this message interoperates with.
        public static var name: Notification.Name { UIResponder.keyboardDidChangeFrameNotification }
        /// The message for a keyboard notification, or `nil` without a screen (#145).
        @MainActor public static func makeMessage(_ notification: Notification) -> Self? { message(from: notification) }
        /// The keyboard notification for the message.
        @MainActor public static func makeNotification(_ message: Self) -> Notification { message.notification }
    }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillShowMessage> {
    /// Identifies `UIResponder.KeyboardWillShowMessage`; its subject is the screen.
    public static var keyboardWillShow: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillShowMessage> { .init() }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidShowMessage> {
    /// Identifies `UIResponder.KeyboardDidShowMessage`; its subject is the screen.
    public static var keyboardDidShow: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidShowMessage> { .init() }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillHideMessage> {
    /// Identifies `UIResponder.KeyboardWillHideMessage`; its subject is the screen.
    public static var keyboardWillHide: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillHideMessage> { .init() }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidHideMessage> {
    /// Identifies `UIResponder.KeyboardDidHideMessage`; its subject is the screen.
    public static var keyboardDidHide: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidHideMessage> { .init() }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillChangeFrameMessage> {
    /// Identifies `UIResponder.KeyboardWillChangeFrameMessage`; its subject is the screen.
    public static var keyboardWillChangeFrame: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardWillChangeFrameMessage> { .init() }
}

@available(iOS 26.0, macCatalyst 26.0, *)
extension NotificationCenter.MessageIdentifier
where Self == NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidChangeFrameMessage> {
    /// Identifies `UIResponder.KeyboardDidChangeFrameMessage`; its subject is the screen.
    public static var keyboardDidChangeFrame: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidChangeFrameMessage> { .init() }
}

/// What the six keyboard messages share: their fields map onto the notification's `object` and `userInfo` keys
/// (uikit-behaviour-3 #130).
protocol KeyboardMessage: NotificationBackedMessage where Subject == UIScreen {
    init(beginFrame: CGRect, endFrame: CGRect, animationDuration: TimeInterval,
         animationCurve: UIView.AnimationCurve, isLocal: Bool, screen: UIScreen)
    var beginFrame: CGRect { get }
    var endFrame: CGRect { get }
    var animationDuration: TimeInterval { get }
    var animationCurve: UIView.AnimationCurve { get }
    var isLocal: Bool { get }
    var screen: UIScreen { get }
}

extension KeyboardMessage {
    static var existsInProfile: Bool { UIKitSystem.shared.behavior.keyboardMessagesExist }

    /// Reads the keys the keyboard posts; a key that is missing reads as zero (`false` for `isLocal`). Without a
    /// `UIScreen` object there is no message, unless the profile substitutes the main screen (#145 [U]).
    @MainActor
    static func message(from notification: Notification) -> Self? {
        let screen: UIScreen
        if let object = notification.object as? UIScreen {
            screen = object
        } else if UIKitSystem.shared.behavior.keyboardMessageWithoutScreen == .mainScreen {
            screen = UIScreen.main
        } else {
            return nil
        }
        let info = notification.userInfo ?? [:]
        return Self(
            beginFrame: info[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect ?? .zero,
            endFrame: info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect ?? .zero,
            animationDuration: info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0,
            animationCurve: UIView.AnimationCurve(rawValue: info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int ?? 0) ?? .easeInOut,
            isLocal: info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool ?? false,
            screen: screen)
    }

    /// The notification with the message's values under the keyboard's keys, and the screen as its object.
    var notification: Notification {
        Notification(name: Self.name, object: screen, userInfo: [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: beginFrame),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: endFrame),
            UIResponder.keyboardAnimationDurationUserInfoKey: NSNumber(value: animationDuration),
            UIResponder.keyboardAnimationCurveUserInfoKey: NSNumber(value: animationCurve.rawValue),
            UIResponder.keyboardIsLocalUserInfoKey: NSNumber(value: isLocal),
        ])
    }
}

extension UIResponder.KeyboardWillShowMessage: KeyboardMessage {}
extension UIResponder.KeyboardDidShowMessage: KeyboardMessage {}
extension UIResponder.KeyboardWillHideMessage: KeyboardMessage {}
extension UIResponder.KeyboardDidHideMessage: KeyboardMessage {}
extension UIResponder.KeyboardWillChangeFrameMessage: KeyboardMessage {}
extension UIResponder.KeyboardDidChangeFrameMessage: KeyboardMessage {}
