import Testing
import UIKitModel
import UIKitSimulator

/// A link delegate as iOS 17 code writes it, next to the pre-17 handler it replaces.
private final class LinkDelegate: NSObject, UITextViewDelegate {
    func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
        textItem.contentType == .link ? defaultAction : nil
    }

    func textViewWritingToolsWillBegin(_ textView: UITextView) {}
    func textViewWritingToolsDidEnd(_ textView: UITextView) {}
}

@Suite("Today's iPhones, Writing Tools and the main screen (uikit-behaviour-3 §B8, §B9)")
struct TodaysDevicesTests {
    @Test("uikit-behaviour-3 #181–#183: today's iPhones' screens and portrait safe areas", arguments: [
        (Device.iPhone16, CGSize(width: 393, height: 852), UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0), CGFloat(336)),
        (Device.iPhone17, CGSize(width: 402, height: 874), UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0), 336),
        (Device.iPhone17Pro, CGSize(width: 402, height: 874), UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0), 336),
        (Device.iPhoneAir, CGSize(width: 420, height: 912), UIEdgeInsets(top: 68, left: 0, bottom: 34, right: 0), 336),
        (Device.iPhone17ProMax, CGSize(width: 440, height: 956), UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0), 346),
        (Device.iPhone16ProMax, CGSize(width: 440, height: 956), UIEdgeInsets(top: 62, left: 0, bottom: 34, right: 0), 346),
    ])
    func devices(device: Device, size: CGSize, insets: UIEdgeInsets, keyboard: CGFloat) {
        SimulationLock.run {
            let app = Simulator(device: device)
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 200, width: 200, height: 31))
            controller.view.addSubview(field)
            app.show(controller)
            #expect(UIScreen.main.bounds.size == size)
            #expect(controller.view.safeAreaInsets == insets)
            app.tap(field)
            // #184: 336 pt is measured only on the 393-wide phone; the others are the model's [U] choice.
            #expect(app.keyboardFrame?.height == keyboard)
            #expect(app.keyboardFrame?.maxY == size.height)
        }
    }

    @Test("uikit-behaviour-3 #185 / #186: writingToolsBehavior never reads back .default; isWritingToolsActive is false")
    func writingTools() {
        SimulationLock.run {
            _ = Simulator(device: .iPhone16)
            let textView = UITextView()
            #expect(textView.writingToolsBehavior == .complete)
            textView.writingToolsBehavior = .default
            #expect(textView.writingToolsBehavior != .default)
            textView.writingToolsBehavior = .limited
            #expect(textView.writingToolsBehavior == .limited)
            textView.writingToolsBehavior = .none
            #expect(textView.writingToolsBehavior == .none)
            #expect(!textView.isWritingToolsActive)
            #expect(UIWritingToolsBehavior.none.rawValue == -1)
        }
    }

    @Test("uikit-behaviour-3 #187: the text-item delegate methods are declared, the old link handler deprecated (compile test)")
    func textItems() {
        SimulationLock.run {
            _ = Simulator(device: .iPhone16)
            let textView = UITextView()
            let delegate = LinkDelegate()
            textView.delegate = delegate
            #expect(UITextItemInteraction.invokeDefaultAction.rawValue == 0)
        }
    }

    @Test("uikit-behaviour-3 #188: UIScreen.main is the window scene's screen and displayScale is its scale", arguments: [
        (Device.iPhone16, CGFloat(3)), (Device.iPhone4, 2), (Device.iPadAir, 2), (Device.iPhonePlus, 3),
    ])
    func mainScreen(device: Device, scale: CGFloat) {
        SimulationLock.run {
            let app = Simulator(device: device)
            let controller = UIViewController()
            app.show(controller)
            #expect(controller.view.window?.windowScene?.screen === UIScreen.main)
            #expect(controller.view.traitCollection.displayScale == UIScreen.main.scale)
            #expect(UIScreen.main.scale == scale)
        }
    }
}
