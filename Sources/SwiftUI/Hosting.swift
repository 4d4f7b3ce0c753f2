import Foundation
import UIKitModel
import UIKitBehavior

/// The safe-area regions SwiftUI lays out in, as SwiftUI's `SafeAreaRegions`.
@available(iOS 14.0, *)
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The device's and the containers' safe area (bars, notch, home indicator).
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The area the software keyboard covers (S38).
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// How a hosting controller sizes itself for Auto Layout, as SwiftUI's `UIHostingControllerSizingOptions` (S67).
@available(iOS 16.0, *)
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1)
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 2)
}

/// A view controller that shows a SwiftUI view in a UIKit screen, as SwiftUI's `UIHostingController`.
@preconcurrency @MainActor open class UIHostingController<Content: View>: UIViewController {
    private var graph: ViewGraph!

    /// The SwiftUI view shown; assigning it updates the screen at the next update.
    public var rootView: Content {
        didSet { graph.stateDidChange(owner: nil) }
    }

    /// The safe-area regions the content avoids; without `.keyboard` it no longer moves for the keyboard (S41, S68).
    @available(iOS 16.4, *)
    public var safeAreaRegions: SafeAreaRegions = .all {
        didSet { viewIfLoaded?.setNeedsLayout() }
    }

    /// The environment the root view reads (a sheet's `dismiss`).
    var environment: EnvironmentValues {
        get { graph.environment }
        set { graph.environment = newValue }
    }

    /// Which sizes the controller keeps up to date for Auto Layout (S67); stored only.
    @available(iOS 16.0, *)
    public var sizingOptions: UIHostingControllerSizingOptions = []

    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
        graph = ViewGraph { [unowned self] context in resolveView(self.rootView, in: context) }
    }

    public required init?(coder aDecoder: NSCoder) {
        fatalError("UIHostingController(coder:) needs a root view: use init(rootView:)")
    }

    open override func loadView() {
        let host = _UIHostingView(frame: UIScreen.main.bounds, graph: graph)
        // Before iOS 16.4 there is no property, and the content always avoids the keyboard (S41).
        host.regions = { [unowned self] in
            UIKitSystem.shared.behavior.swiftUI.hostingSafeAreaRegionsAPI ? safeAreaRegions : .all
        }
        view = host
    }
}

/// The hosting controller's view: it renders the graph on its first layout in a window and lays the content out
/// in its safe area, less the keyboard (S38, S42).
final class _UIHostingView: UIView {
    let graph: ViewGraph
    var regions: () -> SafeAreaRegions = { .all }
    private var lastLayoutFrame: CGRect?
    /// The docked keyboard's frame on screen, as the last `keyboardWillShow` gave it; `nil` after `keyboardWillHide`
    /// (S42: the hosting view learns the keyboard only from these two notifications).
    private var keyboardFrameOnScreen: CGRect?

    init(frame: CGRect, graph: ViewGraph) {
        self.graph = graph
        super.init(frame: frame)
        graph.host = self
        let keyboard = UIKitSystem.shared.keyboard
        if let frame = keyboard.frame, !keyboard.isUndocked { keyboardFrameOnScreen = frame }
        // Selector observers with the names the runtime shows for `_UIHostingView` (S42): removing them (or the
        // view as an observer) turns the keyboard avoidance off.
        NotificationCenter.default.addObserver(
            self, selector: Selector(_tutorbuildMethod: _UIHostingView.keyboardWillShow(with:), objc: "keyboardWillShowWithNotification:"),
            name: UIResponder.keyboardWillShowNotification, object: nil)
        NotificationCenter.default.addObserver(
            self, selector: Selector(_tutorbuildMethod: _UIHostingView.keyboardWillHide(with:), objc: "keyboardWillHideWithNotification:"),
            name: UIResponder.keyboardWillHideNotification, object: nil)
        // S69 [U]: as an input accessory the view is laid out taller by the window's bottom safe-area inset, once.
        willBecomeInputAccessory = { [unowned self] in
            guard UIKitSystem.shared.behavior.swiftUI.hostingAccessoryViewTooTall, !grewAsAccessory else { return }
            grewAsAccessory = true
            self.frame.size.height += UIKitSystem.shared.windowSafeAreaInsets.bottom
        }
        // S51 [U]: with the switch on, the content follows the finger dragging the keyboard.
        keyboardMoveObserver = { [unowned self] in
            guard UIKitSystem.shared.behavior.swiftUI.contentFollowsInteractiveKeyboardDrag else { return }
            setNeedsLayout()
            layoutIfNeeded()
        }
    }

    func keyboardWillShow(with notification: Notification) {
        let frame = (notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue
        // S55 [U]: the keyboard's area is applied after the pending update (the focus change's) has run its actions.
        if UIKitSystem.shared.behavior.swiftUI.keyboardAvoidanceAfterFocusChange, graph.hasPendingUpdate {
            deferredKeyboardFrame = frame
            return
        }
        keyboardFrameOnScreen = frame
        setNeedsLayout()
        layoutIfNeeded()
    }

    func keyboardWillHide(with notification: Notification) {
        deferredKeyboardFrame = nil
        keyboardFrameOnScreen = nil
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// The view grew once as an input accessory (S69).
    private var grewAsAccessory = false

    /// The keyboard frame a `keyboardWillShow` gave while an update was pending (S55).
    private var deferredKeyboardFrame: CGRect?

    /// Applies the keyboard frame held back for the update that just ran its actions (S55).
    func applyDeferredKeyboardFrame() {
        guard let frame = deferredKeyboardFrame else { return }
        deferredKeyboardFrame = nil
        keyboardFrameOnScreen = frame
        setNeedsLayout()
        layoutIfNeeded()
    }

    required init?(coder: NSCoder) { fatalError("not made from a coder") }

    /// The safe area the content respects, without the keyboard.
    var safeFrame: CGRect { regions().contains(.container) ? bounds.inset(by: safeAreaInsets) : bounds }

    /// The rectangle the content is laid out in: the safe area, above the docked keyboard.
    var layoutFrame: CGRect {
        let regions = regions()
        var frame = safeFrame
        if regions.contains(.keyboard), UIKitSystem.shared.behavior.swiftUI.keyboardSafeArea {
            guard var keyboard = keyboardFrameOnScreen, window != nil else { return frame }
            let system = UIKitSystem.shared
            if system.behavior.swiftUI.contentFollowsInteractiveKeyboardDrag, system.keyboard.isBeingDragged,
                let live = system.keyboard.frame
            {
                keyboard = live
            }
            let keyboardTop = convert(CGPoint(x: 0, y: keyboard.minY), from: nil).y
            if keyboardTop < frame.maxY { frame.size.height = max(0, keyboardTop - frame.minY) }
        }
        return frame
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard window != nil else { return }
        if graph.root == nil || graph.needsRender {
            lastLayoutFrame = layoutFrame
            graph.update()
        } else if layoutFrame != lastLayoutFrame {
            lastLayoutFrame = layoutFrame
            graph.relayout()
        }
    }
}
