import Foundation

/// Recognizes a press held in place, as UIKit's `UILongPressGestureRecognizer`: the driver's `app.longPress(_:)` holds
/// one finger still, so the gesture begins after `minimumPressDuration` on the simulated clock and ends when it lifts.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How long the finger must stay down, in seconds (UIKit's default 0.5).
    open var minimumPressDuration: TimeInterval = 0.5
    /// The fingers needed; the driver presses with one, so only 1 is ever recognized.
    open var numberOfTouchesRequired = 1
    /// Full taps before the press; the driver's press has none, so only 0 is ever recognized.
    open var numberOfTapsRequired = 0
    /// How far the finger may move, in points; the driver's finger does not move.
    open var allowableMovement: CGFloat = 10

    package var acceptsDriverPress: Bool { numberOfTouchesRequired == 1 && numberOfTapsRequired == 0 }
}
