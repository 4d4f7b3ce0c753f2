import Testing
import UIKitModel
import UIKitSimulator

/// Modal presentation: what stays in the window and which appearance callbacks the presenter gets.
@Suite("Modal presentation (§5)")
struct PresentationTests {
    /// Records appearance callbacks with whether the view was in a window at the time.
    final class Presenter: UIViewController {
        var calls: [String] = []
        override func viewWillAppear(_ animated: Bool) { calls.append("willAppear window=\(view.window != nil)") }
        override func viewIsAppearing(_ animated: Bool) { calls.append("isAppearing window=\(view.window != nil)") }
        override func viewDidAppear(_ animated: Bool) { calls.append("didAppear window=\(view.window != nil)") }
        override func viewWillDisappear(_ animated: Bool) { calls.append("willDisappear window=\(view.window != nil)") }
        override func viewDidDisappear(_ animated: Bool) { calls.append("didDisappear window=\(view.window != nil)") }
    }

    @Test("A finished full-screen presentation takes the presenter's view out of the window, after viewWillDisappear and before viewDidDisappear")
    func fullScreenRemovesPresenterView() {
        SimulationLock.run {
            let app = Simulator(device: .iPhoneNotched)
            let root = Presenter()
            app.show(root)
            root.calls = []
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            root.present(modal, animated: true)
            // During the transition both views are in the window.
            #expect(root.view.window != nil)
            #expect(root.calls == ["willDisappear window=true"])
            app.runUntilIdle()
            #expect(root.view.window == nil)
            #expect(root.view.superview == nil)
            #expect(modal.view.window === app.window)
            #expect(app.window!.subviews.map { $0 === modal.view } == [true])
            #expect(root.calls == ["willDisappear window=true", "didDisappear window=false"])
        }
    }

