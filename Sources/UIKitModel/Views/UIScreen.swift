import Foundation

/// The device's screen.
@preconcurrency @MainActor open class UIScreen: NSObject {
    /// The screen of the simulated device.
    public static let main = UIScreen()

    /// `main` for the deployment-target modules, whose deprecated `main` shadows this one (docs/model.md).
    package static var modelMain: UIScreen { main }

    /// The screen's bounds in points, for the current interface orientation.
    open var bounds: CGRect { UIKitSystem.shared.screenBounds }

    /// The screen's coordinate space for the current interface orientation; keyboard frames are in it (#69).
    open var coordinateSpace: UICoordinateSpace { screenSpace }

    private let screenSpace = ScreenCoordinateSpace()

    /// Points to pixels.
    open var scale: CGFloat { UIKitSystem.shared.device.scale }
}
