import Foundation

/// The region a text view lays its text out in, as TextKit's `NSTextContainer`; the model uses
/// `lineFragmentPadding` (the indent on both sides of each line) and its width, and stores the rest.
open class NSTextContainer: NSObject {
    private weak var storedLayoutManager: NSLayoutManager?
    /// The text view laying its text out in the container, if any.
    package weak var textView: UITextView?

    /// The layout manager that owns the container; reading it from a text view using TextKit 2 switches the view to
    /// TextKit 1, as UIKit does for older code.
    open var layoutManager: NSLayoutManager? {
        if let textView { MainActor.assumeIsolated { textView.fallBackToTextKit1() } }
        return storedLayoutManager
    }

    /// The TextKit 2 layout manager owning the container (nil once the text view uses TextKit 1).
    @available(iOS 15.0, *)
    open var textLayoutManager: NSTextLayoutManager? {
        guard let textView else { return nil }
        return MainActor.assumeIsolated { textView.currentTextLayoutManager }
    }

    package func attach(to manager: NSLayoutManager?) { storedLayoutManager = manager }
    package var ownLayoutManager: NSLayoutManager? { storedLayoutManager }

    /// The text laid out in the container: a text view's width, font and insets, else the container's own width and
    /// the storage's first font (Helvetica-sized 12 pt when it has none).
    package func currentLayout(text: String, storage: NSTextStorage?) -> TextLayout {
        if let textView {
            return MainActor.assumeIsolated { textView.textLayout }
        }
        let font = (storage?.length ?? 0) > 0 ? storage?.attribute(.font, at: 0, effectiveRange: nil) as? UIFont : nil
        return TextLayout(text: text, font: font ?? UIFont.systemFont(ofSize: 12), containerWidth: size.width, padding: lineFragmentPadding)
    }
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
