import Foundation

/// The kind of device the interface runs on.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone = 0, pad, tv, carPlay, mac = 5, vision = 6
}

/// The simulated device.
@preconcurrency @MainActor open class UIDevice: NSObject {
    private static let shared = UIDevice()

    /// The device the app runs on (a class property, as UIKit declares it).
    open class var current: UIDevice { shared }

    /// Phone or pad, from the simulated device.
    open var userInterfaceIdiom: UIUserInterfaceIdiom {
        UIKitSystem.shared.device.idiom == .pad ? .pad : .phone
    }

    /// The physical orientation.
    open var orientation: UIDeviceOrientation { UIKitSystem.shared.orientation }

    /// The device's name.
    open var name: String { UIKitSystem.shared.device.name }

    /// The model name.
    open var model: String { UIKitSystem.shared.device.idiom == .pad ? "iPad" : "iPhone" }

    /// The operating system's name.
    open var systemName: String { "iOS" }
}
