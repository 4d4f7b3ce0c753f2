import Foundation

/// One instance of the app's user interface, as UIKit's `UIScene`; the simulated app always has exactly one, in the
/// foreground.
open class UIScene: UIResponder {
    /// Where the scene is in its life.
    public enum ActivationState: Int, Sendable {
        case unattached = -1, foregroundActive = 0, foregroundInactive, background
    }

    /// Always `.foregroundActive`: the simulated app is on screen.
    open var activationState: ActivationState { .foregroundActive }
    /// The scene's title; stored only.
    open var title: String! = ""

    package override init() { super.init() }

    open override var next: UIResponder? { UIApplication.shared }
}

/// The scene that holds the app's windows, as UIKit's `UIWindowScene`.
open class UIWindowScene: UIScene {
    /// The scene's windows: every window of the simulated app, bottom to top.
    open var windows: [UIWindow] { UIApplication.shared.windows }
    /// The scene's key window (iOS 15).
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { UIKitSystem.shared.keyWindow }
    /// The screen the scene is shown on.
    open var screen: UIScreen { UIScreen.main }
    /// The interface orientation of the scene.
    open var interfaceOrientation: UIInterfaceOrientation {
        switch UIKitSystem.shared.orientation {
        case .landscapeLeft: return .landscapeRight
        case .landscapeRight: return .landscapeLeft
        default: return .portrait
        }
    }
}

/// The orientation of the app's user interface (note: `.landscapeLeft` of the device is `.landscapeRight` here).
public enum UIInterfaceOrientation: Int, Sendable {
    case unknown = 0, portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
}

extension UIApplication {
    /// The app's scenes: the one window scene of the simulated app.
    public var connectedScenes: Set<UIScene> { [UIKitSystem.shared.windowScene] }

    /// Whether the app can have several scenes; the simulated one cannot.
    public var supportsMultipleScenes: Bool { false }
}

extension UIWindow {
    /// The scene the window belongs to: the app's scene once the window is shown.
    public var windowScene: UIWindowScene? {
        UIKitSystem.shared.windows.contains { $0 === self } ? UIKitSystem.shared.windowScene : nil
    }
}
