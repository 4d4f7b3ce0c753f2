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
            (UITextField.self, textEditActions(UITextField.self)),
            (UITextView.self, textEditActions(UITextView.self)),
            (UIViewController.self, [
                Selector(_tutorbuildMethod: UIViewController.didReceiveMemoryWarning, objc: "didReceiveMemoryWarning"),
            ]),
        ]
    }

    /// The edit actions text fields and text views implement.
    private static func textEditActions<T: UIResponder>(_ type: T.Type) -> [Selector] {
        [
            Selector(_tutorbuildMethod: { (object: T) in object.cut(_:) }, objc: "cut:"),
            Selector(_tutorbuildMethod: { (object: T) in object.copy(_:) }, objc: "copy:"),
            Selector(_tutorbuildMethod: { (object: T) in object.paste(_:) }, objc: "paste:"),
            Selector(_tutorbuildMethod: { (object: T) in object.select(_:) }, objc: "select:"),
            Selector(_tutorbuildMethod: { (object: T) in object.selectAll(_:) }, objc: "selectAll:"),
            Selector(_tutorbuildMethod: { (object: T) in object.delete(_:) }, objc: "delete:"),
        ]
    }
}
