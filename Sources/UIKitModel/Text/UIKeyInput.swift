import Foundation

/// The minimal text-input protocol (`hasText`, `insertText(_:)`, `deleteBackward()`): the keyboard's keys arrive
/// through these methods, so a subclass's override or a custom view's conformance sees every key, as in UIKit.
@preconcurrency @MainActor public protocol UIKeyInput: UITextInputTraits {
    /// Whether the responder holds any text (the keyboard's Delete and auto-capitalization ask).
    var hasText: Bool { get }
    /// Inserts `text` at the insertion point; the keyboard calls it for each key and for Return ("\n").
    func insertText(_ text: String)
    /// Deletes the character before the insertion point; the keyboard calls it for Delete, even with no text.
    func deleteBackward()
}

/// Marks a key the user pressed while a text field or view is first responder, until the responder's
/// `insertText(_:)` / `deleteBackward()` takes it: the default implementations then ask the delegate about the
/// change (with the text and selection as they are by then, so an override may move the selection or change the
/// string first) and send the change callbacks, which they do not do when code calls them.
package struct PendingKeyInput {
    package init() {}
}

extension Optional where Wrapped == PendingKeyInput {
    /// Returns the pending key and forgets it, so an override calling `super` twice applies the key once.
    package mutating func take() -> PendingKeyInput? {
        defer { self = nil }
        return self
    }
}
