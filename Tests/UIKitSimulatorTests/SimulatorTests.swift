import Testing
import UIKitModel
@testable import UIKitSimulator

/// The source tutorial's screen: a 320×460 scroll view (content 651 tall) under the status bar, two fields near
/// the bottom; the frame shrinks on keyboardDidShow, the active field is scrolled into view, and DidHide restores.
final class TutorialController: UIViewController, UITextFieldDelegate {
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 20, width: 320, height: 460))
    let nameField = UITextField(frame: CGRect(x: 20, y: 380, width: 280, height: 31))
    let emailField = UITextField(frame: CGRect(x: 20, y: 420, width: 280, height: 31))
    var activeField: UITextField?
    var tokens: [NSObjectProtocol] = []
    var heights: [CGFloat] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.accessibilityIdentifier = "scrollView"
        scrollView.contentSize = CGSize(width: 320, height: 651)
        for (field, name) in [(nameField, "nameField"), (emailField, "emailField")] {
            field.accessibilityIdentifier = name
            field.borderStyle = .roundedRect
            field.placeholder = name == "nameField" ? "Name" : "Email"
            field.delegate = self
            scrollView.addSubview(field)
        }
        nameField.returnKeyType = .next
        emailField.returnKeyType = .done
        view.addSubview(scrollView)
        registerForKeyboardNotifications()
    }

    func registerForKeyboardNotifications() {
        tokens.append(NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil
        ) { [weak self] note in self?.keyboardDidShow(note) })
        tokens.append(NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardDidHideNotification, object: nil, queue: nil
        ) { [weak self] note in self?.keyboardDidHide(note) })
    }

    func removeObservers() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens.removeAll()
    }

    func keyboardDidShow(_ note: Notification) {
        guard let keyboard = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        scrollView.frame.size.height -= keyboard.height
        heights.append(scrollView.frame.height)
        if let activeField { scrollView.scrollRectToVisible(activeField.frame, animated: true) }
    }

    func keyboardDidHide(_ note: Notification) {
        guard let keyboard = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue else { return }
        scrollView.frame.size.height += keyboard.height
        heights.append(scrollView.frame.height)
    }

    func textFieldDidBeginEditing(_ textField: UITextField) { activeField = textField }
    func textFieldDidEndEditing(_ textField: UITextField) { activeField = nil }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === nameField {
            emailField.becomeFirstResponder()
        } else {
            textField.resignFirstResponder()
        }
        return true
    }
}

@Suite("The source tutorial through the driver")
struct TutorialScenarioTests {
    @Test("Shrink on DidShow, scrollRectToVisible, Return resigns, restore on DidHide: UIKit's numbers")
    func tutorialNumbers() {
        withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
            #expect(controller.scrollView.frame == CGRect(x: 0, y: 20, width: 320, height: 244))
            // The field's bottom (411) meets the shrunken viewport's bottom: 411 - 244.
            #expect(controller.scrollView.contentOffset == CGPoint(x: 0, y: 167))
            app.type("Ada")
            app.tapReturn()
            #expect(controller.emailField.isFirstResponder)
            // Modern iOS posts nothing on the switch, so the e-mail field stays hidden under the keyboard.
            #expect(controller.heights == [244])
            let emailInWindow = controller.emailField.convert(controller.emailField.bounds, to: nil)
            #expect(emailInWindow.minY > 264)
            app.tapReturn()
            #expect(!app.isKeyboardVisible)
            #expect(controller.heights == [244, 460])
            #expect(controller.scrollView.frame.height == 460)
            #expect(controller.scrollView.contentOffset.y == 167)
        }
    }

    @Test("§9 #53: with the iOS 10 profile the repeated show shrinks twice and the frame never recovers")
    func doubleShrink() {
        withSimulator(device: .iPhone4, profile: .iOS10) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.tapReturn()
            app.tapReturn()
            #expect(controller.heights == [244, 28, 244])
            #expect(controller.scrollView.frame.height == 244)
        }
    }

    @Test("§4.3: shrink-on-DidShow survives a Next-Done round on modern iOS but drifts on iOS 10",
        arguments: [("current", [CGFloat(244), 460]), ("iOS10", [244, 28, 244])])
    func roundTrip(profileName: String, heights: [CGFloat]) {
        withSimulator(device: .iPhone4, profile: profileName == "iOS10" ? .iOS10 : .current) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.tapReturn()
            app.tapReturn()
            #expect(controller.heights == heights)
        }
    }

    @Test("§4.4 / §9 #54: observers registered twice shrink twice per keyboardDidShow")
    func observersTwice() {
        withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            controller.registerForKeyboardNotifications()
            app.tap(controller.nameField)
            #expect(controller.heights == [244, 28])
        }
    }
}

