import Foundation

/// A controller of a view hierarchy with UIKit's appearance callbacks, as UIKit's `UIViewController`.
open class UIViewController: UIResponder {
    private var storedView: UIView?
    private var isLoadingView = false
    private var appearance = Appearance.disappeared
    private enum Appearance { case disappeared, appearing, appeared, disappearing }

    /// The controller containing this one (a navigation controller, for example).
    open private(set) weak var parent: UIViewController?
    /// The controllers contained in this one.
    open private(set) var children: [UIViewController] = []
    private var storedNavigationItem: UINavigationItem?

    /// The controller presented by this one, or by one of its ancestors (a child's presentation is its container's).
    open var presentedViewController: UIViewController? { storedPresented ?? parent?.presentedViewController }
    /// The controller that presented this one, or that presented its nearest presented ancestor.
    ///
    /// A controller inside a container presents through the container: the outermost container is recorded
    /// as the presenter, as UIKit does for full-screen and sheet presentations.
    open var presentingViewController: UIViewController? { storedPresenter ?? parent?.presentingViewController }
    /// What `present` recorded on the presenting container.
    private var storedPresented: UIViewController?
    /// What `present` recorded on the presented controller itself.
    private weak var storedPresenter: UIViewController?
    /// The controller's title.
    open var title: String?
    /// How the controller is shown when presented.
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    /// Whether a presentation from this controller or its children covers only its view (stored: the model presents
    /// over the whole window, and a search controller presents nothing of its own).
    open var definesPresentationContext = false
    /// The presentation controller made on first access of `presentationController`.
    package var storedPresentationController: UIPresentationController?
    /// Whether the user's swipe down leaves the presented controller on screen (the delegate hears of the attempt).
    open var isModalInPresentation = false
    /// Whether the controller is being presented right now.
    open private(set) var isBeingPresented = false
    /// Whether the controller is being dismissed right now.
    open private(set) var isBeingDismissed = false

    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

    public required init?(coder: NSCoder) { super.init() }

    public convenience override init() { self.init(nibName: nil, bundle: nil) }

    /// The key commands added with `addKeyCommand(_:)`.
    private var addedKeyCommands: [UIKeyCommand] = []

    /// The commands added with `addKeyCommand(_:)`, or `nil` when there are none.
    open override var keyCommands: [UIKeyCommand]? { addedKeyCommands.isEmpty ? nil : addedKeyCommands }

    /// Adds a key command to the controller's `keyCommands`.
    open func addKeyCommand(_ keyCommand: UIKeyCommand) {
        guard !addedKeyCommands.contains(where: { $0 === keyCommand }) else { return }
        addedKeyCommands.append(keyCommand)
    }

    /// Removes a key command added with `addKeyCommand(_:)`.
    open func removeKeyCommand(_ keyCommand: UIKeyCommand) {
        addedKeyCommands.removeAll { $0 === keyCommand }
    }

    // MARK: The view

