import Foundation

/// Recognizes a gesture in the touches of its view and sends its actions, as UIKit's `UIGestureRecognizer`.
///
/// The driver feeds it whole gestures (a tap, a pan); which recognizers see a touch, and what the view still
/// receives, follows uikit-behaviour-2 §A3 (#92–#95).
@preconcurrency @MainActor open class UIGestureRecognizer: NSObject {
    /// A recognizer's state.
    public enum State: Int, Sendable {
        case possible = 0, began, changed, ended, cancelled, failed
        public static let recognized = State.ended
    }

    private struct TargetAction {
        weak var target: AnyObject?
        var action: Selector
    }

    private var targets: [TargetAction] = []
    /// The view the recognizer is attached to.
    package weak var attachedView: UIView?
    /// The touch being recognized, for `location(in:)`.
    package var currentTouch: UITouch?

    /// The recognizer's state.
    open package(set) var state: State = .possible
    /// Whether the recognizer takes part in touch handling.
    open var isEnabled = true
    /// When recognized, the view's touches are cancelled (`touchesCancelled`) instead of ended (#92).
    open var cancelsTouchesInView = true
    /// Whether the view gets `touchesBegan` only once the gesture has failed.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` waits for the recognizer (delivered if it fails, cancelled if it recognizes).
    open var delaysTouchesEnded = true
    /// The delegate, asked before each touch and before beginning.
    open weak var delegate: UIGestureRecognizerDelegate?

    /// The view the recognizer is attached to.
    open var view: UIView? { attachedView }

    /// Creates a recognizer that sends `action` to `target` when it recognizes.
    public init(target: Any?, action: Selector?) {
        super.init()
        if let target, let action { addTarget(target, action: action) }
    }

    public override convenience init() { self.init(target: nil, action: nil) }

    /// Adds a target and action; the target is not retained.
    open func addTarget(_ target: Any, action: Selector) {
        targets.append(TargetAction(target: target as AnyObject, action: action))
    }

    /// Removes `action` (every action when `nil`) for `target` (every target when `nil`).
    open func removeTarget(_ target: Any?, action: Selector?) {
        let object = target.map { $0 as AnyObject }
        targets.removeAll { (object == nil || $0.target === object) && (action == nil || $0.action == action) }
    }

    /// The touch's location in `view` (the window's coordinates when `nil`).
    open func location(in view: UIView?) -> CGPoint {
        currentTouch?.location(in: view) ?? .zero
    }

    /// The number of touches in the gesture.
    open var numberOfTouches: Int { currentTouch == nil ? 0 : 1 }

    // MARK: Driven by the simulator

    /// Whether the recognizer takes `touch`: enabled, and its delegate agrees.
    package func receives(_ touch: UITouch) -> Bool {
        guard isEnabled, attachedView != nil else { return false }
        return DelegateProbe.invoke { delegate?.gestureRecognizer(self, shouldReceive: touch) ?? true }.value
    }

    /// Whether the recognizer may leave `.possible`: its delegate agrees.
    package func shouldBegin() -> Bool {
        DelegateProbe.invoke { delegate?.gestureRecognizerShouldBegin(self) ?? true }.value
    }

    /// Moves to `newState` and sends the actions, as UIKit does for every recognized state.
    package func transition(to newState: State) {
        state = newState
        guard newState != .failed, newState != .possible else { return }
        UIKitSystem.shared.trace(.control, "\(traceName(self)) \(newState)")
        for entry in targets {
            guard let target = entry.target else { continue }
            entry.action.send(to: target, arguments: [self])
        }
    }

    /// Back to `.possible` after a gesture, as UIKit resets recognizers.
    package func reset() {
        state = .possible
        currentTouch = nil
    }

    /// Whether this recognizer recognizes a single one-finger tap.
    package var recognizesSingleTap: Bool { false }
}
