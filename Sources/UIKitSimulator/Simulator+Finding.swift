import Foundation
import UIKitModel

// Finding what to tap by what the user reads on screen: a field's placeholder, a button's title.
extension Simulator {
    /// Taps the text field the user would know by `name`: a `UITextField` whose placeholder is `name` (a SwiftUI
    /// field's placeholder is its prompt, or its title without one, swiftui-behaviour S4), or a text view whose
    /// accessibility label is `name` (a SwiftUI vertical field or `TextEditor` by its prompt or title), at the middle
    /// of the part of it the user can see. Stops the program when no such field is on screen, and when the field is
    /// there but the user cannot tap it: scrolled out of its scroll view, off the screen, under the keyboard or
    /// covered by another view (scroll it into view first, as the user would).
    public func tap(field name: String) {
        guard let field = onScreenViews().first(where: { Self.fieldName(of: $0) == name }) else {
            fatalError("tap(field: \(quoted(name))): no text field with that placeholder is on screen")
        }
        if accessoryViews().contains(where: { $0 === field }) { return tap(field) }
        guard let window = field.window, window === system.keyWindow else {
            fatalError("tap(field: \(quoted(name))): the text field is not in the key window, so the user cannot tap it")
        }
        let visible = visibleRect(of: field, in: window)
        guard !visible.isNull, visible.width >= 1, visible.height >= 1 else {
            fatalError("tap(field: \(quoted(name))): the text field is out of view (\(whereHidden(field, in: window))), so the user cannot tap it; scroll it into view first, e.g. with app.drag(_:by:)")
        }
        let point = CGPoint(x: visible.midX, y: visible.midY)
        if let hit = window.hitTest(point, with: nil), hit !== field, !hit.isDescendant(of: field) {
            // A SwiftUI Text or Image takes the taps on it (swiftui-behaviour S58): say how to let them through.
            let hint = hit is UILabel || hit is UIImageView
                ? " (a SwiftUI Text or Image takes the taps on it unless it has .allowsHitTesting(false))" : ""
            fatalError("tap(field: \(quoted(name))): the text field is covered by \(traceName(hit)) where the user would tap it\(hint)")
        }
        performTap(at: point, label: "tap \(traceName(field)) at \(formatPoint(point))")
    }

    /// The part of `view` that shows on screen, in window coordinates: clipped by its scroll views (and other
    /// clipping ancestors), the window and the keyboard.
    private func visibleRect(of view: UIView, in window: UIWindow) -> CGRect {
        var visible = view.convert(view.bounds, to: nil)
        var ancestor = view.superview
        while let current = ancestor, current !== window {
            if current.clipsToBounds || current is UIScrollView { visible = visible.intersection(current.convert(current.bounds, to: nil)) }
            ancestor = current.superview
        }
        visible = visible.intersection(window.bounds)
        // A docked keyboard covers the bottom of the screen; a floating one only what it overlaps (the hit test).
        if let keyboard = system.keyboard.frame, !visible.isNull, keyboard.minY < visible.maxY,
            keyboard.maxY >= window.bounds.maxY - 0.5
        {
            visible.size.height = max(0, keyboard.minY - visible.minY)
        }
        return visible
    }

    /// Why a field cannot be seen: what hides it.
    private func whereHidden(_ view: UIView, in window: UIWindow) -> String {
        let frame = view.convert(view.bounds, to: nil)
        if let keyboard = system.keyboard.frame, frame.minY >= keyboard.minY, frame.intersects(window.bounds) {
            return "under the keyboard"
        }
        if !frame.intersects(window.bounds) { return "off the screen" }
        return "scrolled out of its scroll view"
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
    func onScreenViews() -> [UIView] {
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
