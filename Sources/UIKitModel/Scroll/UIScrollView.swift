import Foundation

/// A view that scrolls its content, as UIKit's `UIScrollView` (§3).
open class UIScrollView: UIView {
    /// How the safe area is added to the content inset.
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        case automatic = 0, scrollableAxes, never, always
    }

    /// How dragging dismisses the keyboard.
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    /// The size of the scrollable content.
    open var contentSize: CGSize = .zero {
        didSet { checkAdjustedContentInset() }
    }
    /// Extra scrollable space around the content.
    open var contentInset: UIEdgeInsets = .zero {
        didSet { checkAdjustedContentInset() }
    }
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
        didSet { checkAdjustedContentInset() }
    }
    open var automaticallyAdjustsScrollIndicatorInsets = true
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var isScrollEnabled = true
    open var bounces = true
    open var alwaysBounceVertical = false {
        didSet { checkAdjustedContentInset() }
    }
    open var alwaysBounceHorizontal = false {
        didSet { checkAdjustedContentInset() }
    }
    open var showsVerticalScrollIndicator = true
    open var showsHorizontalScrollIndicator = true
    open var isPagingEnabled = false
    open var keyboardDismissMode: KeyboardDismissMode = .none
    /// Whether a tap on the status bar scrolls the content to its top (`Simulator.tapStatusBar()`).
    open var scrollsToTop = true
    /// Whether the user is dragging the content.
    open private(set) var isDragging = false
    /// Whether the user's finger is down on the content.
    open private(set) var isTracking = false
    /// Whether the content is settling after a drag.
    open private(set) var isDecelerating = false
    /// The scroll view's delegate.
    open weak var delegate: UIScrollViewDelegate?

    /// The content area (origin zero, `contentSize`) for constraints; constraints from the content's trailing and
    /// bottom edges (or width and height) to this guide set `contentSize`, as in UIKit.
    open private(set) lazy var contentLayoutGuide = UILayoutGuide(owningView: self, contentArea: true) {
        CGRect(origin: .zero, size: ($0 as? UIScrollView)?.contentSize ?? .zero)
    }
    /// The scroll view's own frame for constraints: views pinned to it do not scroll.
    open private(set) lazy var frameLayoutGuide = UILayoutGuide(owningView: self) { $0.bounds }

    private var lastAdjustedContentInset: UIEdgeInsets?
    private var scrollAnimationGeneration = 0

    /// The point of the content shown at the view's top-left corner; always equal to `bounds.origin`.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            var newBounds = bounds
            let offset = clampedIfConfigured(newValue)
            // + 0 turns -0.0 (from negating a zero inset) into 0.0: UIKit's offsets print 0.0 at rest.
            newBounds.origin = CGPoint(x: offset.x + 0, y: offset.y + 0)
            bounds = newBounds
        }
    }

    /// Sets the content offset, immediately or with a 0.3 s animation on the virtual clock.
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        scrollAnimationGeneration += 1
        guard animated else {
            self.contentOffset = contentOffset
            return
        }
        let generation = scrollAnimationGeneration
        UIKitSystem.shared.clock.schedule(after: 0.3) { [weak self] in
            guard let self, self.scrollAnimationGeneration == generation else { return }
            self.contentOffset = contentOffset
            self.notifyDelegate("scrollViewDidEndScrollingAnimation") { $0.scrollViewDidEndScrollingAnimation(self) }
        }
    }

    /// The scroll indicator insets; setting them sets both the vertical and horizontal ones. Deprecated, as in UIKit
    /// (Apple's page: "Use horizontalScrollIndicatorInsets and verticalScrollIndicatorInsets instead.").
    @available(*, deprecated, message: "Use horizontalScrollIndicatorInsets and verticalScrollIndicatorInsets instead.")
    open var scrollIndicatorInsets: UIEdgeInsets {
        get { verticalScrollIndicatorInsets }
        set {
            verticalScrollIndicatorInsets = newValue
            horizontalScrollIndicatorInsets = newValue
        }
    }

    /// `contentInset` plus the safe-area insets that `contentInsetAdjustmentBehavior` selects (§3.1).
    open var adjustedContentInset: UIEdgeInsets {
        guard UIKitSystem.shared.behavior.scrollViewAdjustsForSafeArea else { return contentInset }
        let safe = safeAreaInsets
        var added = UIEdgeInsets.zero
        switch contentInsetAdjustmentBehavior {
        case .never:
            break
        case .always:
            added = safe
        case .automatic, .scrollableAxes:
            // .automatic always adjusts vertically for the content view of a controller in a navigation
            // controller; otherwise it behaves like .scrollableAxes.
            let isNavigationContent = contentInsetAdjustmentBehavior == .automatic
                && owningViewController?.viewIfLoaded === self && owningViewController?.navigationController != nil
            if isNavigationContent || contentSize.height > bounds.height || alwaysBounceVertical {
                added.top = safe.top
                added.bottom = safe.bottom
            }
            if contentSize.width > bounds.width || alwaysBounceHorizontal {
                added.left = safe.left
                added.right = safe.right
            }
        }
        return contentInset + added
    }

    /// Called when `adjustedContentInset` changed.
    open func adjustedContentInsetDidChange() {}

    /// Briefly shows the scroll indicators (nothing to do in the model).
    open func flashScrollIndicators() {}

    /// Scrolls just enough that `rect` (in content coordinates) is visible; does nothing if it already is (§3.3).
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let system = UIKitSystem.shared
        let inset = system.behavior.scrollRectToVisibleUsesAdjustedInset ? adjustedContentInset : .zero
        let visible = bounds.inset(by: inset)
        let target = rect.standardized
        var offset = contentOffset
        offset.y += Self.minimalScroll(target.minY, target.maxY, visible.minY, visible.maxY)
        offset.x += Self.minimalScroll(target.minX, target.maxX, visible.minX, visible.maxX)
        let range = scrollRange(insets: adjustedContentInset)
        offset.x = min(max(offset.x, range.minX), range.maxX)
        offset.y = min(max(offset.y, range.minY), range.maxY)
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    private static func minimalScroll(
        _ low: CGFloat, _ high: CGFloat, _ visibleLow: CGFloat, _ visibleHigh: CGFloat
    ) -> CGFloat {
        // A rect longer than the viewport aligns its leading edge (Chameleon's rule, §3.3 item 3).
        if high - low > visibleHigh - visibleLow { return low - visibleLow }
        if high > visibleHigh { return high - visibleHigh }
        if low < visibleLow { return low - visibleLow }
        return 0
    }

    /// The offsets the user can scroll to: from `-inset.top` to `contentSize + inset.bottom - bounds` (§3.2).
    package func scrollRange(insets: UIEdgeInsets) -> CGRect {
        let minX = 0 - insets.left
        let minY = 0 - insets.top
        let maxX = max(minX, contentSize.width + insets.right - bounds.width)
        let maxY = max(minY, contentSize.height + insets.bottom - bounds.height)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether a user can drag the content vertically (§3.2, §9 #45).
    package var canScrollVertically: Bool {
        let inset = adjustedContentInset
        return contentSize.height + inset.top + inset.bottom > bounds.height || alwaysBounceVertical
    }

    private func clampedIfConfigured(_ offset: CGPoint) -> CGPoint {
        guard UIKitSystem.shared.behavior.programmaticContentOffsetClamped else { return offset }
        let range = scrollRange(insets: adjustedContentInset)
        return CGPoint(x: min(max(offset.x, range.minX), range.maxX), y: min(max(offset.y, range.minY), range.maxY))
    }

    package override func boundsOriginDidChange(from oldOrigin: CGPoint) {
        let system = UIKitSystem.shared
        system.trace(.scroll, "\(traceName(self)).contentOffset = \(formatPoint(contentOffset))")
        if !didScrollSuppressed { notifyDelegate("scrollViewDidScroll") { $0.scrollViewDidScroll(self) } }
    }

    private var didScrollSuppressed = false

    /// Runs `body` without telling the delegate about offset changes (UITableView.scrollToRow, #110).
    package func withoutDidScroll(_ body: () -> Void) {
        didScrollSuppressed = true
        defer { didScrollSuppressed = false }
        body()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        checkAdjustedContentInset()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        checkAdjustedContentInset()
    }

    private func checkAdjustedContentInset() {
        let adjusted = adjustedContentInset
        guard adjusted != lastAdjustedContentInset else { return }
        let previous = lastAdjustedContentInset ?? .zero
        let isFirst = lastAdjustedContentInset == nil
        lastAdjustedContentInset = adjusted
        if isFirst && adjusted == .zero { return }
        // Content resting at the top stays at the top when the top inset changes (it starts at -top, §3.2).
        if adjusted.top != previous.top && contentOffset.y == -previous.top && !isDragging {
            contentOffset = CGPoint(x: contentOffset.x, y: 0 - adjusted.top)
        }
        adjustedContentInsetDidChange()
        notifyDelegate("scrollViewDidChangeAdjustedContentInset") { $0.scrollViewDidChangeAdjustedContentInset(self) }
    }

    /// The status-bar tap's scroll to top, as Apple describes it: nothing when `scrollsToTop` is false, the delegate's
    /// `scrollViewShouldScrollToTop` answers false, or the content is at its top already; else the content scrolls
    /// to its top (0.3 s, as the model's animated scrolls) and the delegate hears `scrollViewDidScrollToTop`.
    package func userScrollToTop() {
        let top = CGPoint(x: contentOffset.x, y: -adjustedContentInset.top)
        guard scrollsToTop, contentOffset.y != top.y else { return }
        if let delegate {
            let allowed = UIKitSystem.shared.callDelegate("scrollViewShouldScrollToTop(\(traceName(self)))") {
                delegate.scrollViewShouldScrollToTop(self)
            }.value
            guard allowed else { return }
        }
        scrollAnimationGeneration += 1
        let generation = scrollAnimationGeneration
        UIKitSystem.shared.clock.schedule(after: 0.3) { [weak self] in
            guard let self, self.scrollAnimationGeneration == generation else { return }
            self.contentOffset = top
            self.notifyDelegate("scrollViewDidScrollToTop") { $0.scrollViewDidScrollToTop(self) }
        }
    }

    /// Calls a delegate method if there is a delegate, tracing it when the delegate implements it.
    private func notifyDelegate(
        _ method: String, arguments: String = "", _ body: (UIScrollViewDelegate) -> Void
    ) {
        guard let delegate else { return }
        _ = UIKitSystem.shared.callDelegate("\(method)(\(traceName(self))\(arguments))") { body(delegate) }
    }

    // MARK: The user's finger

    /// A user drag moving the content by `distance` points (positive = content moves down, offset decreases).
    package func userDrag(by distance: CGFloat) {
        guard beginUserDrag() else { return }
        moveUserDrag(by: distance, fingerY: nil)
        endUserDrag()
    }

    /// Where a drag in progress started: the content offset when the finger went down.
    private var dragStartOffset: CGPoint?

    /// The finger goes down and starts dragging; `false` (and nothing happens) if the content cannot scroll.
    package func beginUserDrag() -> Bool {
        let system = UIKitSystem.shared
        guard isScrollEnabled, isUserInteractionEnabled, canScrollVertically else {
            system.trace(.user, "drag on \(traceName(self)) did not scroll")
            return false
        }
        isTracking = true
        isDragging = true
        dragStartOffset = contentOffset
        notifyDelegate("scrollViewWillBeginDragging") { $0.scrollViewWillBeginDragging(self) }
        // .onDrag dismisses when the drag begins, not when it ends (#100).
        if keyboardDismissMode == .onDrag || keyboardDismissMode == .onDragWithAccessory, let window {
            system.keyboard.dismissForScrollDrag(in: window, withAccessory: keyboardDismissMode == .onDragWithAccessory)
        }
        return true
    }

    /// The finger has moved `distance` points from where it went down; at `fingerY` (screen coordinates) it may
    /// hold the keyboard (`.interactive` modes, #102).
    package func moveUserDrag(by distance: CGFloat, fingerY: CGFloat?) {
        guard let start = dragStartOffset else { return }
        let range = scrollRange(insets: adjustedContentInset)
        var target = start.y - distance
        if !bounces {
            target = min(max(target, range.minY), range.maxY)
        } else if target < range.minY {
            // Past the edge the content follows the finger at half speed (rubber band).
            target = range.minY - (range.minY - target) / 2
        } else if target > range.maxY {
            target = range.maxY + (target - range.maxY) / 2
        }
        contentOffset = CGPoint(x: contentOffset.x, y: target)
        if let fingerY, isInteractiveDismissMode {
            // The keyboard layout guide's padding starts the dismissal that far above the keyboard (iOS 17).
            UIKitSystem.shared.keyboard.interactiveDrag(
                fingerY: fingerY + keyboardDismissPadding, withAccessory: keyboardDismissMode == .interactiveWithAccessory)
        }
    }

    /// The `keyboardDismissPadding` of the nearest keyboard layout guide in use, on this view or an ancestor.
    private var keyboardDismissPadding: CGFloat {
        var view: UIView? = self
        while let current = view {
            if let guide = current.storedKeyboardLayoutGuide { return guide.keyboardDismissPadding }
            view = current.superview
        }
        return 0
    }

    /// The finger lets go: the content settles back into range and a dragged keyboard is dismissed or slides back.
    package func endUserDrag() {
        guard dragStartOffset != nil else { return }
        dragStartOffset = nil
        let system = UIKitSystem.shared
        isDragging = false
        isTracking = false
        if isInteractiveDismissMode, let window {
            system.keyboard.interactiveRelease(in: window, withAccessory: keyboardDismissMode == .interactiveWithAccessory)
        }
        let range = scrollRange(insets: adjustedContentInset)
        let target = contentOffset.y
        // The simulated finger stops before it lifts, so the velocity is zero [U] and the content lands where it is,
        // back in range; the delegate may move that landing point, and the content decelerates to it.
        var landing = CGPoint(x: contentOffset.x, y: min(max(target, range.minY), range.maxY))
        notifyDelegate("scrollViewWillEndDragging", arguments: ", withVelocity: (0.0, 0.0)") { delegate in
            withUnsafeMutablePointer(to: &landing) {
                delegate.scrollViewWillEndDragging(self, withVelocity: .zero, targetContentOffset: $0)
            }
        }
        let settled = min(max(landing.y, range.minY), range.maxY)
        let willDecelerate = settled != target
        notifyDelegate("scrollViewDidEndDragging", arguments: ", willDecelerate: \(willDecelerate)") {
            $0.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
        }
        guard willDecelerate else { return }
        isDecelerating = true
        notifyDelegate("scrollViewWillBeginDecelerating") { $0.scrollViewWillBeginDecelerating(self) }
        system.clock.schedule(after: 0.3) { [weak self] in
            guard let self else { return }
            self.contentOffset = CGPoint(x: self.contentOffset.x, y: settled)
            self.isDecelerating = false
            self.notifyDelegate("scrollViewDidEndDecelerating") { $0.scrollViewDidEndDecelerating(self) }
        }
    }

    private var isInteractiveDismissMode: Bool {
        keyboardDismissMode == .interactive || keyboardDismissMode == .interactiveWithAccessory
    }
}
