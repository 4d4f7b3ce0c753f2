import Foundation

/// A rectangular area of the screen and the views inside it, as UIKit's `UIView`.
open class UIView: UIResponder {
    /// The interactions added with `addInteraction(_:)`.
    package var storedInteractions: [any UIInteraction] = []
    /// Options for resizing a view when its superview's bounds change.
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }

    private var storedCenter: CGPoint
    private var storedBounds: CGRect
    /// The view's subviews, back to front.
    open private(set) var subviews: [UIView] = []
    /// The view containing this one.
    open private(set) weak var superview: UIView?
    package weak var owningViewController: UIViewController?
    private var needsLayout = true
    package private(set) var storedKeyboardLayoutGuide: UIKeyboardLayoutGuide?
    private var storedSafeAreaLayoutGuide: UILayoutGuide?
    private var storedLayoutMarginsGuide: UILayoutGuide?

    private var storedReadableContentGuide: UILayoutGuide?
    /// The margins code set; nil until then, so a controller's root view starts from zero and other views from 8.
    private var requestedLayoutMargins: UIEdgeInsets?

    /// The spacing inside the view's edges that `layoutMarginsGuide` uses: the margins set (8 by default), for a
    /// controller's root view no smaller than its `systemMinimumLayoutMargins`, plus the safe area when
    /// `insetsLayoutMarginsFromSafeArea` (Apple's `layoutMargins` doc: the root view's value "reflects the system
    /// minimum margins and safe area insets").
    open var layoutMargins: UIEdgeInsets {
        get { actualLayoutMargins }
        set {
            requestedLayoutMargins = newValue
            setNeedsLayout()
            UIKitSystem.shared.constraintsChanged()
        }
    }

    /// `layoutMargins` by leading and trailing edge; the model's layout is left-to-right, so leading is left.
    open var directionalLayoutMargins: NSDirectionalEdgeInsets {
        get { NSDirectionalEdgeInsets(top: layoutMargins.top, leading: layoutMargins.left, bottom: layoutMargins.bottom, trailing: layoutMargins.right) }
        set { layoutMargins = UIEdgeInsets(top: newValue.top, left: newValue.leading, bottom: newValue.bottom, right: newValue.trailing) }
    }

    /// Whether the safe area is added to the margins (Apple's default `true`; the model adds it edge by edge [U]).
    open var insetsLayoutMarginsFromSafeArea = true {
        didSet { if insetsLayoutMarginsFromSafeArea != oldValue { setNeedsLayout(); UIKitSystem.shared.constraintsChanged() } }
    }

    /// The controller whose root view this is, if any.
    private var rootViewController: UIViewController? {
        guard let controller = owningViewController, controller.viewIfLoaded === self else { return nil }
        return controller
    }

    /// The margins the guide uses: what was set, raised to the controller's system minimum, plus the safe area.
    private var actualLayoutMargins: UIEdgeInsets {
        var margins: UIEdgeInsets
        if let controller = rootViewController {
            margins = requestedLayoutMargins ?? .zero
            if controller.viewRespectsSystemMinimumLayoutMargins {
                let minimum = controller.systemMinimumLayoutMargins
                margins = UIEdgeInsets(
                    top: max(margins.top, minimum.top), left: max(margins.left, minimum.leading),
                    bottom: max(margins.bottom, minimum.bottom), right: max(margins.right, minimum.trailing))
            }
        } else {
            margins = requestedLayoutMargins ?? UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
        }
        return insetsLayoutMarginsFromSafeArea ? margins + safeAreaInsets : margins
    }

    /// Called when the layout margins changed (during layout); the default does nothing.
    open func layoutMarginsDidChange() {}

    open var tag = 0
    open var isHidden = false {
        // Hiding an arranged view collapses its place in the stack.
        didSet { if isHidden != oldValue, isArranged { superview?.invalidateIntrinsicContentSize() } }
    }
    open var alpha: CGFloat = 1
    open var backgroundColor: UIColor?
    open var isUserInteractionEnabled = true
    /// How the content fills the view when its size changes (stored only).
    open var contentMode: ContentMode = .scaleToFill
    open var clipsToBounds = false
    open var autoresizingMask: AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints = true
    open var accessibilityIdentifier: String?
    /// The gesture recognizers attached with `addGestureRecognizer(_:)`, in order.
    package var attachedGestureRecognizers: [UIGestureRecognizer] = []
    open var accessibilityLabel: String?
    open var tintColor: UIColor! = .systemBlue
    /// The view's backing layer (corner radius, border, shadow).
    open private(set) lazy var layer: CALayer = CALayer(view: self)

    public init(frame: CGRect) {
        storedCenter = CGPoint(x: frame.midX, y: frame.midY)
        storedBounds = CGRect(origin: .zero, size: frame.size)
        super.init()
    }

    public required init?(coder: NSCoder) {
        storedCenter = .zero
        storedBounds = .zero
        super.init()
    }

    public convenience override init() { self.init(frame: .zero) }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates, derived from `center` and `bounds`.
    open var frame: CGRect {
        get {
            guard !transform.isIdentity else {
                return CGRect(
                    x: storedCenter.x - storedBounds.width / 2, y: storedCenter.y - storedBounds.height / 2,
                    width: storedBounds.width, height: storedBounds.height)
            }
            // A transform applies around the centre: the frame is the bounding box of the transformed bounds.
            let local = CGRect(
                x: -storedBounds.width / 2, y: -storedBounds.height / 2,
                width: storedBounds.width, height: storedBounds.height).applying(transform)
            return local.offsetBy(dx: storedCenter.x, dy: storedCenter.y)
        }
        set {
            let standardized = newValue.standardized
            storedCenter = CGPoint(x: standardized.midX, y: standardized.midY)
            var newBounds = storedBounds
            newBounds.size = standardized.size
            setBounds(newBounds)
        }
    }

    /// The view's own coordinate system; its origin is what a scroll view calls its content offset.
    open var bounds: CGRect {
        get { storedBounds }
        set { setBounds(newValue) }
    }

    /// A transform applied around the centre; `frame` reports the result, `bounds` and `center` do not change.
    open var transform: CGAffineTransform = .identity

    /// The view's center in its superview's coordinates.
    open var center: CGPoint {
        get { storedCenter }
        set { storedCenter = newValue }
    }

    private func setBounds(_ newValue: CGRect) {
        let old = storedBounds
        storedBounds = newValue
        if old.size != newValue.size {
            for subview in subviews { subview.superviewSizeChanged(from: old.size, to: newValue.size) }
            setNeedsLayout()
        }
        if old.origin != newValue.origin { boundsOriginDidChange(from: old.origin) }
    }

    /// Called when `bounds.origin` changes; a scroll view reports it as scrolling.
    package func boundsOriginDidChange(from oldOrigin: CGPoint) {}

    private func superviewSizeChanged(from old: CGSize, to new: CGSize) {
        guard !autoresizingMask.isEmpty else { return }
        var rect = frame
        (rect.origin.x, rect.size.width) = Self.resize(
            rect.origin.x, rect.size.width, old.width, new.width,
            autoresizingMask.contains(.flexibleLeftMargin), autoresizingMask.contains(.flexibleWidth),
            autoresizingMask.contains(.flexibleRightMargin))
        (rect.origin.y, rect.size.height) = Self.resize(
            rect.origin.y, rect.size.height, old.height, new.height,
            autoresizingMask.contains(.flexibleTopMargin), autoresizingMask.contains(.flexibleHeight),
            autoresizingMask.contains(.flexibleBottomMargin))
        frame = rect
    }

    private static func resize(
        _ origin: CGFloat, _ size: CGFloat, _ oldTotal: CGFloat, _ newTotal: CGFloat,
        _ flexibleLeading: Bool, _ flexibleSize: Bool, _ flexibleTrailing: Bool
    ) -> (CGFloat, CGFloat) {
        let delta = newTotal - oldTotal
        let trailing = oldTotal - origin - size
        // UIKit shares the change between the flexible parts in proportion to their current sizes.
        let parts = [flexibleLeading ? origin : 0, flexibleSize ? size : 0, flexibleTrailing ? trailing : 0]
        let flexibleCount = [flexibleLeading, flexibleSize, flexibleTrailing].filter { $0 }.count
        guard flexibleCount > 0 else { return (origin, size) }
        let total = parts.reduce(0, +)
        func share(_ index: Int, _ isFlexible: Bool) -> CGFloat {
            guard isFlexible else { return 0 }
            return total > 0 ? delta * parts[index] / total : delta / CGFloat(flexibleCount)
        }
        return (origin + share(0, flexibleLeading), size + share(1, flexibleSize))
    }

    // MARK: Hierarchy

    /// The window the view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    /// Adds `view` on top of the other subviews, removing it from its previous superview first.
    open func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` among the subviews.
    open func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else { return }
        if view.superview === self, let old = subviews.firstIndex(of: view) {
            subviews.remove(at: old)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            return
        }
        let oldWindow = view.window
        view.removeFromSuperview()
        view.willMove(toSuperview: self)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
        didAddSubview(view)
        view.didMoveToSuperview()
        if oldWindow !== view.window {
            view.notifyWindowChange()
            if view.window != nil { UIKitSystem.shared.viewJoinedWindow(view) }
        }
        setNeedsLayout()
    }

    /// Moves `view` to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = subviews.firstIndex(of: view) else { return }
        subviews.remove(at: index)
        subviews.append(view)
    }

    /// Detaches the view from its superview; a first responder inside is forced to resign.
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        if let window, let responder = window.firstResponder as? UIView, responder.isDescendant(of: self) {
            // "may be called if forced even if shouldEndEditing returns NO (e.g. view removed from window)".
            responder.finishResigning(in: window)
        }
        let hadWindow = window != nil
        parent.willRemoveSubview(self)
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        superview = nil
        didMoveToSuperview()
        if hadWindow { notifyWindowChange() }
    }

    private func notifyWindowChange() {
        didMoveToWindow()
        for subview in subviews { subview.notifyWindowChange() }
    }

    /// Whether the view is `view` or inside it.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view in this subtree with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after `subview` was added.
    open func didAddSubview(_ subview: UIView) {}
    /// Called before `subview` is removed.
    open func willRemoveSubview(_ subview: UIView) {}
    open func didMoveToSuperview() {}
    open func didMoveToWindow() {}

    open override var next: UIResponder? {
        if let controller = owningViewController, controller.viewIfLoaded === self { return controller }
        return superview
    }

    package override var responderWindow: UIWindow? {
        // A view in the shown accessory or input view (a chat bar's text view) edits too, in the keyboard's window.
        window ?? UIKitSystem.shared.keyboard.hostWindow(ofInputView: self)
    }

    // MARK: Coordinates

    /// Converts `point` from this view's coordinates to `view`'s (the window's base coordinates when `nil`).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let onScreen = pointOnScreen(point)
        guard let view else { return windowPoint(fromScreen: onScreen) }
        return view.point(fromScreen: onScreen)
    }

    /// Converts `point` from `view`'s coordinates (the window's base coordinates when `nil`) to this view's.
    ///
    /// With `nil` the point is in the window's coordinates, not the screen's (Apple: "converts from window base
    /// coordinates"); the two differ when the window does not fill the screen (main spec §2.4, #70).
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let onScreen = view?.pointOnScreen(point) ?? screenPoint(fromWindow: point)
        return self.point(fromScreen: onScreen)
    }

    /// Converts `rect` from this view's coordinates to `view`'s (the window's base coordinates when `nil`).
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts `rect` from `view`'s coordinates (the window's base coordinates when `nil`) to this view's.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        CGRect(origin: convert(rect.origin, from: view), size: rect.size)
    }

    /// The point in screen coordinates: up through the superviews, then the window's frame origin.
    package func pointOnScreen(_ point: CGPoint) -> CGPoint {
        var result = point
        var view: UIView = self
        while let parent = view.superview {
            let frame = view.frame
            result.x += frame.origin.x - view.bounds.origin.x
            result.y += frame.origin.y - view.bounds.origin.y
            view = parent
        }
        if let window = view as? UIWindow {
            result.x += window.frame.origin.x - window.bounds.origin.x
            result.y += window.frame.origin.y - window.bounds.origin.y
        }
        return result
    }

    /// A screen point in this view's coordinates.
    package func point(fromScreen point: CGPoint) -> CGPoint {
        let origin = pointOnScreen(.zero)
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    /// A point in this view's window's base coordinates, on the screen (a view outside a window: its root's).
    private func screenPoint(fromWindow point: CGPoint) -> CGPoint {
        guard let window else { return point }
        return CGPoint(x: point.x + window.frame.origin.x, y: point.y + window.frame.origin.y)
    }

    /// A screen point in this view's window's base coordinates.
    private func windowPoint(fromScreen point: CGPoint) -> CGPoint {
        guard let window else { return point }
        return CGPoint(x: point.x - window.frame.origin.x, y: point.y - window.frame.origin.y)
    }

    // MARK: Hit testing

    /// The deepest visible, interactive view containing `point` (in this view's coordinates).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01, self.point(inside: point, with: event) else {
            return nil
        }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the view's bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Editing

    /// Makes the first responder inside this view resign; with `force` it is not asked.
    @discardableResult
    open func endEditing(_ force: Bool) -> Bool {
        guard let window, let responder = window.firstResponder else { return false }
        let inside: Bool
        if let view = responder as? UIView {
            inside = view.isDescendant(of: self)
        } else if let controller = responder as? UIViewController, let view = controller.viewIfLoaded {
            inside = view.isDescendant(of: self)
        } else {
            inside = false
        }
        guard inside else { return false }
        if force {
            responder.finishResigning(in: window)
            return true
        }
        return responder.resignFirstResponder()
    }

    // MARK: Safe area and keyboard

    /// The parts of the view covered by the status bar, notch and home indicator, a navigation bar, and the
    /// `additionalSafeAreaInsets` of the controllers whose views contain it.
    open var safeAreaInsets: UIEdgeInsets {
        guard let window else { return .zero }
        return Self.insets(of: convert(bounds, to: window), inside: safeRect(in: window))
    }

    /// How far `rect` reaches outside `safe` on each side (never negative).
    private static func insets(of rect: CGRect, inside safe: CGRect) -> UIEdgeInsets {
        UIEdgeInsets(
            top: max(0, safe.minY - rect.minY), left: max(0, safe.minX - rect.minX),
            bottom: max(0, rect.maxY - safe.maxY), right: max(0, rect.maxX - safe.maxX))
    }

    /// The safe area in window coordinates: the window's, below a navigation bar, then narrowed (or widened) by each
    /// enclosing controller's `additionalSafeAreaInsets`, outermost first, as UIKit propagates it down the tree.
    private func safeRect(in window: UIWindow) -> CGRect {
        let windowInsets = UIKitSystem.shared.windowSafeAreaInsets
        var safe = window.bounds.inset(by: windowInsets)
        let top = max(windowInsets.top, navigationBarBottom(in: window))
        safe = CGRect(x: safe.minX, y: top, width: safe.width, height: max(0, safe.maxY - top))
        var chain: [UIView] = []
        var current: UIView? = self
        while let view = current, !(view is UIWindow) {
            chain.append(view)
            current = view.superview
        }
        for view in chain.reversed() {
            guard let controller = view.owningViewController, controller.viewIfLoaded === view else { continue }
            let additional = controller.additionalSafeAreaInsets
            guard additional != .zero else { continue }
            let frame = view.convert(view.bounds, to: window)
            safe = frame.inset(by: Self.insets(of: frame, inside: safe) + additional)
        }
        return safe
    }

    /// The bottom of a visible navigation bar above this view's content, in window coordinates (0 if none).
    private func navigationBarBottom(in window: UIWindow) -> CGFloat {
        var current: UIView? = superview
        while let ancestor = current {
            if let navigation = ancestor.owningViewController as? UINavigationController,
                navigation.viewIfLoaded === ancestor
            {
                let bar = navigation.navigationBar
                guard !bar.isHidden, !isDescendant(of: bar) else { return 0 }
                return bar.convert(bar.bounds, to: window).maxY
            }
            current = ancestor.superview
        }
        return 0
    }

    /// The layout guide that tracks the keyboard; created on first use, after which keyboard changes lay the
    /// view out again.
    @available(iOS 15.0, *)
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide {
        if let guide = storedKeyboardLayoutGuide { return guide }
        let guide = UIKeyboardLayoutGuide(owningView: self)
        storedKeyboardLayoutGuide = guide
        return guide
    }

    /// The part of the view inside its safe area, for constraints.
    open var safeAreaLayoutGuide: UILayoutGuide {
        if let guide = storedSafeAreaLayoutGuide { return guide }
        let guide = UILayoutGuide(owningView: self) { $0.bounds.inset(by: $0.safeAreaInsets) }
        storedSafeAreaLayoutGuide = guide
        return guide
    }

    /// The bounds inset by `layoutMargins` (which include the safe area), for constraints.
    open var layoutMarginsGuide: UILayoutGuide {
        if let guide = storedLayoutMarginsGuide { return guide }
        let guide = UILayoutGuide(owningView: self) { $0.bounds.inset(by: $0.layoutMargins) }
        storedLayoutMarginsGuide = guide
        return guide
    }

    /// The margins guide narrowed to a readable line length and centred, for text (Apple: "an area with a readable
    /// width within the view"); at the model's default text size that width is `readableContentWidth`.
    open var readableContentGuide: UILayoutGuide {
        if let guide = storedReadableContentGuide { return guide }
        let guide = UILayoutGuide(owningView: self) { view in
            let margins = view.bounds.inset(by: view.layoutMargins)
            let width = min(margins.width, UIKitSystem.shared.behavior.readableContentWidth)
            return CGRect(x: margins.minX + (margins.width - width) / 2, y: margins.minY, width: width, height: margins.height)
        }
        storedReadableContentGuide = guide
        return guide
    }

    /// Told before the keyboard shows the view as an input accessory (a SwiftUI hosting view, swiftui S69 [U]).
    package var willBecomeInputAccessory: (() -> Void)?

    /// Told when the keyboard moved (a SwiftUI hosting view that follows an interactive drag, swiftui S51 [U]).
    package var keyboardMoveObserver: (() -> Void)?

    /// Marks views that use their keyboard layout guide as needing layout after the keyboard moved.
    package func keyboardDidMove() {
        keyboardMoveObserver?()
        // A sheet rests on the keyboard before the views inside it follow their guides.
        if let controller = owningViewController, controller.viewIfLoaded === self, controller.isPresentedItself,
            let sheet = controller.storedPresentationController as? UISheetPresentationController
        {
            sheet.relayoutSheet()
        }
        if let guide = storedKeyboardLayoutGuide {
            guide.updateTrackedConstraints()
            setNeedsLayout()
        }
        for subview in subviews { subview.keyboardDidMove() }
    }

    // MARK: Layout

    /// Marks the view as needing layout on the next pass.
    open func setNeedsLayout() { needsLayout = true }

    /// Lays out this view and its subviews now if needed (properties, then constraints, are updated and solved first).
    open func layoutIfNeeded() {
        updatePropertiesSubtreeIfDue()
        updateConstraintsIfNeeded()
        if let window {
            LayoutSolver.solve(in: window, constraints: UIKitSystem.shared.activeConstraints)
        }
        let system = UIKitSystem.shared
        system.arrangedViewsMoved = false
        layoutSubtreeIfNeeded()
        // A stack view placed its arranged views in this pass: constraints inside them are solved again.
        if system.arrangedViewsMoved, let window {
            system.arrangedViewsMoved = false
            LayoutSolver.solve(in: window, constraints: system.activeConstraints)
            layoutSubtreeIfNeeded()
        }
    }

    /// Whether `updateConstraints()` is due; every view starts needing it, as UIKit's first constraint pass does.
    private var constraintsUpdateDue = true

    /// Whether `updateConstraints()` is due (a method in UIKit, not a property).
    open func needsUpdateConstraints() -> Bool { constraintsUpdateDue }

    /// Asks for `updateConstraints()` (or the controller's `updateViewConstraints()`) before the next layout.
    open func setNeedsUpdateConstraints() {
        constraintsUpdateDue = true
        setNeedsLayout()
    }

    /// Runs the due `updateConstraints()` of this view and its subviews now, deepest first, as UIKit does.
    open func updateConstraintsIfNeeded() {
        for subview in subviews { subview.updateConstraintsIfNeeded() }
        guard constraintsUpdateDue else { return }
        constraintsUpdateDue = false
        trackingObservation(invalidating: { $0.setNeedsUpdateConstraints() }) {
            if let controller = owningViewController, controller.viewIfLoaded === self {
                controller.updateViewConstraints()
            } else {
                updateConstraints()
            }
        }
    }

    /// Updates the view's constraints; overrides must call `super` last. The default does nothing.
    open func updateConstraints() {}

    /// Tells the layout that `intrinsicContentSize` changed.
    open func invalidateIntrinsicContentSize() {
        setNeedsLayout()
        superview?.setNeedsLayout()
        UIKitSystem.shared.constraintsChanged()
    }

    /// Marks the subtree as needing layout after a controller's `additionalSafeAreaInsets` changed.
    package func markSafeAreaChanged() {
        setNeedsLayout()
        for subview in subviews { subview.markSafeAreaChanged() }
    }

    /// Called when `safeAreaInsets` changed (during layout); the default does nothing.
    open func safeAreaInsetsDidChange() {}

    private var lastSafeAreaInsets = UIEdgeInsets.zero
    private var lastLayoutMargins: UIEdgeInsets?

    /// Reports a changed safe area, then changed margins, to the view and, for a controller's root view, to the
    /// controller.
    private func checkSafeAreaInsets() {
        let insets = safeAreaInsets
        if insets != lastSafeAreaInsets {
            lastSafeAreaInsets = insets
            safeAreaInsetsDidChange()
            rootViewController?.viewSafeAreaInsetsDidChange()
        }
        // The first layout pass records the margins without reporting them [U].
        let margins = layoutMargins
        defer { lastLayoutMargins = margins }
        guard let last = lastLayoutMargins, last != margins else { return }
        layoutMarginsDidChange()
        rootViewController?.viewLayoutMarginsDidChange()
    }

    private func layoutSubtreeIfNeeded() {
        checkSafeAreaInsets()
        if needsLayout {
            needsLayout = false
            trackingObservation(invalidating: { $0.setNeedsLayout() }) {
                owningViewController?.viewWillLayoutSubviews()
                layoutSubviews()
                owningViewController?.viewDidLayoutSubviews()
            }
        }
        for subview in subviews { subview.layoutSubtreeIfNeeded() }
    }

    /// Lays out subviews; the default does nothing (autoresizing has already been applied).
    open func layoutSubviews() {}

    /// Whether `updateProperties()` is due; every view starts needing it, as for constraints.
    package var propertiesUpdateDue = true

    /// Configures the view's content and styling before layout; the default does nothing. UIKit calls it in the view's
    /// first layout pass, then after `setNeedsUpdateProperties()` or a change of an `@Observable` property it read.
    @available(iOS 26.0, *)
    open func updateProperties() {}

    /// Asks for `updateProperties()` (and the owning controller's) in the next layout pass.
    @available(iOS 26.0, *)
    open func setNeedsUpdateProperties() { propertiesUpdateDue = true }

    /// Runs the due properties updates of this view (and its controller) and of its subtree now.
    @available(iOS 26.0, *)
    open func updatePropertiesIfNeeded() { updatePropertiesSubtreeIfDue() }

    /// The size that best fits `size`; the default returns the current size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes the view to `sizeThatFits(bounds.size)`.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        frame = CGRect(origin: frame.origin, size: size)
    }

    /// The natural size of the view's content; `noIntrinsicMetric` by default.
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The value meaning "no intrinsic size".
    public static let noIntrinsicMetric: CGFloat = -1
}
