import Testing
import UIKitModel
import UIKitSimulator

/// Addendum §A1: the notification object, coordinate spaces and userInfo keys on today's iOS.
@Suite("Keyboard notifications on modern iOS (§A1)")
struct ModernKeyboardNotificationTests {
    @Test("uikit-behaviour-2 #66: keyboard notification object is the UIScreen since iOS 16.1, nil before", arguments: [true, false])
    func notificationObject(modern: Bool) {
        withFixture(profile: modern ? .current : .iOS16) { f in
            f.app.tap(f.a)
            f.app.tap(f.controller.view)
            f.a.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(f.notes.keyboard.count == 8)
            for note in f.notes.keyboard {
                if modern {
                    #expect(note.object as? UIScreen === UIScreen.main)
                } else {
                    #expect(note.object == nil)
                }
            }
        }
    }

    @Test("uikit-behaviour-2 #67 / #68: object nil receives on every version; object: window never; object: screen only since 16.1", arguments: [BehaviorProfile.current, .iOS16, .iOS10])
    func observerObjects(profile: BehaviorProfile) {
        withFixture(profile: profile) { f in
            var counts = (any: 0, window: 0, screen: 0)
            let center = NotificationCenter.default
            let name = UIResponder.keyboardWillShowNotification
            let tokens = [
                center.addObserver(forName: name, object: nil, queue: nil) { _ in counts.any += 1 },
                center.addObserver(forName: name, object: f.controller.view.window, queue: nil) { _ in counts.window += 1 },
                center.addObserver(forName: name, object: UIScreen.main, queue: nil) { _ in counts.screen += 1 },
            ]
            defer { tokens.forEach(center.removeObserver) }
            f.app.tap(f.a)
            #expect(counts.any == 1)
            #expect(counts.window == 0)
            #expect(counts.screen == (profile.keyboardNotificationObject == .screen ? 1 : 0))
        }
    }

    @Test("uikit-behaviour-2 #69: Apple's sample: bottom offset from the intersection, safe area when hidden", arguments: [(Device.iPhone4, CGFloat(216), CGFloat(0)), (.iPhoneNotched, 336, 34)])
    func appleSample(device: Device, shown: CGFloat, hidden: CGFloat) {
        withFixture(device: device) { f in
            var offsets: [CGFloat] = []
            let view = f.controller.view!
            let token = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil
            ) { note in
                guard let screen = note.object as? UIScreen,
                    let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
                else { return }
                let converted = screen.coordinateSpace.convert(end, to: view)
                var bottomOffset = view.safeAreaInsets.bottom
                let intersection = view.bounds.intersection(converted)
                if !intersection.isEmpty { bottomOffset = view.bounds.maxY - intersection.minY }
                offsets.append(bottomOffset)
            }
            defer { NotificationCenter.default.removeObserver(token) }
            f.app.tap(f.a)
            f.a.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(offsets == [shown, hidden])
        }
    }

    @Test("uikit-behaviour-2 #70: convert(_:from: nil) is from the window's coordinates; equal to the screen space only for a full-screen window")
    func convertFromNil() {
        withFixture { f in
            let end = CGRect(x: 0, y: 264, width: 320, height: 216)
            let full = f.controller.view!
            #expect(full.convert(end, from: nil) == UIScreen.main.coordinateSpace.convert(end, to: full))

            let slideOver = UIWindow(frame: CGRect(x: 40, y: 60, width: 200, height: 300))
            let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
            slideOver.addSubview(view)
            #expect(view.convert(end, from: nil) == CGRect(x: -10, y: 254, width: 320, height: 216))
            #expect(UIScreen.main.coordinateSpace.convert(end, to: view) == CGRect(x: -50, y: 194, width: 320, height: 216))
            #expect(view.convert(end, from: UIScreen.main.coordinateSpace) == CGRect(x: -50, y: 194, width: 320, height: 216))
            // The two-step idiom: the window converts from the screen, then the view from the window.
            #expect(view.convert(slideOver.convert(end, from: nil), from: nil) == CGRect(x: -50, y: 194, width: 320, height: 216))
            #expect(slideOver.convert(CGPoint(x: 5, y: 5), to: nil) == CGPoint(x: 45, y: 65))
            #expect(view.convert(CGPoint.zero, to: nil) == CGPoint(x: 10, y: 10))
        }
    }

    @Test("uikit-behaviour-2 #71: the deprecated keys are derived from the frames (414×736 dump)")
    @available(*, deprecated)
    func legacyKeys() throws {
        try withFixture(device: .iPhonePlus) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            let info = try #require(will.userInfo)
            #expect(info[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect == CGRect(x: 0, y: 736, width: 414, height: 271))
            #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == CGRect(x: 0, y: 465, width: 414, height: 271))
            #expect(info[UIKeyboardBoundsUserInfoKey] as? CGRect == CGRect(x: 0, y: 0, width: 414, height: 271))
            #expect(info[UIKeyboardCenterBeginUserInfoKey] as? CGPoint == CGPoint(x: 207, y: 871.5))
            #expect(info[UIKeyboardCenterEndUserInfoKey] as? CGPoint == CGPoint(x: 207, y: 600.5))
            #expect(info.count == 8)
        }
        var profile = BehaviorProfile.current
        profile.legacyKeyboardUserInfoKeys = false
        try withFixture(profile: profile) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.userInfo?[UIKeyboardBoundsUserInfoKey] == nil)
            #expect(will.userInfo?.count == 5)
        }
    }

    @Test("uikit-behaviour-2 #72: FrameBegin and FrameEnd may differ in height (iPad 820×1180: 279 vs 337)")
    @available(*, deprecated)
    func beginEndSizes() throws {
        var profile = BehaviorProfile.current
        profile.frameBeginHeightOverride = 279
        try withFixture(device: .iPadAir, profile: profile) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(will.beginFrame == CGRect(x: 0, y: 1180, width: 820, height: 279))
            #expect(will.endFrame == CGRect(x: 0, y: 843, width: 820, height: 337))
            #expect(will.userInfo?[UIKeyboardCenterBeginUserInfoKey] as? CGPoint == CGPoint(x: 410, y: 1319.5))
            #expect(will.userInfo?[UIKeyboardCenterEndUserInfoKey] as? CGPoint == CGPoint(x: 410, y: 1011.5))
            #expect(will.userInfo?[UIKeyboardBoundsUserInfoKey] as? CGRect == CGRect(x: 0, y: 0, width: 820, height: 337))
        }
    }

    @Test("uikit-behaviour-2 #73: keyboardIsLocal is NSNumber 1 on iOS 9+, absent on the iOS 6 profile", arguments: [true, false])
    func isLocal(modern: Bool) throws {
        try withFixture(profile: modern ? .current : .iOS6) { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            let value = will.userInfo?[UIResponder.keyboardIsLocalUserInfoKey]
            if modern {
                #expect((value as? NSNumber)?.intValue == 1)
                #expect(value as? Bool == true)
            } else {
                #expect(value == nil)
                #expect(will.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 0)
            }
        }
    }

    @Test("uikit-behaviour-2 #91: portrait keyboard heights with the predictive bar", arguments: [
        (Device.iPhone5, CGFloat(253)), (.iPhoneSE, 258), (.iPhonePlus, 271), (.iPadAir, 337),
    ])
    func predictiveHeights(device: Device, height: CGFloat) {
        withFixture(device: device) { f in
            f.app.tap(f.a)
            #expect(f.app.keyboardFrame?.height == height)
            #expect(f.app.keyboardFrame?.maxY == device.screenSize.height)
        }
    }
}
