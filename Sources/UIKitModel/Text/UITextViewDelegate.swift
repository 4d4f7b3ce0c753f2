import Foundation

/// The text view's delegate (§1.2); every method is optional and defaults to UIKit's answer.
@preconcurrency @MainActor public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The iOS 26 form: when implemented, UIKit asks only it (uikit-behaviour-3 §B3.1, #147).
    @available(iOS 26.0, *)
    func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
    /// A Writing Tools session begins; Apple: don't change the text storage until it ends (#186).
    @available(iOS 18.0, *)
    func textViewWritingToolsWillBegin(_ textView: UITextView)
    @available(iOS 18.0, *)
    func textViewWritingToolsDidEnd(_ textView: UITextView)
    /// What tapping a link or other text item does (iOS 17); the model taps no text items (#187).
    @available(iOS 17.0, *)
    func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction?
    /// The pre-17 link handler, replaced by the text-item methods (availability 10.0–17.0, #187).
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "Replaced by primaryActionForTextItem: and menuConfigurationForTextItem: for additional customization options.")
    func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool
    /// The edit menu for the selection: nil shows the suggested actions (asked when the user opens the menu).
    @available(iOS 16.0, *)
    func textView(_ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu?
    /// The iOS 26 form, asked instead when implemented (uikit-behaviour-3 §B3.1).
    @available(iOS 26.0, *)
    func textView(_ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu?
}

extension UITextViewDelegate {
    @available(iOS 16.0, *)
    public func textView(_ textView: UITextView, editMenuForTextIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
        DelegateProbe.markDefault()
        return nil
    }
    @available(iOS 26.0, *)
    public func textView(_ textView: UITextView, editMenuForTextInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu? {
        DelegateProbe.markDefault()
        return nil
    }
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidBeginEditing(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidEndEditing(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textView(
        _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    @available(iOS 26.0, *)
    public func textView(
        _ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidChange(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textViewDidChangeSelection(_ textView: UITextView) { DelegateProbe.markDefault() }
    @available(iOS 18.0, *)
    public func textViewWritingToolsWillBegin(_ textView: UITextView) { DelegateProbe.markDefault() }
    @available(iOS 18.0, *)
    public func textViewWritingToolsDidEnd(_ textView: UITextView) { DelegateProbe.markDefault() }
    @available(iOS 17.0, *)
    public func textView(_ textView: UITextView, primaryActionFor textItem: UITextItem, defaultAction: UIAction) -> UIAction? {
        DelegateProbe.markDefault()
        return defaultAction
    }
    @available(iOS, introduced: 10.0, deprecated: 17.0, message: "Replaced by primaryActionForTextItem: and menuConfigurationForTextItem: for additional customization options.")
    public func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange, interaction: UITextItemInteraction
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
}

/// How the user touched a link (the pre-iOS 17 link handler's argument; deprecated with it, #187).
@available(iOS, introduced: 10.0, deprecated: 17.0, message: "Replaced by text item methods on UITextViewDelegate")
public enum UITextItemInteraction: Int, Sendable {
    case invokeDefaultAction = 0
    case presentActions = 1
    case preview = 2
}

/// A link, attachment or tag in a text view's text, as the iOS 17 text-item delegate methods receive it.
@available(iOS 17.0, *)
@preconcurrency @MainActor open class UITextItem: NSObject {
    /// What kind of item it is.
    public enum ContentType: Int, Sendable { case link = 0, textAttachment = 1, tag = 2 }

    open private(set) var contentType: ContentType
    /// The item's range in the text, in UTF-16 units.
    open private(set) var range: NSRange
    /// The URL of a link item, else nil.
    open private(set) var link: URL?
    /// The identifier of a tag item, else nil.
    open private(set) var tagIdentifier: String?

    /// What an item holds, as UIKit's `UITextItem.Content`.
    public enum Content {
        case link(URL)
        case textAttachment(NSTextAttachment)
        case tag(String)
    }

    /// The item's link, attachment or tag.
    open var content: UITextItem.Content {
        switch contentType {
        case .link: .link(link!)
        case .tag: .tag(tagIdentifier!)
        case .textAttachment: .textAttachment(attachment!)
        }
    }
    private var attachment: NSTextAttachment?

    package init(link: URL, range: NSRange) {
        contentType = .link
        self.range = range
        self.link = link
        super.init()
    }
}

/// An image or file inside attributed text, as UIKit's `NSTextAttachment` (stored; the model draws no attachments).
open class NSTextAttachment: NSObject {
    /// The attachment's image.
    open var image: UIImage?
    /// The attachment's bounds in the line (stored).
    open var bounds: CGRect = .zero

    public init(data contentData: Data?, ofType uti: String?) { super.init() }

    public convenience init(image: UIImage) {
        self.init(data: nil, ofType: nil)
        self.image = image
    }
}
