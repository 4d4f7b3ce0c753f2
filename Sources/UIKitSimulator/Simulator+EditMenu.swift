import Foundation
import UIKitModel

extension Simulator {
    /// The user opens the edit menu over the first responder's selection (a tap on the caret or the selection):
    /// the control's suggested actions are the standard ones it can perform, and its delegate may replace them
    /// (`textField(_:editMenuForCharactersIn:suggestedActions:)` and the text view's and iOS 26 ranges forms).
    /// Returns the titles shown, in order: inline submenus are flattened, other submenus show their title, hidden
    /// elements are left out (docs/model.md, "Edit menus").
    @discardableResult
    public func openEditMenu() -> [String] {
        user("open the edit menu")
        let menu: UIMenu
        switch firstResponder {
        case let field as UITextField: menu = field.editMenu()
        case let textView as UITextView: menu = textView.editMenu()
        default:
            fatalError("app.openEditMenu(): no text field or text view is first responder, so no edit menu can open")
        }
        // An empty menu (nothing the control can do, or a delegate's empty menu) does not appear.
        let titles = visibleEditMenuElements(menu).map(\.title)
        system.presentedEditMenu = titles.isEmpty ? nil : menu
        settle()
        return titles
    }

    /// The user chooses the item titled `title` in the open edit menu, which closes: an action runs its handler, a
    /// command sends its action through the responder chain from the first responder. A disabled item, or a title
    /// the menu does not show, stops the program.
    public func chooseEditMenuItem(_ title: String) {
        guard let menu = system.presentedEditMenu else {
            fatalError("app.chooseEditMenuItem(\(quoted(title))): no edit menu is open; call app.openEditMenu() first")
        }
        guard let element = visibleEditMenuElements(menu).first(where: { $0.title == title }) else {
            fatalError("app.chooseEditMenuItem(\(quoted(title))): the edit menu shows no item titled \(quoted(title))")
        }
        user("choose \(quoted(title)) in the edit menu")
        system.presentedEditMenu = nil
        switch element {
        case let action as UIAction:
            guard !action.attributes.contains(.disabled) else {
                fatalError("app.chooseEditMenuItem(\(quoted(title))): the item is disabled")
            }
            action.sender = nil
            // A single-selection menu (a pull-down button's) keeps one item on: the chosen one; a pop-up button's
            // menu does so over all its items, and the button's title follows.
            if let popUpChanged = menu.popUpSelectionChanged {
                for case let child as UIAction in menu.shownElements { child.state = child === action ? .on : .off }
                popUpChanged()
            } else if menu.options.contains(.singleSelection), menu.children.contains(where: { $0 === action }) {
                for case let child as UIAction in menu.children { child.state = child === action ? .on : .off }
            }
            action.handler(action)
        case let command as UICommand:
            guard !command.attributes.contains(.disabled), let selector = command.action else {
                fatalError("app.chooseEditMenuItem(\(quoted(title))): the item is disabled")
            }
            // The menu offered the command, so a responder can perform it; if none does, the model lost track of it.
            guard UIApplication.shared.sendAction(selector, to: nil, from: nil, for: nil) else {
                fatalError("app.chooseEditMenuItem(\(quoted(title))): no responder performed \(selector) (not modelled)")
            }
        default:
            fatalError("app.chooseEditMenuItem(\(quoted(title))): submenus are not modelled; choose an item shown inline")
        }
        settle()
    }

    /// The titles of the edit menu on screen (opened by the user or presented by a `UIEditMenuInteraction`), in
    /// order; nil when no edit menu is showing.
    public var editMenuItems: [String]? {
        system.presentedEditMenu.map { visibleEditMenuElements($0).map(\.title) }
    }

    private func visibleEditMenuElements(_ menu: UIMenu) -> [UIMenuElement] {
        menu.shownElements.filter { element in
            switch element {
            case let action as UIAction: !action.attributes.contains(.hidden)
            case let command as UICommand: !command.attributes.contains(.hidden)
            default: true
            }
        }
    }
}
