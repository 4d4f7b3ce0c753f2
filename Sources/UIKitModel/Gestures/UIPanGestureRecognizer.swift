import Foundation

/// Recognizes a dragging finger, as UIKit's `UIPanGestureRecognizer`.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The fewest fingers that can pan; the driver's pans use one.
    open var minimumNumberOfTouches = 1
    /// The most fingers that can pan.
    open var maximumNumberOfTouches = Int.max
    /// The translation since the gesture began, in the window's coordinates.
    package var windowTranslation: CGPoint = .zero
    /// Points per second of the last movement.
    package var windowVelocity: CGPoint = .zero

    /// The translation of the finger since the gesture began (or since `setTranslation`), in `view`'s coordinates.
    open func translation(in view: UIView?) -> CGPoint { windowTranslation }

    /// Resets the translation, usually to `.zero` after applying it.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) { windowTranslation = translation }

    /// The finger's velocity in points per second.
    open func velocity(in view: UIView?) -> CGPoint { windowVelocity }

    package override func reset() {
        super.reset()
        windowTranslation = .zero
        windowVelocity = .zero
    }

    package var acceptsOneFinger: Bool { minimumNumberOfTouches <= 1 && maximumNumberOfTouches >= 1 }
}
