import Foundation

/// The version-dependent and uncertain UIKit behaviours (main spec §8, addendum §A8), each a named switch.
///
/// This is the one model of switches: the driver (`UIKitSimulator`) re-exports it for lessons and the model
/// (`UIKitModel`) reads it, so a default is written down once. `BehaviorProfile()`, `.current` and `.iOS27` are
/// today's iOS; older behaviour is one named profile away (`.iOS26`, `.iOS18`, `.iOS17`, `.iOS16`, `.iOS14`, `.iOS11`,
/// `.iOS10`, `.iOS6`). The profile a
/// `Simulator` runs with when none is given is `BehaviorProfile.default` — change that one line to move every
/// lesson to another iOS. Profiles are values: `var p = BehaviorProfile.current; p.keyboardCurve = 0`.
public struct BehaviorProfile: Equatable, Sendable {
    // MARK: Choices

    /// What an aborted interactive keyboard dismissal posts (§A3.4 item 3, #104).
    public enum InteractiveAbortPosts: Equatable, Sendable {
        /// keyboardWillShow then keyboardDidShow with the full frame, no hide (react-native-keyboard-controller #1238).
        case willShowDidShow
        /// Nothing: the keyboard slides back silently.
        case nothing
    }

    /// What a view controller's accessory bar posts when the text input inside it resigns and the bar stays
    /// (§A6, no source found [U]).
    public enum AccessoryOnlyAfterResign: Equatable, Sendable {
        /// keyboardWillChangeFrame and keyboardDidChangeFrame with FrameEnd = the bar at the bottom.
        case changeFrameOnly
        /// keyboardWillHide for the keys, then keyboardWillShow for the bar alone, with the Did notifications.
        case hideThenShow
    }

    /// The FrameBegin of the hide that ends an interactive dismissal (§A3.4 item 2: not reported [U]).
    public enum InteractiveHideFrameBegin: Equatable, Sendable {
        /// Where the finger left the keyboard.
        case draggedFrame
        /// The keyboard's resting frame, as for any other hide.
        case restingFrame
    }

    /// How a `UITableViewController` handles the keyboard (§A4, #105/#106).
    public enum TableViewControllerKeyboardHandling: Equatable, Sendable {
        /// Set up in `viewWillAppear(_:)`: a subclass that does not call `super` gets none.
        case requiresSuperViewWillAppear
        /// None at all.
        case off
    }

    /// What the keyboard posts when focus moves between inputs with the same keyboard geometry (§1.5 S5).
    public enum FocusSwitchKeyboardPosts: Equatable, Sendable {
        /// Nothing (iOS 11+; §9 #32).
        case none
        /// keyboardWillHide, then keyboardWillShow and keyboardDidShow (iOS ≤ 10; §9 #33).
        case hideThenShow
        /// WillChangeFrame, WillShow, DidChangeFrame, DidShow with equal frames on every switch.
        case changeFrameAndShow
    }

    /// The `object` of the keyboard notifications (§A1.1, #66).
    public enum KeyboardNotificationObject: Equatable, Sendable {
        /// `nil` (before iOS 16.1).
        case nilObject
        /// The `UIScreen` the keyboard appears on (iOS 16.1 and later).
        case screen
    }

    /// What `becomeFirstResponder()` does on a responder that is not in a window yet (§A5, #114/#115).
    public enum BecomeFirstResponderWithoutWindow: Equatable, Sendable {
        /// Returns `false` now, and the responder becomes first when it joins a window in the same run-loop turn
        /// (the keyboard comes up during a push when called in `viewWillAppear`, #114).
        case deferredUntilInWindow
        /// Returns `false` and the request is forgotten.
        case fails
    }

    /// What a backspace inside marked text passes to `shouldChangeCharactersIn` (§A2.2 item 3, #78/#79).
    public enum MarkedBackspaceRange: Equatable, Sendable {
        /// The last marked character, `{loc, 1}` (iOS 6).
        case oneCharacter
        /// The whole marked text (iOS 7+) [U].
        case wholeMarkedText
    }

