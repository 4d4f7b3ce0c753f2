import Testing
import UIKitModel
import UIKitSimulator

/// Logs scrollViewDidScroll with the offset it sees.
final class ScrollLog: NSObject, UIScrollViewDelegate {
    var offsets: [CGPoint] = []
    func scrollViewDidScroll(_ scrollView: UIScrollView) { offsets.append(scrollView.contentOffset) }
}

@Suite("Scroll view geometry (§3)")
struct ScrollViewTests {
    /// A 320×460 scroll view at y = 20 with 651-pt content, as in the source tutorial.
    static func tutorialScrollView(in f: Fixture) -> UIScrollView {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 20, width: 320, height: 460))
        scrollView.contentSize = CGSize(width: 320, height: 651)
        f.controller.view.addSubview(scrollView)
        return scrollView
    }

    @Test("§9 #41: bounds.origin always equals contentOffset, both ways")
    func boundsIsOffset() {
        // The model's state is global (screen, behaviour, clock), and the last fixture's behaviour profile
        // stays in force after it: a fixture both holds the lock and starts from the spec's defaults.
        withFixture { _ in
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            scrollView.contentOffset = CGPoint(x: 0, y: 40)
            #expect(scrollView.bounds.origin == CGPoint(x: 0, y: 40))
            scrollView.bounds.origin = CGPoint(x: 5, y: 7)
            #expect(scrollView.contentOffset == CGPoint(x: 5, y: 7))
            #expect(scrollView.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        }
    }

    @Test("§9 #42 / #43: adjustedContentInset = contentInset + safe area chosen by the behaviour")
    func adjustedInset() {
        withFixture(device: .iPhoneNotched) { f in
            let scrollView = UIScrollView(frame: UIScreen.main.bounds)
            f.controller.view.addSubview(scrollView)
            scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 10, right: 0)
            scrollView.contentSize = CGSize(width: 393, height: 500)
            // .automatic without a navigation controller = .scrollableAxes: content not taller, no safe area.
            #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 0, left: 0, bottom: 10, right: 0))
            scrollView.alwaysBounceVertical = true
            #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 59, left: 0, bottom: 44, right: 0))
            scrollView.alwaysBounceVertical = false
            scrollView.contentSize = CGSize(width: 393, height: 2000)
            #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 59, left: 0, bottom: 44, right: 0))
            scrollView.contentInsetAdjustmentBehavior = .never
            #expect(scrollView.adjustedContentInset == scrollView.contentInset)
            scrollView.contentInsetAdjustmentBehavior = .always
            scrollView.contentSize = .zero
            #expect(scrollView.adjustedContentInset == UIEdgeInsets(top: 59, left: 0, bottom: 44, right: 0))
        }
    }

    @Test("§9 #44: dragging past the end settles at contentSize.height + bottom inset - bounds.height")
    func maximumOffset() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.contentInset.bottom = 216
            f.app.drag(scrollView, by: -2000)
            #expect(scrollView.contentOffset.y == 407)
            f.app.drag(scrollView, by: 5000)
            #expect(scrollView.contentOffset.y == 0)
        }
    }

    @Test("§9 #45: short content cannot be dragged unless alwaysBounceVertical (and then it bounces back)")
    func shortContent() {
        withFixture { f in
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 20, width: 320, height: 460))
            scrollView.contentSize = CGSize(width: 320, height: 300)
            let log = ScrollLog()
            scrollView.delegate = log
            f.controller.view.addSubview(scrollView)
            f.app.drag(scrollView, by: -100)
            #expect(log.offsets.isEmpty)
            scrollView.alwaysBounceVertical = true
            f.app.drag(scrollView, by: -100)
            #expect(log.offsets == [CGPoint(x: 0, y: 50), CGPoint(x: 0, y: 0)])
        }
    }

    @Test("§3.2: isScrollEnabled = false stops the user but not code")
    func scrollDisabled() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.isScrollEnabled = false
            f.app.drag(scrollView, by: -100)
            #expect(scrollView.contentOffset == .zero)
            scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
            #expect(scrollView.contentOffset.y == 100)
        }
    }

    @Test("§9 #46: scrollRectToVisible does nothing when the rect is already visible")
    func alreadyVisible() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            let log = ScrollLog()
            scrollView.delegate = log
            scrollView.scrollRectToVisible(CGRect(x: 20, y: 100, width: 280, height: 31), animated: false)
            #expect(scrollView.contentOffset == .zero)
            #expect(log.offsets.isEmpty)
        }
    }

    @Test("§9 #47: a rect below the visible area is scrolled up until the bottoms meet")
    func belowAlignsBottom() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.frame.size.height -= 216
            scrollView.scrollRectToVisible(CGRect(x: 20, y: 400, width: 280, height: 31), animated: false)
            #expect(scrollView.contentOffset.y == 187)
            scrollView.scrollRectToVisible(CGRect(x: 20, y: 10, width: 280, height: 31), animated: false)
            #expect(scrollView.contentOffset.y == 10)
        }
    }

    @Test("§9 #48: the area under adjustedContentInset counts as hidden (switchable)", arguments: [true, false])
    func insetIsHidden(usesInset: Bool) {
        var profile = BehaviorProfile.current
        profile.scrollRectToVisibleUsesAdjustedInset = usesInset
        withFixture(profile: profile) { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.contentInset.bottom = 216
            scrollView.scrollRectToVisible(CGRect(x: 20, y: 400, width: 280, height: 31), animated: false)
            #expect(scrollView.contentOffset.y == (usesInset ? 187 : 0))
        }
    }

    @Test("§9 #49: a rect taller than the visible area aligns its top")
    func tallRect() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 320, height: 500), animated: false)
            #expect(scrollView.contentOffset.y == 100)
        }
    }

    @Test("§3.3: the result stays inside the scroll range")
    func clampedToRange() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 320, height: 40), animated: false)
            #expect(scrollView.contentOffset.y == 191)
        }
    }

    @Test("§9 #50: setting contentOffset in code is not clamped (switchable)", arguments: [false, true])
    func programmaticNotClamped(clamped: Bool) {
        var profile = BehaviorProfile.current
        profile.programmaticContentOffsetClamped = clamped
        withFixture(profile: profile) { f in
            let scrollView = Self.tutorialScrollView(in: f)
            scrollView.contentOffset = CGPoint(x: 0, y: 1000)
            #expect(scrollView.contentOffset.y == (clamped ? 191 : 1000))
        }
    }

    @Test("§3.2: animated setContentOffset reaches its target after 0.3 s, with scrollViewDidScroll")
    func animatedOffset() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            let log = ScrollLog()
            scrollView.delegate = log
            scrollView.setContentOffset(CGPoint(x: 0, y: 100), animated: true)
            #expect(scrollView.contentOffset == .zero)
            f.app.advance(by: 0.3)
            #expect(scrollView.contentOffset.y == 100)
            #expect(log.offsets == [CGPoint(x: 0, y: 100)])
        }
    }

    @Test("§9 #51: Apple's pattern (bottom inset = keyboard height, then scrollRectToVisible) lifts a hidden field")
    func applesInsetPattern() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            let field = UITextField(frame: CGRect(x: 20, y: 400, width: 280, height: 31))
            field.accessibilityIdentifier = "low"
            scrollView.addSubview(field)
            let token = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil
            ) { note in
                let size = note.endFrame?.size ?? .zero
                scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: size.height, right: 0)
                scrollView.scrollIndicatorInsets = scrollView.contentInset
                var visible = f.controller.view.frame
                visible.size.height -= size.height
                if !visible.contains(field.frame.origin) {
                    scrollView.scrollRectToVisible(field.frame, animated: true)
                }
            }
            defer { NotificationCenter.default.removeObserver(token) }
            f.app.tap(field)
            #expect(scrollView.contentOffset.y == 187)
            let fieldInWindow = field.convert(field.bounds, to: nil)
            #expect(fieldInWindow.maxY <= f.app.keyboardFrame!.minY)
        }
    }

    @Test("§3.4: keyboardDismissMode .onDrag resigns the first responder when a drag begins")
    func dismissOnDrag() {
        withFixture { f in
            let scrollView = Self.tutorialScrollView(in: f)
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            scrollView.addSubview(field)
            scrollView.keyboardDismissMode = .onDrag
            f.app.tap(field)
            #expect(f.app.isKeyboardVisible)
            f.app.drag(scrollView, by: -50)
            #expect(!field.isFirstResponder)
            #expect(!f.app.isKeyboardVisible)
        }
    }

    @Test("§1.2: a text view's contentSize grows with its lines")
    func textViewGrows() {
        withFixture { f in
            f.textView.font = UIFont.systemFont(ofSize: 10)
            f.textView.text = ""
            #expect(f.textView.contentSize.height == 28)
            f.textView.text = "one\ntwo\nthree"
            #expect(f.textView.contentSize.height == 52)
            #expect(f.textView.sizeThatFits(CGSize(width: 280, height: 0)).height == 52)
            // 270 pt wide text area at 5 pt per character: 54 characters per line.
            f.textView.text = String(repeating: "a", count: 60)
            #expect(f.textView.contentSize.height == 40)
            f.textView.text = String(repeating: "中", count: 30)
            #expect(f.textView.contentSize.height == 40)
        }
    }

    @Test("§1.2: typing keeps the text view's caret visible by scrolling")
    func textViewFollowsCaret() {
        withFixture { f in
            f.app.tap(f.textView)
            f.app.type("1\n2\n3\n4")
            #expect(f.textView.contentOffset.y > 0)
        }
    }
}

