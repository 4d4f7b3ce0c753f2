import Testing
import UIKitModel
import UIKitSimulator

/// uikit-behaviour-3 §B1/§B2: iOS 26's typed keyboard and text messages, fed from the notifications' posts.
@Suite("Typed notification messages (uikit-behaviour-3 §B1, §B2)")
struct TypedMessageTests {
    /// Observes the six keyboard messages for any screen into the fixture's log, as `msg:WillShow` and so on.
    final class KeyboardMessageLog {
        var tokens: [NotificationCenter.ObservationToken] = []
        var willShow: [UIResponder.KeyboardWillShowMessage] = []

        init(log: Log, center: NotificationCenter = .default) {
            tokens = [
                center.addObserver(of: UIScreen.self, for: .keyboardWillChangeFrame) { _ in log.add("msg:WillChangeFrame") },
                center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { [unowned self] message in
                    willShow.append(message)
                    log.add("msg:WillShow")
                },
                center.addObserver(of: UIScreen.self, for: .keyboardDidChangeFrame) { _ in log.add("msg:DidChangeFrame") },
                center.addObserver(of: UIScreen.self, for: .keyboardDidShow) { _ in log.add("msg:DidShow") },
                center.addObserver(of: UIScreen.self, for: .keyboardWillHide) { _ in log.add("msg:WillHide") },
                center.addObserver(of: UIScreen.self, for: .keyboardDidHide) { _ in log.add("msg:DidHide") },
            ]
        }
    }

    @Test("uikit-behaviour-3 #126 / #127 / #128: six keyboard messages with UIKit's fields, names and identifiers")
    func keyboardDeclarations() {
        withFixture { _ in
            let names: [(Notification.Name, Notification.Name)] = [
                (UIResponder.KeyboardWillShowMessage.name, UIResponder.keyboardWillShowNotification),
                (UIResponder.KeyboardDidShowMessage.name, UIResponder.keyboardDidShowNotification),
                (UIResponder.KeyboardWillHideMessage.name, UIResponder.keyboardWillHideNotification),
                (UIResponder.KeyboardDidHideMessage.name, UIResponder.keyboardDidHideNotification),
                (UIResponder.KeyboardWillChangeFrameMessage.name, UIResponder.keyboardWillChangeFrameNotification),
                (UIResponder.KeyboardDidChangeFrameMessage.name, UIResponder.keyboardDidChangeFrameNotification),
            ]
            for (message, notification) in names { #expect(message == notification) }
            let identifier: NotificationCenter.BaseMessageIdentifier<UIResponder.KeyboardDidChangeFrameMessage> = .keyboardDidChangeFrame
            _ = identifier
            var message = UIResponder.KeyboardWillHideMessage(
                beginFrame: CGRect(x: 0, y: 264, width: 320, height: 216), endFrame: CGRect(x: 0, y: 480, width: 320, height: 216),
                animationDuration: 0.25, animationCurve: UIView.AnimationCurve(rawValue: 7)!, isLocal: true, screen: UIScreen.main)
            message.isLocal = false
            #expect(message.beginFrame.minY == 264 && message.endFrame.minY == 480 && !message.isLocal)
            #expect(message.animationDuration == 0.25 && message.animationCurve.rawValue == 7 && message.screen === UIScreen.main)
        }
    }

    @Test("uikit-behaviour-3 #129 / #130: of: UIScreen.self receives the keyboard, with the values of the same post")
    func fieldsCarryTheNotificationsValues() throws {
        try withFixture(device: .iPhoneNotched) { f in
            let messages = KeyboardMessageLog(log: f.log)
            f.app.tap(f.a)
            let note = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            let message = try #require(messages.willShow.first)
            #expect(messages.willShow.count == 1)
            #expect(message.beginFrame == note.beginFrame)
            #expect(message.endFrame == note.endFrame)
            #expect(message.endFrame == CGRect(x: 0, y: 516, width: 393, height: 336))
            #expect(message.animationDuration == note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double)
            #expect(message.animationDuration == 0.25)
            #expect(message.animationCurve.rawValue == note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int)
            #expect(message.animationCurve.rawValue == 7)
            #expect(message.isLocal)
            #expect(message.screen === note.object as? UIScreen)
            #expect(message.screen === UIScreen.main)
        }
    }

    @Test("uikit-behaviour-3 #132 / #135: a show, a focus switch and a hide post the messages one-to-one with the notifications")
    func oneToOne() {
        withFixture { f in
            let messages = KeyboardMessageLog(log: f.log)
            f.app.tap(f.a)
            #expect(f.log.only("msg:") == ["msg:WillChangeFrame", "msg:WillShow", "msg:DidChangeFrame", "msg:DidShow"])
            #expect(f.log.only("msg:").map { $0.dropFirst(4) } == f.notes.keyboardLabels.map { Substring($0) })
            f.log.entries.removeAll()
            f.app.tap(f.b)
            #expect(f.log.only("msg:", "Will", "Did").isEmpty, "a switch between identical fields posts neither (§9 #32)")
            f.b.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(f.log.only("msg:") == ["msg:WillChangeFrame", "msg:WillHide", "msg:DidChangeFrame", "msg:DidHide"])
            #expect(f.notes.keyboard.count == 8)
            _ = messages
        }
    }

    @Test("uikit-behaviour-3 #133: observers of one post run in registration order, notification and message observers mixed")
    func registrationOrderMixed() {
        withFixture { f in
            let center = NotificationCenter.default
            let name = UIResponder.keyboardWillShowNotification
            let first = center.addObserver(forName: name, object: nil, queue: nil) { _ in f.log.add("order:block 1") }
            let message = center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in f.log.add("order:message") }
            let second = center.addObserver(forName: name, object: nil, queue: .main) { _ in f.log.add("order:block 2") }
            let typed = center.addObserver(for: UIResponder.KeyboardWillShowMessage.self) { _ in f.log.add("order:message 2") }
            defer { [first, second].forEach(center.removeObserver) }
            f.app.tap(f.a)
            #expect(f.log.only("order:") == ["order:block 1", "order:message", "order:block 2", "order:message 2"])
            _ = (message, typed)
        }
    }

