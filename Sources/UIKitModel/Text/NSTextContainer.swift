import Foundation

/// The region a text view lays its text out in, as TextKit's `NSTextContainer`; the model uses
/// `lineFragmentPadding` (the indent on both sides of each line) and stores the rest.
open class NSTextContainer: NSObject {
    /// The indent of each line on both sides (5 pt by default).
    open var lineFragmentPadding: CGFloat = 5
    /// The container's size; zero means it follows the text view.
    open var size: CGSize
    /// Whether the width follows the text view's (true in a text view).
    open var widthTracksTextView = true
    /// Whether the height follows the text view's.
    open var heightTracksTextView = false
    /// The most lines laid out (0: no limit); stored only.
    open var maximumNumberOfLines = 0
    /// How the last line breaks when the text does not fit; stored only.
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping

    /// A container of `size`.
    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    public override convenience init() { self.init(size: .zero) }
}

/// How text that does not fit its line breaks, as UIKit's `NSLineBreakMode`.
public enum NSLineBreakMode: Int, Sendable {
    case byWordWrapping = 0, byCharWrapping, byClipping, byTruncatingHead, byTruncatingTail, byTruncatingMiddle
}
