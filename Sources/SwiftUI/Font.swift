import UIKitModel

/// A font for text, as SwiftUI's `Font`: the text styles at the default (Large) content size and system fonts by
/// size; the model measures and draws `Text` with it.
public struct Font: Hashable, Sendable {
    let pointSize: CGFloat
    let fontWeight: Weight

    /// A font weight, as SwiftUI's `Font.Weight`.
    public struct Weight: Hashable, Sendable {
        let value: UIFont.Weight
        public static let ultraLight = Weight(value: .ultraLight)
        public static let thin = Weight(value: .thin)
        public static let light = Weight(value: .light)
        public static let regular = Weight(value: .regular)
        public static let medium = Weight(value: .medium)
        public static let semibold = Weight(value: .semibold)
        public static let bold = Weight(value: .bold)
        public static let heavy = Weight(value: .heavy)
        public static let black = Weight(value: .black)
    }

    /// A font design, as SwiftUI's `Font.Design`; the model's metrics do not depend on it.
    public enum Design: Hashable, Sendable {
        case `default`, serif, rounded, monospaced
    }

    public static let largeTitle = Font(pointSize: 34, fontWeight: .regular)
    public static let title = Font(pointSize: 28, fontWeight: .regular)
    @available(iOS 14.0, *)
    public static let title2 = Font(pointSize: 22, fontWeight: .regular)
    @available(iOS 14.0, *)
    public static let title3 = Font(pointSize: 20, fontWeight: .regular)
    public static let headline = Font(pointSize: 17, fontWeight: .semibold)
    public static let subheadline = Font(pointSize: 15, fontWeight: .regular)
    public static let body = Font(pointSize: 17, fontWeight: .regular)
    public static let callout = Font(pointSize: 16, fontWeight: .regular)
    public static let footnote = Font(pointSize: 13, fontWeight: .regular)
    public static let caption = Font(pointSize: 12, fontWeight: .regular)
    @available(iOS 14.0, *)
    public static let caption2 = Font(pointSize: 11, fontWeight: .regular)

    /// A dynamic text style, as SwiftUI's `Font.TextStyle`, at the default (Large) content size.
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        var font: Font {
            switch self {
            case .largeTitle: return .largeTitle
            case .title: return .title
            case .title2: return .title2
            case .title3: return .title3
            case .headline: return .headline
            case .subheadline: return .subheadline
            case .body: return .body
            case .callout: return .callout
            case .footnote: return .footnote
            case .caption: return .caption
            case .caption2: return .caption2
            }
        }
    }

    /// The system font of a text style in `design` (which the model's metrics ignore): the iOS 13 form, beside which
    /// iOS 16 added `system(_:design:weight:)`.
    public static func system(_ style: Font.TextStyle, design: Font.Design = .default) -> Font {
        style.font
    }

    /// The system font of a text style, in `design` (which the model's metrics ignore) and `weight`.
    @available(iOS 16.0, *)
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        let font = style.font
        return Font(pointSize: font.pointSize, fontWeight: weight ?? font.fontWeight)
    }

    /// The system font of `size` points.
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font(pointSize: size, fontWeight: weight ?? .regular)
    }

    /// This font, bold.
    public func bold() -> Font { Font(pointSize: pointSize, fontWeight: .bold) }

    /// This font with `weight`.
    public func weight(_ weight: Font.Weight) -> Font { Font(pointSize: pointSize, fontWeight: weight) }

    /// The UIKit font the model's labels use.
    var uiFont: UIFont { UIFont.systemFont(ofSize: pointSize, weight: fontWeight.value) }
}

extension View {
    /// Sets the font of the text inside this view (an environment value, as in SwiftUI); `nil` is the body font.
    public func font(_ font: Font?) -> some View {
        applying(.traits { $0.font = font })
    }
}
