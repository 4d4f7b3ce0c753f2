import Foundation

/// The scroll view's delegate; every method is optional, as in UIKit.
@preconcurrency @MainActor public protocol UIScrollViewDelegate: NSObjectProtocol {
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    )
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) { DelegateProbe.markDefault() }
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        DelegateProbe.markDefault()
    }
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    /// Apple: "If the delegate doesn't implement this method, true is assumed."
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
}
