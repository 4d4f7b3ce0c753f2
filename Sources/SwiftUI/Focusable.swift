import UIKitModel

/// The kinds of focus a focusable view supports, as SwiftUI's `FocusInteractions` (iOS 17).
@available(iOS 17.0, *)
public struct FocusInteractions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The view takes focus to be activated (like a button with keyboard navigation).
    public static let activate = FocusInteractions(rawValue: 1 << 0)
    /// The view takes focus to capture input (like a text field).
    public static let edit = FocusInteractions(rawValue: 1 << 1)
    /// The platform's default for the view.
    public static let automatic = FocusInteractions(rawValue: 1 << 2)
}

/// What a `focusable` modifier gives the responder behind its view.
struct FocusableSpec {
    var targets: [FocusTarget]
    var isFocusable: Bool
}

extension View {
    /// Lets the view take focus (iOS 17). On iPhone a tap never focuses it; code assigning the `focused` binding
    /// around it focuses it (ending a field's editing, the keyboard hides) only with the profile's
    /// `focusableViewsTakeFocus` (S36 [U]); otherwise the assignment is dropped and the state reads as before.
    @available(iOS 17.0, *)
    public func focusable(_ isFocusable: Bool = true) -> some View {
        applying(.wrap { context, element in
            Element(.focusable(FocusableSpec(targets: context.focusTargets, isFocusable: isFocusable), element), context)
        })
    }

    /// Lets the view take focus for `interactions` (iOS 17); the model treats every interaction alike.
    @available(iOS 17.0, *)
    public func focusable(_ isFocusable: Bool = true, interactions: FocusInteractions) -> some View {
        focusable(isFocusable)
    }
}

/// The responder behind a `focusable()` view: focus assigned in code makes it first responder when the profile
/// lets non-input views take focus (S36 [U]).
final class SwiftUIFocusableView: UIView, FocusableInput {
    var spec: FocusableSpec?
    var focusTargets: [FocusTarget] { spec?.targets ?? [] }

    override var canBecomeFirstResponder: Bool {
        (spec?.isFocusable ?? false) && UIKitSystem.shared.behavior.swiftUI.focusableViewsTakeFocus
    }

    override func becomeFirstResponder() -> Bool {
        let became = super.becomeFirstResponder()
        if became {
            for target in focusTargets { target.select() }
            Mounter.focusMoved(in: self)
        }
        return became
    }

    override func resignFirstResponder() -> Bool {
        let wasFirst = isFirstResponder
        let resigned = super.resignFirstResponder()
        if wasFirst, resigned {
            for target in focusTargets { target.deselect() }
            Mounter.focusMoved(in: self)
        }
        return resigned
    }
}
