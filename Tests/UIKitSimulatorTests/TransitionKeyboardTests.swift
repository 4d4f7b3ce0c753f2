import Testing
import UIKitModel
import UIKitSimulator

/// A pushed screen whose field asks to become first responder at a chosen point of its appearance.
private final class ComposeController: UIViewController {
    enum When { case viewDidLoad, viewWillAppear, viewDidAppear }
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    let when: When
    let log: Log
    var returned: Bool?

    init(when: When, log: Log) {
        self.when = when
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        field.accessibilityIdentifier = "compose"
        view.addSubview(field)
        if when == .viewDidLoad { returned = field.becomeFirstResponder() }
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if when == .viewWillAppear { returned = field.becomeFirstResponder() }
        log.add("viewWillAppear")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.add("viewDidAppear")
        if when == .viewDidAppear { returned = field.becomeFirstResponder() }
    }
}

@Suite("Transitions and the keyboard (§A5)")
struct TransitionKeyboardTests {
    private func observeKeyboard(_ log: Log) -> [NSObjectProtocol] {
        [UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillHideNotification].map { name in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { note in
                log.add(note.name == UIResponder.keyboardWillShowNotification ? "WillShow" : "WillHide")
            }
        }
    }

    @Test("uikit-behaviour-2 #114: becomeFirstResponder in viewWillAppear of a pushed controller posts keyboardWillShow during the push, before viewDidAppear")
    func viewWillAppearDuringPush() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let navigation = UINavigationController(rootViewController: UIViewController())
            app.show(navigation)
            let tokens = observeKeyboard(log)
            defer { tokens.forEach(NotificationCenter.default.removeObserver) }
            let compose = ComposeController(when: .viewWillAppear, log: log)
            navigation.pushViewController(compose, animated: true)
            #expect(compose.returned == false)
            #expect(log.entries == ["viewWillAppear", "WillShow"])
            #expect(compose.field.isFirstResponder)
            app.runUntilIdle()
            #expect(log.entries == ["viewWillAppear", "WillShow", "viewDidAppear"])
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("uikit-behaviour-2 #114: with the .fails switch the request in viewWillAppear is forgotten")
    func viewWillAppearFails() {
        var profile = BehaviorProfile.current
        profile.becomeFirstResponderWithoutWindow = .fails
        withSimulator(device: .iPhone4, profile: profile) { app in
            let log = Log()
            let navigation = UINavigationController(rootViewController: UIViewController())
            app.show(navigation)
            let compose = ComposeController(when: .viewWillAppear, log: log)
            navigation.pushViewController(compose, animated: true)
            app.runUntilIdle()
            #expect(!compose.field.isFirstResponder)
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("uikit-behaviour-2 #115: becomeFirstResponder in viewDidLoad returns false and posts nothing immediately")
    func viewDidLoadReturnsFalse() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let tokens = observeKeyboard(log)
            defer { tokens.forEach(NotificationCenter.default.removeObserver) }
            let compose = ComposeController(when: .viewDidLoad, log: log)
            compose.loadViewIfNeeded()
            #expect(compose.returned == false)
            #expect(log.entries.isEmpty)
            // Not shown in this run-loop turn: the request lapses.
            app.advance(by: 0.1)
            app.show(compose)
            #expect(!compose.field.isFirstResponder)
        }
    }

    @Test("uikit-behaviour-2 #116: a keyboard that stays up across a push because the pushed field takes over posts nothing")
    func keyboardStaysAcrossPush() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let root = FieldsController()
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            app.tap(root.top)
            app.clearTrace()
            let compose = ComposeController(when: .viewWillAppear, log: log)
            navigation.pushViewController(compose, animated: true)
            app.runUntilIdle()
            #expect(compose.field.isFirstResponder)
            #expect(!root.top.isFirstResponder)
            #expect(app.isKeyboardVisible)
            #expect(!app.trace.contains { $0.kind == .notification && $0.text.hasPrefix("keyboard") })
        }
    }

    @Test("uikit-behaviour-2 #114 (contrast): in viewDidAppear the keyboard animates after the push, in its own show")
    func viewDidAppearAfterPush() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let navigation = UINavigationController(rootViewController: UIViewController())
            app.show(navigation)
            let tokens = observeKeyboard(log)
            defer { tokens.forEach(NotificationCenter.default.removeObserver) }
            navigation.pushViewController(ComposeController(when: .viewDidAppear, log: log), animated: true)
            app.runUntilIdle()
            #expect(log.entries == ["viewWillAppear", "viewDidAppear", "WillShow"])
        }
    }

    @Test("uikit-behaviour-2 #113: a field in a window that is not key becomes first responder without a keyboard; making the window key brings it up")
    func notKeyWindow() {
        withSimulator(device: .iPhone4) { app in
            app.show(UIViewController())
            let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            other.isHidden = false
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            other.addSubview(field)
            #expect(!other.isKeyWindow)
            #expect(field.becomeFirstResponder())
            #expect(field.isFirstResponder)
            #expect(!app.isKeyboardVisible)
            other.makeKey()
            #expect(app.isKeyboardVisible)
        }
    }
}
