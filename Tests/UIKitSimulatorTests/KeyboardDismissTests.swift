import Testing
import UIKitModel
import UIKitSimulator

/// Logs the six keyboard notifications by short name ("WillShow", …) and keeps them.
final class KeyboardLog {
    let log: Log
    private(set) var notes: [Notification] = []
    private var tokens: [NSObjectProtocol] = []

    init(_ log: Log) {
        self.log = log
        let names: [(Notification.Name, String)] = [
            (UIResponder.keyboardWillChangeFrameNotification, "WillChangeFrame"),
            (UIResponder.keyboardWillShowNotification, "WillShow"),
            (UIResponder.keyboardWillHideNotification, "WillHide"),
            (UIResponder.keyboardDidChangeFrameNotification, "DidChangeFrame"),
            (UIResponder.keyboardDidShowNotification, "DidShow"),
            (UIResponder.keyboardDidHideNotification, "DidHide"),
        ]
        tokens = names.map { name, label in
            NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
                self?.notes.append(note)
                self?.log.add(label)
            }
        }
    }

    deinit { tokens.forEach(NotificationCenter.default.removeObserver) }

    /// The keyboard entries of the log.
    var labels: [String] { log.entries.filter { $0.hasPrefix("Will") || $0.hasPrefix("Did") } }
}

/// A scroll view with a field near its top; the delegate logs the drag callbacks.
private final class ListController: UIViewController, UIScrollViewDelegate, UITextFieldDelegate {
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    let log: Log

    init(log: Log, mode: UIScrollView.KeyboardDismissMode) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
        scrollView.keyboardDismissMode = mode
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        scrollView.delegate = self
        field.delegate = self
        field.accessibilityIdentifier = "field"
        scrollView.addSubview(field)
        view.addSubview(scrollView)
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.add("willBeginDragging") }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) { log.add("didEndDragging") }
    var refusesToEnd = false

    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        log.add("shouldEnd")
        return !refusesToEnd
    }
}

/// A chat screen: the controller is first responder and owns a bar with a text view (§A6).
final class ChatBarController: UIViewController {
    let bar = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 50))
    let input = UITextView(frame: CGRect(x: 8, y: 8, width: 304, height: 34))
    let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    var acceptsFirstResponder = true

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
    override var inputAccessoryView: UIView? { bar }

    override func viewDidLoad() {
        super.viewDidLoad()
        input.accessibilityIdentifier = "message"
        bar.addSubview(input)
        scrollView.contentSize = CGSize(width: 320, height: 2000)
        view.addSubview(scrollView)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        becomeFirstResponder()
    }
}

@Suite("Dismissing the keyboard (§A3)")
struct KeyboardDismissTests {
    @Test("uikit-behaviour-2 #99: KeyboardDismissMode raw values 0…4, .none by default")
    func rawValues() {
        withSimulator(device: .iPhone4) { _ in
            let modes: [UIScrollView.KeyboardDismissMode] = [.none, .onDrag, .interactive, .onDragWithAccessory, .interactiveWithAccessory]
            #expect(modes.map(\.rawValue) == [0, 1, 2, 3, 4])
            #expect(UIScrollView().keyboardDismissMode == .none)
        }
    }

