import Foundation

/// A range of a text input's document, as UIKit's `UITextRange`.
@preconcurrency @MainActor open class UITextRange: NSObject {
    private let startPosition: UITextPosition
    private let endPosition: UITextPosition

    package init(range: NSRange) {
        startPosition = UITextPosition(offset: range.location)
        endPosition = UITextPosition(offset: range.location + range.length)
        super.init()
    }

    public override init() {
        startPosition = UITextPosition()
        endPosition = UITextPosition()
        super.init()
    }

    /// The start of the range.
    open var start: UITextPosition { startPosition }
    /// The end of the range.
    open var end: UITextPosition { endPosition }
    /// Whether the range is a caret.
    open var isEmpty: Bool { startPosition.offset == endPosition.offset }

    /// The range in UTF-16 units.
    package var nsRange: NSRange { NSRange(location: startPosition.offset, length: endPosition.offset - startPosition.offset) }

    open override var description: String { onModelThread { "<UITextRange {\(startPosition.offset), \(nsRange.length)}>" } }
}
