import Foundation

/// The text-input protocol of UITextField and UITextView: selection, marked text and the caret API
/// (addendum §A2.1, #74/#75). Positions count UTF-16 units, as `NSRange`s do.
@preconcurrency @MainActor public protocol UITextInput: UIKeyInput {
    /// The selection (a caret when empty).
    var selectedTextRange: UITextRange? { get set }
    /// The marked (provisional, input-method) text; nil when there is none.
    var markedTextRange: UITextRange? { get }
    /// Attributes for drawing marked text (stored; the model draws no attributes).
    var markedTextStyle: [NSAttributedString.Key: Any]? { get set }
    /// Replaces the marked text, or inserts it at the selection when there is none; `selectedRange` is relative to
    /// `markedText`.
    func setMarkedText(_ markedText: String?, selectedRange: NSRange)
    /// Ends the marked state, leaving the marked text as ordinary text.
    func unmarkText()
    var beginningOfDocument: UITextPosition { get }
    var endOfDocument: UITextPosition { get }
    func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange?
    func position(from position: UITextPosition, offset: Int) -> UITextPosition?
    func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult
    func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int
    func text(in range: UITextRange) -> String?
    func replace(_ range: UITextRange, withText text: String)
    /// Where the caret is drawn at `position`, in the input's coordinates.
    func caretRect(for position: UITextPosition) -> CGRect
    /// The rectangle around the first line of `range`.
    func firstRect(for range: UITextRange) -> CGRect
    /// The highlight rectangles of `range`, one per laid-out line.
    func selectionRects(for range: UITextRange) -> [UITextSelectionRect]
    /// Finds words, characters and paragraphs around positions.
    var tokenizer: UITextInputTokenizer { get }
    /// The position whose caret is nearest `point` (in the input's coordinates).
    func closestPosition(to point: CGPoint) -> UITextPosition?
    /// The position within `range` whose caret is nearest `point`.
    func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition?
}

extension UITextInput {
    /// The model's hit test for `closestPosition(to:)`: among the character boundaries from `lower` to `upper`
    /// (UTF-16 offsets into `text`), the one whose caret's line is nearest `point` vertically, then whose caret is
    /// nearest horizontally; the earlier one on a tie (docs/model.md, "Text metrics").
    package func closestCaretPosition(to point: CGPoint, in text: String, from lower: Int, to upper: Int) -> UITextPosition {
        var boundaries: [Int] = []
        var offset = 0
        for character in text {
            if offset >= lower, offset <= upper { boundaries.append(offset) }
            offset += character.utf16.count
        }
        if offset >= lower, offset <= upper { boundaries.append(offset) }
        if boundaries.isEmpty { boundaries = [max(0, min(lower, offset))] }
        func distance(_ candidate: Int) -> (CGFloat, CGFloat) {
            let caret = caretRect(for: UITextPosition(offset: candidate))
            let dy = point.y < caret.minY ? caret.minY - point.y : max(0, point.y - caret.maxY)
            return (dy, abs(point.x - caret.minX))
        }
        let best = boundaries.min { distance($0) < distance($1) } ?? boundaries[0]
        return UITextPosition(offset: best)
    }
}

/// What UITextField and UITextView share under `UITextInput`: the model implements the protocol once on top of it,
/// and each class forwards its public members here (a public member cannot live in an extension of a package
/// protocol).
package protocol MarkedTextStorage: AnyObject {
    var inputText: String { get }
    var inputSelection: NSRange { get }
    var inputMarkedRange: NSRange? { get }
    /// Sets the selection as code does (selection callbacks, no text change).
    func setInputSelection(_ range: NSRange)
    /// Forgets the marked range without changing the text.
    func clearMarkedRange()
    /// Marks `range` of the text again (after a refused candidate commit); nil or out of bounds marks nothing.
    func restoreMarkedRange(_ range: NSRange?)
    /// Asks the delegate's should-change method for an edit of `ranges` (the ranges or the single-range form, as the
    /// profile's UIKit would, uikit-behaviour-3 §B3.2).
    func askShouldChange(_ ranges: [NSRange], replacement: String) -> Bool
    /// Replaces `range` by `string`; `selection` is relative to `string` (caret after it when nil); `marks` makes
    /// the inserted string the marked text; `sendsEvents` sends the change callbacks and notifications.
    func applyEdit(_ range: NSRange, with string: String, selection: NSRange?, marks: Bool, sendsEvents: Bool)
}