    /// The key layout of the simulated Pinyin input method (§A2.2 item 4, #80).
    public enum PinyinLayout: Equatable, Sendable {
        /// Full keyboard: each key inserts its letter.
        case qwerty
        /// Nine keys (九宫格): each key first inserts a placeholder ➋…➒, then the letter.
        case nineKey
    }

    /// Which should-change method UIKit asks when a delegate implements both the single-range and the ranges form
    /// (uikit-behaviour-3 §B3.2, #148).
    public enum ShouldChangeWhenBothImplemented: Equatable, Sendable {
        /// The single-range method (iOS 18 and earlier, and whenever the ranges method does not exist).
        case single
        /// The ranges method only (iOS 26+: dotnet/maui #32016, dotnet/macios #26079).
        case ranges
    }

    /// What choosing an input-method candidate asks the should-change delegate (uikit-behaviour-3 §B4.1, #154–#156;
    /// amends addendum-2 #82).
    public enum CandidateCommitDelegateCall: Equatable, Sendable {
        /// Nothing: the commit asks no question (iOS 9.2, openradar 24087514, #82).
        case none
        /// The marked range and the candidate: `{0, 2}` "王" (iOS 18, forum 801013) [U].
        case markedRange
        /// A zero-length range at the end of the marked text and the candidate: `[{2, 0}]` "王" (iOS 26) [U].
        case insertionAtMarkedEnd
    }

    /// What switching to a keyboard of another height posts (§A2.5, #88/#89).
    public enum KeyboardSwitchPosts: Equatable, Sendable {
        /// WillChangeFrame and WillShow with the new frame, then the Did pair (#88).
        case changeFrameAndShow
        /// Nothing, although the height changes (iOS 11's long-press globe picker, #89).
        case nothing
    }

    // MARK: Editing order (§1.5)

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
    /// Typing into a UITextView calls textViewDidChangeSelection before textViewDidChange (§1.5 S2').
    public var textViewSelectionBeforeChange = true
    /// textFieldDidChangeSelection exists and is called after each edit (iOS 13+).
    public var textFieldDidChangeSelectionExists = true
    /// `.editingChanged` actions run before `UITextField.textDidChangeNotification` (§1.5 S2 step 5 vs 6).
    public var editingChangedBeforeTextDidChange = true

    // MARK: Keyboard geometry and notifications (§2, §A1)

    /// Overrides the device's portrait keyboard height (e.g. 253 with the predictive bar); `nil` = device table.
    public var keyboardHeightPortrait: CGFloat? = nil
    /// Overrides the device's landscape keyboard height; `nil` = device table.
    public var keyboardHeightLandscape: CGFloat? = nil
    /// The keyboard animation's duration (userInfo and the delay of the Did notifications).
    public var keyboardDuration: TimeInterval = 0.25
    /// The keyboard animation's curve as posted in userInfo: 7 since iOS 7, 0 in the iOS 6 era (§A1.3).
    public var keyboardCurve: Int = 7
    /// The notifications' `object`: the `UIScreen` since iOS 16.1, `nil` before (#66).
    public var keyboardNotificationObject = KeyboardNotificationObject.screen
    /// The deprecated `UIKeyboardCenterBegin/CenterEnd/Bounds` keys are posted, derived from the frames (#71).
    public var legacyKeyboardUserInfoKeys = true
    /// `keyboardIsLocalUserInfoKey` is posted (iOS 9+, #73).
    public var keyboardIsLocalKeyPosted = true
    /// A height for keyboardWillShow's FrameBegin instead of FrameEnd's (the iPad dump's 279 vs 337, #72).
    public var frameBeginHeightOverride: CGFloat? = nil
    /// keyboardWillShow's FrameBegin has zero height (the iOS 11 bug, §2.4).
    public var frameBeginZeroOnShow = false
    /// Did notifications also carry the duration and curve keys (only the Will ones are guaranteed, §9 #13).
    public var didNotificationsCarryAnimationKeys = true
    /// Extra points a custom `inputView` gets below it on a phone with a home indicator, on top of the bottom safe
    /// area: a 30-pt input view measured 69 pt on an iPhone X (Apple forums 668644, §2.7), 5 more than 30 + 34.
    public var inputViewExtraBottomOnNotchedPhone: CGFloat = 5
    /// With a hardware keyboard an iPad shows its 55-pt shortcuts bar (and posts notifications for it).
    public var hardwareKeyboardShortcutsBar = false
    /// An iPad form sheet keeps the keyboard up after resignFirstResponder (§1.5 S8).
    public var formSheetKeepsKeyboard = true
    /// Rotating with the keyboard up posts WillHide, DidHide, WillShow, DidShow (§2.8).
    public var rotationPostsHideShow = true

