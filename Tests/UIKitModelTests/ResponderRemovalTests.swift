import Testing
import UIKitModel
import UIKitSimulator

@Suite("Leaving the window and presentation styles (§A5)")
struct ResponderRemovalTests {
    @Test("uikit-behaviour-2 #112: a first-responder field removed from its window resigns and gets didEndEditing even though shouldEndEditing says false")
    func removalForcesEnd() {
        withFixture { f in
            f.app.tap(f.a)
            f.delegate.shouldEnd = false
            f.log.entries.removeAll()
            f.a.removeFromSuperview()
            f.app.runUntilIdle()
            #expect(!f.a.isFirstResponder)
            #expect(f.log.entries.contains("didEnd(a)"))
            #expect(!f.log.entries.contains("shouldEnd(a)"))
            #expect(f.notes.keyboardLabels.suffix(4) == ["WillChangeFrame", "WillHide", "DidChangeFrame", "DidHide"])
        }
    }

    @Test("uikit-behaviour-2 #118: disablesAutomaticKeyboardDismissal is true for .formSheet only", arguments: [
        (UIModalPresentationStyle.formSheet, true), (.pageSheet, false), (.fullScreen, false), (.overFullScreen, false),
        (.automatic, false), (.currentContext, false),
    ])
    func automaticDismissal(style: UIModalPresentationStyle, disables: Bool) {
        withFixture { _ in
            let controller = UIViewController()
            controller.modalPresentationStyle = style
            #expect(controller.disablesAutomaticKeyboardDismissal == disables)
        }
    }
}
