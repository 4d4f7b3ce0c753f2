import Testing
import UIKitModel
import UIKitSimulator

@Suite("Keyboard notifications (§2)")
struct KeyboardTests {
    static let showSequence = ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"]
    static let hideSequence = ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"]

    @Test("§9 #3: tapping a text field runs didBeginEditing before the keyboard's Will notifications", arguments: [true, false])
    func fieldDidBeginBeforeWill(didBeginFirst: Bool) {
        var profile = BehaviorProfile.current
        profile.fieldDidBeginBeforeKeyboardWill = didBeginFirst
        withFixture(profile: profile) { f in
            f.app.tap(f.a)
            let order = f.log.only("didBegin", "WillChangeFrame", "WillShow")
            #expect(order == (didBeginFirst
                ? ["didBegin(a)", "WillChangeFrame", "WillShow"] : ["WillChangeFrame", "WillShow", "didBegin(a)"]))
        }
    }

    @Test("§9 #4: tapping a text view posts the keyboard's Will notifications before textViewDidBeginEditing", arguments: [true, false])
    func textViewWillBeforeDidBegin(willFirst: Bool) {
        var profile = BehaviorProfile.current
        profile.textViewKeyboardWillBeforeDidBegin = willFirst
        withFixture(profile: profile) { f in
            f.app.tap(f.textView)
            let order = f.log.only("tvDidBegin", "WillChangeFrame", "WillShow", "note:viewBegin")
            #expect(order == (willFirst
                ? ["WillChangeFrame", "WillShow", "tvDidBegin", "note:viewBegin(tv)"]
                : ["tvDidBegin", "note:viewBegin(tv)", "WillChangeFrame", "WillShow"]))
        }
    }

    @Test("§9 #5: a keyboard show is WillChangeFrame, WillShow, DidChangeFrame, DidShow")
    func showSequence() {
        withFixture { f in
            f.app.tap(f.a)
            #expect(f.notes.keyboardLabels == Self.showSequence)
        }
    }

    @Test("§9 #6 / #7: Will notifications arrive inside becomeFirstResponder, Did ones only after 0.25 s")
    func didAfterAnimation() {
        withFixture { f in
            #expect(f.a.becomeFirstResponder())
            #expect(f.notes.keyboardLabels == ["WillChangeFrame", "WillShow"])
            f.app.advance(by: 0.2)
            #expect(f.notes.keyboardLabels.count == 2)
            f.app.advance(by: 0.05)
            #expect(f.notes.keyboardLabels == Self.showSequence)
        }
    }

    @Test("§9 #8 / #10 / #11 / #12 / #14: userInfo of a show on the 320×480 iPhone")
    func userInfoOnIPhone4() throws {
        try withFixture(profile: .iOS16) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.object == nil)
            #expect(will.beginFrame == CGRect(x: 0, y: 480, width: 320, height: 216))
            #expect(will.endFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
            #expect(will.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0.25)
            #expect(will.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt == 7)
            #expect(will.userInfo?[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
            let curve = try #require(will.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int)
            #expect(UIView.AnimationCurve(rawValue: curve) != nil)
        }
    }

    @Test("§9 #13: animation keys are in the Will notifications; Did ones carry them per profile", arguments: [true, false])
    func animationKeys(didCarry: Bool) throws {
        var profile = BehaviorProfile.current
        profile.didNotificationsCarryAnimationKeys = didCarry
        try withFixture(profile: profile) { f in
            f.app.tap(f.a)
            let did = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardDidShowNotification })
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] != nil)
            #expect((did.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] != nil) == didCarry)
        }
    }

    @Test("§9 #9: the end frame is in screen coordinates for the current orientation")
    func landscapeFrame() throws {
        try withFixture { f in
            f.app.rotate(to: .landscapeLeft)
            #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 480, height: 320))
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.endFrame == CGRect(x: 0, y: 158, width: 480, height: 162))
        }
    }

    @Test("§9 #32: on modern iOS a switch between identical keyboards posts nothing")
    func modernSwitchPostsNothing() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.b.becomeFirstResponder()
            f.app.runUntilIdle()
            #expect(f.notes.keyboardLabels == Self.showSequence)
        }
    }

    @Test("§9 #33: on iOS 10 each switch posts WillHide, then WillShow and DidShow")
    func legacySwitch() {
        withFixture(profile: .iOS10) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.b.becomeFirstResponder()
            f.app.runUntilIdle()
            #expect(f.log.only("did", "Will", "Did") == ["didEnd(a)", "WillHide", "didBegin(b)", "WillShow", "DidShow"])
        }
    }

    @Test("§9 #34: different accessory views post WillChangeFrame, WillShow, DidChangeFrame, DidShow with equal frames")
    func accessorySwitch() {
        withFixture { f in
            f.a.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
            f.b.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
            f.app.tap(f.a)
            let before = f.notes.keyboard.count
            f.b.becomeFirstResponder()
            f.app.runUntilIdle()
            let posted = Array(f.notes.keyboard[before...])
            #expect(posted.map(\.name) == [
                UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
                UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification,
            ])
            #expect(posted.allSatisfy { $0.beginFrame == $0.endFrame })
            #expect(posted.first?.endFrame == CGRect(x: 0, y: 220, width: 320, height: 260))
        }
    }

    @Test("§9 #35: resigning the last field posts WillChangeFrame and WillHide now, DidChangeFrame and DidHide later")
    func hideSequence() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.a.resignFirstResponder()
            #expect(f.log.only("Will", "Did") == ["WillChangeFrame", "WillHide"])
            f.app.runUntilIdle()
            #expect(f.log.only("Will", "Did") == Self.hideSequence)
        }
    }

    @Test("§1.5 S6: didEndEditing comes before keyboardWillHide (switchable)", arguments: [true, false])
    func didEndBeforeWillHide(didEndFirst: Bool) {
        var profile = BehaviorProfile.current
        profile.didEndBeforeKeyboardWillHide = didEndFirst
        withFixture(profile: profile) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.a.resignFirstResponder()
            let order = f.log.only("didEnd", "WillHide")
            #expect(order == (didEndFirst ? ["didEnd(a)", "WillHide"] : ["WillHide", "didEnd(a)"]))
        }
    }

    @Test("§9 #36: rotating with the keyboard up posts WillHide, DidHide, WillShow, DidShow")
    func rotation() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.rotate(to: .landscapeLeft)
            #expect(f.log.only("WillHide", "DidHide", "WillShow", "DidShow") == ["WillHide", "DidHide", "WillShow", "DidShow"])
            #expect(f.app.keyboardFrame == CGRect(x: 0, y: 158, width: 480, height: 162))
            #expect(f.a.isFirstResponder)
        }
    }

    @Test("§9 #37: in an iPad form sheet the keyboard stays after resignFirstResponder unless the override says false",
        arguments: [true, false])
    func formSheet(keepsKeyboard: Bool) {
        final class Sheet: UIViewController {
            var keeps = true
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 31))
            override var disablesAutomaticKeyboardDismissal: Bool { keeps }
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(field)
            }
        }
        withFixture(device: .iPad) { f in
            let sheet = Sheet()
            sheet.keeps = keepsKeyboard
            sheet.modalPresentationStyle = .formSheet
            f.controller.present(sheet, animated: true)
            f.app.runUntilIdle()
            #expect(sheet.view.frame == CGRect(x: 114, y: 202, width: 540, height: 620))
            f.app.tap(sheet.field)
            #expect(f.app.isKeyboardVisible)
            f.log.entries.removeAll()
            sheet.field.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(!sheet.field.isFirstResponder)
            #expect(f.app.isKeyboardVisible == keepsKeyboard)
            #expect(f.log.only("WillHide").isEmpty == keepsKeyboard)
            f.app.dismissKeyboard()
            #expect(!f.app.isKeyboardVisible)
        }
    }

    @Test("§1.5 S8: a form sheet's default disablesAutomaticKeyboardDismissal is true")
    func formSheetDefault() {
        // The model's state is global (screen, behaviour, clock), and the last fixture's behaviour profile
        // stays in force after it: a fixture both holds the lock and starts from the spec's defaults.
        withFixture { _ in
            let controller = UIViewController()
            #expect(controller.disablesAutomaticKeyboardDismissal == false)
            controller.modalPresentationStyle = .formSheet
            #expect(controller.disablesAutomaticKeyboardDismissal)
        }
    }

    @Test("§9 #38: with a hardware keyboard and no accessory view, an iPad posts no keyboard notifications")
    func hardwareKeyboard() {
        withFixture(device: .iPad) { f in
            f.app.connectHardwareKeyboard(true)
            f.app.tap(f.a)
            #expect(f.a.isFirstResponder)
            #expect(f.notes.keyboard.isEmpty)
        }
    }

    @Test("§9 #38: with a hardware keyboard an accessory-only keyboard posts the show notifications with the bar's frame")
    func hardwareKeyboardAccessoryOnly() {
        withFixture(device: .iPad) { f in
            f.app.connectHardwareKeyboard(true)
            f.a.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 768, height: 44))
            f.app.tap(f.a)
            #expect(f.notes.keyboardLabels == Self.showSequence)
            let bar = CGRect(x: 0, y: 980, width: 768, height: 44)
            #expect(f.notes.keyboard.allSatisfy { $0.endFrame == bar })
            #expect(f.app.keyboardFrame == bar)
            f.log.entries.removeAll()
            f.app.tap(f.b)
            f.app.runUntilIdle()
            #expect(f.log.only("Will", "Did") == Self.hideSequence)
        }
    }

    @Test("§9 #38 / uikit-behaviour-2 #122: on a notched phone an accessory bar alone is flush with the screen bottom (switch: above the safe area)", arguments: [false, true])
    func accessoryOnlyNotched(respectsSafeArea: Bool) {
        var profile = BehaviorProfile.current
        profile.accessoryRespectsSafeArea = respectsSafeArea
        withFixture(device: .iPhoneNotched, profile: profile) { f in
            f.app.connectHardwareKeyboard(true)
            f.a.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 44))
            f.app.tap(f.a)
            #expect(f.notes.keyboardLabels == Self.showSequence)
            #expect(f.app.keyboardFrame == (respectsSafeArea
                ? CGRect(x: 0, y: 774, width: 393, height: 78) : CGRect(x: 0, y: 808, width: 393, height: 44)))
            // With the keys up the keyboard reaches the screen's bottom edge in both cases (§9 #64).
            f.app.connectHardwareKeyboard(false)
            #expect(f.app.keyboardFrame == CGRect(x: 0, y: 472, width: 393, height: 380))
        }
    }

    @Test("§2.6: connecting a hardware keyboard while editing hides the software keyboard")
    func connectWhileEditing() {
        withFixture(device: .iPad) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.connectHardwareKeyboard(true)
            #expect(f.log.only("Will", "Did") == Self.hideSequence)
        }
    }

    @Test("§9 #39: an inputView replaces the keyboard; the accessory sits above it")
    func inputViews() {
        withFixture { f in
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 180))
            f.a.inputAccessoryView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
            f.app.tap(f.a)
            #expect(f.app.keyboardFrame == CGRect(x: 0, y: 256, width: 320, height: 224))
        }
    }

    @Test("§2.7: a 30-pt custom input view on a notched iPhone gives the measured 69-pt keyboard (64 without the switch)", arguments: [(CGFloat(5), CGFloat(69)), (0, 64)])
    func inputViewNotched(extra: CGFloat, height: CGFloat) {
        var profile = BehaviorProfile.current
        profile.inputViewExtraBottomOnNotchedPhone = extra
        withFixture(device: .iPhoneNotched, profile: profile) { f in
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 30))
            f.app.tap(f.a)
            #expect(f.app.keyboardFrame?.height == height)
            #expect(f.app.keyboardFrame?.maxY == 852)
        }
    }

    @Test("§2.7: the extra points are for notched phones only: a 30-pt input view on the 320×480 phone is 30 high")
    func inputViewHomeButton() {
        withFixture { f in
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 30))
            f.app.tap(f.a)
            #expect(f.app.keyboardFrame?.height == 30)
        }
    }

    @Test("§9 #40: reloadInputViews does nothing unless the receiver is first responder")
    func reloadNotFirst() {
        withFixture { f in
            f.app.tap(f.a)
            let before = f.notes.keyboard.count
            f.b.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            f.b.reloadInputViews()
            f.app.runUntilIdle()
            #expect(f.notes.keyboard.count == before)
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            f.a.reloadInputViews()
            f.app.runUntilIdle()
            #expect(f.notes.keyboard.count == before + 4)
            #expect(f.app.keyboardFrame == CGRect(x: 0, y: 380, width: 320, height: 100))
        }
    }

    @Test("§2.7, §9 #40: reloading with inputView set back to nil brings the system keyboard back")
    func reloadBackToKeys() {
        withFixture { f in
            f.app.tap(f.a)
            let keys = f.app.keyboardFrame
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            f.a.reloadInputViews()
            f.app.runUntilIdle()
            f.a.inputView = nil
            f.a.reloadInputViews()
            f.app.runUntilIdle()
            #expect(f.a.isFirstResponder)
            #expect(f.app.keyboardFrame == keys)
            #expect(f.notes.keyboard.last?.name == UIResponder.keyboardDidShowNotification)
        }
    }

    @Test("§2.7, §9 #34: swapping one input view for another of the same height re-posts with FrameBegin == FrameEnd")
    func reloadEqualHeightPanels() throws {
        try withFixture { f in
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            f.app.tap(f.a)
            f.app.runUntilIdle()
            let before = f.notes.keyboard.count
            f.a.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            f.a.reloadInputViews()
            f.app.runUntilIdle()
            let posted = f.notes.keyboard.dropFirst(before)
            #expect(posted.map(\.name) == [
                UIResponder.keyboardWillChangeFrameNotification, UIResponder.keyboardWillShowNotification,
                UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification,
            ])
            let will = try #require(posted.first)
            #expect(will.beginFrame == will.endFrame)
            #expect(will.endFrame == CGRect(x: 0, y: 380, width: 320, height: 100))
        }
    }

    @Test("§9 #52: under the iOS 11 profile WillShow's FrameBegin has zero height; FrameEnd is right")
    func frameBeginZero() throws {
        try withFixture(profile: .iOS11) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.beginFrame?.height == 0)
            #expect(will.endFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
        }
    }

    @Test("§9 #64: on a notched iPhone the keyboard height includes the 34-pt bottom safe area")
    func notchedHeight() {
        withFixture(device: .iPhoneNotched) { f in
            f.app.tap(f.a)
            #expect(f.app.keyboardFrame == CGRect(x: 0, y: 516, width: 393, height: 336))
            #expect(f.controller.view.safeAreaInsets.bottom == 34)
            let covered = f.controller.view.keyboardLayoutGuide.layoutFrame
            #expect(covered == CGRect(x: 0, y: 516, width: 393, height: 336))
        }
    }

    @Test("§9 #60 / #62: with the keyboard hidden the layout guide sits on the bottom safe area; defaults")
    func layoutGuideHidden() {
        withFixture(device: .iPhoneNotched) { f in
            let guide = f.controller.view.keyboardLayoutGuide
            #expect(guide.layoutFrame == CGRect(x: 0, y: 818, width: 393, height: 34))
            #expect(guide.usesBottomSafeArea)
            #expect(guide.keyboardDismissPadding == 0)
            #expect(guide.followsUndockedKeyboard == false)
            guide.usesBottomSafeArea = false
            #expect(guide.layoutFrame == CGRect(x: 0, y: 852, width: 393, height: 0))
        }
    }

    @Test("§9 #60: after the keyboard hides, the guide's top is the safe area's bottom again and it ends at the view's bottom")
    func layoutGuideAfterHide() {
        withFixture(device: .iPhoneNotched) { f in
            let view = f.controller.view!
            let guide = view.keyboardLayoutGuide
            f.app.tap(f.a)
            #expect(guide.layoutFrame.minY == 516)
            f.a.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(guide.layoutFrame.minY == view.safeAreaLayoutGuide.layoutFrame.maxY)
            #expect(guide.layoutFrame.maxY == view.bounds.maxY)
            #expect(guide.layoutFrame.minY == 818)
            guide.usesBottomSafeArea = false
            #expect(guide.layoutFrame.minY == view.bounds.maxY)
            #expect(guide.layoutFrame.maxY == view.bounds.maxY)
        }
    }

    @Test("§1.5 S5: the .changeFrameAndShow profile re-posts on every switch with equal frames")
    func changeFrameProfile() {
        var profile = BehaviorProfile.current
        profile.focusSwitchKeyboardPosts = .changeFrameAndShow
        withFixture(profile: profile) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.tap(f.b)
            #expect(f.log.only("Will", "Did") == Self.showSequence)
        }
    }

    @Test("§2.2: a block observer registered with object: window (nil in viewDidLoad) receives nil-object posts only if nil")
    func observerObjectMatching() {
        withFixture { f in
            let log = Log()
            let window = f.controller.view.window
            let specific = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillShowNotification, object: window, queue: nil) { _ in log.add("window") }
            let any = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { _ in log.add("nil") }
            defer {
                NotificationCenter.default.removeObserver(specific)
                NotificationCenter.default.removeObserver(any)
            }
            f.app.tap(f.a)
            #expect(log.entries == ["nil"])
        }
    }

    @Test("§9 #54 / #56: an observer added twice fires twice; a block observer fires until removed")
    func duplicateObservers() {
        withFixture { f in
            let log = Log()
            var tokens: [NSObjectProtocol] = []
            for _ in 0..<2 {
                tokens.append(NotificationCenter.default.addObserver(
                    forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { _ in log.add("show") })
            }
            f.app.tap(f.a)
            #expect(log.entries == ["show", "show"])
            NotificationCenter.default.removeObserver(tokens[0])
            f.a.resignFirstResponder()
            f.app.tap(f.a)
            #expect(log.entries == ["show", "show", "show"])
            NotificationCenter.default.removeObserver(tokens[1])
        }
    }
}

