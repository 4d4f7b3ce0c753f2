import Testing
import UIKitModel
import UIKitSimulator

/// An ordered log shared by delegates and observers, so tests can assert UIKit's order.
final class Log {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
    /// The entries that start with one of `prefixes`.
    func only(_ prefixes: String...) -> [String] {
        entries.filter { entry in prefixes.contains { entry.hasPrefix($0) } }
    }
}

/// A text field and text view delegate that logs every call and answers as configured.
final class LoggingDelegate: NSObject, UITextFieldDelegate, UITextViewDelegate {
    let log: Log
    var shouldBegin = true
    var shouldEnd = true
    var shouldChange = true
    var shouldClear = true
    var shouldReturn = true
    var onReturn: ((UITextField) -> Void)?
    var textAtShouldChange: [String] = []

    init(log: Log) { self.log = log }

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        log.add("shouldBegin(\(textField.accessibilityIdentifier ?? "?"))")
        return shouldBegin
    }
    func textFieldDidBeginEditing(_ textField: UITextField) {
        log.add("didBegin(\(textField.accessibilityIdentifier ?? "?"))")
    }
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        log.add("shouldEnd(\(textField.accessibilityIdentifier ?? "?"))")
        return shouldEnd
    }
    func textFieldDidEndEditing(_ textField: UITextField) {
        log.add("didEnd(\(textField.accessibilityIdentifier ?? "?"))")
    }
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        textAtShouldChange.append(textField.text ?? "")
        log.add("shouldChange(\(textField.accessibilityIdentifier ?? "?"), {\(range.location), \(range.length)}, \(string))")
        return shouldChange
    }
    func textFieldDidChangeSelection(_ textField: UITextField) {
        log.add("didChangeSelection(\(textField.accessibilityIdentifier ?? "?"))")
    }
    func textFieldShouldClear(_ textField: UITextField) -> Bool {
        log.add("shouldClear(\(textField.accessibilityIdentifier ?? "?"))")
        return shouldClear
    }
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        log.add("shouldReturn(\(textField.accessibilityIdentifier ?? "?")) begin")
        onReturn?(textField)
        log.add("shouldReturn(\(textField.accessibilityIdentifier ?? "?")) end")
        return shouldReturn
    }

    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        log.add("tvShouldBegin")
        return shouldBegin
    }
    func textViewDidBeginEditing(_ textView: UITextView) { log.add("tvDidBegin") }
    func textViewDidEndEditing(_ textView: UITextView) { log.add("tvDidEnd") }
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.add("tvShouldChange(\(text.replacingOccurrences(of: "\n", with: "\\n")))")
        return shouldChange
    }
    func textViewDidChange(_ textView: UITextView) { log.add("tvDidChange") }
    func textViewDidChangeSelection(_ textView: UITextView) {
        log.add("tvDidChangeSelection(\(textView.selectedRange.location))")
    }
}

/// Observes keyboard and editing notifications into a log; removes its observers when stopped.
final class NotificationLog {
    private var tokens: [NSObjectProtocol] = []
    let log: Log
    /// Every keyboard notification received, in order.
    private(set) var keyboard: [Notification] = []

    static let keyboardNames: [(Notification.Name, String)] = [
        (UIResponder.keyboardWillChangeFrameNotification, "WillChangeFrame"),
        (UIResponder.keyboardWillShowNotification, "WillShow"),
        (UIResponder.keyboardDidChangeFrameNotification, "DidChangeFrame"),
        (UIResponder.keyboardDidShowNotification, "DidShow"),
        (UIResponder.keyboardWillHideNotification, "WillHide"),
        (UIResponder.keyboardDidHideNotification, "DidHide"),
    ]

    init(log: Log) {
        self.log = log
        for (name, label) in Self.keyboardNames {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    self?.keyboard.append(note)
                    self?.log.add(label)
                })
        }
        let editing: [(Notification.Name, String)] = [
            (UITextField.textDidBeginEditingNotification, "note:fieldBegin"),
            (UITextField.textDidChangeNotification, "note:fieldChange"),
            (UITextField.textDidEndEditingNotification, "note:fieldEnd"),
            (UITextView.textDidBeginEditingNotification, "note:viewBegin"),
            (UITextView.textDidChangeNotification, "note:viewChange"),
            (UITextView.textDidEndEditingNotification, "note:viewEnd"),
        ]
        for (name, label) in editing {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                    let id = (note.object as? UIView)?.accessibilityIdentifier ?? "?"
                    self?.log.add("\(label)(\(id))")
                })
        }
    }

    func stop() {
        for token in tokens { NotificationCenter.default.removeObserver(token) }
        tokens.removeAll()
    }

    deinit { stop() }

    /// The labels of the keyboard notifications received.
    var keyboardLabels: [String] {
        keyboard.map { note in Self.keyboardNames.first { $0.0 == note.name }?.1 ?? note.name.rawValue }
    }
}

extension Notification {
    var beginFrame: CGRect? { (userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue }
    var endFrame: CGRect? { (userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue }
}

/// A screen with two text fields `a` and `b` (and a text view) on a plain controller.
final class FormController: UIViewController {
    let a = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    let b = UITextField(frame: CGRect(x: 20, y: 150, width: 280, height: 31))
    let textView = UITextView(frame: CGRect(x: 20, y: 200, width: 280, height: 40))

    override func viewDidLoad() {
        super.viewDidLoad()
        a.accessibilityIdentifier = "a"
        b.accessibilityIdentifier = "b"
        textView.accessibilityIdentifier = "tv"
        a.borderStyle = .roundedRect
        b.borderStyle = .roundedRect
        view.backgroundColor = .white
        view.addSubview(a)
        view.addSubview(b)
        view.addSubview(textView)
    }
}

/// Everything a model test needs: a running app with a form, a log, a delegate and notification observers.
final class Fixture {
    let app: Simulator
    let controller = FormController()
    let log = Log()
    let delegate: LoggingDelegate
    let notes: NotificationLog

    init(device: Device = .iPhone4, profile: BehaviorProfile = .current, show: Bool = true) {
        app = Simulator(device: device, profile: profile)
        delegate = LoggingDelegate(log: log)
        notes = NotificationLog(log: log)
        controller.loadViewIfNeeded()
        controller.a.delegate = delegate
        controller.b.delegate = delegate
        controller.textView.delegate = delegate
        if show { app.show(controller) }
        log.entries.removeAll()
    }

    var a: UITextField { controller.a }
    var b: UITextField { controller.b }
    var textView: UITextView { controller.textView }
}

/// Runs a test body with a fresh fixture, serialized with every other simulation in the process.
func withFixture(
    device: Device = .iPhone4, profile: BehaviorProfile = .current, show: Bool = true, _ body: (Fixture) throws -> Void
) rethrows {
    try SimulationLock.run {
        let fixture = Fixture(device: device, profile: profile, show: show)
        defer { fixture.notes.stop() }
        try body(fixture)
    }
}
