import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator

/// A controller with one view pinned to its root view's margins guide and one to its readable content guide.
private final class MarginsScreen: UIViewController {
    let marginBox = UIView()
    let readableBox = UIView()
    var marginChanges: [CGFloat] = []

    override func viewDidLoad() {
        for box in [marginBox, readableBox] {
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
        }
        NSLayoutConstraint.activate([
            marginBox.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            marginBox.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
            marginBox.topAnchor.constraint(equalTo: view.layoutMarginsGuide.topAnchor),
            marginBox.heightAnchor.constraint(equalToConstant: 10),
            readableBox.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
            readableBox.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
            readableBox.bottomAnchor.constraint(equalTo: view.readableContentGuide.bottomAnchor),
            readableBox.heightAnchor.constraint(equalToConstant: 10),
        ])
    }

    override func viewLayoutMarginsDidChange() {
        super.viewLayoutMarginsDidChange()
        marginChanges.append(view.layoutMargins.left)
    }
}

@Suite("Layout margins of a controller's root view (Apple's layoutMargins, systemMinimumLayoutMargins and readableContentGuide docs)")
struct LayoutMarginsTests {
    @Test(
        "systemMinimumLayoutMargins: 16 pt at the sides in compact width, 20 in regular, none above and below",
        arguments: [(Device.iPhone4, 16.0), (.iPhone16, 16), (.iPhonePlus, 16), (.iPad, 20)])
    func systemMinimum(device: Device, side: CGFloat) {
        withSimulator(device: device) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.systemMinimumLayoutMargins == NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side))
            let safe = screen.view.safeAreaInsets
            // layoutMargins doc: the root view's value "reflects the system minimum margins and safe area insets".
            #expect(screen.view.layoutMargins == UIEdgeInsets(top: safe.top, left: side, bottom: safe.bottom, right: side))
            #expect(screen.marginBox.frame.minX == side && screen.marginBox.frame.minY == safe.top)
            #expect(screen.marginBox.frame.width == device.screenSize.width - 2 * side)
        }
    }

    @Test("Regular width in landscape on a Plus phone gives 20 pt; the wideScreensToo switch gives 20 from 414 pt")
    func widePhones() {
        withSimulator(device: .iPhonePlus) { app in
            let screen = MarginsScreen()
            app.show(screen)
            app.rotate(to: .landscapeLeft)
            #expect(screen.systemMinimumLayoutMargins.leading == 20)
        }
        var profile = BehaviorProfile.current
        profile.systemMinimumSideMargins = .wideScreensToo
        withSimulator(device: .iPhonePlus, profile: profile) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.systemMinimumLayoutMargins.leading == 20)
        }
        withSimulator(device: .iPhone16, profile: profile) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.systemMinimumLayoutMargins.leading == 16)
        }
    }

    @Test("systemMinimumLayoutMargins doc: custom root margins below the minimum are raised to it; larger ones are kept")
    func customMarginsAgainstMinimum() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            app.show(screen)
            screen.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 10, leading: 4, bottom: 0, trailing: 40)
            screen.view.layoutIfNeeded()
            #expect(screen.marginBox.frame.minX == 16)
            #expect(screen.marginBox.frame.maxX == 353)
            #expect(screen.marginBox.frame.minY == 69)
        }
    }

    @Test("viewRespectsSystemMinimumLayoutMargins doc: false takes the margins solely from directionalLayoutMargins")
    func respectsMinimumOff() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            screen.viewRespectsSystemMinimumLayoutMargins = false
            app.show(screen)
            #expect(screen.marginBox.frame.minX == 0)
            screen.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 4, bottom: 0, trailing: 4)
            screen.view.layoutIfNeeded()
            #expect(screen.marginBox.frame.minX == 4 && screen.marginBox.frame.width == 385)
        }
    }

    @Test("insetsLayoutMarginsFromSafeArea doc: false leaves the margins where they are, under the notch")
    func marginsOutsideSafeArea() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.marginBox.frame.minY == 59)
            screen.view.insetsLayoutMarginsFromSafeArea = false
            screen.view.layoutIfNeeded()
            #expect(screen.marginBox.frame.minY == 0)
            #expect(screen.view.layoutMargins == UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
        }
    }

    @Test("Other views keep 8-pt margins (layoutMargins doc: 'normally 8 points on each side')")
    func subviewsKeepEight() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            let card = UIView(frame: CGRect(x: 0, y: 200, width: 300, height: 100))
            screen.view.addSubview(card)
            app.show(screen)
            #expect(card.layoutMargins == UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8))
            #expect(card.layoutMarginsGuide.layoutFrame == CGRect(x: 8, y: 8, width: 284, height: 84))
        }
    }

    @Test("readableContentGuide: the margins guide on a phone, 672 pt centred on an iPad (useyourloaf [W])")
    func readableGuide() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.readableBox.frame.minX == 16 && screen.readableBox.frame.width == 361)
            #expect(screen.readableBox.frame.maxY == 818)
        }
        withSimulator(device: .iPad) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.readableBox.frame.width == 672)
            #expect(screen.readableBox.frame.minX == 48)
            app.rotate(to: .landscapeLeft)
            #expect(screen.readableBox.frame.minX == 176)
        }
    }

    @Test("viewLayoutMarginsDidChange is called in the layout pass after the margins change, not for the first layout")
    func marginsDidChange() {
        withSimulator(device: .iPhone16) { app in
            let screen = MarginsScreen()
            app.show(screen)
            #expect(screen.marginChanges.isEmpty)
            screen.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 30)
            screen.view.layoutIfNeeded()
            #expect(screen.marginChanges == [30])
        }
    }
}
