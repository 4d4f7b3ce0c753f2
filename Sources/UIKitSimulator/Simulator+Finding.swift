import Foundation
import UIKitModel

// Finding what to tap by what the user reads on screen: a field's placeholder, a button's title.
extension Simulator {
    /// Taps the text field the user would know by `name`: a `UITextField` whose placeholder is `name` (a SwiftUI
    /// field's placeholder is its prompt, or its title without one, swiftui-behaviour S4), or a text view whose
    /// accessibility label is `name` (a SwiftUI vertical field or `TextEditor` by its prompt or title). Stops the program when no such field is on screen.
    public func tap(field name: String) {
        guard let field = onScreenViews().first(where: { Self.fieldName(of: $0) == name }) else {
            fatalError("tap(field: \(quoted(name))): no text field with that placeholder is on screen")
        }
        tap(field)
    }

    /// Taps the button whose title is `title`: a `UIButton` (a SwiftUI `Button` with a text label is one), or a
    /// bar button item of a toolbar on screen or above the keyboard (a SwiftUI `.keyboard` toolbar's button).
    /// Stops the program when no such button is on screen.
    public func tap(button title: String) {
        let views = accessoryViews() + onScreenViews()
        if let button = views.first(where: { ($0 as? UIButton)?.currentTitle == title }) {
            return tap(button)
        }
        // A button whose label is made of views (a SwiftUI icon and text) is found by what VoiceOver reads.
        if let button = views.first(where: { ($0 as? UIButton)?.currentTitle == nil && $0.accessibilityLabel == title }) {
            return tap(button)
        }
        for case let toolbar as UIToolbar in views {
            if let item = toolbar.items?.first(where: { $0.displayTitle == title }) { return tap(item) }
        }
        fatalError("tap(button: \(quoted(title))): no button with that title is on screen")
    }

    /// The views of the keyboard's accessory and input views.
    private func accessoryViews() -> [UIView] {
        var found: [UIView] = []
        func walk(_ view: UIView) {
            guard !view.isHidden else { return }
            found.append(view)
            for subview in view.subviews { walk(subview) }
        }
        for root in [system.keyboard.accessoryView, system.keyboard.customInputView].compactMap({ $0 }) { walk(root) }
        return found
    }

    private static func fieldName(of view: UIView) -> String? {
        switch view {
        case let named as NamedTextInput: return named.fieldName
        case let field as UITextField: return field.placeholder
        case let textView as UITextView: return textView.accessibilityLabel
        default: return nil
        }
    }

    /// Visible views, front-most window first, each window's views in tree order.
    private func onScreenViews() -> [UIView] {
        var found: [UIView] = []
        func walk(_ view: UIView) {
            guard !view.isHidden, view.alpha >= 0.01 else { return }
            found.append(view)
            for subview in view.subviews { walk(subview) }
        }
        for window in system.windows.reversed() where !window.isHidden { walk(window) }
        return found
    }
}
