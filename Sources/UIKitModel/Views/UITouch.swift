import Foundation

/// One finger touching the screen.
@preconcurrency @MainActor open class UITouch: NSObject {
    package let windowLocation: CGPoint
    /// The view the touch was delivered to.
    open private(set) weak var view: UIView?
    /// The window of the touch.
    open private(set) weak var window: UIWindow?
    /// The number of taps (always 1 in the model).
    open var tapCount: Int { 1 }

    package init(location: CGPoint, view: UIView?, window: UIWindow?) {
        self.windowLocation = location
        self.view = view
        self.window = window
        super.init()
    }

    /// The touch's location in `view`'s coordinates (the window's when `nil`).
    open func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }
}
