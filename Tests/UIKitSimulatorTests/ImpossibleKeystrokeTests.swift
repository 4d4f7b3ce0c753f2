import Testing
import UIKitModel
@testable import UIKitSimulator

/// The simulated user types only what a person could: with no keyboard up, or on a keyboard without a Return key,
/// the program stops instead of showing the result of a keystroke nobody can make (§2.7 #39: an input view replaces
/// the keyboard; the iPhone's number pads have no Return key).
@Suite("Impossible keystrokes stop the program")
struct ImpossibleKeystrokeTests {
    static func screen(_ configure: (UITextField) -> Void) -> (Simulator, UITextField) {
        let app = Simulator(device: .iPhone16)
        let controller = UIViewController()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 31))
        configure(field)
        controller.view.addSubview(field)
        app.show(controller)
        return (app, field)
    }

    @Test("typing with nothing first responder stops the program")
    func typingWithoutKeyboard() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                let (app, _) = ImpossibleKeystrokeTests.screen { _ in }
                app.type("a")
            }
        }
    }

    /// Shows a field with `keyboard` (or, for nil, a custom input view), taps it, and presses Return.
    static func pressReturn(on keyboard: UIKeyboardType?) {
        SimulationLock.run {
            let (app, field) = screen { field in
                if let keyboard { field.keyboardType = keyboard }
                else { field.inputView = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 260)) }
            }
            app.tap(field)
            if keyboard == nil { app.type("\n") } else { app.tapReturn() }
        }
    }

    @Test("the number pad has no Return key") func numberPad() async {
        await #expect(processExitsWith: .failure) { ImpossibleKeystrokeTests.pressReturn(on: .numberPad) }
    }

    @Test("the phone pad has no Return key") func phonePad() async {
        await #expect(processExitsWith: .failure) { ImpossibleKeystrokeTests.pressReturn(on: .phonePad) }
    }

    @Test("the decimal pad has no Return key") func decimalPad() async {
        await #expect(processExitsWith: .failure) { ImpossibleKeystrokeTests.pressReturn(on: .decimalPad) }
    }

    @Test("the ASCII number pad has no Return key") func asciiNumberPad() async {
        await #expect(processExitsWith: .failure) { ImpossibleKeystrokeTests.pressReturn(on: .asciiCapableNumberPad) }
    }

    @Test("#39: a custom input view replaces the keyboard and its Return key") func customInputView() async {
        await #expect(processExitsWith: .failure) { ImpossibleKeystrokeTests.pressReturn(on: nil) }
    }

    @Test("Return works on the keyboards that have it, and on a number pad with a hardware keyboard connected")
    func returnKeyPresent() throws {
        try SimulationLock.run {
            for connected in [false, true] {
                let (app, field) = Self.screen { $0.keyboardType = connected ? .numberPad : .emailAddress }
                if connected { app.connectHardwareKeyboard(true) }
                app.tap(field)
                app.type("7")
                app.tapReturn()
                #expect(field.text == "7")
            }
        }
    }
}