    /// The controller's root view, loaded on first access through `loadView()` and `viewDidLoad()`.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return storedView
        }
        set {
            storedView?.owningViewController = nil
            storedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// The view if it is loaded, without loading it.
    open var viewIfLoaded: UIView? { storedView }

    /// Whether the view has been loaded.
    open var isViewLoaded: Bool { storedView != nil }

    /// Creates the root view; the default makes a plain view the size of the screen.
    open func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
    }

    /// Loads the view now if it is not loaded yet.
    open func loadViewIfNeeded() {
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        loadView()
        if storedView == nil { storedView = UIView(frame: UIScreen.main.bounds) }
        storedView?.owningViewController = self
        isLoadingView = false
        UIKitSystem.shared.trace(.lifecycle, "\(traceName(self)).viewDidLoad()")
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}

    /// Configures the controller's views before layout; the default does nothing. Called with the root view's
    /// properties update, before the view's own (iOS 26).
    @available(iOS 26.0, *)
    open func updateProperties() {}

    /// Asks for `updateProperties()` in the next layout pass.
    @available(iOS 26.0, *)
    open func setNeedsUpdateProperties() { viewIfLoaded?.propertiesUpdateDue = true }

    /// Runs the due properties updates of the controller, its view and the view's subtree now.
    @available(iOS 26.0, *)
    open func updatePropertiesIfNeeded() { viewIfLoaded?.updatePropertiesSubtreeIfDue() }
    /// Called when the root view's safe area changed, during layout; does nothing by default.
    open func viewSafeAreaInsetsDidChange() {}
    /// Called when the root view's layout margins changed, during layout; does nothing by default.
    open func viewLayoutMarginsDidChange() {}

    /// Whether the root view's margins are kept at least `systemMinimumLayoutMargins` (Apple's default `true`).
    open var viewRespectsSystemMinimumLayoutMargins = true {
        didSet { if viewRespectsSystemMinimumLayoutMargins != oldValue { viewIfLoaded?.setNeedsLayout(); UIKitSystem.shared.constraintsChanged() } }
    }

    /// The smallest margins the root view gets: none above and below, 16 pt at the sides in a compact-width
    /// environment and 20 pt in a regular-width one (`systemMinimumSideMargins` says how the width is judged [W]).
    open var systemMinimumLayoutMargins: NSDirectionalEdgeInsets {
        let side = UIKitSystem.shared.systemMinimumSideMargin
        return NSDirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
    }
    /// Updates the controller's constraints before layout (`view.setNeedsUpdateConstraints()` asks for it);
    /// overrides must call `super` last. The default calls the root view's `updateConstraints()`.
    open func updateViewConstraints() { viewIfLoaded?.updateConstraints() }

    /// Insets added to the safe area the root view gets from its window and containers; its subviews and scroll
    /// views' `adjustedContentInset` see the result.
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet {
            guard additionalSafeAreaInsets != oldValue, let view = viewIfLoaded else { return }
            view.setNeedsLayout()
            view.window?.setNeedsLayout()
            view.markSafeAreaChanged()
        }
    }
    /// Called when the app receives a memory warning (`Simulator.simulateMemoryWarning()`); does nothing by default.
    open func didReceiveMemoryWarning() {}

    /// Whether resigning the first responder leaves the keyboard up; `true` for form sheets.
    open var disablesAutomaticKeyboardDismissal: Bool { modalPresentationStyle == .formSheet }

    open override var next: UIResponder? { storedView?.superview }

    package override var responderWindow: UIWindow? { storedView?.window }

    /// Starts an appearance change, calling viewWillAppear or viewWillDisappear, then the visible children's.
    package func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        let system = UIKitSystem.shared
        if isAppearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            loadViewIfNeeded()
            system.trace(.lifecycle, "\(traceName(self)).viewWillAppear(\(animated))")
            viewWillAppear(animated)
            prepareVisibleChildren()
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            system.trace(.lifecycle, "\(traceName(self)).viewWillDisappear(\(animated))")
            viewWillDisappear(animated)
        }
        for child in visibleChildren { child.beginAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Calls viewIsAppearing on the controller and its visible children.
    package func performViewIsAppearing(_ animated: Bool) {
        UIKitSystem.shared.trace(.lifecycle, "\(traceName(self)).viewIsAppearing(\(animated))")
        viewIsAppearing(animated)
        for child in visibleChildren { child.performViewIsAppearing(animated) }
    }

    /// Finishes an appearance change, calling viewDidAppear or viewDidDisappear, then the visible children's.
    package func endAppearanceTransition(_ isAppearing: Bool, animated: Bool = false) {
        let system = UIKitSystem.shared
        if isAppearing {
            guard appearance == .appearing else { return }
            appearance = .appeared
            system.trace(.lifecycle, "\(traceName(self)).viewDidAppear(\(animated))")
            viewDidAppear(animated)
        } else {
            guard appearance == .disappearing else { return }
            appearance = .disappeared
            system.trace(.lifecycle, "\(traceName(self)).viewDidDisappear(\(animated))")
            viewDidDisappear(animated)
        }
        for child in visibleChildren { child.endAppearanceTransition(isAppearing, animated: animated) }
    }

    /// Children whose views are in this controller's view: they appear and disappear with it.
    private var visibleChildren: [UIViewController] {
        guard let view = storedView else { return [] }
        return children.filter { $0.viewIfLoaded?.isDescendant(of: view) == true }
    }

    /// A container installs its visible children's views here (a navigation controller, its top controller).
    package func prepareVisibleChildren() {}

    // MARK: Containment

    /// Adds `childController` as a child; UIKit calls `willMove(toParent:)` for you.
    open func addChild(_ childController: UIViewController) {
        guard childController !== self, childController.parent !== self else { return }
        childController.removeFromParent()
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent; UIKit calls `didMove(toParent: nil)` for you.
    open func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        didMove(toParent: nil)
    }

    /// Called before the controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}

    /// Called after the controller was added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}

    /// The nearest navigation controller containing this one.
    open var navigationController: UINavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? UINavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

    /// The item a navigation bar shows for this controller.
    open var navigationItem: UINavigationItem {
        if let item = storedNavigationItem { return item }
        let item = UINavigationItem(title: "")
        item.owner = self
        storedNavigationItem = item
        return item
    }

    // MARK: Presentation

    /// Presents `viewControllerToPresent` over this controller's hierarchy.
    ///
    /// A `.fullScreen` (or `.currentContext`) presentation covers the presenter: it gets viewWillDisappear, and when
    /// the transition finishes UIKit removes its view from the window ("UIKit normally removes the views of the
    /// underlying view controller after the transition animations finish", Apple's `UIModalPresentationStyle`
    /// doc) before viewDidDisappear, so `view.window` is nil there. Sheets (`.pageSheet`, `.formSheet`, and
    /// `.automatic`, a page sheet since iOS 13) and `.overFullScreen` leave the presenter in the window, and it gets
    /// no appearance callbacks [W] — unless the profile says sheets on an iPhone are full screen (iOS 12 and
    /// earlier, `compactSheetsAreFullScreen`).
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil
    ) {
        let system = UIKitSystem.shared
        // UIKit refuses (with a console warning) to present from a controller not in a window or already presenting.
        guard let window = storedView?.window, presentedViewController == nil,
            viewControllerToPresent.presentingViewController == nil, viewControllerToPresent !== self
        else {
            system.trace(.lifecycle, "present(\(traceName(viewControllerToPresent))) ignored")
            return
        }
        let presented = viewControllerToPresent
        // The controller whose whole hierarchy the presentation covers, and which presents: the outermost container of this one.
        let host = presentationHost
        host.storedPresented = presented
        presented.storedPresenter = host
        presented.isBeingPresented = true
        let coversPresenter = presented.coversPresenter
        presented.beginAppearanceTransition(true, animated: flag)
        if coversPresenter { host.beginAppearanceTransition(false, animated: flag) }
        let view: UIView = presented.view
        view.frame = presented.presentedFrame(in: window.bounds)
        window.addSubview(view)
        presented.performViewIsAppearing(flag)
        window.layoutIfNeeded()
        system.clock.schedule(after: flag ? 0.3 : 0) { [weak host, weak presented] in
            guard let presented else { return }
            presented.isBeingPresented = false
            presented.endAppearanceTransition(true, animated: flag)
            if coversPresenter, let host {
                presented.removePresenterView(of: host)
                host.endAppearanceTransition(false, animated: flag)
            }
            completion?()
        }
    }

    /// Dismisses the controller this one presented, or this controller if it was presented.
    ///
    /// After a covering presentation the presenter's view goes back into the window at the start of the dismissal,
    /// after its viewWillAppear (window still nil there, as on first appearance [U]), then viewIsAppearing, and
    /// viewDidAppear when the transition ends.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        let system = UIKitSystem.shared
        guard let presented = presentedViewController ?? presentedAncestorOrSelf,
            let presenter = presented.storedPresenter
        else {
            completion?()
            return
        }
        // Controllers presented above it leave with it, top-most first: UIKit animates only the top-most one
        // and removes the others from the stack [A: `dismiss(animated:completion:)`; their callbacks are U].
        var above: [UIViewController] = []
        var next = presented.presentationHost.storedPresented
        while let controller = next {
            above.insert(controller, at: 0)
            next = controller.presentationHost.storedPresented
        }
        presented.isBeingDismissed = true
        let coversPresenter = presented.coversPresenter
        let host = presenter.presentationHost
        for controller in above { controller.beginAppearanceTransition(false, animated: flag) }
        presented.beginAppearanceTransition(false, animated: flag)
        if coversPresenter { host.beginAppearanceTransition(true, animated: flag) }
        for controller in above + [presented] where controller.viewIfLoaded?.window != nil {
            controller.viewIfLoaded?.endEditing(true)
            // A keyboard kept up by a form sheet goes away with the sheet.
            system.keyboard.hideIfOwnerless()
        }
        if coversPresenter, presented.restorePresenterView() {
            host.performViewIsAppearing(flag)
            host.viewIfLoaded?.window?.layoutIfNeeded()
        }
        system.clock.schedule(after: flag ? 0.3 : 0) { [weak presenter, weak presented, weak host] in
            guard let presented else { return }
            for controller in above {
                controller.viewIfLoaded?.removeFromSuperview()
                // What it took off screen is leaving too; nothing goes back.
                controller.removedPresenterView = nil
                controller.storedPresenter?.storedPresented = nil
                controller.storedPresenter = nil
                controller.endAppearanceTransition(false, animated: flag)
            }
            presented.viewIfLoaded?.removeFromSuperview()
            presenter?.storedPresented = nil
            presented.storedPresenter = nil
            presented.isBeingDismissed = false
            presented.endAppearanceTransition(false, animated: flag)
            if coversPresenter { host?.endAppearanceTransition(true, animated: flag) }
            completion?()
        }
    }

    /// Whether this controller itself was presented (not merely contained in a presented controller).
    package var isPresentedItself: Bool { storedPresenter != nil }

    /// This controller or its nearest ancestor that was presented itself.
    private var presentedAncestorOrSelf: UIViewController? {
        var controller: UIViewController? = self
        while let current = controller, !current.isPresentedItself { controller = current.parent }
        return controller
    }

    /// The outermost container of this controller: the one whose view a covering presentation takes off screen.
    private var presentationHost: UIViewController {
        var host = self
        while let parent = host.parent { host = parent }
        return host
    }

    /// The presenter's window-level view taken off screen by this (covering) presentation, with its place.
    private var removedPresenterView: (view: UIView, window: UIWindow, index: Int, fillsWindow: Bool)?

    /// Takes the window-level view containing `host`'s view out of the window (a covering presentation finished).
    private func removePresenterView(of host: UIViewController) {
        guard let hostView = host.viewIfLoaded, let window = hostView.window else { return }
        var top = hostView
        while let superview = top.superview, superview !== window { top = superview }
        guard let index = window.subviews.firstIndex(where: { $0 === top }) else { return }
        removedPresenterView = (top, window, index, top.frame == window.bounds)
        top.removeFromSuperview()
    }

    /// Puts the view taken off screen by `removePresenterView(of:)` back in its place; `true` if there was one.
    private func restorePresenterView() -> Bool {
        guard let (view, window, index, fillsWindow) = removedPresenterView else { return false }
        removedPresenterView = nil
        // The window may have rotated meanwhile; a full-window view follows it.
        if fillsWindow { view.frame = window.bounds }
        window.insertSubview(view, at: min(index, window.subviews.count))
        return true
    }

    private var coversPresenter: Bool {
        switch modalPresentationStyle {
        case .fullScreen, .currentContext: return true
        case .pageSheet, .formSheet, .automatic:
            let system = UIKitSystem.shared
            return system.behavior.compactSheetsAreFullScreen && system.device.idiom != .pad
        default: return false
        }
    }

    /// Where a presented controller's view goes in a window with `bounds`, for its presentation style.
    package func presentedFrame(in bounds: CGRect) -> CGRect {
        let system = UIKitSystem.shared
        let isPad = system.device.idiom == .pad
        switch modalPresentationStyle {
        case .formSheet where isPad:
            let size = CGSize(width: min(540, bounds.width), height: min(620, bounds.height))
            return CGRect(
                x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                width: size.width, height: size.height)
        case .pageSheet where isPad, .automatic where isPad:
            let width = min(704, bounds.width)
            let top = system.windowSafeAreaInsets.top + 10
            return CGRect(x: (bounds.width - width) / 2, y: top, width: width, height: bounds.height - top)
        case .pageSheet where system.behavior.compactSheetsAreFullScreen,
            .formSheet where system.behavior.compactSheetsAreFullScreen,
            .automatic where system.behavior.compactSheetsAreFullScreen:
            return bounds
        case .pageSheet, .formSheet, .automatic, .popover:
            if let frame = storedPresentationController?.frameOfPresentedView(in: bounds) { return frame }
            let top = system.windowSafeAreaInsets.top + 10
            return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
        default:
            return bounds
        }
    }
}

extension UIViewController {
    /// The async form Swift imports from `present(_:animated:completion:)`: returns when the presentation's
    /// transition ends on the virtual clock, where the completion handler would run.
    public func present(_ viewControllerToPresent: UIViewController, animated flag: Bool) async {
        await withCheckedContinuation { continuation in
            present(viewControllerToPresent, animated: flag) { continuation.resume() }
        }
    }

    /// The async form Swift imports from `dismiss(animated:completion:)`: returns when the dismissal ends.
    public func dismiss(animated flag: Bool) async {
        await withCheckedContinuation { continuation in
            dismiss(animated: flag) { continuation.resume() }
        }
    }
}
