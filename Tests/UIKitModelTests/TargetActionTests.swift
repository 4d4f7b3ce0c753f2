import Testing
import UIKitModel
import UIKitSimulator

/// A target with the three action signatures; selectors are built as the doc-test runner writes `#selector`.
final class ActionTarget: UIResponder {
    let log: Log
    init(log: Log) { self.log = log }

    func plain() { log.add("plain") }
    func withSender(_ sender: UIControl) { log.add("sender:\(sender.accessibilityIdentifier ?? "?")") }
    func withEvent(_ sender: UIControl, forEvent event: UIEvent) { log.add("event:\(event.allTouches?.count ?? -1)") }
    func noted(_ notification: Notification) { log.add("note:\(notification.name.rawValue)") }

    static let plainSelector = Selector(_tutorbuildMethod: ActionTarget.plain, swift: "plain")
    static let senderSelector = Selector(_tutorbuildMethod: ActionTarget.withSender(_:), swift: "withSender(_:)")
    static let eventSelector = Selector(_tutorbuildMethod: ActionTarget.withEvent(_:forEvent:), swift: "withEvent(_:forEvent:)")
    static let notedSelector = Selector(_tutorbuildMethod: ActionTarget.noted(_:), swift: "noted(_:)")
}

@Suite("Selectors, target–action and notification dispatch (uikit-behaviour-2 §A7)")
struct TargetActionTests {
    @Test("selector names follow Swift's Objective-C naming", arguments: [
        ("done()", 0, "done"), ("done(_:)", 1, "done:"), ("tap(_:forEvent:)", 2, "tap:forEvent:"),
        ("update(sender:)", 1, "updateWithSender:"), ("show(for:animated:)", 2, "showFor:animated:"),
        ("move(withValue:)", 1, "moveWithValue:"), ("keyboardWillShow", 1, "keyboardWillShow:"), ("plain", 0, "plain"),
    ])
    func naming(swift: String, arity: Int, objc: String) {
        #expect(Selector.objcName(swift: swift, objc: nil, arity: arity) == objc)
    }

    @Test("uikit-behaviour-2 #123: actions of the forms (), (sender) and (sender, event) get the control and the touch's event")
    func threeSignatures() {
        withFixture { f in
            let target = ActionTarget(log: f.log)
            let button = UIButton(frame: CGRect(x: 20, y: 300, width: 100, height: 44))
            button.accessibilityIdentifier = "save"
            f.controller.view.addSubview(button)
            button.addTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            button.addTarget(target, action: ActionTarget.senderSelector, for: .touchUpInside)
            button.addTarget(target, action: ActionTarget.eventSelector, for: .touchUpInside)
            f.app.tap(button)
            #expect(f.log.only("plain", "sender", "event") == ["plain", "sender:save", "event:1"])
        }
    }

    @Test("uikit-behaviour-2 #124: sendActions(for:) calls the actions of that event only")
    func sendActionsForEvent() {
        withFixture { f in
            let target = ActionTarget(log: f.log)
            f.a.addTarget(target, action: ActionTarget.senderSelector, for: .editingChanged)
            f.a.addTarget(target, action: ActionTarget.plainSelector, for: .editingDidEnd)
            f.a.sendActions(for: .editingChanged)
            #expect(f.log.only("plain", "sender") == ["sender:a"])
        }
    }

    @Test("uikit-behaviour-2 #125: a repeated registration runs once; a nil target and another event run again")
    func duplicates() {
        withFixture { f in
            let target = ActionTarget(log: f.log)
            f.controller.view.addSubview(UIView())
            let button = UIButton(frame: CGRect(x: 20, y: 300, width: 100, height: 44))
            button.addTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            button.addTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            #expect(f.log.only("plain").count == 1)
            #expect(button.actions(forTarget: target, forControlEvent: .touchUpInside) == ["plain"])
            button.removeTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            #expect(button.actions(forTarget: target, forControlEvent: .touchUpInside) == nil)
            #expect(button.allTargets.isEmpty)
        }
    }

