import Foundation

/// What the edit menu of a text field or text view offers and does (docs/model.md, "Edit menus").
///
/// Apple documents which actions exist, not when a text control offers them, so the model's rule is its own [U]:
/// Cut and Delete need a selection and an editable control, Copy a selection in a control that is not secure, Paste an
/// editable control (the simulated user's pasteboard always holds the text it pastes), Select some text and a caret,
/// Select All some text not all selected. The style actions (bold, …) are never offered: the model keeps no
/// attributes in edited text.
package enum TextEditActions {
    /// Whether a text control with this state can perform the standard edit action `name`; nil for other actions.
    package static func canPerform(
        _ name: String, text: String, selection: NSRange, editable: Bool, secure: Bool
    ) -> Bool? {
        guard StandardEditAction.names.contains(name) else { return nil }
        let length = text.utf16.count
        switch name {
        case "cut:", "delete:": return editable && selection.length > 0 && (name == "delete:" || !secure)
        case "copy:": return selection.length > 0 && !secure
        case "paste:": return editable
        case "select:": return length > 0 && selection.length == 0
        case "selectAll:": return length > 0 && selection.length < length
        default: return false
        }
    }

    /// Copy and Cut write to the pasteboard, which the model does not have: stop the program rather than pretend.
    package static func noPasteboard(_ action: String, in control: String) -> Never {
        fatalError(
            "\(control).\(action): the model has no pasteboard (UIPasteboard is not modelled); a harness pastes as the "
                + "user with app.paste(_:)")
    }

    /// Select picks the word at the caret, by rules the model does not have.
    package static func noWordSelection(in control: String) -> Never {
        fatalError("\(control).select(_:): selecting a word is not modelled; set selectedTextRange or call selectAll(_:)")
    }
}

/// The text the simulated user is pasting, waiting for the control's `paste(_:)` (which a subclass may override).
package struct PendingPaste {
    package let text: String
    package init(text: String) { self.text = text }
}

extension Optional where Wrapped == PendingPaste {
    /// Returns the pending paste and forgets it, so an override calling `super` twice pastes once.
    package mutating func take() -> PendingPaste? {
        defer { self = nil }
        return self
    }
}

/// The edit menu a text control shows when the user opens it (docs/model.md, "Edit menus").
package enum EditMenuQuestion {
    /// The standard actions offered, in the order of iOS's text edit menu, with the action each sends.
    package static let standardItems: [(title: String, action: String)] = [
        ("Cut", "cut:"), ("Copy", "copy:"), ("Paste", "paste:"), ("Select", "select:"), ("Select All", "selectAll:"),
    ]

    /// The suggested actions for `responder`: one inline menu (`.standardEdit`) of the commands it can perform.
    package static func suggestedActions(for responder: UIResponder, chain: Bool = false) -> [UIMenuElement] {
        let commands = standardItems.filter { item in
            chain
                ? responder.target(forAction: Selector(item.action), withSender: nil) != nil
                : responder.canPerformAction(Selector(item.action), withSender: nil)
        }
            .map { UICommand(title: $0.title, action: Selector($0.action)) }
        return [UIMenu(title: "", identifier: .standardEdit, options: .displayInline, children: commands)]
    }

    /// The delegate's menu, asking the iOS 26 ranges form first when the profile knows it, else the single-range form
    /// with the union range (uikit-behaviour-3 §B3.1, §B9 "Edit menus"); nil when neither is implemented or the
    /// delegate returned nil.
    package static func ask(
        _ ranges: [NSRange], askRanges: ([NSValue]) -> (value: UIMenu?, implemented: Bool),
        askSingle: (NSRange) -> (value: UIMenu?, implemented: Bool)
    ) -> UIMenu? {
        if UIKitSystem.shared.behavior.rangesDelegateMethodsExist {
            let answer = askRanges(ShouldChangeQuestion.values(ranges))
            if answer.implemented { return answer.value }
        }
        return askSingle(ShouldChangeQuestion.unionRange(ranges)).value
    }
}

extension UITextField {
    /// The menu the user sees: the delegate's, or the suggested actions when it gives none.
    package func editMenu() -> UIMenu {
        let suggested = EditMenuQuestion.suggestedActions(for: self)
        let range = selection.clamped(toLength: (text ?? "").utf16.count)
        guard let delegate else { return UIMenu(children: suggested) }
        let system = UIKitSystem.shared
        let menu = EditMenuQuestion.ask(
            [range],
            askRanges: { values in
                system.callDelegate("textField(\(traceName(self)), editMenuForCharactersInRanges: …)") {
                    delegate.textField(self, editMenuForCharactersInRanges: values, suggestedActions: suggested)
                }
            },
            askSingle: { range in
                system.callDelegate(
                    "textField(\(traceName(self)), editMenuForCharactersIn: {\(range.location), \(range.length)})"
                ) { delegate.textField(self, editMenuForCharactersIn: range, suggestedActions: suggested) }
            })
        return menu ?? UIMenu(children: suggested)
    }
}

extension UITextView {
    /// The menu the user sees: the delegate's, or the suggested actions when it gives none.
    package func editMenu() -> UIMenu {
        let suggested = EditMenuQuestion.suggestedActions(for: self)
        let ranges = selectedRanges
        guard let delegate = delegate as? UITextViewDelegate else { return UIMenu(children: suggested) }
        let system = UIKitSystem.shared
        let menu = EditMenuQuestion.ask(
            ranges,
            askRanges: { values in
                system.callDelegate("textView(\(traceName(self)), editMenuForTextInRanges: …)") {
                    delegate.textView(self, editMenuForTextInRanges: values, suggestedActions: suggested)
                }
            },
            askSingle: { range in
                system.callDelegate(
                    "textView(\(traceName(self)), editMenuForTextIn: {\(range.location), \(range.length)})"
                ) { delegate.textView(self, editMenuForTextIn: range, suggestedActions: suggested) }
            })
        return menu ?? UIMenu(children: suggested)
    }
}
