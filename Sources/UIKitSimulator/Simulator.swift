import Foundation
import UIKitModel

/// A simulated app on a simulated device, driven like a person would, with a virtual clock and a trace.
///
/// User actions (`tap`, `type`, `tapReturn`, `drag`, `rotate`, …) finish by running the clock until idle, so the
/// keyboard's Did notifications have arrived when they return. Code calls such as `becomeFirstResponder()` do
/// not move time; call `advance(by:)` or `runUntilIdle()` to deliver what UIKit deferred.
public final class Simulator {
    private final class Recorder: TraceRecorder {
        var events: [TraceEvent] = []
        var clock: VirtualClock?

        func record(_ kind: TraceKind, _ text: String) -> Int {
            events.append(TraceEvent(time: clock?.now ?? 0, kind: TraceEvent.Kind(kind), text: text))
            return events.count - 1
        }

        func amend(_ token: Int, appending suffix: String) {
            guard events.indices.contains(token) else { return }
            events[token].text += suffix
        }

        func discard(_ token: Int) {
            guard events.indices.contains(token) else { return }
            events.remove(at: token)
        }
    }

    /// The simulated device.
    public let device: Device
    /// The behaviour profile the app runs with.
    public let profile: BehaviorProfile
    /// The window created by `show(_:)`.
    public private(set) var window: UIWindow?
    private let system: UIKitSystem
    private let recorder = Recorder()
    private var printedCount = 0

    /// Starts a new simulated app; it replaces any previous one in this process.
    public init(device: Device = .iPhone4, profile: BehaviorProfile = .current) {
        self.device = device
        self.profile = profile
        system = UIKitSystem(device: device.metrics, behavior: profile.modelBehavior)
        recorder.clock = system.clock
        system.traceRecorder = recorder
        UIKitSystem.shared = system
    }

    // MARK: State

    /// Everything recorded so far, in order.
    public var trace: [TraceEvent] { recorder.events }

    /// The virtual time in seconds.
    public var now: TimeInterval { system.clock.now }

    /// The key window's first responder.
    public var firstResponder: UIResponder? { system.keyWindow?.firstResponder }

    /// The keyboard's frame in screen coordinates while it is up (or going up); `nil` when hidden.
    public var keyboardFrame: CGRect? { system.keyboard.frame }

    /// Whether the keyboard is up or going up.
    public var isKeyboardVisible: Bool { system.keyboard.isVisible }

    /// The current device orientation.
    public var orientation: UIDeviceOrientation { system.orientation }

    /// Whether a hardware keyboard is connected.
    public var isHardwareKeyboardConnected: Bool { system.hardwareKeyboardConnected }

    // MARK: The app

    /// Creates the window, installs `controller` as its root, makes it key and runs through viewDidAppear.
    public func show(_ controller: UIViewController) {
        // A second show replaces the first screen, as a new root window would.
        self.window?.isHidden = true
        let window = UIWindow(frame: system.screenBounds)
        self.window = window
        user("show \(traceName(controller))")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        settle()
    }

    // MARK: The user

    /// A tap at the center of `view`, as a user would do it.
    public func tap(_ view: UIView) {
        guard let window = view.window, window === system.keyWindow else {
            user("tap \(traceName(view)) (not on screen: nothing happens)")
            settle()
            return
        }
        let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
        performTap(at: center, label: "tap \(traceName(view)) at \(formatPoint(center))")
    }

    /// A tap at `point` in window coordinates.
    public func tap(at point: CGPoint) {
        performTap(at: point, label: "tap at \(formatPoint(point))")
    }

    private func performTap(at point: CGPoint, label: String) {
        guard let window = system.keyWindow else {
            user("\(label) (no window)")
            return
        }
        if let keyboard = system.keyboard.frame, keyboard.contains(point) {
            // The keyboard is on top of the app: the tap lands on the keyboard, not on the view below.
            user("\(label) (lands on the keyboard: nothing happens)")
            settle()
            return
        }
        user(label)
        guard let hit = window.hitTest(point, with: nil) else {
            settle()
            return
        }
        var candidate: UIView? = hit
        while let view = candidate {
            if let field = view as? UITextField {
                if field.isEnabled && !field.isFirstResponder { field.becomeFirstResponder() }
                settle()
                return
            }
            if let textView = view as? UITextView, textView.isEditable {
                if !textView.isFirstResponder { textView.becomeFirstResponder() }
                settle()
                return
            }
            if let control = view as? UIControl {
                control.userTap()
                settle()
                return
            }
            candidate = view.superview
        }
        // Not a control: the touch travels up the responder chain (a controller may override touchesBegan).
        let touch = UITouch(location: point, view: hit, window: window)
        let event = UIEvent(touches: [touch])
        hit.touchesBegan([touch], with: event)
        hit.touchesEnded([touch], with: event)
        settle()
    }

