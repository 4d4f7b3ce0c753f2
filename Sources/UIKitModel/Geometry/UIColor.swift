import Foundation

/// A color, reduced to sRGB components.
open class UIColor: NSObject, @unchecked Sendable {
    package let red: CGFloat
    package let green: CGFloat
    package let blue: CGFloat
    package let alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = min(max(red, 0), 1)
        self.green = min(max(green, 0), 1)
        self.blue = min(max(blue, 0), 1)
        self.alpha = min(max(alpha, 0), 1)
        super.init()
    }

    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Returns the color with a new alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return red == other.red && green == other.green && blue == other.blue && alpha == other.alpha
    }

    open override var hash: Int {
        var hasher = Hasher()
        for component in [red, green, blue, alpha] { hasher.combine(Double(component)) }
        return hasher.finalize()
    }

    /// The color as `#rrggbb` for SVG output.
    package var hexString: String {
        func byte(_ c: CGFloat) -> String {
            let value = Int((Double(c) * 255).rounded())
            let hex = String(value, radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    private static func rgb(_ r: Int, _ g: Int, _ b: Int) -> UIColor {
        UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }

    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    open class var red: UIColor { rgb(255, 0, 0) }
    open class var green: UIColor { rgb(0, 255, 0) }
    open class var blue: UIColor { rgb(0, 0, 255) }
    open class var cyan: UIColor { rgb(0, 255, 255) }
    open class var yellow: UIColor { rgb(255, 255, 0) }
    open class var magenta: UIColor { rgb(255, 0, 255) }
    open class var orange: UIColor { rgb(255, 128, 0) }
    open class var purple: UIColor { rgb(128, 0, 128) }
    open class var brown: UIColor { rgb(153, 102, 51) }
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }
    open class var systemBackground: UIColor { white }
    open class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    open class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    open class var label: UIColor { black }
    open class var secondaryLabel: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.6) }
    open class var tertiaryLabel: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3) }
    open class var quaternaryLabel: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.18) }
    open class var tertiarySystemBackground: UIColor { white }
    open class var secondarySystemGroupedBackground: UIColor { white }
    open class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247) }
    open class var systemFill: UIColor { UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2) }
    open class var secondarySystemFill: UIColor { UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16) }
    open class var tertiarySystemFill: UIColor { UIColor(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12) }
    open class var quaternarySystemFill: UIColor { UIColor(red: 116 / 255, green: 116 / 255, blue: 128 / 255, alpha: 0.08) }
    open class var opaqueSeparator: UIColor { rgb(198, 198, 200) }
    open class var link: UIColor { rgb(0, 122, 255) }
    open class var systemGray2: UIColor { rgb(174, 174, 178) }
    open class var systemGray3: UIColor { rgb(199, 199, 204) }
    open class var systemPink: UIColor { rgb(255, 45, 85) }
    open class var systemPurple: UIColor { rgb(175, 82, 222) }
    open class var systemIndigo: UIColor { rgb(88, 86, 214) }
    open class var placeholderText: UIColor { UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3) }
    open class var separator: UIColor { rgb(198, 198, 200) }
    open class var systemBlue: UIColor { rgb(0, 122, 255) }
    open class var systemRed: UIColor { rgb(255, 59, 48) }
    open class var systemGreen: UIColor { rgb(52, 199, 89) }
    open class var systemOrange: UIColor { rgb(255, 149, 0) }
    open class var systemYellow: UIColor { rgb(255, 204, 0) }
    open class var systemGray: UIColor { rgb(142, 142, 147) }
    open class var systemGray4: UIColor { rgb(209, 209, 214) }
    open class var systemGray5: UIColor { rgb(229, 229, 234) }
    open class var systemGray6: UIColor { rgb(242, 242, 247) }
    open class var systemTeal: UIColor { rgb(48, 176, 199) }
    open class var systemBrown: UIColor { rgb(162, 132, 94) }
    @available(iOS 15.0, *)
    open class var systemCyan: UIColor { rgb(50, 173, 230) }
    @available(iOS 15.0, *)
    open class var systemMint: UIColor { rgb(0, 199, 190) }
    @available(iOS 15.0, *)
    open class var tintColor: UIColor { systemBlue }
}