@Suite("The driver")
struct DriverTests {
    @Test("User actions settle the clock; code calls do not move time")
    func userVersusCode() {
        withSimulator { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.clearTrace()
            controller.nameField.becomeFirstResponder()
            #expect(!app.trace.contains { $0.text.hasPrefix("keyboardDidShow") })
            #expect(app.now == 0)
            app.advance(by: 0.25)
            #expect(app.trace.contains { $0.text.hasPrefix("keyboardDidShow") })
            app.tap(controller.nameField)
            #expect(app.now >= 0.25)
        }
    }

    @Test("The trace prints UIKit's order with names, results and frames")
    func traceFormat() {
        withSimulator { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.clearTrace()
            app.tap(controller.nameField)
            let lines = app.trace.filter { $0.kind != .scroll }.map(\.description)
            #expect(lines == [
                "[t=0.00] user: tap nameField at (160, 415.5)",
                "[t=0.00] nameField became first responder",
                "[t=0.00] textFieldDidBeginEditing(nameField)",
                "[t=0.00] UITextField.textDidBeginEditingNotification object: nameField",
                "[t=0.00] nameField sent .editingDidBegin",
                "[t=0.00] keyboardWillChangeFrame begin: (0, 480, 320, 216) end: (0, 264, 320, 216)",
                "[t=0.00] keyboardWillShow begin: (0, 480, 320, 216) end: (0, 264, 320, 216)",
                "[t=0.25] keyboardDidChangeFrame begin: (0, 480, 320, 216) end: (0, 264, 320, 216)",
                "[t=0.25] keyboardDidShow begin: (0, 480, 320, 216) end: (0, 264, 320, 216)",
            ])
            // Only implemented delegate methods appear: the controller has no textFieldShouldBeginEditing.
            #expect(!app.trace.contains { $0.text.hasPrefix("textFieldShouldBeginEditing") })
        }
    }

    @Test("A tap on a point covered by the keyboard reaches the keyboard, not the view below")
    func tapUnderKeyboard() {
        withSimulator { app in
            let controller = FieldsController()
            app.show(controller)
            app.tap(controller.top)
            app.tap(controller.bottom)
            #expect(controller.top.isFirstResponder)
            #expect(app.trace.last { $0.kind == .user }?.text.hasSuffix("(lands on the keyboard: nothing happens)") == true)
        }
    }

    @Test("paste makes one change; tapClearButton needs a visible clear button")
    func pasteAndClear() {
        withSimulator { app in
            let controller = FieldsController()
            app.show(controller)
            app.tap(controller.top)
            app.paste("hello world")
            #expect(controller.top.text == "hello world")
            #expect(app.trace.filter { $0.text.contains(".editingChanged") }.count == 1)
            app.tapClearButton()
            #expect(controller.top.text == "hello world")
            controller.top.clearButtonMode = .whileEditing
            app.tapClearButton()
            #expect(controller.top.text == "")
        }
    }
}

/// Two plain fields: one at the top and one where the keyboard will be.
final class FieldsController: UIViewController {
    let top = UITextField(frame: CGRect(x: 20, y: 80, width: 280, height: 31))
    let bottom = UITextField(frame: CGRect(x: 20, y: 420, width: 280, height: 31))

    override func viewDidLoad() {
        super.viewDidLoad()
        top.accessibilityIdentifier = "top"
        bottom.accessibilityIdentifier = "bottom"
        top.borderStyle = .roundedRect
        bottom.borderStyle = .roundedRect
        view.addSubview(top)
        view.addSubview(bottom)
    }
}

