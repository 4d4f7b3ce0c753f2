import Foundation

/// The area of a view covered by the docked keyboard (or the bottom safe area when it is hidden).
open class UIKeyboardLayoutGuide: UILayoutGuide {
    /// Whether the guide follows an undocked or floating keyboard.
    open var followsUndockedKeyboard = false
    /// Whether the hidden-keyboard guide sits on the bottom safe area (else on the view's bottom).
    open var usesBottomSafeArea = true
    /// Extra distance above the keyboard that starts an interactive dismissal.
    open var keyboardDismissPadding: CGFloat = 0 {
        didSet { if keyboardDismissPadding < 0 { keyboardDismissPadding = 0 } }
    }
    /// An identifier for debugging.
    open var identifier = "UIViewKeyboardLayoutGuide"

    package init(owningView: UIView) {
        super.init()
        self.owningView = owningView
    }

    /// The guide's rectangle in the owning view's coordinates.
    open override var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        let bounds = view.bounds
        let hiddenTop = bounds.maxY - (usesBottomSafeArea ? view.safeAreaInsets.bottom : 0)
        let hidden = CGRect(x: bounds.minX, y: hiddenTop, width: bounds.width, height: bounds.maxY - hiddenTop)
        guard view.window != nil, let keyboard = UIKitSystem.shared.keyboard.frame else { return hidden }
        let inView = view.convert(keyboard, from: nil)
        let top = max(bounds.minY, min(inView.minY, bounds.maxY))
        // A keyboard that leaves the guide above the safe area would be an undocked one; docked ones reach down.
        guard top < hiddenTop else { return hidden }
        return CGRect(x: bounds.minX, y: top, width: bounds.width, height: bounds.maxY - top)
    }
}
