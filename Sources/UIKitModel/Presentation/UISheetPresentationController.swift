import Foundation

/// The object that manages a presented controller's presentation, as UIKit's `UIPresentationController`.
@preconcurrency @MainActor open class UIPresentationController: NSObject {
    /// The controller being presented.
    open private(set) unowned var presentedViewController: UIViewController
    private weak var storedPresenting: UIViewController?

    /// The controller that presents; UIKit sets it when the presentation starts (reading it before is a crash).
    open var presentingViewController: UIViewController {
        guard let presenting = storedPresenting ?? presentedViewController.presentingViewController else {
            raiseUncaughtException(
                "NSInternalInconsistencyException",
                reason: "presentingViewController was read before the presentation started")
        }
        return presenting
    }

    /// The object told about the user's attempts to dismiss the presentation.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

    /// The view that is presented: the presented controller's view.
    open var presentedView: UIView? { presentedViewController.viewIfLoaded }

    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        storedPresenting = presentingViewController
        super.init()
    }

    /// Where the presented view goes in a window with `bounds`; `nil` leaves it to the presentation style.
    package func frameOfPresentedView(in bounds: CGRect) -> CGRect? { nil }
}

/// Hears about the user's attempts to dismiss a presentation (a swipe down on a sheet); every method is optional.
@preconcurrency @MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        DelegateProbe.markDefault()
    }
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        DelegateProbe.markDefault()
    }
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        DelegateProbe.markDefault()
    }
}

/// Hears when the user moves a sheet to another detent; every method is optional.
@preconcurrency @MainActor public protocol UISheetPresentationControllerDelegate: UIAdaptivePresentationControllerDelegate {
    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)
}

extension UISheetPresentationControllerDelegate {
    public func sheetPresentationControllerDidChangeSelectedDetentIdentifier(
        _ sheetPresentationController: UISheetPresentationController
    ) {
        DelegateProbe.markDefault()
    }
}

/// A sheet's presentation: the heights it rests at (detents), its grabber and its dimming, as UIKit's
/// `UISheetPresentationController` (iOS 15).
///
/// On an iPhone the sheet's frame follows the selected detent: `.large()` reaches from 10 points below the top safe
/// area to the bottom of the screen, `.medium()` is about half the screen (`mediumDetentFraction` [U]) and counts as
/// large in landscape, where it is inactive (Apple's `medium()` doc). With the keyboard up, a sheet resting below
/// its largest height rises so its bottom sits on the keyboard (`sheetRisesWithKeyboard` [U]); a large sheet stays
/// put and its content must make room itself. On iPad the sheet keeps the page- or form-sheet frame.
@available(iOS 15.0, *)
@preconcurrency @MainActor open class UISheetPresentationController: UIPresentationController {
    /// A height at which a sheet rests.
    @preconcurrency @MainActor public class Detent: NSObject {
        /// The name of a detent.
        public struct Identifier: Hashable, RawRepresentable, Sendable {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            /// The system's medium detent.
            public static let medium = Identifier(rawValue: "com.apple.UIKit.medium")
            /// The system's large detent.
            public static let large = Identifier(rawValue: "com.apple.UIKit.large")
        }

        /// The detent's identifier (iOS 16).
        public private(set) var identifier: Identifier

        package required init(identifier: Identifier) {
            self.identifier = identifier
            super.init()
        }

        /// The system detent about half the screen high, inactive in compact height.
        public class func medium() -> Self { self.init(identifier: .medium) }

        /// The system detent at full height.
        public class func large() -> Self { self.init(identifier: .large) }
    }

    /// The heights the sheet can rest at, smallest first or in any order; at least one (UIKit uses `[.large()]`).
    open var detents: [UISheetPresentationController.Detent] = [.large()] {
        didSet {
            if detents.isEmpty { detents = [.large()] }
            relayoutSheet()
        }
    }

    /// The detent the sheet rests at; `nil` means the smallest of `detents`.
    open var selectedDetentIdentifier: UISheetPresentationController.Detent.Identifier? {
        didSet {
            guard selectedDetentIdentifier != oldValue else { return }
            relayoutSheet()
            if !isChangingByUser, UIKitSystem.shared.behavior.programmaticDetentChangeCallsDelegate {
                tellDelegateDetentChanged()
            }
        }
    }

    /// The largest detent at which what is behind the sheet stays undimmed; `nil` dims at every detent.
    open var largestUndimmedDetentIdentifier: UISheetPresentationController.Detent.Identifier?
    /// Whether the sheet shows a grabber at its top edge.
    open var prefersGrabberVisible = false
    /// Whether scrolling to the edge of the sheet's scroll view grows the sheet to the next detent.
    open var prefersScrollingExpandsWhenScrolledToEdge = true
    /// Whether the sheet attaches to the bottom edge in compact height.
    open var prefersEdgeAttachedInCompactHeight = false
    /// The sheet's corner radius; `nil` is the system's.
    open var preferredCornerRadius: CGFloat?

    private var isChangingByUser = false

    /// Applies the changes `changes` makes to the sheet with an animation (the model moves the sheet at once).
    open func animateChanges(_ changes: () -> Void) {
        changes()
    }

    /// The detent the sheet rests at now.
    package var currentDetentIdentifier: Detent.Identifier {
        let identifiers = detents.map(\.identifier)
        if let selected = selectedDetentIdentifier, identifiers.contains(selected) { return selected }
        return identifiers.min { height(of: $0) < height(of: $1) } ?? .large
    }

