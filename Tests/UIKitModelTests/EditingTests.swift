import Testing
import UIKitModel
import UIKitSimulator

@Suite("Text field and text view editing (§1)")
struct EditingTests {
    @Test("§9 #1: shouldBeginEditing false leaves the field idle, with no keyboard or notification")
    func shouldBeginFalse() {
        withFixture { f in
            f.delegate.shouldBegin = false
            f.app.tap(f.a)
            #expect(!f.a.isFirstResponder)
            #expect(!f.app.isKeyboardVisible)
            #expect(f.log.entries == ["shouldBegin(a)"])
        }
    }

    @Test("§9 #2: didBeginEditing runs after becoming first responder, then textDidBeginEditingNotification with the field")
    func didBeginThenNotification() {
        withFixture { f in
            let seen = Log()
            let token = NotificationCenter.default.addObserver(
                forName: UITextField.textDidBeginEditingNotification, object: f.a, queue: nil
            ) { note in seen.add("\((note.object as? UITextField)?.isFirstResponder ?? false)") }
            defer { NotificationCenter.default.removeObserver(token) }
            f.app.tap(f.a)
            #expect(f.log.only("didBegin", "note:fieldBegin") == ["didBegin(a)", "note:fieldBegin(a)"])
            #expect(seen.entries == ["true"])
        }
    }

    @Test("§9 #15: shouldChangeCharactersIn sees the old text; ranges grow from {0, 0}")
    func shouldChangeSeesOldText() {
        withFixture { f in
            f.app.tap(f.a)
            f.app.type("Hi")
            #expect(f.delegate.textAtShouldChange == ["", "H"])
            #expect(f.log.only("shouldChange") == ["shouldChange(a, {0, 0}, H)", "shouldChange(a, {1, 0}, i)"])
            #expect(f.a.text == "Hi")
        }
    }

    @Test("§1.5 S2: deleting calls shouldChange with length 1 and an empty string")
    func deleteBackward() {
        withFixture { f in
            f.app.tap(f.a)
            f.app.type("ab")
            f.log.entries.removeAll()
            f.app.deleteBackward()
            #expect(f.log.only("shouldChange") == ["shouldChange(a, {1, 1}, )"])
            #expect(f.a.text == "a")
        }
    }

    @Test("§9 #16: shouldChange false changes nothing and sends no event or notification")
    func shouldChangeFalse() {
        withFixture { f in
            var edits = 0
            f.a.addAction(UIAction { _ in edits += 1 }, for: .editingChanged)
            f.app.tap(f.a)
            f.delegate.shouldChange = false
            f.log.entries.removeAll()
            f.app.type("x")
            #expect(f.a.text == "")
            #expect(edits == 0)
            #expect(f.log.entries == ["shouldChange(a, {0, 0}, x)"])
        }
    }

    @Test("§9 #17 / §1.5 S2: an accepted keystroke: change, selection, .editingChanged, then textDidChangeNotification")
    func acceptedKeystroke() {
        withFixture { f in
            var textInAction: String?
            f.a.addAction(UIAction { _ in
                textInAction = f.a.text
                f.log.add("editingChanged")
            }, for: .editingChanged)
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.type("x")
            #expect(f.log.entries == ["shouldChange(a, {0, 0}, x)", "didChangeSelection(a)", "editingChanged", "note:fieldChange(a)"])
            #expect(textInAction == "x")
        }
    }

