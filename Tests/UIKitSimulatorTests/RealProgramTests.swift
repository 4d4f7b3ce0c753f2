import Testing
import UIKitModel
import UIKitSimulator

// Plain UIKit programs, written the way tutorials write them, that print from delegates and observers.
// `print` is shadowed in this file so the tests can compare what the programs print.

private var printed: [String] = []

private func print(_ items: Any..., separator: String = " ") {
    printed.append(items.map { "\($0)" }.joined(separator: separator))
}

/// Apple's "Managing the Keyboard" listing, translated to Swift with block observers.
private final class SignUpViewController: UIViewController, UITextFieldDelegate {
    var scrollView: UIScrollView!
    var activeField: UITextField?
    var observers: [NSObjectProtocol] = []

    override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        scrollView = UIScrollView(frame: view.bounds)
        scrollView.contentSize = CGSize(width: 320, height: 651)
        view.addSubview(scrollView)
        for (index, name) in ["first", "second"].enumerated() {
            let field = UITextField(frame: CGRect(x: 20, y: 400 + CGFloat(index) * 50, width: 280, height: 31))
            field.accessibilityIdentifier = name
            field.delegate = self
            scrollView.addSubview(field)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        print("viewDidLoad")
        registerForKeyboardNotifications()
    }

    func registerForKeyboardNotifications() {
        observers.append(NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardDidShowNotification, object: nil, queue: .main
        ) { [unowned self] notification in keyboardWasShown(notification) })
        observers.append(NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main
        ) { [unowned self] notification in keyboardWillBeHidden(notification) })
    }

    func keyboardWasShown(_ notification: Notification) {
        guard let info = notification.userInfo,
            let keyboardSize = (info[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue.size
        else { return }
        print("keyboardWasShown height \(keyboardSize.height)")
        let contentInsets = UIEdgeInsets(top: 0, left: 0, bottom: keyboardSize.height, right: 0)
        scrollView.contentInset = contentInsets
        scrollView.scrollIndicatorInsets = contentInsets
        var aRect = view.frame
        aRect.size.height -= keyboardSize.height
        if let activeField, !aRect.contains(activeField.frame.origin) {
            scrollView.scrollRectToVisible(activeField.frame, animated: true)
        }
    }

    func keyboardWillBeHidden(_ notification: Notification) {
        print("keyboardWillBeHidden")
        scrollView.contentInset = .zero
        scrollView.scrollIndicatorInsets = .zero
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
        print("didBeginEditing \(textField.accessibilityIdentifier!)")
        activeField = textField
    }

    func textFieldDidEndEditing(_ textField: UITextField) {
        print("didEndEditing \(textField.accessibilityIdentifier!)")
        activeField = nil
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        print("shouldReturn \(textField.accessibilityIdentifier!)")
        textField.resignFirstResponder()
        return true
    }
}

/// A notes screen: a text view with a placeholder, keyboard observers printing frames, tap-outside to dismiss.
private final class NotesViewController: UIViewController, UITextViewDelegate {
    let textView = UITextView(frame: CGRect(x: 16, y: 80, width: 288, height: 120))
    var tokens: [NSObjectProtocol] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        textView.delegate = self
        textView.text = "Write something…"
        view.addSubview(textView)
        let center = NotificationCenter.default
        tokens.append(center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil) { note in
            let end = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero
            print("keyboardWillShow \(Int(end.minY)) \(Int(end.height))")
        })
        tokens.append(center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil) { _ in
            print("keyboardWillHide")
        })
    }

    func textViewDidChangeSelection(_ textView: UITextView) {
        guard textView.window != nil else { return }
        print("selection \(textView.selectedRange.location)")
    }

    func textViewDidBeginEditing(_ textView: UITextView) {
        print("textViewDidBeginEditing")
        if textView.text == "Write something…" { textView.text = "" }
    }

    func textViewDidChange(_ textView: UITextView) {
        print("textViewDidChange \(textView.text!)")
    }

    func textViewDidEndEditing(_ textView: UITextView) {
        print("textViewDidEndEditing")
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        view.endEditing(true)
    }

    deinit {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
    }
}

@Suite("Real UIKit programs print what the spec says")
struct RealProgramTests {
    @Test("Apple's inset listing: begin, DidShow, scroll, Return, WillHide, end")
    func appleListing() {
        withSimulator(device: .iPhone4) { app in
            printed = []
            let controller = SignUpViewController()
            defer { controller.observers.forEach(NotificationCenter.default.removeObserver) }
            app.show(controller)
            let first = controller.scrollView.subviews[0]
            app.tap(first)
            print("offset \(controller.scrollView.contentOffset.y)")
            app.tapReturn()
            #expect(printed == [
                "viewDidLoad",
                "didBeginEditing first",
                "keyboardWasShown height 216.0",
                "offset 167.0",
                "shouldReturn first",
                "didEndEditing first",
                "keyboardWillBeHidden",
            ])
        }
    }

    @Test("A text view: keyboard Will first, then didBegin; placeholder cleared; typing; tap outside dismisses")
    func notesScreen() {
        withSimulator(device: .iPhone4) { app in
            printed = []
            var controller: NotesViewController? = NotesViewController()
            app.show(controller!)
            app.tap(controller!.textView)
            app.type("Hi")
            app.tap(at: CGPoint(x: 160, y: 240))
            #expect(printed == [
                "keyboardWillShow 264 216",
                "textViewDidBeginEditing",
                "selection 0",
                "selection 1",
                "textViewDidChange H",
                "selection 2",
                "textViewDidChange Hi",
                "textViewDidEndEditing",
                "keyboardWillHide",
            ])
            controller = nil
        }
    }
}
