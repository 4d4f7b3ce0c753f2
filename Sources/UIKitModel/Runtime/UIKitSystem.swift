import Foundation
import UIKitBehavior

/// The process-wide state UIKit keeps behind its public API: device, windows, keyboard, clock and trace.
package final class UIKitSystem {
    /// The running app's system; the driver replaces it when it starts a new simulated app.
    package static var shared = UIKitSystem()

    package let device: DeviceMetrics
    package var behavior: BehaviorProfile
    package private(set) var orientation: UIDeviceOrientation = .portrait
    package var hardwareKeyboardConnected = false
    /// The driver's typing of a hardware key into the first responder; returns whether the key was used.
    package var hardwareTextInput: ((UIKey) -> Bool)?
    /// The edit menu on screen, from the user (`app.openEditMenu()`) or an edit menu interaction.
    package var presentedEditMenu: UIMenu?
    package let clock = VirtualClock()
    package private(set) lazy var keyboard = KeyboardController(system: self)
    /// `UIApplication.shared` of this app.
    package private(set) lazy var application = UIApplication()
    /// The app's one window scene.
    package private(set) lazy var windowScene = UIWindowScene()
    package weak var traceRecorder: TraceRecorder?
    /// Windows made visible, bottom to top.
    package private(set) var windows: [UIWindow] = []
    package private(set) weak var keyWindow: UIWindow?
    /// A responder that asked to become first responder outside a window, until the run-loop turn ends.
    private weak var pendingFirstResponder: UIResponder?
    /// Active layout constraints, in activation order.
    package var activeConstraints: [NSLayoutConstraint] = []

    package init(device: DeviceMetrics = .iPhone4, behavior: BehaviorProfile = .default) {
        self.device = device
        self.behavior = behavior
        SimulationThread.adoptProcessMainThreadIfCurrent()
    }

    /// Whether the interface is currently landscape.
    package var isLandscape: Bool { orientation.isLandscape }

    /// The side margin of `systemMinimumLayoutMargins` on the screen as it is now (see `systemMinimumSideMargins`).
    package var systemMinimumSideMargin: CGFloat {
        if UITraitCollection.current.horizontalSizeClass == .regular { return 20 }
        switch behavior.systemMinimumSideMargins {
        case .bySizeClass: return 16
        case .wideScreensToo: return device.idiom == .phone && screenBounds.width >= 414 ? 20 : 16
        }
    }

    /// The screen bounds for the current orientation.
    package var screenBounds: CGRect {
        let size = device.portraitSize
        return isLandscape
            ? CGRect(x: 0, y: 0, width: size.height, height: size.width)
            : CGRect(origin: .zero, size: size)
    }

    /// The safe-area insets of a full-screen window in the current orientation.
    package var windowSafeAreaInsets: UIEdgeInsets {
        isLandscape ? device.landscapeSafeArea : device.portraitSafeArea
    }

    /// The system keyboard's height for the current orientation.
    package var systemKeyboardHeight: CGFloat {
        // A third-party keyboard ends at the last height it announces (#90).
        if let last = behavior.thirdPartyKeyboardShowHeights.last { return last }
        return isLandscape
            ? (behavior.keyboardHeightLandscape ?? device.keyboardHeightLandscape)
            : (behavior.keyboardHeightPortrait ?? device.keyboardHeightPortrait)
    }

    // MARK: Trace

    /// Records an event on the trace, if anyone is listening.
    @discardableResult
    package func trace(_ kind: TraceKind, _ text: @autoclosure () -> String) -> Int? {
        traceRecorder?.record(kind, text())
    }

    /// Calls a delegate method, tracing it (with its result) only when the delegate implements it.
    package func callDelegate<R>(
        _ text: @autoclosure () -> String, result describe: (R) -> String? = { _ in nil }, _ body: () -> R
    ) -> (value: R, implemented: Bool) {
        let token = trace(.delegate, text())
        let (value, implemented) = DelegateProbe.invoke(body)
        if let token {
            if !implemented {
                traceRecorder?.discard(token)
            } else if let suffix = describe(value) {
                traceRecorder?.amend(token, appending: " -> " + suffix)
            }
        }
        return (value, implemented)
    }

    // MARK: Windows

    /// Makes `window` the key window and shows it on top.
    package func makeKeyAndVisible(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        windows.append(window)
        let previous = keyWindow
        keyWindow = window
        if previous !== window {
            previous?.resignKey()
            keyboard.keyWindowChanged(to: window)
        }
    }

    /// Remembers `responder`'s request to become first responder until it joins a window in this run-loop turn.
    package func deferFirstResponder(_ responder: UIResponder) {
        pendingFirstResponder = responder
        clock.schedule(after: 0) { [weak self, weak responder] in
            if let self, self.pendingFirstResponder === responder { self.pendingFirstResponder = nil }
        }
    }

    /// A view joined a window: a waiting responder inside it becomes first responder now.
    package func viewJoinedWindow(_ view: UIView) {
        guard let pending = pendingFirstResponder, pending.responderWindow != nil else { return }
        let inside = (pending as? UIView)?.isDescendant(of: view)
            ?? (pending as? UIViewController)?.viewIfLoaded?.isDescendant(of: view) ?? false
        guard inside else { return }
        pendingFirstResponder = nil
        pending.becomeFirstResponder()
    }

    /// Set when a stack view moved its arranged views during a layout pass (their constraints are solved again).
    package var arrangedViewsMoved = false

    /// Runs a layout pass over every visible window, as the end of a run-loop turn does.
    package func layoutPass() {
        for window in windows { window.layoutIfNeeded() }
    }

    /// Changes the interface orientation and resizes full-screen windows.
    package func setOrientation(_ newOrientation: UIDeviceOrientation) {
        orientation = newOrientation
        for window in windows { window.screenDidChangeBounds(screenBounds) }
    }
}

