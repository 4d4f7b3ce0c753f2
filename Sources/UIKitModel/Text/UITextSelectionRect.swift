import Foundation

/// The direction of a run of text, as UIKit's `NSWritingDirection`.
public enum NSWritingDirection: Int, Sendable {
    case natural = -1, leftToRight = 0, rightToLeft = 1
}

/// One rectangle of a selection's highlight, as UIKit's `UITextSelectionRect`.
@preconcurrency @MainActor open class UITextSelectionRect: NSObject {
    private let storedRect: CGRect
    private let startsHere: Bool
    private let endsHere: Bool

    package init(rect: CGRect, containsStart: Bool, containsEnd: Bool) {
        storedRect = rect
        startsHere = containsStart
        endsHere = containsEnd
        super.init()
    }

    public override init() {
        storedRect = .zero
        startsHere = false
        endsHere = false
        super.init()
    }

    /// The rectangle, in the text input's coordinates.
    open var rect: CGRect { storedRect }
    /// The model lays text out left to right.
    open var writingDirection: NSWritingDirection { .leftToRight }
    /// Whether the selection starts in this rectangle.
    open var containsStart: Bool { startsHere }
    /// Whether the selection ends in this rectangle.
    open var containsEnd: Bool { endsHere }
    /// The model lays text out horizontally.
    open var isVertical: Bool { false }
}