    @Test("uikit-behaviour-3 #134: the Will message arrives inside becomeFirstResponder, the Did message after the animation")
    func synchronousDelivery() {
        withFixture { f in
            let messages = KeyboardMessageLog(log: f.log)
            #expect(f.a.becomeFirstResponder())
            #expect(f.log.only("msg:") == ["msg:WillChangeFrame", "msg:WillShow"])
            #expect(f.log.entries.firstIndex(of: "didBegin(a)")! < f.log.entries.firstIndex(of: "msg:WillShow")!)
            f.app.advance(by: 0.2)
            #expect(f.log.only("msg:").count == 2)
            f.app.advance(by: 0.05)
            #expect(f.log.only("msg:") == ["msg:WillChangeFrame", "msg:WillShow", "msg:DidChangeFrame", "msg:DidShow"])
            _ = messages
        }
    }

    @Test("uikit-behaviour-3 #131: text field and text view messages carry their input; the subject's type picks the identifier")
    func textMessages() {
        withFixture { f in
            let center = NotificationCenter.default
            var received: [String] = []
            let tokens = [
                center.addObserver(of: f.a, for: .textDidBeginEditing) { m in received.append("begin \(m.textField.accessibilityIdentifier!)") },
                center.addObserver(of: f.a, for: .textDidChange) { m in received.append("change \(m.textField.text ?? "")") },
                center.addObserver(of: UITextField.self, for: .textDidEndEditing) { m in
                    received.append("end \(m.textField.accessibilityIdentifier!) \(String(describing: m.reason))")
                },
                center.addObserver(of: f.textView, for: .textDidChange) { m in received.append("view change \(m.textView.text ?? "")") },
                center.addObserver(of: UITextView.self, for: .textDidBeginEditing) { m in received.append("view begin \(m.textView === f.textView)") },
                center.addObserver(of: f.textView, for: .textDidEndEditing) { _ in received.append("view end") },
            ]
            f.app.tap(f.a)
            f.app.type("hi")
            f.app.tap(f.textView)
            f.app.type("yo")
            f.textView.resignFirstResponder()
            f.app.runUntilIdle()
            #expect(received == [
                "begin a", "change h", "change hi", "end a nil",
                "view begin true", "view change y", "view change yo", "view end",
            ])
            _ = tokens
        }
    }

    @Test("uikit-behaviour-3 #131: TextDidEndEditingMessage's reason comes from didEndEditingReasonUserInfoKey, nil when absent")
    func endEditingReason() {
        withFixture { f in
            MainActor.assumeIsolated {
                let message = UITextField.TextDidEndEditingMessage(reason: .committed, textField: f.a)
                let note = UITextField.TextDidEndEditingMessage.makeNotification(message)
                #expect(note.name == UITextField.textDidEndEditingNotification && note.object as? UITextField === f.a)
                #expect(UITextField.TextDidEndEditingMessage.makeMessage(note)?.reason == .committed)
                let plain = Notification(name: UITextField.textDidEndEditingNotification, object: f.a)
                #expect(UITextField.TextDidEndEditingMessage.makeMessage(plain)?.reason == nil)
                #expect(UITextField.TextDidEndEditingMessage.makeMessage(Notification(name: plain.name, object: f.textView)) == nil)
            }
        }
    }

    /// A lesson's own message, with no notification counterpart.
    struct DraftSaved: NotificationCenter.MainActorMessage {
        typealias Subject = UITextField
        var characters: Int
    }

    @Test("uikit-behaviour-3 §B1.3: a posted keyboard message reaches message observers as posted and notification observers through makeNotification")
    func postingAMessage() {
        withFixture { f in
            let center = NotificationCenter.default
            var received: [UIResponder.KeyboardDidShowMessage] = []
            let token = center.addObserver(of: UIScreen.main, for: .keyboardDidShow) { received.append($0) }
            let end = CGRect(x: 0, y: 264, width: 320, height: 216)
            MainActor.assumeIsolated {
                let message = UIResponder.KeyboardDidShowMessage(
                    beginFrame: CGRect(x: 0, y: 480, width: 320, height: 216), endFrame: end, animationDuration: 0.3,
                    animationCurve: .easeOut, isLocal: true, screen: UIScreen.main)
                center.post(message, subject: UIScreen.main)
                center.post(message)
            }
            #expect(received.count == 1, "post(_:) has no subject, so an observer of one screen does not hear it")
            #expect(received.first?.animationCurve == .easeOut && received.first?.animationDuration == 0.3)
            #expect(f.notes.keyboardLabels == ["DidShow", "DidShow"])
            let note = f.notes.keyboard[0]
            #expect(note.object as? UIScreen === UIScreen.main && f.notes.keyboard[1].object == nil)
            #expect(note.endFrame == end)
            #expect(note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0.3)
            #expect(note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 2)
            #expect(note.userInfo?[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
            _ = token
        }
    }

    @Test("uikit-behaviour-3 §B2.1: a lesson's own MainActorMessage is posted and observed in registration order, filtered by subject")
    func customMessage() {
        withFixture { f in
            let center = NotificationCenter.default
            var heard: [String] = []
            let tokens = [
                center.addObserver(of: f.a, for: DraftSaved.self) { heard.append("a \($0.characters)") },
                center.addObserver(for: DraftSaved.self) { heard.append("any \($0.characters)") },
                center.addObserver(of: f.b, for: DraftSaved.self) { heard.append("b \($0.characters)") },
            ]
            MainActor.assumeIsolated {
                center.post(DraftSaved(characters: 3), subject: f.a)
                center.post(DraftSaved(characters: 5))
            }
            #expect(heard == ["a 3", "any 3", "any 5"])
            _ = tokens
        }
    }
}
