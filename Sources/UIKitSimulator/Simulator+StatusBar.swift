import Foundation
import UIKitModel

extension Simulator {
    /// The user taps the status bar: the scroll-to-top gesture. Apple (UIScrollView's `scrollsToTop`): the scroll
    /// view closest to the status bar scrolls its content to the top unless its `scrollsToTop` is false, its
    /// delegate's `scrollViewShouldScrollToTop(_:)` answers false, or it is at the top already, and then the delegate
    /// hears `scrollViewDidScrollToTop(_:)`; on iPhone nothing happens when more than one on-screen scroll view has
    /// `scrollsToTop` set.
    public func tapStatusBar() {
        user("tap the status bar")
        let candidates = onScreenViews().compactMap { $0 as? UIScrollView }.filter { $0.scrollsToTop && $0.window != nil }
        let closest = candidates.min { $0.convert($0.bounds, to: nil).minY < $1.convert($1.bounds, to: nil).minY }
        if let closest, device.metrics.idiom == .pad || candidates.count == 1 {
            closest.userScrollToTop()
        }
        settle()
    }
}
