import Foundation

extension UIFont {
    /// A Dynamic Type text style, as UIKit's `UIFont.TextStyle`.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")

        /// Size and weight at the default text size (Large), from Apple's Human Interface Guidelines table.
        package var defaultMetrics: (size: CGFloat, weight: Weight) {
            switch self {
            case .largeTitle: (34, .regular)
            case .title1: (28, .regular)
            case .title2: (22, .regular)
            case .title3: (20, .regular)
            case .headline: (17, .semibold)
            case .subheadline: (15, .regular)
            case .callout: (16, .regular)
            case .footnote: (13, .regular)
            case .caption1: (12, .regular)
            case .caption2: (11, .regular)
            default: (17, .regular)
            }
        }
    }

    /// The system font for `style` at the user's text size; the simulated user keeps the default size (Large).
    public class func preferredFont(forTextStyle style: TextStyle) -> UIFont {
        let metrics = style.defaultMetrics
        return UIFont(pointSize: metrics.size, weight: metrics.weight, textStyle: style)
    }

    /// The system font for `style` at the text size of `traitCollection` (always the default in the model).
    public class func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traitCollection: UITraitCollection?
    ) -> UIFont {
        preferredFont(forTextStyle: style)
    }
}

/// Scales custom fonts and values with the user's text size, as UIKit's `UIFontMetrics`; at the model's fixed
/// default size (Large) the scale is 1.
open class UIFontMetrics: NSObject, @unchecked Sendable {
    private let textStyle: UIFont.TextStyle

    /// Metrics for `textStyle`.
    public init(forTextStyle textStyle: UIFont.TextStyle) {
        self.textStyle = textStyle
        super.init()
    }

    /// Metrics for the body style.
    open class var `default`: UIFontMetrics { UIFontMetrics(forTextStyle: .body) }

    /// `font` scaled for the user's text size, remembering the style so that it keeps adjusting.
    open func scaledFont(for font: UIFont) -> UIFont {
        UIFont(pointSize: font.pointSize, weight: font.weight, textStyle: textStyle)
    }

    /// `font` scaled, but never above `maximumPointSize` (0 means no limit).
    open func scaledFont(for font: UIFont, maximumPointSize: CGFloat) -> UIFont {
        let size = maximumPointSize > 0 ? min(font.pointSize, maximumPointSize) : font.pointSize
        return UIFont(pointSize: size, weight: font.weight, textStyle: textStyle)
    }

    /// `font` scaled for the text size of `traitCollection`.
    open func scaledFont(for font: UIFont, compatibleWith traitCollection: UITraitCollection?) -> UIFont {
        scaledFont(for: font)
    }

    /// `value` scaled for the user's text size (unchanged at the default size).
    open func scaledValue(for value: CGFloat) -> CGFloat { value }

    /// `value` scaled for the text size of `traitCollection`.
    open func scaledValue(for value: CGFloat, compatibleWith traitCollection: UITraitCollection?) -> CGFloat { value }
}

/// Views whose font follows the user's text size when `adjustsFontForContentSizeCategory` is on
/// (`UILabel`, `UITextField`, `UITextView`); the simulated user never changes the size, so the flag is stored only.
@preconcurrency @MainActor public protocol UIContentSizeCategoryAdjusting: AnyObject {
    var adjustsFontForContentSizeCategory: Bool { get set }
}

extension UILabel: UIContentSizeCategoryAdjusting {}
extension UITextField: UIContentSizeCategoryAdjusting {}
extension UITextView: UIContentSizeCategoryAdjusting {}
