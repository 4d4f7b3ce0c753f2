import Foundation

#if !canImport(Darwin)
/// A Core Graphics colour, as layers take it (`UIColor.red.cgColor`); sRGB components only.
public final class CGColor: @unchecked Sendable, CustomStringConvertible, Equatable {
    /// Red, green, blue and alpha, each 0…1.
    public let components: [CGFloat]?
    public var alpha: CGFloat { components?[3] ?? 1 }
    public var numberOfComponents: Int { 4 }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        components = [red, green, blue, alpha].map { min(max($0, 0), 1) }
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    public var description: String {
        let values = (components ?? []).map { String(describing: Double($0)) }.joined(separator: ", ")
        return "<CGColor> [ (kCGColorSpaceICCBased; kCGColorSpaceModelRGB; sRGB IEC61966-2.1) ] ( \(values) )"
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.components == rhs.components }
}
#endif

extension UIColor {
    /// The colour as a Core Graphics colour, for layers.
    public var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alpha) }

    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 0, 0, 1]
        self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }
}
