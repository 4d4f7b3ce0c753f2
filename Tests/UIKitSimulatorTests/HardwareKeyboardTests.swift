import Testing
import UIKitModel
import UIKitSimulator

/// An editor screen with ⌘S and ↑ commands and a text field, as an iPad app declares them.
private final class EditorScreen: UIViewController {
    let field = UITextField(frame: CGRect(x: 20, y: 80, width: 280, height: 31))
    var calls: [String] = []
    var upWantsPriority = false

    override func viewDidLoad() {
        view.addSubview(field)
    }

    override var keyCommands: [UIKeyCommand]? {
        let up = UIKeyCommand(input: UIKeyCommand.inputUpArrow, modifierFlags: [], action: Self.upSelector)
        up.wantsPriorityOverSystemBehavior = upWantsPriority
        return [UIKeyCommand(title: "Save", action: Self.saveSelector, input: "s", modifierFlags: .command), up]
    }

    func save(_ sender: UIKeyCommand) { calls.append("save from \(sender.input ?? "") \(sender.modifierFlags == .command)") }
    func moveUp(_ sender: Any?) { calls.append("up") }

    static let saveSelector = Selector(_tutorbuildMethod: EditorScreen.save(_:), swift: "save(_:)")
    static let upSelector = Selector(_tutorbuildMethod: EditorScreen.moveUp(_:), swift: "moveUp(_:)")
    static let declared: Void = Selector._tutorbuildDeclare([saveSelector, upSelector], in: EditorScreen.self)
}

@Suite("Hardware keyboards and UIKeyCommand (Apple's UIKeyCommand, keyCommands and wantsPriorityOverSystemBehavior docs)")
struct HardwareKeyboardTests {
    @Test("UIKeyCommand overview: key commands are generated only with a hardware keyboard attached")
    func noHardwareKeyboardNoCommand() {
        withSimulator(device: .iPad) { app in
            _ = EditorScreen.declared
            let screen = EditorScreen()
            app.show(screen)
            app.pressKey("s", modifiers: .command)
            #expect(screen.calls.isEmpty)
            app.connectHardwareKeyboard(true)
            app.pressKey("s", modifiers: .command)
            #expect(screen.calls == ["save from s true"])
        }
    }

    @Test("keyCommands: the commands of every responder in the chain count, and the action goes to the first object implementing it")
    func commandFromFieldReachesController() {
        withSimulator(device: .iPad) { app in
            _ = EditorScreen.declared
            let screen = EditorScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.tap(screen.field)
            #expect(app.firstResponder === screen.field)
            app.pressKey("s", modifiers: .command)
            #expect(screen.calls == ["save from s true"])
            // Other modifiers do not match.
            app.pressKey("s", modifiers: [.command, .shift])
            #expect(screen.calls.count == 1)
        }
    }

    @Test("wantsPriorityOverSystemBehavior: since iOS 15 the text field gets characters and arrows first, unless the command asks for priority")
    func textInputComesFirst() {
        withSimulator(device: .iPad) { app in
            _ = EditorScreen.declared
            let screen = EditorScreen()
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.tap(screen.field)
            app.pressKey("h")
            app.pressKey("i", modifiers: .shift)
            #expect(screen.field.text == "hI")
            app.pressKey(UIKeyCommand.inputUpArrow)
            #expect(screen.calls.isEmpty)
            #expect(screen.field.selection == NSRange(location: 0, length: 0))
            app.pressKey(UIKeyCommand.inputRightArrow)
            #expect(screen.field.selection == NSRange(location: 1, length: 0))
            screen.upWantsPriority = true
            app.pressKey(UIKeyCommand.inputUpArrow)
            #expect(screen.calls == ["up"])
            #expect(screen.field.selection == NSRange(location: 1, length: 0))
        }
    }

    @Test("keyCommandsWithoutFirstResponder [U]: with nothing first responder the deepest controller's commands fire; .none fires nothing")
    func noFirstResponder() {
        for (mode, expected) in [(BehaviorProfile.KeyCommandsWithoutFirstResponder.deepestViewController, 1), (.none, 0)] {
            var profile = BehaviorProfile.current
            profile.keyCommandsWithoutFirstResponder = mode
            withSimulator(device: .iPad, profile: profile) { app in
                _ = EditorScreen.declared
                let screen = EditorScreen()
                app.show(UINavigationController(rootViewController: screen))
                app.connectHardwareKeyboard(true)
                #expect(app.firstResponder == nil)
                app.pressKey("s", modifiers: .command)
                #expect(screen.calls.count == expected)
            }
        }
    }

    @Test("addKeyCommand(_:) adds to the controller's keyCommands; removeKeyCommand(_:) takes it away")
    func addedCommands() {
        withSimulator(device: .iPad) { app in
            _ = EditorScreen.declared
            let controller = UIViewController()
            #expect(controller.keyCommands == nil)
            let command = UIKeyCommand(input: "f", modifierFlags: .command, action: EditorScreen.saveSelector)
            controller.addKeyCommand(command)
            #expect(controller.keyCommands?.count == 1)
            controller.removeKeyCommand(command)
            #expect(controller.keyCommands == nil)
        }
    }

    @Test("Return on the hardware keyboard is the field's Return (textFieldShouldReturn), and Delete deletes")
    func returnAndDelete() {
        withSimulator(device: .iPad) { app in
            _ = EditorScreen.declared
            let screen = EditorScreen()
            let delegate = ReturnCounter()
            screen.field.delegate = delegate
            app.show(screen)
            app.connectHardwareKeyboard(true)
            app.tap(screen.field)
            app.pressKey("a")
            app.pressKey("b")
            app.pressKey("\u{8}")
            #expect(screen.field.text == "a")
            app.pressKey("\r")
            #expect(delegate.returns == 1)
        }
    }
}

/// Counts `textFieldShouldReturn` calls.
private final class ReturnCounter: NSObject, UITextFieldDelegate {
    var returns = 0
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        returns += 1
        return true
    }
}
