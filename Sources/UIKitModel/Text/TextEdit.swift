import Foundation

/// An edit the keyboard makes to a text input's string; UITextField and UITextView differ only in whom they tell.
enum TextEdit {
    /// What Delete removes: the selection, else the composed character before the caret; `nil` at the start.
    static func deletionRange(in text: String, selection: NSRange) -> NSRange? {
        let range = selection.clamped(toLength: text.utf16.count)
        if range.length > 0 { return range }
        guard range.location > 0 else { return nil }
        return NSString(string: text).rangeOfComposedCharacterSequence(at: range.location - 1)
    }

    /// `text` with `range` replaced by `string`, and the caret after the insertion.
    ///
    /// The range is clamped again here: a delegate asked about the change may have assigned the text
    /// meanwhile, and UIKit applies the change to what is there.
    static func replacing(_ range: NSRange, in text: String, with string: String) -> (text: String, caret: NSRange) {
        let applied = range.clamped(toLength: text.utf16.count)
        let result = NSString(string: text).replacingCharacters(in: applied, with: string)
        return (result, NSRange(location: applied.location + string.utf16.count, length: 0))
    }
}
