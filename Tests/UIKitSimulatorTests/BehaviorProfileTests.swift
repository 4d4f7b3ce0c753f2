import Testing
import UIKitModel
import UIKitSimulator

/// One model of switches: the profile a simulator runs with is what the model reads.
@Suite("Behaviour profiles")
struct BehaviorProfileTests {
    @Test("today's iOS is the default: the spec's modern values (§8, §A8)")
    func currentIsModernIOS() {
        let profile = BehaviorProfile.current
        #expect(BehaviorProfile.default == profile)
        #expect(profile.keyboardNotificationObject == .screen)
        #expect(profile.pushDismissesKeyboard)
        #expect(profile.becomeFirstResponderWithoutWindow == .deferredUntilInWindow)
        #expect(profile.legacyKeyboardUserInfoKeys)
        #expect(profile.keyboardIsLocalKeyPosted)
        #expect(profile.markedBackspaceRange == .wholeMarkedText)
        #expect(profile.candidateCommitDelegateCall == .insertionAtMarkedEnd)
        #expect(profile.rangesDelegateMethodsExist)
        #expect(profile.shouldChangeWhenBothImplemented == .ranges)
        #expect(profile.singleRangeMethodCalledWhenAlone)
        #expect(profile.inlinePredictionsAsMarkedText)
        #expect(BehaviorProfile.iOS27 == profile)
        #expect(profile.markedTextSendsChangeEvents)
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

    @Test("uikit-behaviour-3 §B10: the iOS 26/27, 18 and 17 profiles set the multi-range and candidate-commit switches", arguments: [
        (BehaviorProfile.iOS27, true, BehaviorProfile.ShouldChangeWhenBothImplemented.ranges, BehaviorProfile.CandidateCommitDelegateCall.insertionAtMarkedEnd),
        (BehaviorProfile.iOS26, true, .ranges, .insertionAtMarkedEnd),
        (BehaviorProfile.iOS18, false, .single, .markedRange),
        (BehaviorProfile.iOS17, false, .single, .markedRange),
        (BehaviorProfile.iOS16, false, .single, BehaviorProfile.CandidateCommitDelegateCall.none),
        (BehaviorProfile.iOS6, false, .single, BehaviorProfile.CandidateCommitDelegateCall.none),
    ])
    func rangeProfiles(
        profile: BehaviorProfile, rangesExist: Bool, both: BehaviorProfile.ShouldChangeWhenBothImplemented,
        commit: BehaviorProfile.CandidateCommitDelegateCall
    ) {
        #expect(profile.rangesDelegateMethodsExist == rangesExist)
        #expect(profile.shouldChangeWhenBothImplemented == both)
        #expect(profile.candidateCommitDelegateCall == commit)
    }

    @Test("older profiles keep every later change they predate", arguments: [
        (BehaviorProfile.iOS16, BehaviorProfile.KeyboardNotificationObject.nilObject, true, BehaviorProfile.FocusSwitchKeyboardPosts.none, false),
        (BehaviorProfile.iOS14, .nilObject, false, .none, false),
        (BehaviorProfile.iOS11, .nilObject, false, .none, true),
        (BehaviorProfile.iOS10, .nilObject, false, .hideThenShow, true),
        (BehaviorProfile.iOS6, .nilObject, false, .hideThenShow, true),
    ])
    func namedProfiles(
        profile: BehaviorProfile, object: BehaviorProfile.KeyboardNotificationObject, pushDismisses: Bool,
        focusSwitch: BehaviorProfile.FocusSwitchKeyboardPosts, fullScreenSheets: Bool
    ) {
        #expect(profile.keyboardNotificationObject == object)
        #expect(profile.pushDismissesKeyboard == pushDismisses)
        #expect(profile.focusSwitchKeyboardPosts == focusSwitch)
        #expect(profile.compactSheetsAreFullScreen == fullScreenSheets)
    }

    @Test("the simulator hands its profile to the model unchanged")
    func profileReachesModel() {
        var profile = BehaviorProfile.iOS10
        profile.keyboardHeightPortrait = 253
        withSimulator(device: .iPhone4, profile: profile) { _ in
            #expect(UIKitSystem.shared.behavior == profile)
            _ = Simulator(device: .iPhone4)
            #expect(UIKitSystem.shared.behavior == .default)
        }
    }
}