    // MARK: Input methods (§A2)

    /// `.editingChanged`, `textViewDidChange` and the text-did-change notifications follow every marked-text update.
    public var markedTextSendsChangeEvents = true
    /// The range a backspace inside marked text passes to `shouldChangeCharactersIn`.
    public var markedBackspaceRange = MarkedBackspaceRange.wholeMarkedText
    /// What choosing a candidate asks the should-change delegate (#154–#156 [U]; iOS 9.2 asked nothing, #82).
    public var candidateCommitDelegateCall = CandidateCommitDelegateCall.insertionAtMarkedEnd
    /// `markedTextRange` still reads the marked text while the commit's question runs; `false` (unmarked, the
    /// letters still in `text`) is inferred from forum 801013, whose limiter returned early for marked text and
    /// still refused the commit [U]. A refused commit leaves the composition marked.
    public var commitQuestionSeesMarkedText = false
    /// The Pinyin keyboard's layout.
    public var pinyinLayout = PinyinLayout.qwerty
    /// Points the candidate bar of a Chinese or Japanese keyboard adds to the keyboard's height [U: no source].
    public var cjkCandidateBarExtraHeight: CGFloat = 0
    /// What switching to a keyboard of another height posts.
    public var keyboardSwitchPosts = KeyboardSwitchPosts.changeFrameAndShow
    /// Heights a third-party keyboard announces with successive keyboardWillShow notifications when it appears
    /// (e.g. SwiftKey `[0, 216, 259]`, #90); empty = the system keyboard, which posts once.
    public var thirdPartyKeyboardShowHeights: [CGFloat] = []

    // MARK: Multi-range text delegates and predictions (uikit-behaviour-3 §B3, §B4)

    /// UIKit knows the iOS 26 ranges methods (`shouldChangeCharactersInRanges`, `shouldChangeTextInRanges`);
    /// before iOS 26 a delegate's ranges method is never called (#146).
    public var rangesDelegateMethodsExist = true
    /// The method UIKit asks when a delegate implements both forms (#148).
    public var shouldChangeWhenBothImplemented = ShouldChangeWhenBothImplemented.ranges
    /// A delegate implementing only the single-range method is still asked, with the union of the ranges (#147);
    /// on iOS 27 that method is deprecated but no report says it stopped being called (#152 [U]).
    public var singleRangeMethodCalledWhenAlone = true
    /// An inline prediction (iOS 17+) shows as marked text, so `markedTextRange` is non-nil while it is offered
    /// (#158 [W]); `false` shows no prediction at all.
    public var inlinePredictionsAsMarkedText = true

    // MARK: Controllers and transitions (§5, §A5, §A6)

    /// What `becomeFirstResponder()` does outside a window.
    public var becomeFirstResponderWithoutWindow = BecomeFirstResponderWithoutWindow.deferredUntilInWindow
    /// Pushing a controller that has no first responder dismisses the keyboard (iOS 15+; before, it stayed, #117).
    public var pushDismissesKeyboard = true
    /// A view controller's own input accessory bar respects the safe area (sits above the home indicator); UIKit's
    /// does not: it is flush with the screen's bottom edge unless the app constrains its content (#122).
    public var accessoryRespectsSafeArea = false

