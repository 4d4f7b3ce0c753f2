import Testing
import UIKitModel
import UIKitSimulator

@Suite("Constraints (the Auto Layout subset) and the keyboard layout guide")
struct AutoLayoutTests {
    /// WWDC21's pattern: a text view pinned to the safe area on top and to the keyboard layout guide below.
    final class PinnedController: UIViewController {
        let textView = UITextView()
        let send = UIButton(type: .system)

        override func viewDidLoad() {
            super.viewDidLoad()
            send.setTitle("Send", for: .normal)
            for subview in [textView, send] as [UIView] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            NSLayoutConstraint.activate([
                textView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                textView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                textView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                send.topAnchor.constraint(equalToSystemSpacingBelow: textView.bottomAnchor, multiplier: 1),
                send.centerXAnchor.constraint(equalTo: view.centerXAnchor),
                view.keyboardLayoutGuide.topAnchor.constraint(equalToSystemSpacingBelow: send.bottomAnchor, multiplier: 1),
            ])
        }
    }

    @Test("§6: views constrained to keyboardLayoutGuide.topAnchor follow the keyboard without notification code")
    func followsKeyboard() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = PinnedController()
            app.show(controller)
            // The button: intrinsic 50×35 (model metrics), 8 pt above the hidden guide at 818.
            #expect(controller.send.frame == CGRect(x: 171.5, y: 775, width: 50, height: 35))
            #expect(controller.textView.frame == CGRect(x: 0, y: 59, width: 393, height: 708))
            app.tap(controller.textView)
            #expect(controller.send.frame.maxY == 508)
            #expect(controller.textView.frame.maxY == 465)
            controller.textView.resignFirstResponder()
            app.runUntilIdle()
            #expect(controller.send.frame.maxY == 810)
        }
    }

    @Test("Inequalities win over intrinsic sizes; constants can change; deactivated constraints stop applying")
    func inequalitiesAndConstants() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let label = UILabel()
            label.text = String(repeating: "x", count: 100)
            label.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(label)
            let top = label.topAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.topAnchor, constant: 10)
            NSLayoutConstraint.activate([
                top,
                label.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
                label.trailingAnchor.constraint(lessThanOrEqualTo: controller.view.layoutMarginsGuide.trailingAnchor),
            ])
            app.show(controller)
            // The root view's margins: 16-pt sides (systemMinimumLayoutMargins), none on top of the 20-pt status bar.
            #expect(label.frame == CGRect(x: 16, y: 30, width: 288, height: 21))
            top.constant = 100
            controller.view.layoutIfNeeded()
            #expect(label.frame.minY == 120)
            label.text = "short"
            controller.view.setNeedsLayout()
            controller.view.layoutIfNeeded()
            #expect(label.frame.width == 42.5)
            top.isActive = false
            label.frame.origin.y = 300
            controller.view.layoutIfNeeded()
            #expect(label.frame.minY == 300)
        }
    }

    @Test("Views that keep their autoresizing masks are never moved by the solver")
    func autoresizingViewsUntouched() {
        withSimulator(device: .iPhone4) { app in
            let controller = FieldsController()
            let pinned = UIView()
            pinned.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(pinned)
            NSLayoutConstraint.activate([
                pinned.topAnchor.constraint(equalTo: controller.top.bottomAnchor, constant: 4),
                pinned.leadingAnchor.constraint(equalTo: controller.top.leadingAnchor),
                pinned.widthAnchor.constraint(equalTo: controller.top.widthAnchor, multiplier: 0.5),
                pinned.heightAnchor.constraint(equalToConstant: 10),
            ])
            app.show(controller)
            #expect(controller.top.frame == CGRect(x: 20, y: 80, width: 280, height: 31))
            #expect(pinned.frame == CGRect(x: 20, y: 115, width: 140, height: 10))
        }
    }

    @Test("A non-scrolling text view grows with its text up to the keyboard guide (guide.top ≥ textView.bottom + 8)")
    func growingTextView() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let textView = UITextView()
            textView.isScrollEnabled = false
            textView.font = UIFont.systemFont(ofSize: 10)
            textView.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(textView)
            NSLayoutConstraint.activate([
                textView.topAnchor.constraint(equalTo: controller.view.safeAreaLayoutGuide.topAnchor, constant: 8),
                textView.leadingAnchor.constraint(equalTo: controller.view.leadingAnchor),
                textView.trailingAnchor.constraint(equalTo: controller.view.trailingAnchor),
                controller.view.keyboardLayoutGuide.topAnchor.constraint(
                    greaterThanOrEqualTo: textView.bottomAnchor, constant: 8),
            ])
            app.show(controller)
            #expect(textView.frame == CGRect(x: 0, y: 28, width: 320, height: 28))
            app.tap(textView)
            app.type(String(repeating: "line\n", count: 30))
            #expect(textView.frame.maxY == 256)
        }
    }
}
