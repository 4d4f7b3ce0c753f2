import Foundation

extension UIView {
    /// How a view lays out its content when its size changes, as UIKit's `UIView.ContentMode`; stored only (the
    /// model's snapshots draw images and text at their own size).
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0, scaleAspectFit, scaleAspectFill, redraw, center, top, bottom, left, right, topLeft,
            topRight, bottomLeft, bottomRight
    }
}