    /// What is posted when the text input inside a controller's accessory bar resigns and the bar stays.
    public var accessoryOnlyAfterResign = AccessoryOnlyAfterResign.changeFrameOnly

    // MARK: Dismissing and table views (§A3, §A4)

    /// Keyboard notifications are posted while the finger drags the keyboard (they are not, #102).
    public var interactiveDismissPostsDuringDrag = false
    /// The FrameBegin of the WillHide that ends an interactive dismissal.
    public var interactiveHideFrameBegin = InteractiveHideFrameBegin.draggedFrame
    /// What an aborted interactive dismissal posts.
    public var interactiveAbortPosts = InteractiveAbortPosts.willShowDidShow
    /// The duration in the notifications of an aborted interactive dismissal (one log shows 0.383 s) [U].
    public var interactiveAbortDuration: TimeInterval = 0.383
    /// How a `UITableViewController` adjusts its table for the keyboard.
    public var tableViewControllerKeyboardHandling = TableViewControllerKeyboardHandling.requiresSuperViewWillAppear
    /// `scrollToRow(at:at:animated:)` calls `scrollViewDidScroll(_:)` (Apple's doc says it does not, #110).
    public var scrollToRowCallsDidScroll = false
    /// A cell holding the first responder stays when it scrolls off screen, so the keyboard stays up; `false`
    /// recycles it and the field resigns (undocumented [U], §A4).
    public var firstResponderCellKeptOnScroll = true

    // MARK: Scroll views and sheets (§3)

    /// Scroll views add safe-area insets to `adjustedContentInset` (iOS 11+).
    public var scrollViewAdjustsForSafeArea = true
    /// scrollRectToVisible treats the area under `adjustedContentInset` as not visible (§9 #48).
    public var scrollRectToVisibleUsesAdjustedInset = true
    /// Setting `contentOffset` in code is clamped to the scroll range (UIKit does not, §9 #50).
    public var programmaticContentOffsetClamped = false
    /// On an iPhone, `.pageSheet`, `.formSheet` and `.automatic` present full screen, covering the presenter
    /// (iOS 12 and earlier; since iOS 13 they are page sheets that leave the presenter on screen).
    public var compactSheetsAreFullScreen = false

    // MARK: Target–action and gesture recognizers (§A3, §A7)

    /// Registering the same target, action and events twice keeps one registration (uikit-behaviour-2 §A8, #125 [U]).
    public var deduplicateTargetActions = true

    /// The order in which a control sends the actions registered for one event (§A8 [U]).
    public enum TargetActionOrder: Equatable, Sendable { case registration, reverse }

    /// The order of a control's actions for one event: as registered (the model's reading of UIControl's array) or reversed.
    public var targetActionOrder = TargetActionOrder.registration

    /// A tap on a control (or a text input [U]) runs its own action, and a tap recognizer on a superview does not
    /// fire (iOS 6+, uikit-behaviour-2 #94); `false` is iOS 5, where the recognizer took the tap.
    public var controlActionsBeatSuperviewTap = true

    // MARK: Typed notification messages (uikit-behaviour-3 §B1, §B10)

    /// What a keyboard message observer gets from a keyboard notification whose object is not a `UIScreen`, such as
    /// one a test posts by hand with `object: nil` (#145 [U]: the message's `screen` is not optional).
    public enum KeyboardMessageWithoutScreen: Equatable, Sendable {
        /// Nothing: the message cannot be made, so the observer is skipped (Foundation's fault path).
        case notDelivered
        /// A message whose `screen` is the main screen.
        case mainScreen
    }