    @Test("§1.5 S2: iOS 10 has no textFieldDidChangeSelection")
    func noSelectionCallbackOnIOS10() {
        withFixture(profile: .iOS10) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.type("x")
            #expect(f.log.only("didChangeSelection").isEmpty)
        }
    }

    @Test("§9 #18: assigning text in code sends no action and calls no delegate method")
    func programmaticText() {
        withFixture { f in
            var edits = 0
            f.a.addAction(UIAction { _ in edits += 1 }, for: .editingChanged)
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.a.text = "code"
            f.app.runUntilIdle()
            #expect(edits == 0)
            #expect(f.log.entries.isEmpty)
        }
    }

    @Test("§9 #19: textViewDidChange is for user edits only")
    func textViewDidChangeUserOnly() {
        withFixture { f in
            f.textView.text = "code"
            #expect(!f.log.entries.contains("tvDidChange"))
            f.app.tap(f.textView)
            f.log.entries.removeAll()
            f.app.type("!")
            #expect(f.log.entries.filter { $0 == "tvDidChange" } == ["tvDidChange"])
            #expect(f.textView.text == "code!")
        }
    }

    @Test("§1.5 S2': typing into a text view: shouldChangeTextIn, selection, didChange, notification", arguments: [true, false])
    func textViewTypingOrder(selectionFirst: Bool) {
        var profile = BehaviorProfile.current
        profile.textViewSelectionBeforeChange = selectionFirst
        withFixture(profile: profile) { f in
            f.app.tap(f.textView)
            f.log.entries.removeAll()
            f.app.type("a")
            let middle = selectionFirst ? ["tvDidChangeSelection(1)", "tvDidChange"] : ["tvDidChange", "tvDidChangeSelection(1)"]
            #expect(f.log.entries == ["tvShouldChange(a)"] + middle + ["note:viewChange(tv)"])
        }
    }

    @Test("§1.2: Return in a text view arrives as shouldChangeTextIn with \"\\n\"")
    func textViewReturn() {
        withFixture { f in
            f.app.tap(f.textView)
            f.log.entries.removeAll()
            f.app.tapReturn()
            #expect(f.log.entries.first == "tvShouldChange(\\n)")
            #expect(f.textView.text == "\n")
        }
    }

    @Test("§9 #20: textViewDidChangeSelection fires for programmatic changes even without a window")
    func selectionWithoutWindow() {
        SimulationLock.run {
            _ = Simulator()
            let log = Log()
            let delegate = LoggingDelegate(log: log)
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            textView.delegate = delegate
            textView.text = "Placeholder"
            #expect(textView.window == nil)
            #expect(log.entries == ["tvDidChangeSelection(11)"])
        }
    }

    @Test("§9 #21: shouldClear is asked for the clear button and when editing begins with clearsOnBeginEditing")
    func shouldClearBothWays() {
        withFixture { f in
            f.a.text = "old"
            f.a.clearsOnBeginEditing = true
            f.app.tap(f.a)
            #expect(f.log.entries.prefix(2) == ["shouldBegin(a)", "shouldClear(a)"])
            #expect(f.a.text == "")
            f.a.clearButtonMode = .whileEditing
            f.app.type("new")
            f.log.entries.removeAll()
            f.app.tapClearButton()
            #expect(f.log.entries == ["shouldClear(a)", "note:fieldChange(a)"])
            #expect(f.a.text == "")
        }
    }

    @Test("§9 #22: shouldClear false leaves the text and posts nothing")
    func shouldClearFalse() {
        withFixture { f in
            f.a.clearButtonMode = .always
            f.app.tap(f.a)
            f.app.type("keep")
            f.delegate.shouldClear = false
            f.log.entries.removeAll()
            f.app.tapClearButton()
            #expect(f.a.text == "keep")
            #expect(f.log.entries == ["shouldClear(a)"])
        }
    }

    @Test("§9 #23: Return asks shouldReturn and does not resign by itself")
    func returnDoesNotResign() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.tapReturn()
            #expect(f.log.only("shouldReturn", "shouldEnd", "didEnd") == ["shouldReturn(a) begin", "shouldReturn(a) end"])
            #expect(f.a.isFirstResponder)
            #expect(f.app.isKeyboardVisible)
        }
    }

    @Test("§1.5 S4: an .editingDidEndOnExit action makes Return resign the field")
    func didEndOnExitResigns() {
        withFixture { f in
            f.a.addAction(UIAction { _ in }, for: .editingDidEndOnExit)
            f.app.tap(f.a)
            f.app.tapReturn()
            #expect(!f.a.isFirstResponder)
            #expect(!f.app.isKeyboardVisible)
        }
    }

    @Test("§9 #24: becomeFirstResponder inside shouldReturn runs the other field's didBegin before shouldReturn returns")
    func nestedBecomeInShouldReturn() {
        withFixture { f in
            f.delegate.onReturn = { _ in f.b.becomeFirstResponder() }
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.app.tapReturn()
            #expect(f.log.only("shouldReturn", "didBegin", "didEnd") == [
                "shouldReturn(a) begin", "didEnd(a)", "didBegin(b)", "shouldReturn(a) end",
            ])
        }
    }

    @Test("§9 #25: shouldEndEditing false makes resignFirstResponder return false; the keyboard stays")
    func shouldEndFalse() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            #expect(f.a.resignFirstResponder() == false)
            #expect(f.a.isFirstResponder)
            f.app.runUntilIdle()
            #expect(f.app.isKeyboardVisible)
        }
    }

    @Test("§9 #26: didEndEditing(A) precedes didBeginEditing(B) inside B.becomeFirstResponder()")
    func focusSwitchOrder() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            #expect(f.b.becomeFirstResponder())
            // Everything happened synchronously inside the call.
            #expect(f.log.only("should", "did", "note:") == [
                "shouldBegin(b)", "shouldEnd(a)", "didEnd(a)", "note:fieldEnd(a)", "didBegin(b)", "note:fieldBegin(b)",
            ])
        }
    }

    @Test("§1.5 S5: with the Apple-doc ordering, shouldEnd(A) is asked before shouldBegin(B)")
    func focusSwitchDocOrder() {
        var profile = BehaviorProfile.current
        profile.shouldBeginNewBeforeShouldEndOld = false
        profile.canBecomeFirstResponderAsksDelegate = false
        withFixture(profile: profile) { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            f.b.becomeFirstResponder()
            #expect(f.log.only("should").prefix(2) == ["shouldEnd(a)", "shouldBegin(b)"])
        }
    }

    @Test("§9 #27: when A refuses to end editing, B does not become first responder")
    func refusalBlocksSwitch() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            #expect(f.b.becomeFirstResponder() == false)
            #expect(f.a.isFirstResponder)
            #expect(!f.b.isFirstResponder)
        }
    }

    @Test("§9 #28: canBecomeFirstResponder asks textFieldShouldBeginEditing")
    func canBecomeAsksDelegate() {
        withFixture { f in
            _ = f.a.canBecomeFirstResponder
            #expect(f.log.entries == ["shouldBegin(a)"])
        }
    }

    @Test("§9 #29: only the reason variant of didEndEditing is called when both exist, with .committed")
    func reasonVariantWins() {
        final class Both: NSObject, UITextFieldDelegate {
            var calls: [String] = []
            func textFieldDidEndEditing(_ textField: UITextField) { calls.append("plain") }
            func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
                calls.append("reason \(reason == .committed ? "committed" : "cancelled")")
            }
        }
        withFixture { f in
            let both = Both()
            f.a.delegate = both
            f.app.tap(f.a)
            f.a.resignFirstResponder()
            #expect(both.calls == ["reason committed"])
        }
    }

    @Test("§9 #30: endEditing(true) forces resignation without asking shouldEndEditing; didEnd still runs")
    func endEditingForce() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            f.log.entries.removeAll()
            #expect(f.controller.view.endEditing(true))
            #expect(!f.a.isFirstResponder)
            #expect(f.log.only("should", "didEnd") == ["didEnd(a)"])
        }
    }

    @Test("§9 #31: endEditing(false) returns false and keeps editing when shouldEndEditing refuses")
    func endEditingPolite() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            f.log.entries.removeAll()
            #expect(f.controller.view.endEditing(false) == false)
            #expect(f.a.isFirstResponder)
            // The delegate was asked, and refusing means no didEndEditing and no hide.
            #expect(f.log.only("shouldEnd", "didEnd", "note:fieldEnd", "WillHide") == ["shouldEnd(a)"])
            #expect(f.app.isKeyboardVisible)
        }
    }

    @Test("§9 #59: a plain UIView cannot become first responder")
    func plainViewCannotBecome() {
        withFixture { f in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            f.controller.view.addSubview(view)
            #expect(view.canBecomeFirstResponder == false)
            #expect(view.becomeFirstResponder() == false)
            #expect(UIResponder().canBecomeFirstResponder == false)
        }
    }

    @Test("Misuse: becomeFirstResponder outside a window returns false and calls no delegate")
    func becomeOutsideWindow() {
        withFixture(show: false) { f in
            let field = UITextField(frame: .zero)
            field.delegate = f.delegate
            #expect(field.becomeFirstResponder() == false)
            #expect(f.log.entries.isEmpty)
            #expect(field.resignFirstResponder())
        }
    }

    @Test("Misuse: nil delegates, zero-size views, and deleting, clearing or tapping with no first responder do not crash (typing stops the program: ImpossibleKeystrokeTests)")
    func misuse() {
        withFixture { f in
            f.a.delegate = nil
            let zero = UITextField(frame: .zero)
            f.controller.view.addSubview(zero)
            #expect(zero.becomeFirstResponder())
            f.app.type("x")
            #expect(zero.text == "x")
            zero.resignFirstResponder()
            f.app.deleteBackward()
            f.app.tapClearButton()
            f.app.tap(at: CGPoint(x: -10, y: -10))
            #expect(f.app.firstResponder == nil)
        }
    }

    @Test("A field removed from the window while editing is forced to end editing")
    func removalForcesEnd() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            f.log.entries.removeAll()
            f.a.removeFromSuperview()
            #expect(f.log.only("should", "didEnd") == ["didEnd(a)"])
            #expect(f.app.firstResponder == nil)
        }
    }
}