@Suite("Keyboard replacement on focus switches")
struct KeyboardReplacementTests {
    @Test("§1.5 S5: switching to a field with another keyboardType re-posts WillChangeFrame, WillShow, DidChangeFrame, DidShow")
    func keyboardTypeChange() {
        withFixture { f in
            f.b.keyboardType = .numberPad
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.tap(f.b)
            #expect(f.log.only("Will", "Did") == KeyboardTests.showSequence)
            let last = f.notes.keyboard.last
            #expect(last?.beginFrame == last?.endFrame)
        }
    }
}

/// A profile and what a focus switch posts under it.
struct FocusSwitchCase: Sendable, CustomTestStringConvertible {
    let name: String
    let profile: BehaviorProfile
    let posted: [String]
    var testDescription: String { name }

    static let all: [FocusSwitchCase] = {
        var always = BehaviorProfile.current
        always.focusSwitchKeyboardPosts = .changeFrameAndShow
        return [
            FocusSwitchCase(name: ".current", profile: .current, posted: []),
            FocusSwitchCase(name: ".iOS10", profile: .iOS10, posted: ["WillHide", "WillShow", "DidShow"]),
            FocusSwitchCase(
                name: ".changeFrameAndShow", profile: always,
                posted: ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"]),
        ]
    }()
}

@Suite("Focus switches across profiles")
struct FocusSwitchProfileTests {
    @Test("§9 #32 / #33: what a tap on a second identical field posts, per profile", arguments: FocusSwitchCase.all)
    func switchPosts(_ testCase: FocusSwitchCase) {
        withFixture(profile: testCase.profile) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.tap(f.b)
            #expect(f.log.only("Will", "Did") == testCase.posted)
            #expect(f.b.isFirstResponder)
            #expect(f.app.isKeyboardVisible)
        }
    }
}
