import Foundation

/// The text field's delegate (§1.1); every method is optional and defaults to UIKit's answer.
@preconcurrency @MainActor public protocol UITextFieldDelegate: NSObjectProtocol {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason)
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool
    /// The iOS 26 form: asked instead of the single-range method when both are implemented (uikit-behaviour-3 §B3).
    @available(iOS 26.0, *)
    func textField(
        _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
    ) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    /// The edit menu for the selection: nil shows the suggested actions (asked when the user opens the menu).
    @available(iOS 16.0, *)
    func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu?
    /// The iOS 26 form, asked instead when implemented (uikit-behaviour-3 §B3.1).
    @available(iOS 26.0, *)
    func textField(_ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu?
}

// Each default marks itself so the model knows the delegate did not implement the method (UIKit would not
// have called it), which keeps traces free of calls UIKit never makes and lets the reason variant win.
extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textFieldDidBeginEditing(_ textField: UITextField) { DelegateProbe.markDefault() }
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textFieldDidEndEditing(_ textField: UITextField) { DelegateProbe.markDefault() }
    public func textFieldDidEndEditing(_ textField: UITextField, reason: UITextField.DidEndEditingReason) {
        DelegateProbe.markDefault()
    }
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    @available(iOS 26.0, *)
    public func textField(
        _ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String
    ) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textFieldDidChangeSelection(_ textField: UITextField) { DelegateProbe.markDefault() }
    public func textFieldShouldClear(_ textField: UITextField) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    @available(iOS 16.0, *)
    public func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
        DelegateProbe.markDefault()
        return nil
    }
    @available(iOS 26.0, *)
    public func textField(_ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu? {
        DelegateProbe.markDefault()
        return nil
    }
}
