import Testing
import UIKitModel
@testable import UIKitSimulator

@Suite("Undocked iPad keyboard (§2.6, §6, §9 #61)")
struct UndockedKeyboardTests {
    /// A field and a bar pinned to the keyboard layout guide's top.
    final class BarController: UIViewController {
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 31))
        let bar = UIView()

        override func viewDidLoad() {
            super.viewDidLoad()
            view.addSubview(field)
            bar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(bar)
            NSLayoutConstraint.activate([
                bar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                bar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                bar.heightAnchor.constraint(equalToConstant: 44),
                bar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
            ])
        }
    }

    /// Values an observer block saw (a class, so the block can add to it).
    final class Recorded: @unchecked Sendable {
        var values: [Int] = []
    }

    private func notifications(_ app: Simulator) -> [String] {
        app.trace.filter { $0.kind == .notification && $0.text.hasPrefix("keyboard") }
            .map { String($0.text.prefix { $0 != " " }) }
    }

    @Test("§9 #61: with followsUndockedKeyboard false an undocked keyboard leaves the layout guide at the bottom safe area")
    func undockedLeavesGuideAtBottom() {
        withSimulator(device: .iPad) { app in
            let controller = BarController()
            app.show(controller)
            let view: UIView = controller.view
            #expect(!view.keyboardLayoutGuide.followsUndockedKeyboard)
            app.tap(controller.field)
            // Docked: 313 pt at the bottom of the 1024-pt screen.
            #expect(view.keyboardLayoutGuide.layoutFrame.minY == 711)
            #expect(controller.bar.frame.maxY == 711)
            app.undockKeyboard()
            #expect(app.isKeyboardUndocked)
            #expect(app.isKeyboardVisible)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 511, width: 768, height: 313))
            #expect(view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 1024, width: 768, height: 0))
            #expect(view.keyboardLayoutGuide.layoutFrame.minY == view.safeAreaLayoutGuide.layoutFrame.maxY)
            #expect(controller.bar.frame.maxY == 1024)
            let renderer = SnapshotRenderer(system: UIKitSystem.shared)
            #expect(renderer.screenDescription().english.contains("The keyboard is undocked, floating 313 points tall with its top at y = 511."))
            #expect(renderer.screenDescription().chinese.contains("键盘已取消停靠，浮在屏幕上，高 313 点，顶边位于 y = 511。"))
            app.dockKeyboard()
            #expect(!app.isKeyboardUndocked)
            #expect(controller.bar.frame.maxY == 711)
        }
    }

    @Test("With followsUndockedKeyboard true the guide is the part of the view the floating keyboard covers")
    func followingGuideTracksFloatingKeyboard() {
        withSimulator(device: .iPad) { app in
            let controller = BarController()
            controller.view.keyboardLayoutGuide.followsUndockedKeyboard = true
            app.show(controller)
            app.tap(controller.field)
            app.undockKeyboard()
            #expect(controller.view.keyboardLayoutGuide.layoutFrame == CGRect(x: 0, y: 511, width: 768, height: 313))
            #expect(controller.bar.frame.maxY == 511)
        }
    }

    @Test("Undocking posts WillChangeFrame and WillHide, then DidChangeFrame and DidHide, marked as user interaction; docking posts the show sequence")
    func undockAndDockNotifications() {
        withSimulator(device: .iPad) { app in
            let controller = BarController()
            app.show(controller)
            app.tap(controller.field)
            let byUser = Recorded()
            let token = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil
            ) { note in
                byUser.values.append((note.userInfo?["UIKeyboardFrameChangedByUserInteraction"] as? Int) ?? 0)
            }
            defer { NotificationCenter.default.removeObserver(token) }
            app.clearTrace()
            app.undockKeyboard()
            #expect(notifications(app) == [
                "keyboardWillChangeFrame", "keyboardWillHide", "keyboardDidChangeFrame", "keyboardDidHide",
            ])
            #expect(byUser.values == [1])
            app.clearTrace()
            app.dockKeyboard()
            #expect(notifications(app) == [
                "keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow",
            ])
        }
    }

    @Test("While undocked, ending and beginning editing post only the frame-change notifications")
    func undockedShowAndHidePostFrameChangesOnly() {
        withSimulator(device: .iPad) { app in
            let controller = BarController()
            app.show(controller)
            app.tap(controller.field)
            app.undockKeyboard()
            app.clearTrace()
            controller.field.resignFirstResponder()
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
            #expect(notifications(app) == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
            app.clearTrace()
            app.tap(controller.field)
            #expect(app.keyboardFrame == CGRect(x: 0, y: 511, width: 768, height: 313))
            #expect(notifications(app) == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        }
    }

    @Test("Undocking does nothing on an iPhone or with the keyboard down")
    func undockNeedsAnIPadKeyboard() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = BarController()
            app.show(controller)
            app.tap(controller.field)
            app.undockKeyboard()
            #expect(!app.isKeyboardUndocked)
        }
        withSimulator(device: .iPad) { app in
            app.show(BarController())
            app.undockKeyboard()
            #expect(!app.isKeyboardUndocked)
        }
    }
}
