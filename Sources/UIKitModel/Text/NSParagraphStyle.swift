import Foundation

#if !canImport(Darwin)
extension NSAttributedString.Key {
    /// The paragraph's layout (an `NSParagraphStyle`), kept with the text; the model draws no attributes.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

/// Underline and strikethrough styles, as UIKit's `NSUnderlineStyle` (the attribute value is its `rawValue`).
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let single = NSUnderlineStyle(rawValue: 0x01)
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// A paragraph's layout values, as UIKit's `NSParagraphStyle`: stored with attributed text and read back, not drawn
/// (the model lays text out in one line per line break, see docs/model.md "Text metrics").
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    open internal(set) var lineSpacing: CGFloat = 0
    open internal(set) var paragraphSpacing: CGFloat = 0
    open internal(set) var alignment: NSTextAlignment = .natural
    open internal(set) var headIndent: CGFloat = 0
    open internal(set) var tailIndent: CGFloat = 0
    open internal(set) var firstLineHeadIndent: CGFloat = 0
    open internal(set) var minimumLineHeight: CGFloat = 0
    open internal(set) var maximumLineHeight: CGFloat = 0
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open internal(set) var baseWritingDirection: NSWritingDirection = .natural
    open internal(set) var lineHeightMultiple: CGFloat = 0
    open internal(set) var paragraphSpacingBefore: CGFloat = 0
    open internal(set) var hyphenationFactor: Float = 0

    public override init() { super.init() }

    /// The default style: every value zero, natural alignment, word wrapping.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open func copy(with zone: NSZone? = nil) -> Any { copyValues(into: NSParagraphStyle()) }

    open func mutableCopy(with zone: NSZone? = nil) -> Any { copyValues(into: NSMutableParagraphStyle()) }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return values == other.values
    }

    open override var hash: Int { "\(values)".hashValue }

    private var values: [String] {
        [lineSpacing, paragraphSpacing, headIndent, tailIndent, firstLineHeadIndent, minimumLineHeight,
         maximumLineHeight, lineHeightMultiple, paragraphSpacingBefore].map { "\($0)" }
            + ["\(alignment.rawValue)", "\(lineBreakMode.rawValue)", "\(baseWritingDirection.rawValue)", "\(hyphenationFactor)"]
    }

    private func copyValues<Style: NSParagraphStyle>(into copy: Style) -> Style {
        copy.lineSpacing = lineSpacing
        copy.paragraphSpacing = paragraphSpacing
        copy.alignment = alignment
        copy.headIndent = headIndent
        copy.tailIndent = tailIndent
        copy.firstLineHeadIndent = firstLineHeadIndent
        copy.minimumLineHeight = minimumLineHeight
        copy.maximumLineHeight = maximumLineHeight
        copy.lineBreakMode = lineBreakMode
        copy.baseWritingDirection = baseWritingDirection
        copy.lineHeightMultiple = lineHeightMultiple
        copy.paragraphSpacingBefore = paragraphSpacingBefore
        copy.hyphenationFactor = hyphenationFactor
        return copy
    }
}

/// A paragraph style whose values can be set, as UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle {
    open override var lineSpacing: CGFloat { get { super.lineSpacing } set { super.lineSpacing = newValue } }
    open override var paragraphSpacing: CGFloat { get { super.paragraphSpacing } set { super.paragraphSpacing = newValue } }
    open override var alignment: NSTextAlignment { get { super.alignment } set { super.alignment = newValue } }
    open override var headIndent: CGFloat { get { super.headIndent } set { super.headIndent = newValue } }
    open override var tailIndent: CGFloat { get { super.tailIndent } set { super.tailIndent = newValue } }
    open override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent }
        set { super.firstLineHeadIndent = newValue }
    }
    open override var minimumLineHeight: CGFloat { get { super.minimumLineHeight } set { super.minimumLineHeight = newValue } }
    open override var maximumLineHeight: CGFloat { get { super.maximumLineHeight } set { super.maximumLineHeight = newValue } }
    open override var lineBreakMode: NSLineBreakMode { get { super.lineBreakMode } set { super.lineBreakMode = newValue } }
    open override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection }
        set { super.baseWritingDirection = newValue }
    }
    open override var lineHeightMultiple: CGFloat { get { super.lineHeightMultiple } set { super.lineHeightMultiple = newValue } }
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    open override var hyphenationFactor: Float { get { super.hyphenationFactor } set { super.hyphenationFactor = newValue } }

    /// Copies every value of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) {
        let copy = obj.mutableCopy() as! NSMutableParagraphStyle
        lineSpacing = copy.lineSpacing
        paragraphSpacing = copy.paragraphSpacing
        alignment = copy.alignment
        headIndent = copy.headIndent
        tailIndent = copy.tailIndent
        firstLineHeadIndent = copy.firstLineHeadIndent
        minimumLineHeight = copy.minimumLineHeight
        maximumLineHeight = copy.maximumLineHeight
        lineBreakMode = copy.lineBreakMode
        baseWritingDirection = copy.baseWritingDirection
        lineHeightMultiple = copy.lineHeightMultiple
        paragraphSpacingBefore = copy.paragraphSpacingBefore
        hyphenationFactor = copy.hyphenationFactor
    }
}
#endif