    @Test("uikit-behaviour-2 #100: with .onDrag the field resigns when the drag begins, not when it ends")
    func onDragAtBegin() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .onDrag)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(log)
            log.entries.removeAll()
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 300), to: CGPoint(x: 160, y: 200), lift: false)
            // The finger is still down and the hide has already started.
            #expect(log.entries.prefix(4) == ["willBeginDragging", "shouldEnd", "WillChangeFrame", "WillHide"])
            #expect(!log.entries.contains("didEndDragging"))
            #expect(!controller.field.isFirstResponder)
            app.liftFinger()
            #expect(log.entries.last == "didEndDragging")
            #expect(keyboard.labels == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
        }
    }

    @Test("uikit-behaviour-2 #100 (contrast): with .none a drag leaves the keyboard up")
    func noneKeepsKeyboard() {
        withSimulator(device: .iPhone4) { app in
            let controller = ListController(log: Log(), mode: .none)
            app.show(controller)
            app.tap(controller.field)
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 200), to: CGPoint(x: 160, y: 470))
            #expect(controller.field.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
        }
    }

    @Test("uikit-behaviour-2 #101: .onDrag/.interactive leave a controller's bar on screen; the WithAccessory modes take it down", arguments: [
        (UIScrollView.KeyboardDismissMode.onDrag, true), (.interactive, true), (.onDragWithAccessory, false), (.interactiveWithAccessory, false),
    ])
    func accessoryStays(mode: UIScrollView.KeyboardDismissMode, barStays: Bool) {
        withSimulator(device: .iPhone4) { app in
            let controller = ChatBarController()
            controller.scrollView.keyboardDismissMode = mode
            app.show(controller)
            app.tap(controller.input)
            #expect(controller.input.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 214, width: 320, height: 266))
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 470))
            #expect(!controller.input.isFirstResponder)
            if barStays {
                #expect(controller.isFirstResponder)
                #expect(app.keyboardFrame == CGRect(x: 0, y: 430, width: 320, height: 50))
            } else {
                #expect(!controller.isFirstResponder)
                #expect(app.keyboardFrame == nil)
            }
        }
    }

    @Test("uikit-behaviour-2 #102: while the finger drags the keyboard it follows the finger and nothing is posted")
    func interactiveDragPostsNothing() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .interactive)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(log)
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 330), lift: false)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 330, width: 320, height: 216))
            #expect(controller.view.keyboardLayoutGuide.layoutFrame.minY == 330)
            app.advance(by: 1)
            #expect(keyboard.labels.isEmpty)
            #expect(controller.field.isFirstResponder)
            app.liftFinger()
        }
    }

    @Test("uikit-behaviour-2 #103: releasing a keyboard dragged far down posts WillChangeFrame and WillHide only then, then the Did pair")
    func interactiveDismiss() throws {
        try withSimulator(device: .iPhone4) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .interactive)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(log)
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 420), lift: false)
            #expect(keyboard.labels.isEmpty)
            app.liftFinger()
            #expect(keyboard.labels == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
            #expect(!controller.field.isFirstResponder)
            let hide = try #require(keyboard.notes.first { $0.name == UIResponder.keyboardWillHideNotification })
            let end = try #require(hide.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)
            #expect(end.minY == 480)
        }
    }

    @Test("uikit-behaviour-2 #104: an aborted interactive dismissal posts WillShow and DidShow with the full frame and no hide", arguments: [true, false])
    func interactiveAbort(posts: Bool) throws {
        var profile = BehaviorProfile.current
        profile.interactiveAbortPosts = posts ? .willShowDidShow : .nothing
        try withSimulator(device: .iPhone4, profile: profile) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .interactive)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(log)
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 320))
            #expect(controller.field.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
            #expect(keyboard.labels == (posts ? ["WillShow", "DidShow"] : []))
            if posts {
                let show = try #require(keyboard.notes.first)
                #expect(show.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == CGRect(x: 0, y: 264, width: 320, height: 216))
                #expect(show.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double == 0.383)
            }
        }
    }

    @Test("uikit-behaviour-2 #97: a nil-targeted action goes to the first responder; false when there is none")
    func sendToFirstResponder() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .none)
            app.show(controller)
            var reached: [String] = []
            #expect(!UIKitSystem.shared.sendToResponderChain { reached.append(traceName($0)); return true })
            #expect(reached.isEmpty)
            app.tap(controller.field)
            // The chain from the field: the field, its scroll view, the controller's view, the controller, the window,
            // the application.
            #expect(!UIKitSystem.shared.sendToResponderChain { reached.append(traceName($0)); return false })
            #expect(reached == ["field", "UIScrollView", "UIView", "ListController", "UIWindow", "UIApplication"])
            reached.removeAll()
            #expect(UIKitSystem.shared.sendToResponderChain { reached.append(traceName($0)); return $0 is UIViewController })
            #expect(reached == ["field", "UIScrollView", "UIView", "ListController"])
        }
    }

    @Test("uikit-behaviour-2 #98: sending resignFirstResponder to nil asks shouldEndEditing, ends editing and hides the keyboard")
    func resignThroughChain() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let controller = ListController(log: log, mode: .none)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(log)
            log.entries.removeAll()
            #expect(UIKitSystem.shared.resignFirstResponderThroughResponderChain())
            app.runUntilIdle()
            #expect(log.entries.first == "shouldEnd")
            #expect(!controller.field.isFirstResponder)
            #expect(keyboard.labels == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
            #expect(!UIKitSystem.shared.resignFirstResponderThroughResponderChain())
        }
    }

    @Test("§A3.4 item 2 (switch): the WillHide ending an interactive dismissal begins at the dragged frame, or at the resting one", arguments: [true, false])
    func interactiveHideBegin(dragged: Bool) throws {
        var profile = BehaviorProfile.current
        profile.interactiveHideFrameBegin = dragged ? .draggedFrame : .restingFrame
        try withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = ListController(log: Log(), mode: .interactive)
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(Log())
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 420))
            let hide = try #require(keyboard.notes.first { $0.name == UIResponder.keyboardWillHideNotification })
            let begin = try #require(hide.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect)
            #expect(begin.minY == (dragged ? 420 : 264))
        }
    }

    @Test("§A3.4: a field that refuses to end editing keeps the keyboard: released far down, it slides back with WillShow")
    func interactiveRefused() {
        withSimulator(device: .iPhone4) { app in
            let controller = ListController(log: Log(), mode: .interactive)
            controller.refusesToEnd = true
            app.show(controller)
            app.tap(controller.field)
            let keyboard = KeyboardLog(Log())
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 420))
            #expect(controller.field.isFirstResponder)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 264, width: 320, height: 216))
            #expect(keyboard.labels == ["WillShow", "DidShow"])
        }
    }

    @Test("§6 keyboardDismissPadding: the interactive dismissal starts that far above the keyboard and keeps the distance")
    func dismissPadding() {
        withSimulator(device: .iPhone4) { app in
            let controller = ListController(log: Log(), mode: .interactive)
            app.show(controller)
            controller.view.keyboardLayoutGuide.keyboardDismissPadding = 50
            app.tap(controller.field)
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 230), lift: false)
            #expect(app.keyboardFrame?.minY == 280)
            app.liftFinger()
            controller.view.keyboardLayoutGuide.keyboardDismissPadding = 0
            app.drag(in: controller.scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 230), lift: false)
            #expect(app.keyboardFrame?.minY == 264)
            app.liftFinger()
        }
    }
}