@Suite("Focus edge cases")
struct FocusEdgeCaseTests {
    @Test("A delegate that moves focus to a third field inside didEndEditing keeps the keyboard up")
    func focusMovedInsideDidEnd() {
        final class Mover: NSObject, UITextFieldDelegate {
            var target: UITextField?
            func textFieldDidEndEditing(_ textField: UITextField) {
                let next = target
                target = nil
                next?.becomeFirstResponder()
            }
        }
        withFixture { f in
            let third = UITextField(frame: CGRect(x: 20, y: 40, width: 100, height: 31))
            f.controller.view.addSubview(third)
            let mover = Mover()
            mover.target = third
            f.a.delegate = mover
            f.app.tap(f.a)
            #expect(f.b.becomeFirstResponder() == false)
            #expect(third.isFirstResponder)
            f.app.runUntilIdle()
            #expect(f.app.isKeyboardVisible)
            #expect(f.notes.keyboardLabels == ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"])
        }
    }

    @Test("§2.5: inside keyboardWillShow the layout guide already reports the end frame")
    func layoutGuideInsideWillShow() {
        withFixture { f in
            let seen = Log()
            let token = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
            ) { _ in seen.add("\(f.controller.view.keyboardLayoutGuide.layoutFrame.minY)") }
            defer { NotificationCenter.default.removeObserver(token) }
            f.app.tap(f.a)
            #expect(seen.entries == ["264.0"])
        }
    }

    @Test("UIDevice reports the simulated idiom and orientation")
    func device() {
        withFixture(device: .iPad) { f in
            #expect(UIDevice.current.userInterfaceIdiom == .pad)
            f.app.rotate(to: .landscapeRight)
            #expect(UIDevice.current.orientation == .landscapeRight)
            #expect(UIScreen.main.bounds.size == CGSize(width: 1024, height: 768))
            #expect(f.controller.view.bounds.size == CGSize(width: 1024, height: 768))
        }
    }
}

@Suite("Delegates that change text themselves")
struct RewritingDelegateTests {
    final class Upper: NSObject, UITextFieldDelegate, UITextViewDelegate {
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            textField.text = ""
            return true
        }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            textView.text = ""
            return true
        }
    }

    @Test("Misuse: a delegate that empties the text and returns true does not crash; the change applies to what is there")
    func rewriteAndAccept() {
        withFixture { f in
            let upper = Upper()
            f.a.delegate = upper
            f.textView.delegate = upper
            f.app.tap(f.a)
            f.app.type("abc")
            #expect(f.a.text == "c")
            f.app.deleteBackward()
            #expect(f.a.text == "")
            f.app.tap(f.textView)
            f.app.type("xy")
            #expect(f.textView.text == "y")
            f.textView.selectedRange = NSRange(location: 99, length: 5)
            #expect(f.textView.selectedRange == NSRange(location: 1, length: 0))
            f.textView.insertText("!")
            #expect(f.textView.text == "y!")
        }
    }
}