    /// Whether what is behind the sheet is dimmed at its current detent.
    package var dimsPresenter: Bool {
        guard let undimmed = largestUndimmedDetentIdentifier else { return true }
        return height(of: currentDetentIdentifier) > height(of: undimmed)
    }

    /// The sheet's height at `identifier` on this screen (a custom identifier rests as large).
    private func height(of identifier: Detent.Identifier) -> CGFloat {
        let system = UIKitSystem.shared
        let bounds = system.screenBounds
        let large = bounds.height - largeTop
        guard identifier == .medium, !system.isLandscape else { return large }
        return min(large, (bounds.height * system.behavior.mediumDetentFraction).rounded())
    }

    private var largeTop: CGFloat { UIKitSystem.shared.windowSafeAreaInsets.top + 10 }

    package override func frameOfPresentedView(in bounds: CGRect) -> CGRect? {
        let system = UIKitSystem.shared
        guard system.device.idiom != .pad else { return nil }
        let height = height(of: currentDetentIdentifier)
        var frame = CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
        if system.behavior.sheetRisesWithKeyboard, frame.minY > largeTop, let keyboard = system.keyboard.frame,
            !system.keyboard.isUndocked, keyboard.minY < bounds.maxY
        {
            let top = max(largeTop, keyboard.minY - height)
            frame = CGRect(x: 0, y: top, width: bounds.width, height: keyboard.minY - top)
        }
        return frame
    }

    /// Moves the presented view to the frame of the current detent (and keyboard).
    package func relayoutSheet() {
        guard let view = presentedViewController.viewIfLoaded, let window = view.window,
            presentedViewController.isPresentedItself
        else { return }
        let frame = presentedViewController.presentedFrame(in: window.bounds)
        if view.frame != frame {
            view.frame = frame
            view.layoutIfNeeded()
        }
    }

    /// The user dragged the sheet to the detent `identifier`: the sheet moves, then the delegate hears of it.
    package func userSelectDetent(_ identifier: Detent.Identifier) {
        guard currentDetentIdentifier != identifier else { return }
        isChangingByUser = true
        selectedDetentIdentifier = identifier
        isChangingByUser = false
        tellDelegateDetentChanged()
    }

    private func tellDelegateDetentChanged() {
        guard let delegate = delegate as? UISheetPresentationControllerDelegate else { return }
        _ = UIKitSystem.shared.callDelegate("sheetPresentationControllerDidChangeSelectedDetentIdentifier(\(currentDetentIdentifier.shortName))") {
            delegate.sheetPresentationControllerDidChangeSelectedDetentIdentifier(self)
        }
    }
}

extension UISheetPresentationController.Detent.Identifier {
    /// `medium`, `large`, or the raw value, for the trace.
    package var shortName: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        default: rawValue
        }
    }
}

extension UIViewController {
    /// The object managing this controller's presentation: for the sheet styles a `UISheetPresentationController`.
    public var presentationController: UIPresentationController? {
        let wantsSheet = usesSheetPresentation
        if let stored = storedPresentationController, (stored is UISheetPresentationController) == wantsSheet {
            return stored
        }
        let controller = wantsSheet
            ? UISheetPresentationController(presentedViewController: self, presenting: presentingViewController)
            : UIPresentationController(presentedViewController: self, presenting: presentingViewController)
        storedPresentationController = controller
        return controller
    }

    /// The sheet presentation controller when the style is `.pageSheet` or `.formSheet` (`.automatic` is a page
    /// sheet), else `nil` (Apple's `sheetPresentationController` doc).
    @available(iOS 15.0, *)
    public var sheetPresentationController: UISheetPresentationController? {
        guard usesSheetPresentation else { return nil }
        return presentationController as? UISheetPresentationController
    }

    /// Whether this controller is presented as a sheet with the current style and profile.
    private var usesSheetPresentation: Bool {
        switch modalPresentationStyle {
        case .pageSheet, .formSheet, .automatic: return true
        default: return false
        }
    }

    /// The user swiped the presented sheet down: the delegate is asked, told, and told again when it is gone
    /// (only a user's dismissal reaches `presentationControllerDidDismiss`, Apple's doc).
    package func userSwipeDownToDismiss() {
        let system = UIKitSystem.shared
        guard isPresentedItself, let presentation = presentationController else { return }
        let delegate = presentation.delegate
        let refused: Bool
        if isModalInPresentation {
            refused = true
        } else if let delegate {
            refused = !system.callDelegate("presentationControllerShouldDismiss", result: { "\($0)" }) {
                delegate.presentationControllerShouldDismiss(presentation)
            }.value
        } else {
            refused = false
        }
        if refused {
            if let delegate {
                _ = system.callDelegate("presentationControllerDidAttemptToDismiss") {
                    delegate.presentationControllerDidAttemptToDismiss(presentation)
                }
            }
            return
        }
        if let delegate {
            _ = system.callDelegate("presentationControllerWillDismiss") { delegate.presentationControllerWillDismiss(presentation) }
        }
        dismiss(animated: true) { [weak presentation] in
            guard let presentation, let delegate = presentation.delegate else { return }
            _ = system.callDelegate("presentationControllerDidDismiss") { delegate.presentationControllerDidDismiss(presentation) }
        }
    }
}
