import Foundation
import UIKitModel

/// The version-dependent UIKit behaviours (§8 of the spec), each a named switch; `.current` is modern iOS.
///
/// Profiles are values: `var p = BehaviorProfile.current; p.didEndBeforeKeyboardWillHide = false`.
public struct BehaviorProfile: Equatable, Sendable {
    /// What the keyboard posts when focus moves between inputs with the same keyboard geometry (§1.5 S5).
    public enum FocusSwitchKeyboardPosts: Equatable, Sendable {
        /// Nothing (iOS 11+; §9 #32).
        case none
        /// keyboardWillHide, then keyboardWillShow and keyboardDidShow (iOS ≤ 10; §9 #33).
        case hideThenShow
        /// WillChangeFrame, WillShow, DidChangeFrame, DidShow with equal frames on every switch.
        case changeFrameAndShow
    }

    /// A UITextField's didBeginEditing (and its notification) comes before the keyboard's Will notifications.
    public var fieldDidBeginBeforeKeyboardWill = true
    /// A UITextView's keyboard Will notifications come before textViewDidBeginEditing (§1.5 S1').
    public var textViewKeyboardWillBeforeDidBegin = true
    /// didEndEditing comes before keyboardWillHide when the last field resigns (§1.5 S6).
    public var didEndBeforeKeyboardWillHide = true
    /// What a focus switch with unchanged keyboard geometry posts.
    public var focusSwitchKeyboardPosts = FocusSwitchKeyboardPosts.none
    /// On a focus switch the new field's shouldBeginEditing is asked before the old field's shouldEndEditing.
    public var shouldBeginNewBeforeShouldEndOld = true
    /// `UITextField.canBecomeFirstResponder` asks the delegate's textFieldShouldBeginEditing (§9 #28).
    public var canBecomeFirstResponderAsksDelegate = true
    /// Overrides the device's portrait keyboard height (e.g. 253 with the predictive bar); `nil` = device table.
    public var keyboardHeightPortrait: CGFloat? = nil
    /// Overrides the device's landscape keyboard height; `nil` = device table.
    public var keyboardHeightLandscape: CGFloat? = nil
    /// The keyboard animation's duration (userInfo and the delay of the Did notifications).
    public var keyboardDuration: TimeInterval = 0.25
    /// The keyboard animation's curve as posted in userInfo.
    public var keyboardCurve = 7
    /// With a hardware keyboard an iPad shows its 55-pt shortcuts bar (and posts notifications for it).
    public var hardwareKeyboardShortcutsBar = false
    /// An iPad form sheet keeps the keyboard up after resignFirstResponder (§1.5 S8).
    public var formSheetKeepsKeyboard = true
    /// Rotating with the keyboard up posts WillHide, DidHide, WillShow, DidShow (§2.8).
    public var rotationPostsHideShow = true
    /// keyboardWillShow's FrameBegin has zero height (the iOS 11 bug, §2.4).
    public var frameBeginZeroOnShow = false
    /// Typing into a UITextView calls textViewDidChangeSelection before textViewDidChange (§1.5 S2').
    public var textViewSelectionBeforeChange = true
    /// textFieldDidChangeSelection exists and is called after each edit (iOS 13+).
    public var textFieldDidChangeSelectionExists = true
    /// `.editingChanged` actions run before `UITextField.textDidChangeNotification` (§1.5 S2 step 5 vs 6).
    public var editingChangedBeforeTextDidChange = true
    /// Did notifications also carry the duration and curve keys (only the Will ones are guaranteed, §9 #13).
    public var didNotificationsCarryAnimationKeys = true
    /// Scroll views add safe-area insets to `adjustedContentInset` (iOS 11+).
    public var scrollViewAdjustsForSafeArea = true
    /// scrollRectToVisible treats the area under `adjustedContentInset` as not visible (§9 #48).
    public var scrollRectToVisibleUsesAdjustedInset = true
    /// Setting `contentOffset` in code is clamped to the scroll range (UIKit does not, §9 #50).
    public var programmaticContentOffsetClamped = false
    /// On an iPhone, `.pageSheet`, `.formSheet` and `.automatic` present full screen, covering the presenter
    /// (iOS 12 and earlier; since iOS 13 they are page sheets that leave the presenter on screen).
    public var compactSheetsAreFullScreen = false

    public init() {}

    /// Modern iOS (17/18): the spec's defaults.
    public static let current = BehaviorProfile()

    /// iOS 10 and earlier: focus switches post WillHide + WillShow + DidShow, no textFieldDidChangeSelection,
    /// no safe-area adjustment of scroll views, sheets on an iPhone are full screen.
    public static let iOS10: BehaviorProfile = {
        var profile = BehaviorProfile()
        profile.focusSwitchKeyboardPosts = .hideThenShow
        profile.textFieldDidChangeSelectionExists = false
        profile.scrollViewAdjustsForSafeArea = false
        profile.compactSheetsAreFullScreen = true
        return profile
    }()

    /// iOS 11's bug: keyboardWillShow's FrameBegin has zero height; sheets on an iPhone are full screen.
    public static let iOS11: BehaviorProfile = {
        var profile = BehaviorProfile()
        profile.frameBeginZeroOnShow = true
        profile.compactSheetsAreFullScreen = true
        return profile
    }()

    /// The switches as the model reads them.
    package var modelBehavior: ModelBehavior {
        var behavior = ModelBehavior()
        behavior.fieldDidBeginBeforeKeyboardWill = fieldDidBeginBeforeKeyboardWill
        behavior.textViewKeyboardWillBeforeDidBegin = textViewKeyboardWillBeforeDidBegin
        behavior.didEndBeforeKeyboardWillHide = didEndBeforeKeyboardWillHide
        switch focusSwitchKeyboardPosts {
        case .none: behavior.focusSwitchKeyboardPosts = .nothing
        case .hideThenShow: behavior.focusSwitchKeyboardPosts = .hideThenShow
        case .changeFrameAndShow: behavior.focusSwitchKeyboardPosts = .changeFrameAndShow
        }
        behavior.shouldBeginNewBeforeShouldEndOld = shouldBeginNewBeforeShouldEndOld
        behavior.canBecomeFirstResponderAsksDelegate = canBecomeFirstResponderAsksDelegate
        behavior.keyboardHeightPortrait = keyboardHeightPortrait
        behavior.keyboardHeightLandscape = keyboardHeightLandscape
        behavior.keyboardDuration = keyboardDuration
        behavior.keyboardCurve = keyboardCurve
        behavior.hardwareKeyboardShortcutsBar = hardwareKeyboardShortcutsBar
        behavior.formSheetKeepsKeyboard = formSheetKeepsKeyboard
        behavior.rotationPostsHideShow = rotationPostsHideShow
        behavior.frameBeginZeroOnShow = frameBeginZeroOnShow
        behavior.textViewSelectionBeforeChange = textViewSelectionBeforeChange
        behavior.textFieldDidChangeSelectionExists = textFieldDidChangeSelectionExists
        behavior.editingChangedBeforeTextDidChange = editingChangedBeforeTextDidChange
        behavior.didNotificationsCarryAnimationKeys = didNotificationsCarryAnimationKeys
        behavior.scrollViewAdjustsForSafeArea = scrollViewAdjustsForSafeArea
        behavior.scrollRectToVisibleUsesAdjustedInset = scrollRectToVisibleUsesAdjustedInset
        behavior.programmaticContentOffsetClamped = programmaticContentOffsetClamped
        behavior.compactSheetsAreFullScreen = compactSheetsAreFullScreen
        return behavior
    }
}
