import Foundation

/// Something added to a view to handle an interaction with it, as UIKit's `UIInteraction`.
@preconcurrency @MainActor public protocol UIInteraction: NSObjectProtocol {
    /// The view the interaction is attached to.
    var view: UIView? { get }
    /// Tells the interaction it is about to move to `view` (nil: removed).
    func willMove(to view: UIView?)
    /// Tells the interaction it moved to `view`.
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions added to the view, in order.
    public var interactions: [any UIInteraction] {
        get { storedInteractions }
        set {
            for old in interactions where !newValue.contains(where: { $0 === old }) { removeInteraction(old) }
            for new in newValue where !interactions.contains(where: { $0 === new }) { addInteraction(new) }
        }
    }

    /// Adds `interaction` to the view (a view holds it strongly, as UIKit's does).
    public func addInteraction(_ interaction: any UIInteraction) {
        guard !interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: self)
        storedInteractions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from the view.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard interactions.contains(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        storedInteractions.removeAll { $0 === interaction }
        interaction.didMove(to: nil)
    }
}

/// Where and for what an edit menu is presented, as UIKit's `UIEditMenuConfiguration`.
@available(iOS 16.0, *)
@preconcurrency @MainActor open class UIEditMenuConfiguration: NSObject {
    /// The configuration's identifier, given back to the delegate.
    open private(set) var identifier: AnyHashable
    /// The point the menu points at, in the interaction's view.
    open private(set) var sourcePoint: CGPoint
    /// Where the menu's arrow points (the model draws no menu).
    open var preferredArrowDirection: UIEditMenuArrowDirection = .automatic

    public init(identifier: AnyHashable?, sourcePoint: CGPoint) {
        self.identifier = identifier ?? AnyHashable(UUID())
        self.sourcePoint = sourcePoint
        super.init()
    }
}

/// Where an edit menu's arrow points, as UIKit's `UIEditMenuArrowDirection`.
@available(iOS 16.0, *)
public enum UIEditMenuArrowDirection: Int, Sendable {
    case automatic = 0, up = 1, down = 2, left = 3, right = 4
}

/// The delegate of an edit menu interaction, as UIKit's `UIEditMenuInteractionDelegate`; every method is optional.
@available(iOS 16.0, *)
@preconcurrency @MainActor public protocol UIEditMenuInteractionDelegate: NSObjectProtocol {
    /// The menu to present: nil presents the suggested actions.
    func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
        suggestedActions: [UIMenuElement]) -> UIMenu?
    /// The rectangle the menu avoids, in the interaction's view (stored; the model draws no menu).
    func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect
}

extension UIEditMenuInteractionDelegate {
    public func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
        suggestedActions: [UIMenuElement]
    ) -> UIMenu? {
        DelegateProbe.markDefault()
        return nil
    }
    public func editMenuInteraction(
        _ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration
    ) -> CGRect {
        DelegateProbe.markDefault()
        return CGRect(origin: configuration.sourcePoint, size: .zero)
    }
}

/// Shows an edit menu for a view, as UIKit's `UIEditMenuInteraction` (iOS 16).
///
/// `presentEditMenu(with:)` builds the suggested actions from the standard edit actions the responder chain can
/// perform, starting at the first responder if the view's window has one and else at the view [U], asks the delegate,
/// and puts the menu on screen, where the simulated user reads and chooses it (`app.editMenuItems`,
/// `app.chooseEditMenuItem(_:)`; docs/model.md, "Edit menus").
@available(iOS 16.0, *)
@preconcurrency @MainActor open class UIEditMenuInteraction: NSObject, UIInteraction {
    /// The interaction's delegate.
    open private(set) weak var delegate: (any UIEditMenuInteractionDelegate)?
    /// The view the interaction is attached to.
    open private(set) weak var view: UIView?

    public init(delegate: (any UIEditMenuInteractionDelegate)?) {
        self.delegate = delegate
        super.init()
    }

    open func willMove(to view: UIView?) {}
    open func didMove(to view: UIView?) { self.view = view }

    /// Presents the menu for `configuration`; an interaction not attached to a view in a window presents nothing [U].
    open func presentEditMenu(with configuration: UIEditMenuConfiguration) {
        guard let view, view.window != nil else { return }
        let responder: UIResponder = view.window?.firstResponder ?? view
        let suggested = EditMenuQuestion.suggestedActions(for: responder, chain: true)
        var menu: UIMenu?
        if let delegate {
            menu = UIKitSystem.shared.callDelegate("editMenuInteraction(\(traceName(view)), menuFor:suggestedActions:)") {
                delegate.editMenuInteraction(self, menuFor: configuration, suggestedActions: suggested)
            }.value
        }
        // Apple: "To present the default system menu, return nil. To avoid presenting a menu, return an empty menu."
        let shown = menu ?? UIMenu(children: suggested)
        UIKitSystem.shared.presentedEditMenu = shown.shownElements.isEmpty ? nil : shown
    }

    /// Dismisses the menu this interaction presented.
    open func dismissMenu() {
        UIKitSystem.shared.presentedEditMenu = nil
    }

    /// Where the interaction's gesture touched, in `view`; the model presents from code only, so the view's centre [U].
    open func location(in view: UIView) -> CGPoint {
        guard let own = self.view else { return .zero }
        return own.convert(CGPoint(x: own.bounds.midX, y: own.bounds.midY), to: view)
    }
}