extension UIKitSystem {
    /// Posts an editing notification with `object`, recording it on the trace first.
    package func postEditingNotification(_ name: Notification.Name, label: String, object: AnyObject) {
        trace(.notification, "\(label) object: \(traceName(object))")
        NotificationCenter.default.post(name: name, object: object)
    }
}

extension UIKitSystem {
    /// The most clock events one `advance(by:)` or `runUntilIdle()` fires: a timer that keeps rescheduling itself must
    /// not hang the run.
    package static let eventLimit = 10_000

    /// Runs the simulated run loop for `interval` seconds of the clock: queued main-queue work first, then each clock
    /// event falling due, in order, each followed by a layout pass and the main-queue work it queued (a resumed task,
    /// an `async` block), until nothing is due; the clock then reads `now + interval`.
    package func advance(by interval: TimeInterval) {
        let deadline = clock.now + max(0, interval)
        runEvents(dueBy: deadline)
        clock.move(to: deadline)
        layoutPass()
    }

    /// Runs the simulated run loop until neither the main queue nor the clock has anything left (at most
    /// `eventLimit` clock events), moving the clock to each event.
    package func runUntilIdle() {
        runEvents(dueBy: nil)
        layoutPass()
    }

    /// Main-queue work, then each clock event due by `deadline` (any, when `nil`) with a layout pass and the
    /// main-queue work it queued.
    private func runEvents(dueBy deadline: TimeInterval?) {
        runMainQueue()
        var fired = 0
        while fired < Self.eventLimit, clock.fireNext(dueBy: deadline) {
            fired += 1
            layoutPass()
            runMainQueue()
        }
    }

    /// What a person's pause after an action lets happen: UIKit's deferred work (Did notifications, animations,
    /// transitions) finishes, and the app's timers, `asyncAfter` blocks and sleeping tasks run if they fall due
    /// meanwhile; later ones wait for `advance(by:)` or `runUntilIdle()`.
    package func settle() {
        layoutPass()
        runMainQueue()
        var rounds = 0
        while rounds < Self.eventLimit, let time = clock.nextEventTime(of: .uikit) {
            rounds += 1
            advance(by: time - clock.now)
        }
        layoutPass()
    }

    /// Runs what waits in the main queue, then lays out if anything ran (the end of a run-loop turn).
    private func runMainQueue() {
        if MainQueue.shared.drain() > 0 { layoutPass() }
    }
}

extension UIKitSystem {
    /// Constraints changed: windows lay out again at the next pass.
    package func constraintsChanged() {
        for window in windows { window.setNeedsLayout() }
    }
}
