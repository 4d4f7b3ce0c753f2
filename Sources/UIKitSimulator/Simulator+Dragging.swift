import Foundation
import UIKitModel

extension Simulator {
    /// A finger drag inside `scrollView` from `start` to `end` (window coordinates), lifted at the end unless
    /// `lift` is `false`.
    ///
    /// The content follows the finger. With `keyboardDismissMode` `.onDrag`/`.onDragWithAccessory` the first
    /// responder resigns as the drag begins (#100). With `.interactive`/`.interactiveWithAccessory` the keyboard's top
    /// follows the finger once the finger reaches it, without any notification (#102); on lifting, a keyboard pulled
    /// down by more than half its height is dismissed (WillChangeFrame, WillHide, then the Did pair, #103), otherwise
    /// it slides back with keyboardWillShow and keyboardDidShow (#104). A held drag keeps the finger down: look at
    /// `keyboardFrame` or take a snapshot, then call `liftFinger()`.
    public func drag(in scrollView: UIScrollView, from start: CGPoint, to end: CGPoint, lift: Bool = true) {
        liftFinger()
        user("drag in \(traceName(scrollView)) from \(formatPoint(start)) to \(formatPoint(end))")
        guard scrollView.beginUserDrag() else {
            settle()
            return
        }
        heldScrollView = scrollView
        scrollView.moveUserDrag(by: end.y - start.y, fingerY: screenY(ofWindowPoint: end) ?? end.y)
        if lift { liftFinger() } else { runUntilIdle() }
    }

    /// Lifts a finger held down by `drag(in:from:to:lift: false)`; does nothing if no drag is held.
    public func liftFinger() {
        guard let scrollView = heldScrollView else { return }
        heldScrollView = nil
        user("lift finger")
        scrollView.endUserDrag()
        settle()
    }

    /// The key window's point `point` in screen coordinates.
    private func screenY(ofWindowPoint point: CGPoint) -> CGFloat? {
        guard let window = system.keyWindow else { return nil }
        return window.frame.minY + point.y
    }
}
