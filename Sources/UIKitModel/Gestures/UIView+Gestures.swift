import Foundation

extension UIView {
    /// The gesture recognizers attached to the view, or `nil` when there are none.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
        set {
            for recognizer in attachedGestureRecognizers { recognizer.attachedView = nil }
            attachedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches `gestureRecognizer`, taking it from the view it was on.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        gestureRecognizer.attachedView?.removeGestureRecognizer(gestureRecognizer)
        attachedGestureRecognizers.append(gestureRecognizer)
        gestureRecognizer.attachedView = self
    }

    /// Detaches `gestureRecognizer`.
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        attachedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        if gestureRecognizer.attachedView === self { gestureRecognizer.attachedView = nil }
    }
}
