import Foundation
import Observation

// iOS 26's properties pass and UIKit's automatic observation tracking (uikit-behaviour-3 #179, WWDC25 243; Apple's
// "Updating views automatically with observation tracking"): `updateProperties()` runs before constraints and layout
// in the same pass, and an `@Observable` property read in `updateProperties()`, `layoutSubviews()`,
// `viewWillLayoutSubviews()`, `viewDidLayoutSubviews()`, `updateConstraints()` or `updateViewConstraints()` invalidates
// what read it when it changes, so the next pass runs that method again.

extension UIView {
    /// Runs due properties updates top-down: a view's (and its controller's) before its subviews', as UIKit's pass
    /// runs before constraints and layout. Before iOS 26 there is no such pass (`propertiesUpdates` in the profile).
    package func updatePropertiesSubtreeIfDue() {
        guard UIKitSystem.shared.behavior.propertiesUpdates else { return }
        if propertiesUpdateDue {
            propertiesUpdateDue = false
            trackingObservation(invalidating: { $0.propertiesUpdateDue = true }) {
                // The controller's first, as its viewWillLayoutSubviews() comes before the view's layoutSubviews() [U].
                if let controller = owningViewController, controller.viewIfLoaded === self {
                    controller.updateProperties()
                }
                updateProperties()
            }
        }
        for subview in subviews { subview.updatePropertiesSubtreeIfDue() }
    }

    /// Runs `body` with Observation's tracking when the profile tracks (iOS 26 on by default, uikit-behaviour-3 #179):
    /// the first change of a property `body` read calls `invalidate` on this view, once; the next pass tracks anew.
    package func trackingObservation(invalidating invalidate: @escaping @MainActor (UIView) -> Void, _ body: () -> Void) {
        guard UIKitSystem.shared.behavior.automaticObservationTracking else {
            body()
            return
        }
        withObservationTracking(body, onChange: { [weak self] in
            // Observation calls this in the property's willSet, on the thread that changes it: the simulated main
            // thread, as UIKit requires its views to be changed on the main thread.
            onModelThread {
                guard let self else { return }
                invalidate(self)
            }
        })
    }
}
