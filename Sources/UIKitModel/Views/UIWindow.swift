import Foundation

/// The backdrop of an app's views, which owns the first responder, as UIKit's `UIWindow`.
open class UIWindow: UIView {
    /// The current first responder in this window.
    package weak var firstResponder: UIResponder?
    private var storedRootViewController: UIViewController?
    private var isVisible = false

    /// Every initializer but `init(windowScene:)` is deprecated in the iOS 26 SDK (uikit-behaviour-3 #164); the
    /// runner reports the warning only at deployment target 26 or later, as Xcode does (#161).
    @available(*, deprecated, message: "iOS 26.0")
    public override init(frame: CGRect) { super.init(frame: frame) }

    @available(*, deprecated, message: "iOS 26.0")
    public convenience init() { self.init(frame: .zero) }

    /// Creates a window the size of the scene's screen, the one initializer iOS 26 keeps (#164).
    public init(windowScene: UIWindowScene) { super.init(frame: windowScene.screen.bounds) }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The screen the window is on.
    open var screen: UIScreen {
        get { UIScreen.main }
        set {}
    }

    /// Whether the window is the key window.
    open var isKeyWindow: Bool { UIKitSystem.shared.keyWindow === self }

    /// The controller whose view fills the window.
    open var rootViewController: UIViewController? {
        get { storedRootViewController }
        set {
            guard newValue !== storedRootViewController else { return }
            let old = storedRootViewController
            if let old, isVisible { old.beginAppearanceTransition(false) }
            old?.viewIfLoaded?.removeFromSuperview()
            if let old, isVisible { old.endAppearanceTransition(false) }
            storedRootViewController = newValue
            if isVisible, let newValue { install(newValue) }
        }
    }

    /// Makes the window key and shows it; the root controller's view appears.
    open func makeKeyAndVisible() {
        UIKitSystem.shared.makeKeyAndVisible(self)
        isHidden = false
        if !isVisible {
            isVisible = true
            if let root = storedRootViewController { install(root) }
        }
        becomeKey()
    }

    /// Makes the window key.
    open func makeKey() {
        UIKitSystem.shared.makeKeyAndVisible(self)
        becomeKey()
    }

    /// Called when the window became key.
    open func becomeKey() {}

    /// Called when the window stopped being key.
    open func resignKey() {}

    private func install(_ controller: UIViewController) {
        // viewWillAppear runs before the view is in the window (view.window is nil there, §5).
        controller.beginAppearanceTransition(true)
        let view: UIView = controller.view
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
        controller.performViewIsAppearing(false)
        layoutIfNeeded()
        // viewDidAppear comes on a later run-loop turn.
        UIKitSystem.shared.clock.schedule(after: 0) { [weak controller] in
            controller?.endAppearanceTransition(true)
        }
    }

    package func screenDidChangeBounds(_ screenBounds: CGRect) {
        frame = screenBounds
        // Presented sheets are re-placed for the new orientation.
        for subview in subviews {
            if let controller = subview.owningViewController, controller.viewIfLoaded === subview,
                controller.isPresentedItself
            {
                subview.frame = controller.presentedFrame(in: bounds)
            }
        }
    }

    /// The application, as the chain's end (iOS 13+ puts the window scene between them; scenes are not modelled).
    open override var next: UIResponder? { UIApplication.shared }

    /// Converts `point` to `view`'s coordinates; with `nil`, to the screen's (Apple's UIWindow override).
    open override func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        guard view == nil else { return super.convert(point, to: view) }
        return pointOnScreen(point)
    }

    /// Converts `point` from `view`'s coordinates; with `nil`, from the screen's ("the logical coordinate system
    /// of the screen", Apple's UIWindow override).
    open override func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        guard view == nil else { return super.convert(point, from: view) }
        return self.point(fromScreen: point)
    }
}