    @Test("Dismissing a full-screen presentation puts the presenter's view back: viewWillAppear without a window, then viewIsAppearing and viewDidAppear with it")
    func fullScreenDismissRestoresPresenterView() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let root = Presenter()
            let label = UILabel(frame: CGRect(x: 20, y: 40, width: 200, height: 21))
            root.view.addSubview(label)
            app.show(root)
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            root.present(modal, animated: false)
            app.runUntilIdle()
            root.calls = []
            modal.dismiss(animated: true)
            #expect(root.view.window === app.window)
            app.runUntilIdle()
            #expect(root.calls == ["willAppear window=false", "isAppearing window=true", "didAppear window=true"])
            #expect(app.window!.subviews.count == 1)
            #expect(app.window!.subviews.first === root.view)
            #expect(label.window === app.window)
            #expect(root.view.frame == app.window!.bounds)
            #expect(root.presentedViewController == nil)
        }
    }

    @Test("A presenter's view taken off screen while the device rotates fills the rotated window when it comes back")
    func fullScreenPresenterFollowsRotation() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let root = Presenter()
            app.show(root)
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            root.present(modal, animated: false)
            app.runUntilIdle()
            app.rotate(to: .landscapeLeft)
            modal.dismiss(animated: false)
            app.runUntilIdle()
            #expect(root.view.frame == CGRect(x: 0, y: 0, width: 480, height: 320))
        }
    }

    @Test("A text field editing in the presenter resigns when a full-screen presentation removes its view")
    func fullScreenPresentationEndsEditing() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let root = Presenter()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            root.view.addSubview(field)
            app.show(root)
            app.tap(field)
            #expect(app.isKeyboardVisible)
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            root.present(modal, animated: false)
            app.runUntilIdle()
            #expect(!field.isFirstResponder)
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("Page sheets, form sheets, .automatic and .overFullScreen leave the presenter in the window with no appearance callbacks")
    func sheetsKeepPresenterInWindow() {
        for style in [UIModalPresentationStyle.pageSheet, .formSheet, .automatic, .overFullScreen] {
            SimulationLock.run {
                let app = Simulator(device: .iPhoneNotched)
                let root = Presenter()
                app.show(root)
                root.calls = []
                let sheet = UIViewController()
                sheet.modalPresentationStyle = style
                root.present(sheet, animated: true)
                app.runUntilIdle()
                #expect(root.view.window === app.window, "\(style)")
                #expect(root.calls == [], "\(style)")
                sheet.dismiss(animated: true)
                app.runUntilIdle()
                #expect(root.calls == [], "\(style)")
                #expect(app.window!.subviews.count == 1)
            }
        }
    }

    @Test(".automatic on an iPhone is a page sheet below the status bar, not full screen (iOS 13+)")
    func automaticIsPageSheetOnPhone() {
        SimulationLock.run {
            let app = Simulator(device: .iPhoneNotched)
            let root = Presenter()
            app.show(root)
            let sheet = UIViewController()
            #expect(sheet.modalPresentationStyle == .automatic)
            root.present(sheet, animated: false)
            app.runUntilIdle()
            #expect(sheet.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
        }
    }

    @Test("With compactSheetsAreFullScreen (iOS 12 and earlier) an iPhone sheet is full screen and covers the presenter")
    func compactSheetsFullScreenSwitch() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: .iOS10)
            let root = Presenter()
            app.show(root)
            root.calls = []
            let sheet = UIViewController()
            sheet.modalPresentationStyle = .pageSheet
            root.present(sheet, animated: false)
            app.runUntilIdle()
            #expect(sheet.view.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
            #expect(root.view.window == nil)
            #expect(root.calls == ["willDisappear window=true", "didDisappear window=false"])
        }
        SimulationLock.run {
            // An iPad keeps its sheets under the same switch.
            var profile = BehaviorProfile.current
            profile.compactSheetsAreFullScreen = true
            let app = Simulator(device: .iPad, profile: profile)
            let root = Presenter()
            app.show(root)
            let sheet = UIViewController()
            sheet.modalPresentationStyle = .formSheet
            root.present(sheet, animated: false)
            app.runUntilIdle()
            #expect(root.view.window === app.window)
        }
    }

    @Test("A full-screen presentation from a controller inside a navigation controller takes the whole navigation hierarchy off screen")
    func fullScreenFromNavigationChild() {
        withChildInNavigation { app, child, navigation in
            child.calls = []
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            child.present(modal, animated: false)
            app.runUntilIdle()
            #expect(navigation.view.window == nil)
            #expect(child.view.window == nil)
            #expect(child.calls == ["willDisappear window=true", "didDisappear window=false"])
            modal.dismiss(animated: false)
            app.runUntilIdle()
            #expect(navigation.view.window === app.window)
            #expect(child.calls.suffix(2) == ["isAppearing window=true", "didAppear window=true"])
        }
    }

    @Test("A child presents through its outermost container: the container is the presenting controller, and both see the presented one")
    func childPresentsThroughContainer() {
        withChildInNavigation { app, child, navigation in
            let modal = UINavigationController(rootViewController: UIViewController())
            child.present(modal, animated: false)
            app.runUntilIdle()
            #expect(modal.presentingViewController === navigation)
            #expect(navigation.presentedViewController === modal)
            #expect(child.presentedViewController === modal)
            #expect(navigation.visibleViewController === modal)
            // A controller inside the presented one reports the presenter of its presented ancestor.
            let inner = modal.viewControllers[0]
            #expect(inner.presentingViewController === navigation)
            // Dismissing from inside the presented hierarchy dismisses the presented controller.
            inner.dismiss(animated: false)
            app.runUntilIdle()
            #expect(modal.presentingViewController == nil)
            #expect(navigation.presentedViewController == nil)
            #expect(child.presentedViewController == nil)
        }
    }

    /// Runs `body` with a `Presenter` inside a navigation controller shown on an iPhone 4, under the simulation lock.
    private func withChildInNavigation(_ body: (Simulator, Presenter, UINavigationController) -> Void) {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let child = Presenter()
            let navigation = UINavigationController(rootViewController: child)
            app.show(navigation)
            body(app, child, navigation)
        }
    }

    @Test("Dismissing from the bottom of a stack of presentations dismisses every controller above it")
    func dismissStack() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let root = UIViewController()
            app.show(root)
            let first = UIViewController()
            let second = UIViewController()
            root.present(first, animated: false)
            app.runUntilIdle()
            first.present(second, animated: false)
            app.runUntilIdle()
            #expect(second.presentingViewController === first)
            root.dismiss(animated: false)
            app.runUntilIdle()
            #expect(root.presentedViewController == nil)
            #expect(first.presentingViewController == nil)
            #expect(second.presentingViewController == nil)
            #expect(first.viewIfLoaded?.window == nil)
            #expect(second.viewIfLoaded?.window == nil)
            #expect(root.view.window === app.window)
        }
    }
}