@Suite("View controllers, views and responders (§5)")
struct LifecycleTests {
    final class Recording: UIViewController {
        var calls: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            calls.append("viewDidLoad window=\(view.window != nil)")
        }
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            calls.append("viewWillAppear window=\(view.window != nil)")
        }
        override func viewDidAppear(_ animated: Bool) {
            super.viewDidAppear(animated)
            calls.append("viewDidAppear window=\(view.window != nil)")
        }
        override func viewWillDisappear(_ animated: Bool) {
            super.viewWillDisappear(animated)
            calls.append("viewWillDisappear window=\(view.window != nil)")
        }
        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            calls.append("viewDidDisappear window=\(view.window != nil)")
        }
    }

    @Test("§9 #57: view.window is nil in viewDidLoad and viewWillAppear, set in viewDidAppear")
    func windowDuringLifecycle() {
        SimulationLock.run {
            let app = Simulator()
            let controller = Recording()
            app.show(controller)
            #expect(controller.calls == [
                "viewDidLoad window=false", "viewWillAppear window=false", "viewDidAppear window=true",
            ])
        }
    }

    @Test("§9 #58: viewDidLoad runs once; appearance callbacks run every time the view reappears")
    func reappearing() {
        SimulationLock.run {
            let app = Simulator()
            let root = Recording()
            app.show(root)
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            root.present(modal, animated: true)
            app.runUntilIdle()
            modal.dismiss(animated: true)
            app.runUntilIdle()
            #expect(root.calls == [
                "viewDidLoad window=false", "viewWillAppear window=false", "viewDidAppear window=true",
                "viewWillDisappear window=true", "viewDidDisappear window=false",
                "viewWillAppear window=false", "viewDidAppear window=true",
            ])
            #expect(root.presentedViewController == nil)
        }
    }

    @Test("§5: present and dismiss set presentingViewController and presentedViewController and run completions")
    func presentation() {
        SimulationLock.run {
            let app = Simulator()
            let root = UIViewController()
            app.show(root)
            let sheet = UIViewController()
            var completed = 0
            root.present(sheet, animated: true) { completed += 1 }
            #expect(root.presentedViewController === sheet)
            #expect(sheet.presentingViewController === root)
            #expect(completed == 0)
            app.runUntilIdle()
            #expect(completed == 1)
            sheet.dismiss(animated: false) { completed += 1 }
            app.runUntilIdle()
            #expect(completed == 2)
            #expect(sheet.presentingViewController == nil)
        }
    }

    @Test("UIView: frame, bounds and center keep UIKit's relations; convert uses the window when nil")
    func geometry() {
        SimulationLock.run {
            _ = Simulator()
            let window = UIWindow(frame: UIScreen.main.bounds)
            let outer = UIView(frame: CGRect(x: 10, y: 20, width: 200, height: 300))
            let inner = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
            window.addSubview(outer)
            outer.addSubview(inner)
            #expect(inner.center == CGPoint(x: 30, y: 30))
            #expect(inner.convert(CGPoint.zero, to: nil) == CGPoint(x: 15, y: 25))
            #expect(inner.convert(CGRect(x: 1, y: 1, width: 2, height: 2), to: outer) == CGRect(x: 6, y: 6, width: 2, height: 2))
            #expect(outer.convert(CGPoint(x: 15, y: 25), from: nil) == CGPoint(x: 5, y: 5))
            outer.bounds.origin = CGPoint(x: 0, y: 5)
            #expect(inner.convert(CGPoint.zero, to: nil) == CGPoint(x: 15, y: 20))
            outer.frame.size.height = 100
            #expect(outer.center == CGPoint(x: 110, y: 70))
            #expect(window.hitTest(CGPoint(x: 16, y: 21), with: nil) === inner)
            inner.isHidden = true
            #expect(window.hitTest(CGPoint(x: 16, y: 21), with: nil) === outer)
            #expect(inner.window === window)
            inner.removeFromSuperview()
            #expect(inner.window == nil && inner.superview == nil)
        }
    }

    @Test("UIView.animate applies changes at once and completes on the virtual clock")
    func animate() {
        SimulationLock.run {
            let app = Simulator()
            let view = UIView(frame: .zero)
            var finished: Bool?
            UIView.animate(withDuration: 0.3, animations: { view.alpha = 0.5 }, completion: { finished = $0 })
            #expect(view.alpha == 0.5)
            #expect(finished == nil)
            app.advance(by: 0.3)
            #expect(finished == true)
        }
    }

    @Test("A tap on empty space reaches the controller's touchesBegan through the responder chain")
    func touchesReachController() {
        final class Tapping: UIViewController {
            var touched = 0
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                touched += 1
                view.endEditing(true)
            }
        }
        SimulationLock.run {
            let app = Simulator()
            let controller = Tapping()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 31))
            controller.view.addSubview(field)
            app.show(controller)
            app.tap(field)
            #expect(field.isFirstResponder)
            app.tap(at: CGPoint(x: 160, y: 40))
            #expect(controller.touched == 1)
            #expect(!field.isFirstResponder)
        }
    }

    @Test("UIButton sends .touchUpInside to its UIAction when tapped; disabled buttons do nothing")
    func buttonTap() {
        SimulationLock.run {
            let app = Simulator()
            let controller = UIViewController()
            var taps = 0
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 20, y: 100, width: 100, height: 44)
            button.setTitle("Go", for: .normal)
            button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
            controller.view.addSubview(button)
            app.show(controller)
            app.tap(button)
            #expect(taps == 1)
            button.isEnabled = false
            app.tap(button)
            #expect(taps == 1)
            #expect(button.title(for: .normal) == "Go")
        }
    }
}
