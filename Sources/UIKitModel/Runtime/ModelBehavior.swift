import Foundation

/// The version-dependent choices the model makes; the driver's `BehaviorProfile` fills it in.
package struct ModelBehavior: Equatable, Sendable {
    /// What the keyboard posts when focus moves between inputs whose keyboard geometry is unchanged.
    package enum FocusSwitchPosts: Equatable, Sendable { case nothing, hideThenShow, changeFrameAndShow }

    package var fieldDidBeginBeforeKeyboardWill = true
    package var textViewKeyboardWillBeforeDidBegin = true
    package var didEndBeforeKeyboardWillHide = true
    package var focusSwitchKeyboardPosts = FocusSwitchPosts.nothing
    package var shouldBeginNewBeforeShouldEndOld = true
    package var canBecomeFirstResponderAsksDelegate = true
    package var keyboardHeightPortrait: CGFloat? = nil
    package var keyboardHeightLandscape: CGFloat? = nil
    package var keyboardDuration: TimeInterval = 0.25
    package var keyboardCurve: Int = 7
    package var hardwareKeyboardShortcutsBar = false
    package var formSheetKeepsKeyboard = true
    package var rotationPostsHideShow = true
    package var frameBeginZeroOnShow = false
    package var textViewSelectionBeforeChange = true
    package var textFieldDidChangeSelectionExists = true
    package var editingChangedBeforeTextDidChange = true
    package var didNotificationsCarryAnimationKeys = true
    package var scrollViewAdjustsForSafeArea = true
    package var scrollRectToVisibleUsesAdjustedInset = true
    package var programmaticContentOffsetClamped = false
    package var compactSheetsAreFullScreen = false
    package var deduplicateTargetActions = true
    package var targetActionsInReverse = false
    package var controlActionsBeatSuperviewTap = true

    package init() {}
}