extension MarkedTextStorage {
    /// Asks about an edit of one range (typing, Delete, paste, marked text).
    package func askShouldChange(_ range: NSRange, replacement: String) -> Bool {
        askShouldChange([range], replacement: replacement)
    }

    package var storageSelectedTextRange: UITextRange? {
        get { UITextRange(range: inputSelection) }
        set {
            guard let newValue else { return }
            setInputSelection(newValue.nsRange.clamped(toLength: inputText.utf16.count))
        }
    }

    package var storageMarkedTextRange: UITextRange? { inputMarkedRange.map(UITextRange.init(range:)) }

    package func storageSetMarkedText(_ markedText: String?, selectedRange: NSRange) {
        let range = inputMarkedRange ?? inputSelection
        applyEdit(
            range.clamped(toLength: inputText.utf16.count), with: markedText ?? "", selection: selectedRange,
            marks: true, sendsEvents: UIKitSystem.shared.behavior.markedTextSendsChangeEvents)
    }

    
    package var storageBeginning: UITextPosition { UITextPosition(offset: 0) }

    package var storageEnd: UITextPosition { UITextPosition(offset: inputText.utf16.count) }

    package func storageTextRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        let low = min(fromPosition.offset, toPosition.offset)
        let high = max(fromPosition.offset, toPosition.offset)
        guard low >= 0, high <= inputText.utf16.count else { return nil }
        return UITextRange(range: NSRange(location: low, length: high - low))
    }

    package func storagePosition(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        guard target >= 0, target <= inputText.utf16.count else { return nil }
        return UITextPosition(offset: target)
    }

    package func storageCompare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        position.offset < other.offset ? .orderedAscending : position.offset > other.offset ? .orderedDescending : .orderedSame
    }

    package func storageOffset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }

    package func storageText(in range: UITextRange) -> String? {
        let nsRange = range.nsRange
        guard nsRange.location >= 0, nsRange.location + nsRange.length <= inputText.utf16.count else { return nil }
        return NSString(string: inputText).substring(with: nsRange)
    }

    /// Replaces the text in `range` as an edit by the system: change callbacks, no shouldChange question [U].
    package func storageReplace(_ range: UITextRange, withText text: String) {
        applyEdit(
            range.nsRange.clamped(toLength: inputText.utf16.count), with: text, selection: nil, marks: false,
            sendsEvents: true)
    }

    // MARK: The input method (driven by the simulator)

    /// A key of an input method: asks shouldChange with the key's own range and string, then shows `marked` as the
    /// marked text (§A2.2 items 1–3, #77). Returns whether the delegate allowed it.
    package func inputMethodKeystroke(asking range: NSRange, replacement: String, marked: String) -> Bool {
        guard askShouldChange(range, replacement: replacement) else { return false }
        storageSetMarkedText(marked, selectedRange: NSRange(location: marked.utf16.count, length: 0))
        if marked.isEmpty { clearMarkedRange() }
        return true
    }

    /// A candidate chosen: it replaces the marked text, which ends. What the delegate is asked first depends on the
    /// version: nothing (iOS 9.2, #82), the marked range (iOS 18, #154) or an insertion at the marked text's end
    /// (iOS 26, #155); a refusal leaves the composition as it is.
    /// While the question runs `markedTextRange` is nil unless the profile says otherwise (inferred from forum 801013,
    /// where a limiter that returns early for marked text still refused the commit [U]). Returns whether it committed.
    @discardableResult
    package func inputMethodCommit(_ text: String) -> Bool {
        let range = (inputMarkedRange ?? inputSelection).clamped(toLength: inputText.utf16.count)
        let behavior = UIKitSystem.shared.behavior
        let asked: NSRange? = switch behavior.candidateCommitDelegateCall {
        case .none: nil
        case .markedRange: range
        case .insertionAtMarkedEnd: NSRange(location: range.location + range.length, length: 0)
        }
        if let asked {
            let marked = inputMarkedRange
            if !behavior.commitQuestionSeesMarkedText { clearMarkedRange() }
            guard askShouldChange(asked, replacement: text) else {
                restoreMarkedRange(marked)
                return false
            }
        }
        applyEdit(range, with: text, selection: nil, marks: false, sendsEvents: true)
        return true
    }
}
