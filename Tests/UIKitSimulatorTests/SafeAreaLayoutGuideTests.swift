import Testing
import UIKitModel
import UIKitSimulator

@Suite("safeAreaLayoutGuide and safeAreaInsets")
struct SafeAreaLayoutGuideTests {
    /// A controller with one view pinned to the four edges of its safe area.
    final class PinnedToSafeArea: UIViewController {
        let content = UIView()

        override func viewDidLoad() {
            super.viewDidLoad()
            content.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(content)
            let guide = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                content.topAnchor.constraint(equalTo: guide.topAnchor),
                content.bottomAnchor.constraint(equalTo: guide.bottomAnchor),
                content.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                content.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
            ])
        }
    }

    @Test(
        "The root view's safeAreaLayoutGuide.layoutFrame is its bounds inset by safeAreaInsets on every device and orientation",
        arguments: [
            (Device.iPhone4, false, CGRect(x: 0, y: 20, width: 320, height: 460)),
            (Device.iPhone4, true, CGRect(x: 0, y: 20, width: 480, height: 300)),
            (Device.iPhoneNotched, false, CGRect(x: 0, y: 59, width: 393, height: 759)),
            (Device.iPhoneNotched, true, CGRect(x: 59, y: 0, width: 734, height: 372)),
            (Device.iPad, false, CGRect(x: 0, y: 20, width: 768, height: 1004)),
            (Device.iPad, true, CGRect(x: 0, y: 20, width: 1024, height: 748)),
        ])
    func rootGuidePerDevice(device: Device, landscape: Bool, expected: CGRect) {
        withSimulator(device: device) { app in
            let controller = UIViewController()
            app.show(controller)
            if landscape { app.rotate(to: .landscapeLeft) }
            let view: UIView = controller.view
            #expect(view.safeAreaLayoutGuide.layoutFrame == view.bounds.inset(by: view.safeAreaInsets))
            #expect(view.safeAreaLayoutGuide.layoutFrame == expected)
            #expect(view.safeAreaLayoutGuide.owningView === view)
        }
    }

    @Test("A view pinned to the four safeAreaLayoutGuide anchors fills the safe area and follows a rotation")
    func anchorsFollowRotation() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = PinnedToSafeArea()
            app.show(controller)
            #expect(controller.content.frame == CGRect(x: 0, y: 59, width: 393, height: 759))
            app.rotate(to: .landscapeLeft)
            #expect(controller.content.frame == CGRect(x: 59, y: 0, width: 734, height: 372))
            app.rotate(to: .portrait)
            #expect(controller.content.frame == CGRect(x: 0, y: 59, width: 393, height: 759))
        }
    }

    @Test("A subview's guide covers only the part of it outside the unsafe areas; a view in the middle keeps its bounds")
    func subviewGuides() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = UIViewController()
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 100))
            let middle = UIView(frame: CGRect(x: 20, y: 300, width: 200, height: 100))
            let footer = UIView(frame: CGRect(x: 0, y: 800, width: 393, height: 52))
            for view in [header, middle, footer] { controller.view.addSubview(view) }
            app.show(controller)
            #expect(header.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
            #expect(header.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 59, width: 393, height: 41))
            #expect(middle.safeAreaLayoutGuide.layoutFrame == middle.bounds)
            #expect(footer.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 393, height: 18))
        }
    }

    @Test("A view outside a window has no safe-area insets: its guide is its bounds")
    func noWindowNoInsets() {
        withSimulator(device: .iPhoneNotched) { _ in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 852))
            #expect(view.safeAreaInsets == .zero)
            #expect(view.safeAreaLayoutGuide.layoutFrame == view.bounds)
        }
    }

    @Test("Under a navigation bar the guide's top is the bar's bottom (64 on the 320×480 phone, 103 on the notched one)")
    func navigationBarTop() {
        for (device, top) in [(Device.iPhone4, CGFloat(64)), (Device.iPhoneNotched, CGFloat(103))] {
            withSimulator(device: device) { app in
                let child = PinnedToSafeArea()
                app.show(UINavigationController(rootViewController: child))
                #expect(child.view.safeAreaLayoutGuide.layoutFrame.minY == top)
                #expect(child.content.frame.minY == top)
            }
        }
    }

    @Test("A page sheet's guide starts at the sheet's top and leaves out the home-indicator area")
    func pageSheetGuide() {
        withSimulator(device: .iPhoneNotched) { app in
            app.show(UIViewController())
            let sheet = PinnedToSafeArea()
            sheet.modalPresentationStyle = .pageSheet
            app.window?.rootViewController?.present(sheet, animated: false)
            app.runUntilIdle()
            #expect(sheet.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
            #expect(sheet.view.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 0, width: 393, height: 749))
            #expect(sheet.content.frame == CGRect(x: 0, y: 0, width: 393, height: 749))
        }
    }

    @Test("With the keyboard hidden the keyboard guide's top is the safe area guide's bottom on every device")
    func keyboardGuideMeetsSafeArea() {
        for device in [Device.iPhone4, .iPhoneNotched, .iPad] {
            withSimulator(device: device) { app in
                let controller = UIViewController()
                app.show(controller)
                let view: UIView = controller.view
                #expect(view.keyboardLayoutGuide.layoutFrame.minY == view.safeAreaLayoutGuide.layoutFrame.maxY)
            }
        }
    }
}
