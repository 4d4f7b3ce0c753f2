import Foundation

/// The device's screen.
open class UIScreen: NSObject {
    /// The screen of the simulated device.
    public static let main = UIScreen()

    /// The screen's bounds in points, for the current interface orientation.
    open var bounds: CGRect { UIKitSystem.shared.screenBounds }

    /// Points to pixels.
    open var scale: CGFloat { UIKitSystem.shared.device.hasHomeIndicator ? 3 : 2 }
}
