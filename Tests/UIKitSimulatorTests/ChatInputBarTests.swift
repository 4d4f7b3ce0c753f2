import Testing
import UIKitModel
import UIKitSimulator

@Suite("Chat input bars (§A6)")
struct ChatInputBarTests {
    private static let barAlone = CGRect(x: 0, y: 430, width: 320, height: 50)
    private static let barAndKeys = CGRect(x: 0, y: 214, width: 320, height: 266)

    @Test("uikit-behaviour-2 #119: a controller's accessory bar appears only if it can become and is first responder")
    func barNeedsFirstResponder() {
        withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            controller.acceptsFirstResponder = false
            app.show(controller)
            #expect(!controller.isFirstResponder)
            #expect(app.keyboardFrame == nil)
            controller.acceptsFirstResponder = true
            #expect(controller.becomeFirstResponder())
            app.runUntilIdle()
            #expect(app.keyboardFrame == Self.barAlone)
        }
    }

    @Test("uikit-behaviour-2 #119: after another text field takes first responder and resigns, the bar is gone until the controller asks again")
    func otherFieldTakesBar() {
        withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            let search = UITextField(frame: CGRect(x: 20, y: 40, width: 280, height: 31))
            controller.loadViewIfNeeded()
            controller.view.addSubview(search)
            app.show(controller)
            app.tap(search)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
            search.resignFirstResponder()
            app.runUntilIdle()
            #expect(app.keyboardFrame == nil)
            #expect(!controller.isFirstResponder)
            controller.becomeFirstResponder()
            app.runUntilIdle()
            #expect(app.keyboardFrame == Self.barAlone)
        }
    }

    @Test("uikit-behaviour-2 #120: a controller becoming first responder without a keyboard posts keyboardWillShow with the bar's frame at the bottom")
    func barAlonePostsWillShow() throws {
        try withSimulator(device: .iPhone4) { app in
            let keyboard = KeyboardLog(Log())
            let controller = ChatBarController()
            app.show(controller)
            #expect(keyboard.labels == ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"])
            let show = try #require(keyboard.notes.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(show.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == Self.barAlone)
        }
    }

    @Test("uikit-behaviour-2 #121: when the bar's text view becomes first responder the frame is keyboard plus bar")
    func barTextViewBecomesFirst() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            app.show(controller)
            let keyboard = KeyboardLog(Log())
            app.tap(controller.input)
            #expect(controller.input.isFirstResponder)
            #expect(!controller.isFirstResponder)
            #expect(keyboard.labels == ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"])
            let show = try #require(keyboard.notes.first { $0.name == UIResponder.keyboardWillShowNotification })
            #expect(show.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == Self.barAndKeys)
            #expect((show.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height == CGFloat(216 + 50))
            app.type("hi")
            #expect(controller.input.text == "hi")
        }
    }

    @Test("§A6: when the bar's text view resigns, the controller keeps the bar and only the frame-change pair is posted (switch)", arguments: [
        BehaviorProfile.AccessoryOnlyAfterResign.changeFrameOnly, .hideThenShow,
    ])
    func barStaysAfterResign(posts: BehaviorProfile.AccessoryOnlyAfterResign) {
        var profile = BehaviorProfile.current
        profile.accessoryOnlyAfterResign = posts
        withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = ChatBarController()
            app.show(controller)
            app.tap(controller.input)
            let keyboard = KeyboardLog(Log())
            controller.input.resignFirstResponder()
            app.runUntilIdle()
            #expect(controller.isFirstResponder)
            #expect(app.keyboardFrame == Self.barAlone)
            #expect(keyboard.labels == (posts == .changeFrameOnly
                ? ["WillChangeFrame", "DidChangeFrame"]
                : ["WillChangeFrame", "WillHide", "WillShow", "DidChangeFrame", "DidHide", "DidShow"]))
        }
    }

    @Test("uikit-behaviour-2 #122: on a notched phone the bar alone is flush with the screen bottom; with keys it sits on them")
    func notchedPlacement() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = ChatBarController()
            controller.bar.frame.size.width = 393
            app.show(controller)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 802, width: 393, height: 50))
            app.tap(controller.input)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 466, width: 393, height: 386))
            controller.input.resignFirstResponder()
            app.runUntilIdle()
            #expect(app.keyboardFrame == CGRect(x: 0, y: 802, width: 393, height: 50))
        }
    }

    @Test("uikit-behaviour-2 #101 / #103: an interactive drag moves keys and bar with the finger; on release the bar stays at the bottom")
    func interactiveWithBar() {
        withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            controller.scrollView.keyboardDismissMode = .interactive
            app.show(controller)
            app.tap(controller.input)
            let keyboard = KeyboardLog(Log())
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 400), lift: false)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 400, width: 320, height: 266))
            #expect(keyboard.labels.isEmpty)
            app.liftFinger()
            #expect(controller.isFirstResponder)
            #expect(app.keyboardFrame == Self.barAlone)
            #expect(keyboard.labels == ["WillChangeFrame", "DidChangeFrame"])
        }
    }
}

@Suite("Chat input bars and rotation")
struct ChatBarRotationTests {
    @Test("§2.8 with §A6: rotating while the bar's text view edits brings keys and bar back with the text view still first responder")
    func rotateWhileEditingInBar() {
        withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            app.show(controller)
            app.tap(controller.input)
            app.rotate(to: .landscapeLeft)
            #expect(controller.input.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 320 - 162 - 50, width: 480, height: 212))
        }
    }
}
