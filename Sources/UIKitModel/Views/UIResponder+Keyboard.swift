import Foundation

extension UIResponder {
    /// Posted just before the keyboard appears.
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted just after the keyboard appeared (after its animation).
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted just before the keyboard disappears.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted just after the keyboard disappeared (after its animation).
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted just before the keyboard's frame changes.
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted just after the keyboard's frame changed.
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")

    /// The keyboard's frame before the change, an `NSValue` with a `CGRect` in screen coordinates.
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The keyboard's frame after the change, an `NSValue` with a `CGRect` in screen coordinates.
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The animation duration in seconds, an `NSNumber` with a `Double`.
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The animation curve, an `NSNumber` with a `UIView.AnimationCurve` raw value (7 for the keyboard).
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// Whether the keyboard belongs to this app, an `NSNumber` with a `Bool`.
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
}

/// The keyboard's centre before the change, an `NSValue` with a `CGPoint` (window coordinates; deprecated, still
/// posted: the centre of FrameBegin, #71).
@available(*, deprecated, message: "use keyboardFrameBeginUserInfoKey")
public let UIKeyboardCenterBeginUserInfoKey = "UIKeyboardCenterBeginUserInfoKey"
/// The keyboard's centre after the change, an `NSValue` with a `CGPoint` (deprecated, still posted: the centre of
/// FrameEnd, #71).
@available(*, deprecated, message: "use keyboardFrameEndUserInfoKey")
public let UIKeyboardCenterEndUserInfoKey = "UIKeyboardCenterEndUserInfoKey"
/// The keyboard's bounds, an `NSValue` with a `CGRect` (deprecated, still posted: `{0, 0, End.size}`, #71).
@available(*, deprecated, message: "use keyboardFrameEndUserInfoKey")
public let UIKeyboardBoundsUserInfoKey = "UIKeyboardBoundsUserInfoKey"
