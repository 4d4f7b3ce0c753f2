import Foundation

/// The edit menu's actions, as UIKit's `UIResponderStandardEditActions`: UIResponder adopts it, text fields and text
/// views implement the text actions, and a subclass overrides them (docs/model.md, "Edit menus").
@preconcurrency @MainActor public protocol UIResponderStandardEditActions: NSObjectProtocol {
    func cut(_ sender: Any?)
    func copy(_ sender: Any?)
    func paste(_ sender: Any?)
    func pasteAndMatchStyle(_ sender: Any?)
    func select(_ sender: Any?)
    func selectAll(_ sender: Any?)
    func delete(_ sender: Any?)
    func makeTextWritingDirectionLeftToRight(_ sender: Any?)
    func makeTextWritingDirectionRightToLeft(_ sender: Any?)
    func toggleBoldface(_ sender: Any?)
    func toggleItalics(_ sender: Any?)
    func toggleUnderline(_ sender: Any?)
    func increaseSize(_ sender: Any?)
    func decreaseSize(_ sender: Any?)
}

extension UIResponder: UIResponderStandardEditActions {}

/// The Objective-C names of the standard edit actions, which a responder implements only when its class does.
package enum StandardEditAction {
    package static let names: Set<String> = [
        "cut:", "copy:", "paste:", "pasteAndMatchStyle:", "select:", "selectAll:", "delete:",
        "makeTextWritingDirectionLeftToRight:", "makeTextWritingDirectionRightToLeft:", "toggleBoldface:",
        "toggleItalics:", "toggleUnderline:", "increaseSize:", "decreaseSize:",
    ]
}