    /// Types `text` one character at a time into the first responder (§1.5 S2 / S2'); "\n" presses Return.
    public func type(_ text: String) {
        user("type \(quoted(text))")
        for character in text {
            if character == "\n" {
                pressReturn()
            } else {
                insert(String(character))
            }
            settle()
        }
    }

    /// Pastes `text` into the first responder in one change.
    public func paste(_ text: String) {
        user("paste \(quoted(text))")
        insert(text)
        settle()
    }

    /// Presses the keyboard's Delete key.
    public func deleteBackward() {
        user("delete backward")
        switch firstResponder {
        case let field as UITextField: field.userDeleteBackward()
        case let textView as UITextView: textView.userDeleteBackward()
        default: break
        }
        settle()
    }

    /// Taps the first responder's clear button (if it shows one).
    public func tapClearButton() {
        user("tap clear button")
        (firstResponder as? UITextField)?.userTapClearButton()
        settle()
    }

    /// Presses the keyboard's Return key.
    public func tapReturn() {
        user("tap Return")
        pressReturn()
        settle()
    }

    /// Presses the iPad keyboard's dismiss key.
    public func dismissKeyboard() {
        user("tap keyboard dismiss key")
        system.keyboard.dismissByUser()
        settle()
    }

    /// Drags the content of `scrollView` by `distance` points (positive moves the content down, towards its top)
    /// and lets go; rubber-banding beyond the scroll range settles back.
    public func drag(_ scrollView: UIScrollView, by distance: CGFloat) {
        user("drag \(traceName(scrollView)) by \(formatPoints(distance))")
        scrollView.userDrag(by: distance)
        settle()
    }

    /// Rotates the device (the rotation animation takes 0.4 s).
    public func rotate(to orientation: UIDeviceOrientation) {
        user("rotate to \(orientation)")
        guard orientation.isLandscape || orientation.isPortrait, orientation.isLandscape != system.isLandscape else {
            settle()
            return
        }
        system.keyboard.rotate(to: orientation, rotationDuration: 0.4)
        settle()
    }

    /// Connects or disconnects a hardware keyboard (§2.6).
    public func connectHardwareKeyboard(_ connected: Bool) {
        user(connected ? "connect hardware keyboard" : "disconnect hardware keyboard")
        system.hardwareKeyboardConnected = connected
        system.keyboard.refresh()
        settle()
    }

    // MARK: Time

    /// Moves the virtual clock forward, delivering what falls due (Did notifications, completions).
    public func advance(by seconds: TimeInterval) {
        drainMainQueue()
        system.clock.advance(by: seconds) { system.layoutPass() }
        system.layoutPass()
    }

    /// Runs the virtual clock until nothing is pending.
    public func runUntilIdle() {
        drainMainQueue()
        system.clock.runUntilIdle { system.layoutPass() }
        system.layoutPass()
        drainMainQueue()
    }

    private func settle() {
        system.layoutPass()
        runUntilIdle()
    }

    private func drainMainQueue() {
        // Blocks a snippet queued with DispatchQueue.main.async run here, on the main thread only.
        if Thread.isMainThread { _ = RunLoop.main.run(mode: .default, before: Date()) }
    }

    // MARK: Trace

    /// Prints the events recorded since the last `printTrace()` or `clearTrace()`, one per line.
    public func printTrace(_ kinds: Set<TraceEvent.Kind>? = nil) {
        for event in recorder.events[printedCount...] where kinds?.contains(event.kind) ?? true {
            print(event)
        }
        printedCount = recorder.events.count
    }

    /// Forgets the recorded events.
    public func clearTrace() {
        recorder.events.removeAll()
        printedCount = 0
    }

    private func user(_ text: String) {
        system.trace(.user, text)
    }

    private func pressReturn() {
        switch firstResponder {
        case let field as UITextField: field.userReturn()
        case let textView as UITextView: textView.userReplaceSelection(with: "\n")
        default: break
        }
    }

    private func insert(_ text: String) {
        switch firstResponder {
        case let field as UITextField: field.userReplaceSelection(with: text)
        case let textView as UITextView: textView.userReplaceSelection(with: text)
        default: break
        }
    }

    // MARK: Snapshots

    /// The simulated screen as a deterministic SVG.
    public func snapshotSVG() -> String {
        SnapshotRenderer(system: system).render()
    }

    /// Prints one snapshot line: `"\u{1E}TUTORBUILD-SNAPSHOT " + base64(JSON {caption, alt, svg})`.
    public func snapshot(_ caption: String, alt: String? = nil) {
        let renderer = SnapshotRenderer(system: system)
        let payload = SnapshotPayload(caption: caption, alt: alt ?? renderer.altText(), svg: renderer.render())
        print(payload.line)
    }
}
