import Foundation
import UIKitModel

/// The version-dependent UIKit behaviours (§8 of the spec), each a named switch; `.current` is modern iOS.
///
/// Profiles are values: `var p = BehaviorProfile.current; p.didEndBeforeKeyboardWillHide = false`.
public struct BehaviorProfile: Equatable, Sendable {
    /// The storage: every switch below reads and writes it, so the model and the driver cannot disagree on a default.
    private var behavior = ModelBehavior()

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
    public var fieldDidBeginBeforeKeyboardWill: Bool {
        get { behavior.fieldDidBeginBeforeKeyboardWill }
        set { behavior.fieldDidBeginBeforeKeyboardWill = newValue }
    }
    /// A UITextView's keyboard Will notifications come before textViewDidBeginEditing (§1.5 S1').
    public var textViewKeyboardWillBeforeDidBegin: Bool {
        get { behavior.textViewKeyboardWillBeforeDidBegin }
        set { behavior.textViewKeyboardWillBeforeDidBegin = newValue }
    }
    /// didEndEditing comes before keyboardWillHide when the last field resigns (§1.5 S6).
    public var didEndBeforeKeyboardWillHide: Bool {
        get { behavior.didEndBeforeKeyboardWillHide }
        set { behavior.didEndBeforeKeyboardWillHide = newValue }
    }
    /// What a focus switch with unchanged keyboard geometry posts.
    public var focusSwitchKeyboardPosts: FocusSwitchKeyboardPosts {
        get {
            switch behavior.focusSwitchKeyboardPosts {
            case .nothing: .none
            case .hideThenShow: .hideThenShow
            case .changeFrameAndShow: .changeFrameAndShow
            }
        }
        set {
            switch newValue {
            case .none: behavior.focusSwitchKeyboardPosts = .nothing
            case .hideThenShow: behavior.focusSwitchKeyboardPosts = .hideThenShow
            case .changeFrameAndShow: behavior.focusSwitchKeyboardPosts = .changeFrameAndShow
            }
        }
    }
    /// On a focus switch the new field's shouldBeginEditing is asked before the old field's shouldEndEditing.
    public var shouldBeginNewBeforeShouldEndOld: Bool {
        get { behavior.shouldBeginNewBeforeShouldEndOld }
        set { behavior.shouldBeginNewBeforeShouldEndOld = newValue }
    }
    /// `UITextField.canBecomeFirstResponder` asks the delegate's textFieldShouldBeginEditing (§9 #28).
    public var canBecomeFirstResponderAsksDelegate: Bool {
        get { behavior.canBecomeFirstResponderAsksDelegate }
        set { behavior.canBecomeFirstResponderAsksDelegate = newValue }
    }
    /// Overrides the device's portrait keyboard height (e.g. 253 with the predictive bar); `nil` = device table.
    public var keyboardHeightPortrait: CGFloat? {
        get { behavior.keyboardHeightPortrait }
        set { behavior.keyboardHeightPortrait = newValue }
    }
    /// Overrides the device's landscape keyboard height; `nil` = device table.
    public var keyboardHeightLandscape: CGFloat? {
        get { behavior.keyboardHeightLandscape }
        set { behavior.keyboardHeightLandscape = newValue }
    }
    /// The keyboard animation's duration (userInfo and the delay of the Did notifications).
    public var keyboardDuration: TimeInterval {
        get { behavior.keyboardDuration }
        set { behavior.keyboardDuration = newValue }
    }
    /// The keyboard animation's curve as posted in userInfo.
    public var keyboardCurve: Int {
        get { behavior.keyboardCurve }
        set { behavior.keyboardCurve = newValue }
    }
    /// With a hardware keyboard an iPad shows its 55-pt shortcuts bar (and posts notifications for it).
    public var hardwareKeyboardShortcutsBar: Bool {
        get { behavior.hardwareKeyboardShortcutsBar }
        set { behavior.hardwareKeyboardShortcutsBar = newValue }
    }
    /// An iPad form sheet keeps the keyboard up after resignFirstResponder (§1.5 S8).
    public var formSheetKeepsKeyboard: Bool {
        get { behavior.formSheetKeepsKeyboard }
        set { behavior.formSheetKeepsKeyboard = newValue }
    }
    /// Rotating with the keyboard up posts WillHide, DidHide, WillShow, DidShow (§2.8).
    public var rotationPostsHideShow: Bool {
        get { behavior.rotationPostsHideShow }
        set { behavior.rotationPostsHideShow = newValue }
    }
    /// keyboardWillShow's FrameBegin has zero height (the iOS 11 bug, §2.4).
    public var frameBeginZeroOnShow: Bool {
        get { behavior.frameBeginZeroOnShow }
        set { behavior.frameBeginZeroOnShow = newValue }
    }
    /// Typing into a UITextView calls textViewDidChangeSelection before textViewDidChange (§1.5 S2').
    public var textViewSelectionBeforeChange: Bool {
        get { behavior.textViewSelectionBeforeChange }
        set { behavior.textViewSelectionBeforeChange = newValue }
    }
    /// textFieldDidChangeSelection exists and is called after each edit (iOS 13+).
    public var textFieldDidChangeSelectionExists: Bool {
        get { behavior.textFieldDidChangeSelectionExists }
        set { behavior.textFieldDidChangeSelectionExists = newValue }
    }
    /// `.editingChanged` actions run before `UITextField.textDidChangeNotification` (§1.5 S2 step 5 vs 6).
    public var editingChangedBeforeTextDidChange: Bool {
        get { behavior.editingChangedBeforeTextDidChange }
        set { behavior.editingChangedBeforeTextDidChange = newValue }
    }
    /// Did notifications also carry the duration and curve keys (only the Will ones are guaranteed, §9 #13).
    public var didNotificationsCarryAnimationKeys: Bool {
        get { behavior.didNotificationsCarryAnimationKeys }
        set { behavior.didNotificationsCarryAnimationKeys = newValue }
    }
    /// Scroll views add safe-area insets to `adjustedContentInset` (iOS 11+).
    public var scrollViewAdjustsForSafeArea: Bool {
        get { behavior.scrollViewAdjustsForSafeArea }
        set { behavior.scrollViewAdjustsForSafeArea = newValue }
    }
    /// scrollRectToVisible treats the area under `adjustedContentInset` as not visible (§9 #48).
    public var scrollRectToVisibleUsesAdjustedInset: Bool {
        get { behavior.scrollRectToVisibleUsesAdjustedInset }
        set { behavior.scrollRectToVisibleUsesAdjustedInset = newValue }
    }
    /// Setting `contentOffset` in code is clamped to the scroll range (UIKit does not, §9 #50).
    public var programmaticContentOffsetClamped: Bool {
        get { behavior.programmaticContentOffsetClamped }
        set { behavior.programmaticContentOffsetClamped = newValue }
    }
    /// On an iPhone, `.pageSheet`, `.formSheet` and `.automatic` present full screen, covering the presenter
    /// (iOS 12 and earlier; since iOS 13 they are page sheets that leave the presenter on screen).
    public var compactSheetsAreFullScreen: Bool {
        get { behavior.compactSheetsAreFullScreen }
        set { behavior.compactSheetsAreFullScreen = newValue }
    }

