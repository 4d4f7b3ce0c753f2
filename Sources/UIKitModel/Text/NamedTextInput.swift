/// A text input that a person knows by a name drawn in it other than a `UITextField` placeholder (a SwiftUI
/// vertical `TextField`'s prompt over its `UITextView`), which the driver's `tap(field:)` finds it by.
package protocol NamedTextInput: AnyObject {
    var fieldName: String? { get }
}
