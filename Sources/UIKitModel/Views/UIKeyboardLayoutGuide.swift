import Foundation

/// The area of a view covered by the docked keyboard (or the bottom safe area when it is hidden).
@available(iOS 15.0, *)
open class UIKeyboardLayoutGuide: UITrackingLayoutGuide {
    /// Whether the guide follows an undocked or floating keyboard.
    @available(iOS 15.0, *)
    open var followsUndockedKeyboard = false {
        didSet { updateTrackedConstraints() }
    }
    /// Whether the hidden-keyboard guide sits on the bottom safe area (else on the view's bottom).
    @available(iOS 17.0, *)
    open var usesBottomSafeArea = true
    /// Extra distance above the keyboard that starts an interactive dismissal.
    @available(iOS 17.0, *)
    open var keyboardDismissPadding: CGFloat = 0 {
        didSet { if keyboardDismissPadding < 0 { keyboardDismissPadding = 0 } }
    }

    package init(owningView: UIView) {
        super.init()
        self.owningView = owningView
        identifier = "UIViewKeyboardLayoutGuide"
    }

    /// The guide's rectangle in the owning view's coordinates.
    open override var layoutFrame: CGRect {
        guard let view = owningView else { return .zero }
        let bounds = view.bounds
        let hiddenTop = bounds.maxY - (usesBottomSafeArea ? view.safeAreaInsets.bottom : 0)
        let hidden = CGRect(x: bounds.minX, y: hiddenTop, width: bounds.width, height: bounds.maxY - hiddenTop)
        let system = UIKitSystem.shared
        guard view.window != nil, let keyboard = system.keyboard.frame else { return hidden }
        let inView = view.convert(keyboard, from: nil)
        if system.keyboard.isUndocked {
            // An undocked keyboard leaves the guide on the bottom safe area unless it follows undocked keyboards
            // (§6, §9 #61); a following guide is the part of the view the floating keyboard covers.
            guard followsUndockedKeyboard else { return hidden }
            let covered = inView.intersection(bounds)
            return covered.isNull ? hidden : covered
        }
        let top = max(bounds.minY, min(inView.minY, bounds.maxY))
        // A keyboard that leaves the guide above the safe area would be an undocked one; docked ones reach down.
        guard top < hiddenTop else { return hidden }
        return CGRect(x: bounds.minX, y: top, width: bounds.width, height: bounds.maxY - top)
    }
}
