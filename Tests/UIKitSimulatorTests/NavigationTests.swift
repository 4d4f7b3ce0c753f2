import Testing
import UIKitModel
import UIKitSimulator

/// A controller that records its appearance callbacks (with whether its view has a window) into a shared log.
final class AppearanceLogger: UIViewController {
    let name: String
    let log: Log

    init(_ name: String, log: Log) {
        self.name = name
        self.log = log
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        log.add("\(name).viewDidLoad")
    }
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.add("\(name).viewWillAppear window=\(view.window != nil)")
    }
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.add("\(name).viewDidAppear window=\(view.window != nil)")
    }
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.add("\(name).viewWillDisappear")
    }
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.add("\(name).viewDidDisappear window=\(view.window != nil)")
    }
}

/// An ordered list of strings (a reference, so closures can append).
final class Log {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

@Suite("Navigation controller")
struct NavigationTests {
    @Test("§5: showing a navigation controller runs the root's appearance after the container's; window nil in viewWillAppear")
    func showOrder() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let root = AppearanceLogger("root", log: log)
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            #expect(log.entries == ["root.viewDidLoad", "root.viewWillAppear window=false", "root.viewDidAppear window=true"])
            #expect(root.navigationController === navigation)
            #expect(navigation.navigationBar.frame == CGRect(x: 0, y: 20, width: 320, height: 44))
            #expect(root.view.safeAreaInsets == UIEdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        }
    }

    @Test("§5 / §9 #58: push and pop: disappear/appear order, viewDidLoad once")
    func pushPop() {
        withSimulator(device: .iPhone4) { app in
            let log = Log()
            let root = AppearanceLogger("root", log: log)
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            log.entries.removeAll()
            let detail = AppearanceLogger("detail", log: log)
            navigation.pushViewController(detail, animated: true)
            app.runUntilIdle()
            #expect(log.entries == [
                "root.viewWillDisappear", "detail.viewDidLoad", "detail.viewWillAppear window=false",
                "root.viewDidDisappear window=false", "detail.viewDidAppear window=true",
            ])
            log.entries.removeAll()
            app.tapBackButton()
            #expect(log.entries == [
                "detail.viewWillDisappear", "root.viewWillAppear window=false",
                "detail.viewDidDisappear window=false", "root.viewDidAppear window=true",
            ])
            #expect(navigation.viewControllers == [root])
            #expect(detail.parent == nil)
        }
    }

    @Test("§3.1: .automatic always adds the bar and safe area to a navigation child's scroll view; it starts at -top")
    func automaticInsets() {
        final class ListController: UIViewController {
            override func loadView() {
                let scrollView = UIScrollView(frame: UIScreen.main.bounds)
                scrollView.contentSize = CGSize(width: 393, height: 100)
                view = scrollView
            }
        }
        withSimulator(device: .iPhoneNotched) { app in
            let list = ListController()
            app.show(UINavigationController(rootViewController: list))
            let scrollView = list.view as! UIScrollView
            #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 103, left: 0, bottom: 34, right: 0))
            #expect(scrollView.contentOffset == CGPoint(x: 0, y: -103))
        }
    }

    @Test("uikit-behaviour-2 #117: on iOS 15+ pushing a controller without a first responder hides the keyboard; on iOS 14 it stays up", arguments: [true, false])
    func pushWithoutResponder(modern: Bool) {
        withSimulator(device: .iPhone4, profile: modern ? .current : .iOS14) { app in
            let root = FieldsController()
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            app.tap(root.top)
            app.clearTrace()
            navigation.pushViewController(UIViewController(), animated: true)
            app.runUntilIdle()
            let keyboardNotes = app.trace.filter { $0.kind == .notification && $0.text.hasPrefix("keyboard") }
            #expect(app.isKeyboardVisible == !modern)
            #expect(keyboardNotes.map { $0.text.prefix(while: { $0 != " " }) } == (modern
                ? ["keyboardWillChangeFrame", "keyboardWillHide", "keyboardDidChangeFrame", "keyboardDidHide"] : []))
        }
    }

    @Test("Pushing while a field edits ends editing and hides the keyboard [U]")
    func pushEndsEditing() {
        withSimulator(device: .iPhone4) { app in
            let root = FieldsController()
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            app.tap(root.top)
            #expect(app.isKeyboardVisible)
            navigation.pushViewController(UIViewController(), animated: true)
            app.runUntilIdle()
            #expect(!root.top.isFirstResponder)
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("Bar button items in the navigation bar run their actions when tapped")
    func barButtonItems() {
        withSimulator(device: .iPhone4) { app in
            let root = UIViewController()
            var saved = 0
            let save = UIBarButtonItem(systemItem: .save, primaryAction: UIAction { _ in saved += 1 })
            root.navigationItem.rightBarButtonItem = save
            root.title = "Profile"
            app.show(UINavigationController(rootViewController: root))
            app.tap(save)
            #expect(saved == 1)
        }
    }
}
