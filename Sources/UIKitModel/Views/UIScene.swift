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
    /// The scene's delegate, kept strongly as UIKit does; the driver's `connect(_:)` sets it.
    open var delegate: (any UISceneDelegate)?
    /// The session the scene belongs to.
    open private(set) lazy var session = UISceneSession(role: .windowApplication)

    nonisolated public static let willConnectNotification = Notification.Name("UISceneWillConnectNotification")
    nonisolated public static let didDisconnectNotification = Notification.Name("UISceneDidDisconnectNotification")
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")

    /// What the system passes to a connecting scene (URLs, shortcut items, user activities): empty in the simulated
    /// app, which is launched by its driver.
    open class ConnectionOptions: NSObject {
        package override init() { super.init() }
    }

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

/// The configuration of one scene: its role (the driver's scene is the app's one window scene).
@preconcurrency @MainActor open class UISceneSession: NSObject {
    /// A session's role: what kind of scene it shows.
    public struct Role: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// The session's role.
    open private(set) var role: Role
    /// A unique, persistent identifier of the session.
    open private(set) var persistentIdentifier = "UISceneSession-1"

    package init(role: Role) {
        self.role = role
        super.init()
    }
}

/// The life-cycle methods of a scene's delegate; every method is optional, as in UIKit. The simulated app connects
/// a delegate only through the driver (`Simulator.connect(_:)`), as iOS connects the one the Info.plist names.
@preconcurrency @MainActor public protocol UISceneDelegate: NSObjectProtocol {
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    func sceneDidDisconnect(_ scene: UIScene)
    func sceneDidBecomeActive(_ scene: UIScene)
    func sceneWillResignActive(_ scene: UIScene)
    func sceneWillEnterForeground(_ scene: UIScene)
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        DelegateProbe.markDefault()
    }
    public func sceneDidDisconnect(_ scene: UIScene) { DelegateProbe.markDefault() }
    public func sceneDidBecomeActive(_ scene: UIScene) { DelegateProbe.markDefault() }
    public func sceneWillResignActive(_ scene: UIScene) { DelegateProbe.markDefault() }
    public func sceneWillEnterForeground(_ scene: UIScene) { DelegateProbe.markDefault() }
    public func sceneDidEnterBackground(_ scene: UIScene) { DelegateProbe.markDefault() }
}

/// A window scene's delegate: a scene delegate that can hold the scene's main window.
@preconcurrency @MainActor public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// No window, as for a delegate that does not declare the optional property.
    public var window: UIWindow? {
        get { nil }
        set { fatalError("this UIWindowSceneDelegate declares no window property to set") }
    }
}

extension UIWindowScene {
    /// Connects `delegate` to the app's window scene as UIKit does at launch (Apple's "Managing your app's life cycle"):
    /// `scene(_:willConnectTo:options:)`, then `sceneWillEnterForeground(_:)`, then `sceneDidBecomeActive(_:)`, each
    /// followed by its notification [U: the order of a delegate call and its notification is not documented].
    package func connect(_ delegate: any UISceneDelegate) {
        let system = UIKitSystem.shared
        self.delegate = delegate
        system.trace(.lifecycle, "\(traceName(delegate)).scene(_:willConnectTo:options:)")
        delegate.scene(self, willConnectTo: session, options: ConnectionOptions())
        NotificationCenter.default.post(name: UIScene.willConnectNotification, object: self)
        system.trace(.lifecycle, "\(traceName(delegate)).sceneWillEnterForeground(_:)")
        delegate.sceneWillEnterForeground(self)
        NotificationCenter.default.post(name: UIScene.willEnterForegroundNotification, object: self)
        system.trace(.lifecycle, "\(traceName(delegate)).sceneDidBecomeActive(_:)")
        delegate.sceneDidBecomeActive(self)
        NotificationCenter.default.post(name: UIScene.didActivateNotification, object: self)
    }
}
