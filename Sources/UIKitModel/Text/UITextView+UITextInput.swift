import Foundation

/// `UITextInput` on `UITextView`: each member forwards to the model's shared implementation (`MarkedTextStorage`).
extension UITextView: UITextInput {
    /// The selection; setting it moves the caret as code does.
    public var selectedTextRange: UITextRange? {
        get { storageSelectedTextRange }
        set { storageSelectedTextRange = newValue }
    }
    /// The marked (input-method) text's range; nil when there is none (#74).
    public var markedTextRange: UITextRange? { storageMarkedTextRange }
    /// Replaces the marked text, or inserts at the selection when there is none (#75).
    public func setMarkedText(_ markedText: String?, selectedRange: NSRange) {
        storageSetMarkedText(markedText, selectedRange: selectedRange)
    }
    /// Ends the marked state; the marked text stays as ordinary text.
    public func unmarkText() { clearMarkedRange() }
    public var beginningOfDocument: UITextPosition { storageBeginning }
    public var endOfDocument: UITextPosition { storageEnd }
    public func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        storageTextRange(from: fromPosition, to: toPosition)
    }
    public func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        storagePosition(from: position, offset: offset)
    }
    public func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        storageCompare(position, to: other)
    }
    public func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        storageOffset(from: from, to: toPosition)
    }
    public func text(in range: UITextRange) -> String? { storageText(in: range) }
    /// A string tokenizer over this input's text (UIKit's default for its text controls).
    public var tokenizer: UITextInputTokenizer { UITextInputStringTokenizer(textInput: self) }
    /// Replaces the text in `range` as a system edit: change callbacks, no shouldChange question [U].
    public func replace(_ range: UITextRange, withText text: String) { storageReplace(range, withText: text) }
}
