import Foundation

extension NSValue {
    /// Wraps a rectangle, as UIKit's `NSValue(cgRect:)`.
    public convenience init(cgRect rect: CGRect) { self.init(rect: rect) }

    /// Wraps a point, as UIKit's `NSValue(cgPoint:)`.
    public convenience init(cgPoint point: CGPoint) { self.init(point: point) }

    /// Wraps a size, as UIKit's `NSValue(cgSize:)`.
    public convenience init(cgSize size: CGSize) { self.init(size: size) }

    /// The wrapped rectangle.
    public var cgRectValue: CGRect { rectValue }

    /// The wrapped point.
    public var cgPointValue: CGPoint { pointValue }

    /// The wrapped size.
    public var cgSizeValue: CGSize { sizeValue }
}
