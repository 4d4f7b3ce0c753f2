import Foundation
import UIKitModel

extension Simulator {
    /// Presses a key on the connected hardware keyboard (`connectHardwareKeyboard(true)` first), holding `modifiers`.
    ///
    /// `input` is a character (`"s"`, `"\r"` for Return, `"\u{8}"` for Delete) or a `UIKeyCommand.input…`
    /// constant. A matching key command that `wantsPriorityOverSystemBehavior` comes first; then, as on iOS 15 and
    /// later, a text field or text view first responder gets the keys it uses (characters, Return, Delete, the
    /// arrows) through its `pressesBegan(_:with:)`; other keys go to the first matching command of the responder
    /// chain, which sends its action to the first object in the chain that implements it (Apple's `UIKeyCommand`
    /// and `keyCommands` docs); a key no command takes goes up the chain as presses (`pressesBegan`, then
    /// `pressesEnded`) [U: Apple does not document the order of key commands and presses].
    public func pressKey(_ input: String, modifiers: UIKeyModifierFlags = []) {
        let label = "press \(UIKeyCommand.describe(input: input, modifiers: modifiers))"
        guard system.hardwareKeyboardConnected else {
            user("\(label) (no hardware keyboard: nothing happens)")
            settle()
            return
        }
        user(label)
        let start = keyEventStart
        let command = keyCommand(matching: input, modifiers: modifiers, from: start)
        if let command, command.wantsPriorityOverSystemBehavior {
            send(command, from: start)
        } else if let command, !isTyping(input, modifiers: modifiers) {
            send(command, from: start)
        } else if let start {
            deliverPresses(input, modifiers: modifiers, label: label, to: start)
        } else {
            user("\(label) matches no key command: nothing happens")
        }
        settle()
    }

    /// Whether the first responder is a text field or text view that uses the key as typing.
    private func isTyping(_ input: String, modifiers: UIKeyModifierFlags) -> Bool {
        guard let responder = firstResponder, responder is UITextField || responder is UITextView,
            modifiers.isSubset(of: [.shift, .alphaShift])
        else { return false }
        switch input {
        case "\r", "\n", "\u{8}", UIKeyCommand.inputLeftArrow, UIKeyCommand.inputRightArrow, UIKeyCommand.inputUpArrow,
            UIKeyCommand.inputDownArrow:
            return true
        default:
            return input.count == 1 && !input.hasPrefix("UIKeyInput") && input != "\t"
        }
    }

    /// Sends the key down and up the responder chain from `start` as one press.
    private func deliverPresses(_ input: String, modifiers: UIKeyModifierFlags, label: String, to start: UIResponder) {
        guard let keyCode = UIKey.keyCode(for: input) else {
            // A character the model has no key code for (é, 中) is still typed, without presses.
            if isTyping(input, modifiers: modifiers), handleAsText(input, modifiers: modifiers) { return }
            fatalError("app.pressKey(\(input.debugDescription)): the model's hardware keyboard has no such key (letters, digits, ASCII punctuation, Return, Delete, Tab, Space, Escape, the arrows, Page Up/Down, Home and End)")
        }
        let key = UIKey(input: input, modifiers: modifiers, keyCode: keyCode)
        let press = UIPress(key: key, timestamp: now, responder: start, window: system.keyWindow)
        let event = UIPressesEvent(presses: [press])
        system.hardwareTextInput = { [unowned self] key in
            guard isTyping(input, modifiers: modifiers) else { return false }
            return handleAsText(input, modifiers: modifiers)
        }
        defer { system.hardwareTextInput = nil }
        start.pressesBegan([press], with: event)
        press.phase = .ended
        start.pressesEnded([press], with: event)
        if press.reachedEndOfChain {
            user("\(label) matches no key command: nothing happens")
        }
    }

    /// Where a key event starts: the first responder, or with none the key window's deepest visible controller [U].
    private var keyEventStart: UIResponder? {
        if let responder = firstResponder { return responder }
        guard system.behavior.keyCommandsWithoutFirstResponder == .deepestViewController,
            var controller = system.keyWindow?.rootViewController
        else { return nil }
        while true {
            if let presented = controller.presentedViewController, presented !== controller {
                controller = presented
            } else if let navigation = controller as? UINavigationController, let top = navigation.topViewController {
                controller = top
            } else {
                return controller
            }
        }
    }

