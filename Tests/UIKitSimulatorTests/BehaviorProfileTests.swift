import Testing
import UIKitModel
import UIKitSimulator

/// The driver's named switches are the model's own settings, not a copy of them.
@Suite("Behaviour profiles")
struct BehaviorProfileTests {
    @Test("modern iOS is the spec's defaults (§8)")
    func currentIsModernIOS() {
        let profile = BehaviorProfile.current
        #expect(profile.focusSwitchKeyboardPosts == .none)
        #expect(profile.keyboardDuration == 0.25)
        #expect(profile.keyboardCurve == 7)
        #expect(profile.keyboardHeightPortrait == nil)
        #expect(profile.fieldDidBeginBeforeKeyboardWill)
        #expect(profile.textViewKeyboardWillBeforeDidBegin)
        #expect(profile.didEndBeforeKeyboardWillHide)
        #expect(profile.shouldBeginNewBeforeShouldEndOld)
        #expect(profile.textFieldDidChangeSelectionExists)
        #expect(profile.scrollViewAdjustsForSafeArea)
        #expect(profile.scrollRectToVisibleUsesAdjustedInset)
        #expect(!profile.programmaticContentOffsetClamped)
        #expect(!profile.frameBeginZeroOnShow)
        #expect(!profile.compactSheetsAreFullScreen)
        #expect(!profile.hardwareKeyboardShortcutsBar)
    }

    @Test("each named profile reaches the model as set", arguments: [
        (BehaviorProfile.iOS10, ModelBehavior.FocusSwitchPosts.hideThenShow, false, true),
        (BehaviorProfile.iOS11, ModelBehavior.FocusSwitchPosts.nothing, true, true),
    ])
    func namedProfiles(profile: BehaviorProfile, focusSwitch: ModelBehavior.FocusSwitchPosts, frameBeginZero: Bool, fullScreenSheets: Bool) {
        let behavior = profile.modelBehavior
        #expect(behavior.focusSwitchKeyboardPosts == focusSwitch)
        #expect(behavior.frameBeginZeroOnShow == frameBeginZero)
        #expect(behavior.compactSheetsAreFullScreen == fullScreenSheets)
    }

    @Test("a switch set on a profile reads back and reaches the model")
    func switchesRoundTrip() {
        var profile = BehaviorProfile.current
        profile.focusSwitchKeyboardPosts = .changeFrameAndShow
        profile.keyboardHeightPortrait = 253
        profile.programmaticContentOffsetClamped = true
        #expect(profile.focusSwitchKeyboardPosts == .changeFrameAndShow)
        #expect(profile.modelBehavior.focusSwitchKeyboardPosts == .changeFrameAndShow)
        #expect(profile.modelBehavior.keyboardHeightPortrait == 253)
        #expect(profile.modelBehavior.programmaticContentOffsetClamped)
        #expect(profile != .current)
    }
}
