import Foundation

/// The running app, as UIKit's `UIApplication.shared`: its windows and the responder chain's end.
open class UIApplication: UIResponder {
    /// The app's state.
    public enum State: Int, Sendable { case active = 0, inactive, background }

    /// The running app (one per simulated app).
    open class var shared: UIApplication { UIKitSystem.shared.application }

    package override init() { super.init() }

    /// The app's visible windows, bottom to top.
    open var windows: [UIWindow] { UIKitSystem.shared.windows }

    /// The key window.
    @available(iOS, deprecated: 13.0, message: "Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes")
    open var keyWindow: UIWindow? { UIKitSystem.shared.keyWindow }

    /// Always `.active`: the simulated app is in the foreground.
    open var applicationState: State { .active }

    /// The user's text size: always the default (`.large`), as the simulated user never changes it.
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }

    /// Whether the screen may dim; stored only.
    open var isIdleTimerDisabled = false

    /// Sends `action` to `target`, or, when `target` is `nil`, to the first object of the responder chain that
    /// can perform it, starting at the key window's first responder (then at `sender`, if it is a responder [U]);
    /// returns whether an object handled it (uikit-behaviour-2 §A3.2, #97–#98).
    @discardableResult
    open func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: UIEvent?) -> Bool {
        let receiver: AnyObject
        if let target {
            receiver = target as AnyObject
        } else {
            let start = UIKitSystem.shared.keyWindow?.firstResponder ?? (sender as? UIResponder)
            guard let found = start?.target(forAction: action, withSender: sender) else { return false }
            receiver = found as AnyObject
        }
        UIKitSystem.shared.trace(.control, "\(traceName(receiver)) received \(action.name)")
        action.send(to: receiver, arguments: [sender, event])
        return true
    }

    /// Posts `didReceiveMemoryWarningNotification`, then calls `didReceiveMemoryWarning()` on every view
    /// controller on screen (roots, children, presented), as the system's low-memory warning does.
    package func receiveMemoryWarning() {
        let system = UIKitSystem.shared
        system.trace(.notification, "UIApplication.didReceiveMemoryWarningNotification")
        NotificationCenter.default.post(name: Self.didReceiveMemoryWarningNotification, object: self)
        var controllers: [UIViewController] = []
        func collect(_ controller: UIViewController) {
            guard !controllers.contains(where: { $0 === controller }) else { return }
            controllers.append(controller)
            controller.children.forEach(collect)
            if let presented = controller.presentedViewController { collect(presented) }
        }
        for window in system.windows { window.rootViewController.map(collect) }
        for controller in controllers {
            system.trace(.lifecycle, "\(traceName(controller)).didReceiveMemoryWarning()")
            controller.didReceiveMemoryWarning()
        }
    }

    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
}
