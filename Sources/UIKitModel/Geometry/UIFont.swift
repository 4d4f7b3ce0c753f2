import Foundation

/// A font, reduced to its size and weight; text is measured with the model's fixed metrics.
open class UIFont: NSObject, @unchecked Sendable {
    /// A font weight.
    public struct Weight: Hashable, Sendable {
        public let rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    /// The point size.
    public let pointSize: CGFloat
    package let weight: Weight
    /// The Dynamic Type style the font was made for (`preferredFont(forTextStyle:)`, `UIFontMetrics`), if any.
    package let textStyle: TextStyle?

    package init(pointSize: CGFloat, weight: Weight, textStyle: TextStyle? = nil) {
        self.pointSize = pointSize
        self.weight = weight
        self.textStyle = textStyle
        super.init()
    }

    /// The system font at `fontSize`.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .regular) }

    /// The system font at `fontSize` and `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }

    /// The bold system font at `fontSize`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .bold) }

    /// The italic system font at `fontSize` (the model's metrics do not depend on the style).
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: .regular) }

    /// The fixed-width system font (SF Mono) at `fontSize` and `weight`; the model's metrics do not depend on the design.
    @available(iOS 13.0, *)
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }

    /// The system font with fixed-width digits at `fontSize` and `weight`; the model's metrics do not depend on it.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }

    /// The standard system font size (17 pt).
    open class var systemFontSize: CGFloat { 17 }

    /// The height of one line of text in the model's metrics: `ceil(1.2 × pointSize)`.
    public var lineHeight: CGFloat { (pointSize * 1.2).rounded(.up) }

    /// Returns the font at another size.
    open func withSize(_ fontSize: CGFloat) -> UIFont { UIFont(pointSize: fontSize, weight: weight) }
}
