import Foundation

/// The model's own methods that a string selector (`Selector("resignFirstResponder")`) can reach.
///
/// Objective-C finds any method by name; Linux cannot, so string selectors reach this list and the lesson
/// methods the doc-test runner resolved (docs/model.md, "Selectors").
package enum BuiltinSelectors {
    private static let table: [String: [Selector.Implementation]] = {
        let selectors = [
            Selector(_tutorbuildMethod: UIResponder.becomeFirstResponder, objc: "becomeFirstResponder"),
            Selector(_tutorbuildMethod: UIResponder.resignFirstResponder, objc: "resignFirstResponder"),
            Selector(_tutorbuildMethod: UIResponder.reloadInputViews, objc: "reloadInputViews"),
            Selector(_tutorbuildMethod: UIView.endEditing(_:), objc: "endEditing:"),
            Selector(_tutorbuildMethod: UIView.layoutIfNeeded, objc: "layoutIfNeeded"),
            Selector(_tutorbuildMethod: UIView.setNeedsLayout, objc: "setNeedsLayout"),
            Selector(_tutorbuildMethod: UIView.removeFromSuperview, objc: "removeFromSuperview"),
            Selector(_tutorbuildMethod: UIView.sizeToFit, objc: "sizeToFit"),
            Selector(_tutorbuildMethod: UIViewController.didReceiveMemoryWarning, objc: "didReceiveMemoryWarning"),
        ]
        return Dictionary(selectors.map { ($0.name, $0.implementations) }, uniquingKeysWith: +)
    }()

    /// The model's implementations of the method named `name` (Objective-C spelling).
    package static func implementations(named name: String) -> [Selector.Implementation] {
        table[name] ?? []
    }
}
