import Foundation

/// A stack of controllers under a navigation bar, with push and pop, as UIKit's `UINavigationController`.
///
/// Content extends under the bar (iOS 7+); the bar adds to the children's top safe area. Push and pop animate for
/// 0.35 s [U]. Pushing: a responder of the new controller that asked before it was in a window becomes first
/// responder during the push; otherwise the old field resigns as the push starts (iOS 15+, #117). Popping: the
/// editing field of the controller going away resigns when the transition starts [U].
open class UINavigationController: UIViewController {
    /// The controllers on the stack, root first.
    open private(set) var viewControllers: [UIViewController] = []
    /// The bar at the top.
    public let navigationBar = UINavigationBar(frame: .zero)
    /// Whether the bar is hidden.
    open var isNavigationBarHidden: Bool {
        get { navigationBar.isHidden }
        set { setNavigationBarHidden(newValue, animated: false) }
    }

    public init(rootViewController: UIViewController) {
        super.init(nibName: nil, bundle: nil)
        navigationBar.navigationController = self
        addChild(rootViewController)
        viewControllers = [rootViewController]
        rootViewController.didMove(toParent: self)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        navigationBar.navigationController = self
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        navigationBar.navigationController = self
    }

    /// The controller on top of the stack.
    open var topViewController: UIViewController? { viewControllers.last }

    /// The controller shown: a presented one, else the top one.
    open var visibleViewController: UIViewController? { presentedViewController ?? topViewController }

    open override func loadView() {
        let container = NavigationContainerView(frame: UIScreen.main.bounds)
        container.navigationController = self
        container.addSubview(navigationBar)
        view = container
    }

    /// Replaces the stack without animation.
    open func setViewControllers(_ controllers: [UIViewController], animated: Bool) {
        for old in viewControllers where !controllers.contains(where: { $0 === old }) {
            old.viewIfLoaded?.removeFromSuperview()
            old.willMove(toParent: nil)
            old.removeFromParent()
        }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        viewControllers = controllers
        if viewIfLoaded?.window != nil { prepareVisibleChildren() }
    }

    /// Hides or shows the bar.
    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        navigationBar.isHidden = hidden
        viewIfLoaded?.setNeedsLayout()
    }

    /// Pushes `viewController`: the old top disappears, the new one appears (0.35 s when animated).
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard !viewControllers.contains(where: { $0 === viewController }) else { return }
        let old = topViewController
        addChild(viewController)
        viewControllers.append(viewController)
        guard let container = viewIfLoaded, container.window != nil, let old else {
            viewController.didMove(toParent: self)
            return
        }
        let system = UIKitSystem.shared
        old.beginAppearanceTransition(false, animated: animated)
        viewController.beginAppearanceTransition(true, animated: animated)
        // A responder of the pushed controller that asked in viewDidLoad/viewWillAppear takes over here: the
        // keyboard comes up during the push (#114) or, already up, stays without a notification (#116).
        install(viewController, in: container)
        viewController.performViewIsAppearing(animated)
        container.layoutIfNeeded()
        // Nobody took over: iOS 15+ dismisses the keyboard as the push starts; before, it stayed up (#117).
        let keepsKeyboard = !system.behavior.pushDismissesKeyboard
        if !keepsKeyboard { old.viewIfLoaded?.endEditing(true) }
        system.clock.schedule(after: animated ? 0.35 : 0) { [weak self, weak old] in
            if keepsKeyboard {
                system.keyboard.keepingKeyboard { old?.viewIfLoaded?.removeFromSuperview() }
            } else {
                old?.viewIfLoaded?.removeFromSuperview()
            }
            old?.endAppearanceTransition(false, animated: animated)
            viewController.endAppearanceTransition(true, animated: animated)
            viewController.didMove(toParent: self)
        }
    }

    /// Pops the top controller and returns it; the root is never popped.
    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1, let top = viewControllers.last else { return nil }
        viewControllers.removeLast()
        let below = viewControllers[viewControllers.count - 1]
        top.willMove(toParent: nil)
        guard let container = viewIfLoaded, container.window != nil else {
            top.removeFromParent()
            return top
        }
        top.viewIfLoaded?.endEditing(true)
        top.beginAppearanceTransition(false, animated: animated)
        below.beginAppearanceTransition(true, animated: animated)
        install(below, in: container)
        below.performViewIsAppearing(animated)
        container.layoutIfNeeded()
        UIKitSystem.shared.clock.schedule(after: animated ? 0.35 : 0) { [weak top, weak below] in
            top?.viewIfLoaded?.removeFromSuperview()
            top?.endAppearanceTransition(false, animated: animated)
            below?.endAppearanceTransition(true, animated: animated)
            top?.removeFromParent()
        }
        return top
    }

    /// Pops everything above the root and returns what was popped.
    @discardableResult
    open func popToRootViewController(animated: Bool) -> [UIViewController]? {
        guard viewControllers.count > 1 else { return nil }
        var popped: [UIViewController] = []
        // The controllers in between leave without appearing.
        while viewControllers.count > 2 {
            let middle = viewControllers.remove(at: viewControllers.count - 2)
            middle.willMove(toParent: nil)
            middle.removeFromParent()
            popped.append(middle)
        }
        if let top = popViewController(animated: animated) { popped.append(top) }
        return popped
    }

    package override func prepareVisibleChildren() {
        guard let container = viewIfLoaded, let top = topViewController else { return }
        install(top, in: container)
    }

    private func install(_ controller: UIViewController, in container: UIView) {
        let view: UIView = controller.view
        guard view.superview !== container else { return }
        view.frame = container.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.insertSubview(view, at: max(0, container.subviews.count - 1))
        container.bringSubviewToFront(navigationBar)
    }

    /// The bar's frame for the container's bounds: below the status bar, 44 points tall and the top item's search
    /// bar under it.
    package func navigationBarFrame(in container: UIView) -> CGRect {
        let top = container.window != nil ? UIKitSystem.shared.windowSafeAreaInsets.top : 0
        return CGRect(x: 0, y: top, width: container.bounds.width, height: 44 + navigationBar.searchAreaHeight)
    }
}

/// The navigation controller's root view; it keeps the bar in place.
final class NavigationContainerView: UIView {
    weak var navigationController: UINavigationController?

    override func layoutSubviews() {
        super.layoutSubviews()
        if let navigationController {
            navigationController.navigationBar.frame = navigationController.navigationBarFrame(in: self)
        }
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        setNeedsLayout()
        layoutIfNeeded()
    }
}