    /// Registering the same target, action and events twice keeps one registration (uikit-behaviour-2 §A8, #125 [U]).
    public var deduplicateTargetActions: Bool {
        get { behavior.deduplicateTargetActions }
        set { behavior.deduplicateTargetActions = newValue }
    }

    /// The order in which a control sends the actions registered for one event (§A8 [U]).
    public enum TargetActionOrder: Equatable, Sendable { case registration, reverse }

    /// The order of a control's actions for one event: as registered (the model's reading of UIControl's array) or reversed.
    public var targetActionOrder: TargetActionOrder {
        get { behavior.targetActionsInReverse ? .reverse : .registration }
        set { behavior.targetActionsInReverse = newValue == .reverse }
    }

    /// A tap on a control (or a text input [U]) runs its own action, and a tap recognizer on a superview does not
    /// fire (iOS 6+, uikit-behaviour-2 #94); `false` is iOS 5, where the recognizer took the tap.
    public var controlActionsBeatSuperviewTap: Bool {
        get { behavior.controlActionsBeatSuperviewTap }
        set { behavior.controlActionsBeatSuperviewTap = newValue }
    }

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

    /// The switches as the model reads them; the defaults above are `ModelBehavior`'s, written down once.
    package var modelBehavior: ModelBehavior { behavior }
}
