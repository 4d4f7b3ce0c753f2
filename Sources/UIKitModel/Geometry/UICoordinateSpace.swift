import Foundation

/// A coordinate system that converts points and rectangles to and from another, as UIKit's `UICoordinateSpace`.
///
/// `UIView` and `UIScreen.coordinateSpace` conform; conversions go through the screen, so a view in a window that
/// does not fill the screen converts correctly (Apple's `keyboardFrameEndUserInfoKey` sample, #69).
@preconcurrency @MainActor public protocol UICoordinateSpace: AnyObject {
    /// The bounding rectangle of the space, in its own coordinates.
    var bounds: CGRect { get }
    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect
}

/// A space the model can place on the screen.
protocol ScreenPlacedCoordinateSpace: UICoordinateSpace {
    func pointOnScreen(_ point: CGPoint) -> CGPoint
    func point(fromScreen point: CGPoint) -> CGPoint
}

extension ScreenPlacedCoordinateSpace {
    func convertToSpace(_ point: CGPoint, _ space: UICoordinateSpace) -> CGPoint {
        let onScreen = pointOnScreen(point)
        return (space as? ScreenPlacedCoordinateSpace)?.point(fromScreen: onScreen) ?? onScreen
    }

    func convertFromSpace(_ value: CGPoint, _ space: UICoordinateSpace) -> CGPoint {
        point(fromScreen: (space as? ScreenPlacedCoordinateSpace)?.pointOnScreen(value) ?? value)
    }
}

extension UIView: UICoordinateSpace, ScreenPlacedCoordinateSpace {
    /// Converts `point` to another coordinate space (a view, or `UIScreen.main.coordinateSpace`).
    public func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        convertToSpace(point, coordinateSpace)
    }

    /// Converts `point` from another coordinate space to this view's.
    public func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        convertFromSpace(point, coordinateSpace)
    }

    /// Converts `rect` to another coordinate space.
    public func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        CGRect(origin: convertToSpace(rect.origin, coordinateSpace), size: rect.size)
    }

    /// Converts `rect` from another coordinate space to this view's.
    public func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        CGRect(origin: convertFromSpace(rect.origin, coordinateSpace), size: rect.size)
    }
}

/// The screen's coordinate space for the current interface orientation (`UIScreen.coordinateSpace`).
final class ScreenCoordinateSpace: ScreenPlacedCoordinateSpace {
    var bounds: CGRect { UIKitSystem.shared.screenBounds }

    func pointOnScreen(_ point: CGPoint) -> CGPoint { point }
    func point(fromScreen point: CGPoint) -> CGPoint { point }

    func convert(_ point: CGPoint, to coordinateSpace: UICoordinateSpace) -> CGPoint {
        convertToSpace(point, coordinateSpace)
    }

    func convert(_ point: CGPoint, from coordinateSpace: UICoordinateSpace) -> CGPoint {
        convertFromSpace(point, coordinateSpace)
    }

    func convert(_ rect: CGRect, to coordinateSpace: UICoordinateSpace) -> CGRect {
        CGRect(origin: convertToSpace(rect.origin, coordinateSpace), size: rect.size)
    }

    func convert(_ rect: CGRect, from coordinateSpace: UICoordinateSpace) -> CGRect {
        CGRect(origin: convertFromSpace(rect.origin, coordinateSpace), size: rect.size)
    }
}