    /// UIKit's keyboard messages (`UIResponder.KeyboardWillShowMessage` …, iOS 26): without them the keyboard's
    /// notifications reach no observer of those messages, as code behind `if #available(iOS 26, *)` registers none.
    public var keyboardMessagesExist = true
    /// UIKit's text-editing messages (`UITextField.TextDidChangeMessage` …, iOS 26), as `keyboardMessagesExist`.
    public var textEditingMessagesExist = true
    /// What a keyboard message observer gets from a keyboard notification without a screen.
    public var keyboardMessageWithoutScreen = KeyboardMessageWithoutScreen.notDelivered

    // MARK: Properties updates and observation tracking (uikit-behaviour-3 #179, §B10)

    /// iOS 26's properties pass: `updateProperties()` of views and controllers runs before constraints and layout.
    public var propertiesUpdates = true
    /// Automatic observation tracking (`observationTrackingDefault`): an `@Observable` property read in
    /// `updateProperties()`, the layout methods or the constraint updates invalidates the method when it changes. On by
    /// default in iOS 26; iOS 18 needs Info.plist `UIObservationTrackingEnabled`, which a lesson's app does not have.
    public var automaticObservationTracking = true

    // MARK: Hardware keyboards, sheets and collection-view lists (Apple's documentation; the specs are silent)

    /// Where a key command's search starts when nothing is first responder [U].
    public enum KeyCommandsWithoutFirstResponder: Equatable, Sendable {
        /// At the key window's deepest visible view controller (the top presented one, a navigation controller's
        /// top one), so a controller's `keyCommands` work without `becomeFirstResponder()`.
        case deepestViewController
        /// Nowhere: with no first responder no key command fires (older reports of `canBecomeFirstResponder`).
        case none
    }

    /// Where key commands are looked for when nothing is first responder [U].
    public var keyCommandsWithoutFirstResponder = KeyCommandsWithoutFirstResponder.deepestViewController
    /// The medium detent's height as a fraction of the screen's ("approximately half the height of the screen",
    /// Apple's `medium()` doc) [U].
    public var mediumDetentFraction: CGFloat = 0.5
    /// A phone sheet resting below its largest height rises with the keyboard so its bottom sits on the keyboard's
    /// top (capped at the large detent's top) [U]; `false` leaves it where it is, under the keyboard.
    public var sheetRisesWithKeyboard = true
    /// Setting `selectedDetentIdentifier` in code also tells the sheet's delegate (Apple documents the delegate
    /// call for the user's changes only) [U].
    public var programmaticDetentChangeCallsDelegate = false
    /// The height of a list cell whose content is one line of body text at the default text size [U].
    public var listCellHeight: CGFloat = 44
    /// The space above each section of a `.grouped` or `.insetGrouped` list without headers [U].
    public var groupedListSectionSpacing: CGFloat = 35

    // MARK: Layout margins (Apple's documentation; the specs are silent)

    /// How the side margins of a controller's root view (`systemMinimumLayoutMargins`) are chosen between 16 and
    /// 20 points [W: 16 for compact width and 20 for regular, useyourloaf "Changing Root View Layout Margins"; the
    /// iPhone 6 Plus was reported with 20 in portrait, medium.com "Margins and Autolayout on iPhone 6 Plus"].
    public enum SystemMinimumSideMargins: Equatable, Sendable {
        /// 20 points in a regular-width environment (iPad, a Plus phone in landscape), 16 in a compact one.
        case bySizeClass
        /// As `.bySizeClass`, and 20 on a phone whose screen is at least 414 points wide in the current orientation.
        case wideScreensToo
    }

    /// How the root view's minimum side margins are chosen [U].
    public var systemMinimumSideMargins = SystemMinimumSideMargins.bySizeClass
    /// The width of `readableContentGuide` at the default text size (Large) [W: 672 points on an iPad, useyourloaf
    /// "Readable Content Guides"; it grows with the text size, which the model keeps at Large].
    public var readableContentWidth: CGFloat = 672