@Suite("Input accessory on a controller")
struct ControllerAccessoryTests {
    /// A chat screen whose controller is first responder and shows a bar above the keyboard area (§2.7).
    final class ChatController: UIViewController {
        let bar = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 50))
        override var canBecomeFirstResponder: Bool { true }
        override var inputAccessoryView: UIView? { bar }
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            becomeFirstResponder()
        }
    }

    @Test("§2.7 / uikit-behaviour-2 #120 / #122: a first-responder controller's bar alone posts keyboard notifications, flush with the screen bottom")
    func accessoryOnly() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = ChatController()
            app.show(controller)
            #expect(controller.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 802, width: 393, height: 50))
            #expect(app.trace.map(\.text).contains { $0.hasPrefix("keyboardDidShow") })
        }
    }
}

@Suite("Accessory toolbars")
struct AccessoryToolbarTests {
    /// The classic number pad with a "Done" toolbar above it.
    final class AmountController: UIViewController {
        let amount = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))

        override func viewDidLoad() {
            super.viewDidLoad()
            amount.accessibilityIdentifier = "amount"
            amount.keyboardType = .numberPad
            amount.borderStyle = .roundedRect
            let toolbar = UIToolbar()
            toolbar.sizeToFit()
            toolbar.items = [
                .flexibleSpace(),
                UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [unowned self] _ in
                    self.amount.resignFirstResponder()
                }),
            ]
            amount.inputAccessoryView = toolbar
            view.addSubview(amount)
        }
    }

    @Test("Tapping Done on the accessory toolbar resigns the field and hides the keyboard")
    func doneButton() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = AmountController()
            app.show(controller)
            app.tap(controller.amount)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 220, width: 320, height: 260))
            app.type("42")
            let toolbar = try #require(controller.amount.inputAccessoryView as? UIToolbar)
            let done = try #require(toolbar.items?.last)
            app.tap(done)
            #expect(!controller.amount.isFirstResponder)
            #expect(!app.isKeyboardVisible)
            #expect(controller.amount.text == "42")
        }
    }

    @Test("A tap on the accessory toolbar's empty part does nothing; a tap on the keys does nothing")
    func emptyParts() {
        withSimulator(device: .iPhone4) { app in
            let controller = AmountController()
            app.show(controller)
            app.tap(controller.amount)
            app.tap(at: CGPoint(x: 40, y: 240))
            app.tap(at: CGPoint(x: 160, y: 400))
            #expect(controller.amount.isFirstResponder)
        }
    }
}

@Suite("Trace robustness")
struct TraceRobustnessTests {
    final class Clearing: NSObject, UITextFieldDelegate {
        var app: Simulator?
        func textFieldShouldReturn(_ textField: UITextField) -> Bool {
            app?.clearTrace()
            textField.resignFirstResponder()
            return true
        }
    }

    @Test("clearTrace inside a delegate method does not mislabel later events")
    func clearInsideDelegate() {
        withSimulator { app in
            let controller = FieldsController()
            let delegate = Clearing()
            delegate.app = app
            controller.top.delegate = delegate
            app.show(controller)
            app.tap(controller.top)
            app.tapReturn()
            #expect(!app.trace.contains { $0.text.contains("-> true") })
            #expect(app.trace.first?.text == "top resigned first responder")
        }
    }
}

@Suite("Keyboard layout guide (§6)")
struct KeyboardLayoutGuideTests {
    /// A notes screen that keeps its text view above the keyboard by reading the guide during layout.
    final class GuideController: UIViewController {
        let textView = UITextView()
        var layouts = 0

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(textView)
        }

        override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            layouts += 1
            let top = view.safeAreaInsets.top
            textView.frame = CGRect(
                x: 0, y: top, width: view.bounds.width, height: view.keyboardLayoutGuide.layoutFrame.minY - top)
        }
    }

    @Test("§6: a layout that follows keyboardLayoutGuide.layoutFrame is redone when the keyboard shows and hides")
    func followsKeyboard() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = GuideController()
            app.show(controller)
            #expect(controller.textView.frame == CGRect(x: 0, y: 59, width: 393, height: 759))
            app.tap(controller.textView)
            #expect(controller.textView.frame == CGRect(x: 0, y: 59, width: 393, height: 457))
            controller.textView.resignFirstResponder()
            app.runUntilIdle()
            #expect(controller.textView.frame.height == 759)
        }
    }
}