    /// The first command of the responder chain from `start` that answers the key.
    private func keyCommand(matching input: String, modifiers: UIKeyModifierFlags, from start: UIResponder?) -> UIKeyCommand? {
        var responder = start
        while let current = responder {
            if let command = current.keyCommands?.first(where: { $0.matches(input: input, modifiers: modifiers) }) {
                return command
            }
            responder = current.next
        }
        return nil
    }

    /// Sends `command`'s action to the first object of the chain from `start` that implements it.
    private func send(_ command: UIKeyCommand, from start: UIResponder?) {
        guard let action = command.action else { return }
        guard let receiver = start?.target(forAction: action, withSender: command) else {
            return user("no responder implements \(action.name): nothing happens")
        }
        let target = receiver as AnyObject
        system.trace(.control, "\(traceName(target)) received \(action.name) from key command \(UIKeyCommand.describe(input: command.input ?? "", modifiers: command.modifierFlags))")
        action.send(to: target, arguments: [command])
    }

    /// Lets a text field or text view first responder use the key as typing; returns whether it did.
    private func handleAsText(_ input: String, modifiers: UIKeyModifierFlags) -> Bool {
        guard let responder = firstResponder, responder is UITextField || responder is UITextView else { return false }
        guard modifiers.isSubset(of: [.shift, .alphaShift]) else { return false }
        switch input {
        case "\r", "\n":
            pressReturn()
        case "\u{8}":
            deleteBackward()
        case UIKeyCommand.inputLeftArrow, UIKeyCommand.inputRightArrow, UIKeyCommand.inputUpArrow, UIKeyCommand.inputDownArrow:
            guard let storage = responder as? MarkedTextStorage else { return false }
            moveCaret(in: storage, arrow: input, isTextView: responder is UITextView)
        default:
            guard input.count == 1, !input.hasPrefix("UIKeyInput"), input != "\t" else { return false }
            let typed = modifiers.isEmpty ? input : input.uppercased()
            insert(typed)
        }
        return true
    }

    /// Moves the insertion point: one character for left and right (collapsing a selection), to the start or end
    /// for up and down in a text field, to the same column of the previous or next line in a text view (lines as
    /// the text's line breaks make them; wrapped lines are not modelled).
    private func moveCaret(in storage: MarkedTextStorage, arrow: String, isTextView: Bool) {
        let text = storage.inputText as NSString
        let selection = storage.inputSelection
        var caret: Int
        switch arrow {
        case UIKeyCommand.inputLeftArrow:
            caret = selection.length > 0 ? selection.location : max(0, selection.location - 1)
            if caret > 0, selection.length == 0 { caret = text.rangeOfComposedCharacterSequence(at: caret).location }
        case UIKeyCommand.inputRightArrow:
            let end = selection.location + selection.length
            caret = selection.length > 0 ? end : min(text.length, end + 1)
            if selection.length == 0, end < text.length { caret = NSMaxRange(text.rangeOfComposedCharacterSequence(at: end)) }
        default:
            let up = arrow == UIKeyCommand.inputUpArrow
            guard isTextView else {
                caret = up ? 0 : text.length
                break
            }
            caret = Self.verticalCaret(in: text, from: selection.location, up: up)
        }
        storage.setInputSelection(NSRange(location: caret, length: 0))
    }

    /// The offset on the previous or next line at the same column (clamped to that line's length).
    private static func verticalCaret(in text: NSString, from location: Int, up: Bool) -> Int {
        let lines = (text as String).components(separatedBy: "\n").map { ($0 as NSString).length }
        var lineStart = 0
        var index = 0
        while index < lines.count - 1, location > lineStart + lines[index] {
            lineStart += lines[index] + 1
            index += 1
        }
        let column = location - lineStart
        if up {
            guard index > 0 else { return 0 }
            let previousStart = lineStart - lines[index - 1] - 1
            return previousStart + min(column, lines[index - 1])
        }
        guard index < lines.count - 1 else { return text.length }
        let nextStart = lineStart + lines[index] + 1
        return nextStart + min(column, lines[index + 1])
    }
}