    /// The SwiftUI subset's switches (swiftui-behaviour.md §8), read by the `SwiftUI` target.
    public var swiftUI = SwiftUIBehavior()

    public init() {}

    // MARK: Named profiles

    /// Today's iOS (27): every switch at its default.
    public static let current = BehaviorProfile()

    /// The profile a `Simulator` runs with when none is given, and the model's before any simulator starts.
    /// The one place to change to run every lesson as another iOS.
    public static let `default` = current

    /// iOS 27: today's iOS (the single-range delegate method and `selectedRange` are deprecated in its SDK, which
    /// is a compile-time matter: see the deployment target in docs/model.md).
    public static let iOS27 = current

    /// iOS 26: as iOS 27 at run time (ranges delegates, candidate commits asking with an insertion at the marked
    /// end, uikit-behaviour-3 §B10).
    public static let iOS26: BehaviorProfile = {
        var profile = BehaviorProfile.iOS27
        profile.candidateCommitDelegateCall = .insertionAtMarkedEnd
        return profile
    }()

    /// iOS 18: no typed messages and no ranges delegate methods (a delegate implementing both is asked the single-range one) and a
    /// candidate commit asks with the marked range (#148, #154).
    public static let iOS18: BehaviorProfile = {
        var profile = BehaviorProfile.iOS26
        profile.rangesDelegateMethodsExist = false
        profile.shouldChangeWhenBothImplemented = .single
        profile.candidateCommitDelegateCall = .markedRange
        profile.keyboardMessagesExist = false
        profile.textEditingMessagesExist = false
        profile.propertiesUpdates = false
        profile.automaticObservationTracking = false
        return profile
    }()

    /// iOS 17: as `.iOS18` (its candidate commit is unreported and taken to be iOS 18's [U]).
    public static let iOS17 = iOS18

    /// iOS 15 to 16.0: keyboard notifications carry a `nil` object; a candidate commit asks nothing, as the last
    /// report before iOS 18 says (iOS 9.2, #82); no inline predictions (iOS 17).
    public static let iOS16: BehaviorProfile = {
        var profile = BehaviorProfile.iOS17
        profile.keyboardNotificationObject = .nilObject
        profile.candidateCommitDelegateCall = .none
        profile.inlinePredictionsAsMarkedText = false
        return profile
    }()

    /// iOS 13 and 14: as `.iOS16`, and pushing a controller without a first responder leaves the keyboard up.
    public static let iOS14: BehaviorProfile = {
        var profile = BehaviorProfile.iOS16
        profile.pushDismissesKeyboard = false
        return profile
    }()

    /// iOS 11's bug: keyboardWillShow's FrameBegin has zero height; sheets on an iPhone are full screen.
    public static let iOS11: BehaviorProfile = {
        var profile = BehaviorProfile.iOS14
        profile.frameBeginZeroOnShow = true
        profile.compactSheetsAreFullScreen = true
        return profile
    }()

    /// iOS 10 and earlier: focus switches post WillHide + WillShow + DidShow, no textFieldDidChangeSelection,
    /// no safe-area adjustment of scroll views, sheets on an iPhone are full screen.
    public static let iOS10: BehaviorProfile = {
        var profile = BehaviorProfile.iOS14
        profile.focusSwitchKeyboardPosts = .hideThenShow
        profile.textFieldDidChangeSelectionExists = false
        profile.scrollViewAdjustsForSafeArea = false
        profile.compactSheetsAreFullScreen = true
        return profile
    }()

    /// iOS 6: as `.iOS10`, with curve 0, no `keyboardIsLocalUserInfoKey` (iOS 9+) and a backspace in marked text
    /// passing one character's range (#78).
    public static let iOS6: BehaviorProfile = {
        var profile = BehaviorProfile.iOS10
        profile.keyboardCurve = 0
        profile.keyboardIsLocalKeyPosted = false
        profile.markedBackspaceRange = .oneCharacter
        return profile
    }()
}
