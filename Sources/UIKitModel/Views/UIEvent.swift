import Foundation

/// A touch event.
@preconcurrency @MainActor open class UIEvent: NSObject {
    package let touches: Set<UITouch>

    package init(touches: Set<UITouch>) {
        self.touches = touches
        super.init()
    }

    /// All touches of the event.
    open var allTouches: Set<UITouch>? { touches }
}
