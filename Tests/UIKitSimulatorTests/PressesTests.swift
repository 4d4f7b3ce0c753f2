import Testing
import UIKitModel
import UIKitSimulator

/// A controller that records the presses reaching it and can swallow them.
private final class PressesScreen: UIViewController {
    let field = UITextField(frame: CGRect(x: 20, y: 80, width: 280, height: 31))
    var began: [String] = []
    var ended: [String] = []
    var swallows = true

    override func viewDidLoad() { view.addSubview(field) }

    override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses {
            guard let key = press.key else { continue }
            began.append("\(key.keyCode.rawValue) \(key.characters.debugDescription) \(key.charactersIgnoringModifiers.debugDescription) \(press.phase == .began)")
            #expect(event?.allPresses.contains(press) == true)
        }
        if !swallows { super.pressesBegan(presses, with: event) }
    }

    override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        for press in presses { ended.append("\(press.key!.keyCode.rawValue) \(press.phase == .ended)") }
        if !swallows { super.pressesEnded(presses, with: event) }
    }
}

@Suite("Hardware key presses (Apple's pressesBegan(_:with:), UIPress and UIKey docs)")
struct PressesTests {
    @Test("pressesBegan doc: a key no key command takes goes up the responder chain from the first responder, then ends")
    func pressesReachController() {
        withSimulator(device: .iPad) { app in
            let screen = PressesScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.tap(screen.field)
            app.pressKey(UIKeyCommand.inputEscape)
            #expect(screen.began == ["41 \"UIKeyInputEscape\" \"UIKeyInputEscape\" true"])
            #expect(screen.ended == ["41 true"])
        }
    }

    @Test("A text field first responder types the keys it uses in its own pressesBegan; they never reach the controller")
    func textFieldTypesItsKeys() {
        withSimulator(device: .iPad) { app in
            let screen = PressesScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.tap(screen.field)
            app.pressKey("a")
            app.pressKey("b", modifiers: .shift)
            #expect(screen.field.text == "aB")
            #expect(screen.began.isEmpty && screen.ended.isEmpty)
        }
    }

    @Test("UIKey doc: characters apply the modifiers, charactersIgnoringModifiers do not; keyCode is the HID usage")
    func keyCharacters() {
        withSimulator(device: .iPad) { app in
            let screen = PressesScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.pressKey("k", modifiers: .shift)
            app.pressKey("7")
            app.pressKey(UIKeyCommand.inputUpArrow)
            #expect(screen.began == [
                "14 \"K\" \"k\" true",
                "36 \"7\" \"7\" true",
                "82 \"UIKeyInputUpArrow\" \"UIKeyInputUpArrow\" true",
            ])
        }
    }

    @Test("Without a hardware keyboard nothing is pressed; a key the whole chain passes on is traced as unhandled")
    func keyCommandsFirst() {
        withSimulator(device: .iPad) { app in
            let screen = PressesScreen()
            app.show(screen)
            app.pressKey("x")
            #expect(screen.began.isEmpty)
            app.connectHardwareKeyboard(true)
            screen.swallows = false
            app.pressKey("x")
            #expect(screen.began.count == 1)
            #expect(app.trace.contains { $0.text.hasSuffix("matches no key command: nothing happens") })
        }
    }

    @Test("UIPress.type is an arrow's type; for another key the model does not know it and stops")
    func pressTypeOfArrows() {
        withSimulator(device: .iPad) { app in
            final class ArrowScreen: UIViewController {
                var types: [UIPress.PressType] = []
                override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                    types += presses.map(\.type)
                }
            }
            let screen = ArrowScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.pressKey(UIKeyCommand.inputLeftArrow)
            app.pressKey(UIKeyCommand.inputDownArrow)
            #expect(screen.types == [.leftArrow, .downArrow])
        }
    }
}