    @Test("without deduplicateTargetActions a repeated registration runs twice")
    func duplicatesKept() {
        var profile = BehaviorProfile.current
        profile.deduplicateTargetActions = false
        withFixture(profile: profile) { f in
            let target = ActionTarget(log: f.log)
            let button = UIButton()
            button.addTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            button.addTarget(target, action: ActionTarget.plainSelector, for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            #expect(f.log.only("plain").count == 2)
        }
    }

    @Test("uikit-behaviour-2 #97: a nil-targeted action goes to the first responder and up its chain; false when nobody handles it")
    func nilTargetWalksTheChain() {
        withFixture { f in
            final class Catcher: UIViewController {
                let a = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
                var log: Log?
                override func viewDidLoad() { view.addSubview(a) }
                func handle() { log?.add("controller handled") }
            }
            let selector = Selector(_tutorbuildMethod: Catcher.handle, swift: "handle")
            #expect(!UIApplication.shared.sendAction(selector, to: nil, from: nil, for: nil))
            let catcher = Catcher()
            catcher.log = f.log
            f.app.show(catcher)
            f.app.tap(catcher.a)
            #expect(UIApplication.shared.sendAction(selector, to: nil, from: nil, for: nil))
            #expect(f.log.only("controller") == ["controller handled"])
        }
    }

    @Test("uikit-behaviour-2 #98: sendAction(resignFirstResponder, to: nil) asks shouldEndEditing and hides the keyboard")
    func nilTargetedResign() {
        withFixture { f in
            f.app.tap(f.a)
            f.log.entries.removeAll()
            let resign = Selector(_tutorbuildMethod: UIResponder.resignFirstResponder, swift: "resignFirstResponder")
            #expect(UIApplication.shared.sendAction(resign, to: nil, from: nil, for: nil))
            f.app.runUntilIdle()
            #expect(f.log.only("shouldEnd", "didEnd") == ["shouldEnd(a)", "didEnd(a)"])
            #expect(!f.app.isKeyboardVisible)
            #expect(!UIApplication.shared.sendAction(resign, to: nil, from: nil, for: nil))
        }
    }

    @Test("selector observers are called in registration order with block observers, and removeObserver(_:) removes them")
    func selectorObservers() {
        withFixture { f in
            let name = Notification.Name("TargetActionTests.ping")
            let target = ActionTarget(log: f.log)
            NotificationCenter.default.addObserver(target, selector: ActionTarget.notedSelector, name: name, object: nil)
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { _ in f.log.add("block") }
            NotificationCenter.default.addObserver(target, selector: ActionTarget.plainSelector, name: name, object: nil)
            NotificationCenter.default.post(name: name, object: nil)
            #expect(f.log.only("note", "block", "plain") == ["note:TargetActionTests.ping", "block", "plain"])
            f.log.entries.removeAll()
            NotificationCenter.default.removeObserver(target, name: name, object: nil)
            NotificationCenter.default.post(name: name, object: nil)
            NotificationCenter.default.removeObserver(token)
            #expect(f.log.only("note", "block", "plain") == ["block"])
        }
    }

    @Test("§9 #55: a deallocated selector-based observer no longer receives notifications, without removeObserver")
    func deallocatedSelectorObserver() {
        withFixture { f in
            let name = Notification.Name("TargetActionTests.gone")
            var target: ActionTarget? = ActionTarget(log: f.log)
            NotificationCenter.default.addObserver(target!, selector: ActionTarget.notedSelector, name: name, object: nil)
            NotificationCenter.default.post(name: name, object: nil)
            #expect(f.log.only("note") == ["note:TargetActionTests.gone"])
            target = nil
            NotificationCenter.default.post(name: name, object: nil)
            #expect(f.log.only("note").count == 1)
        }
    }

    @Test("a bar button item with a target and action sends it when tapped; a nil target reaches the first responder")
    func barButtonItems() {
        withFixture { f in
            let target = ActionTarget(log: f.log)
            let done = UIBarButtonItem(barButtonSystemItem: .done, target: target, action: ActionTarget.plainSelector)
            let resign = UIBarButtonItem(
                title: "Hide", style: .plain, target: nil,
                action: Selector(_tutorbuildMethod: UIResponder.resignFirstResponder, swift: "resignFirstResponder"))
            let toolbar = UIToolbar()
            toolbar.sizeToFit()
            toolbar.items = [done, resign]
            f.a.inputAccessoryView = toolbar
            f.app.tap(f.a)
            f.app.tap(done)
            #expect(f.log.only("plain") == ["plain"])
            f.app.tap(resign)
            #expect(!f.a.isFirstResponder)
        }
    }

    @Test("the responder chain ends at UIApplication.shared, which knows the key window")
    func application() {
        withFixture { f in
            #expect(f.controller.view.window?.next === UIApplication.shared)
            #expect(UIApplication.shared.windows.last === f.app.window)
            #expect(f.a.responds(to: Selector("resignFirstResponder")))
            #expect(!f.a.responds(to: Selector("nothing:")))
        }
    }

    @Test("a memory warning reaches every controller on screen and the notification's observers")
    func memoryWarning() {
        withFixture { f in
            final class Warned: UIViewController {
                var log: Log?
                override func didReceiveMemoryWarning() { log?.add("warned") }
            }
            let controller = Warned()
            controller.log = f.log
            f.app.show(controller)
            let token = NotificationCenter.default.addObserver(
                forName: UIApplication.didReceiveMemoryWarningNotification, object: nil, queue: nil) { _ in f.log.add("warned by notification") }
            defer { NotificationCenter.default.removeObserver(token) }
            f.app.simulateMemoryWarning()
            #expect(f.log.only("warned") == ["warned by notification", "warned"])
        }
    }
}
