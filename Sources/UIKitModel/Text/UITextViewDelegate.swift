import Foundation

/// The text view's delegate (§1.2); every method is optional and defaults to UIKit's answer.
@preconcurrency @MainActor public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidBeginEditing(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidEndEditing(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textView(
        _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textViewDidChange(_ textView: UITextView) { DelegateProbe.markDefault() }
    public func textViewDidChangeSelection(_ textView: UITextView) { DelegateProbe.markDefault() }
}
