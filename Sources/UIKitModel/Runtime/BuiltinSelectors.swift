import Foundation

/// The model's own methods that a selector can reach by name (`Selector("resignFirstResponder")`), by the class
/// that declares them.
///
/// Objective-C finds any method by name; Linux cannot, so the model lists these in `ObjCMethodTable`, next to
/// the lesson methods the doc-test runner declares (docs/model.md, "Selectors").
package enum BuiltinSelectors {
    /// The classes and their methods, Objective-C names as UIKit's.
    package static func declared() -> [(AnyClass, [Selector])] {
        [
            (UIResponder.self, [
                Selector(_tutorbuildMethod: UIResponder.becomeFirstResponder, objc: "becomeFirstResponder"),
                Selector(_tutorbuildMethod: UIResponder.resignFirstResponder, objc: "resignFirstResponder"),
                Selector(_tutorbuildMethod: UIResponder.reloadInputViews, objc: "reloadInputViews"),
            ]),
            (UIView.self, [
                Selector(_tutorbuildMethod: UIView.endEditing(_:), objc: "endEditing:"),
                Selector(_tutorbuildMethod: UIView.layoutIfNeeded, objc: "layoutIfNeeded"),
                Selector(_tutorbuildMethod: UIView.setNeedsLayout, objc: "setNeedsLayout"),
                Selector(_tutorbuildMethod: UIView.removeFromSuperview, objc: "removeFromSuperview"),
                Selector(_tutorbuildMethod: UIView.sizeToFit, objc: "sizeToFit"),
            ]),
            (UIViewController.self, [
                Selector(_tutorbuildMethod: UIViewController.didReceiveMemoryWarning, objc: "didReceiveMemoryWarning"),
            ]),
        ]
    }
}
