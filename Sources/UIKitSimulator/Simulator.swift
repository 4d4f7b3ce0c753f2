import DocTestProtocol
import Foundation
@_exported import UIKitBehavior
import UIKitModel

/// A simulated app on a simulated device, driven like a person would, with a virtual clock and a trace.
///
/// User actions (`tap`, `type`, `tapReturn`, `drag`, `rotate`, …) finish by running the clock until idle, so the
/// keyboard's Did notifications have arrived when they return. Code calls such as `becomeFirstResponder()` do
/// not move time; call `advance(by:)` or `runUntilIdle()` to deliver what UIKit deferred.
@preconcurrency @MainActor public final class Simulator {
    private final class Recorder: TraceRecorder {
        var events: [TraceEvent] = []
        var clock: VirtualClock?
        /// Events forgotten by `clearTrace()`; tokens count from the first event ever recorded, so a token
        /// handed out before a clear (a snippet may clear inside a delegate method) never hits a newer event.
        private var forgotten = 0

        func record(_ kind: TraceKind, _ text: String) -> Int {
            events.append(TraceEvent(time: clock?.now ?? 0, kind: TraceEvent.Kind(kind), text: text))
            return forgotten + events.count - 1
        }

        func amend(_ token: Int, appending suffix: String) {
            let index = token - forgotten
            guard events.indices.contains(index) else { return }
            events[index].text += suffix
        }

        func discard(_ token: Int) {
            // Only the newest event can turn out not to have happened (an unimplemented delegate method).
            let index = token - forgotten
            guard index == events.count - 1, index >= 0 else { return }
            events.removeLast()
        }

        func clear() {
            forgotten += events.count
            events.removeAll()
        }
    }

    /// The simulated device.
    public let device: Device
    /// The behaviour profile the app runs with.
    public let profile: BehaviorProfile
    /// The window created by `show(_:)`.
    public private(set) var window: UIWindow?
    let system: UIKitSystem
    /// The input method's composition in progress (empty for English).
    var composition = InputMethodComposition(method: .english)
    /// The responder the composition belongs to.
    weak var compositionOwner: UIResponder?
    /// The responder showing an inline prediction as marked text (`showInlinePrediction(_:)`).
    weak var predictionOwner: UIResponder?
    /// The scroll view under the finger while a drag is held (`drag(in:from:to:lift: false)`).
    weak var heldScrollView: UIScrollView?
    private let recorder = Recorder()
    private var printedCount = 0

    /// Starts a new simulated app; it replaces any previous one in this process.
    public init(device: Device = .iPhone4, profile: BehaviorProfile = .default) {
        self.device = device
        self.profile = profile
        system = UIKitSystem(device: device.metrics, behavior: profile)
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
        // A second show replaces the first screen, as a new root window would: the old screen's first responder
        // resigns (its editing ends and the keyboard goes down) before its window is hidden.
        if let old = self.window {
            old.endEditing(true)
            old.isHidden = true
        }
        let window = UIWindow(windowScene: system.windowScene)
        self.window = window
        user("show \(traceName(controller))")
        window.rootViewController = controller
        window.makeKeyAndVisible()
        settle()
    }

    /// Launches the app's scene with `delegate`, as iOS does with the scene delegate its Info.plist names: the
    /// delegate's `scene(_:willConnectTo:options:)` builds and shows its window, then the scene enters the foreground
    /// and becomes active (`sceneWillEnterForeground(_:)`, `sceneDidBecomeActive(_:)` and their notifications).
    public func connect(_ delegate: any UISceneDelegate) {
        if let old = self.window {
            old.endEditing(true)
            old.isHidden = true
        }
        user("connect scene delegate \(traceName(delegate))")
        system.windowScene.connect(delegate)
        window = system.keyWindow
        settle()
    }

    // MARK: The user

    /// A tap at the center of `view`, as a user would do it (views in input accessory views included).
    public func tap(_ view: UIView) {
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        guard let point = screenPoint(center, in: view) else {
            user("tap \(traceName(view)) (not on screen: nothing happens)")
            settle()
            return
        }
        performTap(at: point, label: "tap \(traceName(view)) at \(formatPoint(point))")
    }

    /// A tap on a toolbar button, e.g. the "Done" item of a keyboard's accessory toolbar.
    public func tap(_ item: UIBarButtonItem) {
        let label = "tap bar button item \(quoted(item.displayTitle))"
        for root in inputRoots + (system.keyWindow.map { [$0] } ?? []) {
            guard let toolbar = findToolbar(containing: item, in: root),
                let frame = toolbar.itemFrames.first(where: { $0.item === item })?.frame,
                let point = screenPoint(CGPoint(x: frame.midX, y: frame.midY), in: toolbar)
            else { continue }
            performTap(at: point, label: "\(label) at \(formatPoint(point))")
            return
        }
        if let window = system.keyWindow {
            for bar in navigationBars(in: window) {
                guard let frame = bar.frame(of: item), let point = screenPoint(CGPoint(x: frame.midX, y: frame.midY), in: bar)
                else { continue }
                performTap(at: point, label: "\(label) at \(formatPoint(point))")
                return
            }
        }
        user("\(label) (not on screen: nothing happens)")
        settle()
    }

    /// Taps the back button of the visible navigation bar (a `UINavigationBar`'s, or a SwiftUI `NavigationStack`'s).
    public func tapBackButton() {
        if let window = system.keyWindow, !navigationBars(in: window).contains(where: { $0.backButtonFrame != nil }),
            let button = swiftUIBackButton(in: window)
        {
            return tap(button)
        }
        guard let window = system.keyWindow,
            let bar = navigationBars(in: window).first(where: { $0.backButtonFrame != nil }),
            let frame = bar.backButtonFrame,
            let point = screenPoint(CGPoint(x: frame.midX, y: frame.midY), in: bar)
        else {
            user("tap back button (no back button: nothing happens)")
            settle()
            return
        }
        performTap(at: point, label: "tap back button at \(formatPoint(point))")
    }

    /// The back button of the front-most bar drawn by a SwiftUI navigation stack, if it shows one.
    private func swiftUIBackButton(in view: UIView) -> UIView? {
        guard !view.isHidden else { return nil }
        for subview in view.subviews.reversed() {
            if let button = swiftUIBackButton(in: subview) { return button }
        }
        return (view as? NavigationBackButtonHost)?.backButton.flatMap { $0.window == nil ? nil : $0 }
    }

    private func navigationBars(in view: UIView) -> [UINavigationBar] {
        guard !view.isHidden else { return [] }
        var bars: [UINavigationBar] = []
        // Front-most first: later subviews cover earlier ones.
        for subview in view.subviews.reversed() { bars += navigationBars(in: subview) }
        if let bar = view as? UINavigationBar { bars.append(bar) }
        return bars
    }

    /// A tap at `point` in window coordinates.
    public func tap(at point: CGPoint) {
        performTap(at: point, label: "tap at \(formatPoint(point))")
    }

    func performTap(at point: CGPoint, label: String) {
        guard let window = system.keyWindow else {
            user("\(label) (no window)")
            return
        }
        if let keyboard = system.keyboard.frame, keyboard.contains(point) {
            // The keyboard is on top of the app: accessory and custom input views take the tap, keys ignore it.
            if let (root, origin) = inputRoot(at: point, keyboard: keyboard),
                let hit = root.hitTest(CGPoint(x: point.x - origin.x + root.bounds.minX, y: point.y - origin.y + root.bounds.minY), with: nil)
            {
                user(label)
                deliverTap(to: hit, at: point, window: window)
            } else {
                user("\(label) (lands on the keyboard: nothing happens)")
            }
            settle()
            return
        }
        user(label)
        if let hit = window.hitTest(point, with: nil) {
            deliverTap(to: hit, at: point, window: window)
        }
        settle()
    }

    private func deliverTap(to hit: UIView, at point: CGPoint, window: UIWindow) {
        let touch = UITouch(location: point, view: hit, window: window)
        let event = UIEvent(touches: [touch])
        let (handler, handle) = tapHandler(for: hit, at: point, event: event)
        let recognizer = winningRecognizer(for: hit, touch: touch, handler: handler) { $0.recognizesSingleTap }
        defer { recognizer?.reset() }
        if let handle {
            // A control, text input or bar handles the tap, unless a recognizer on it (or below it) takes it away.
            recognizer?.transition(to: .ended)
            if recognizer?.cancelsTouchesInView != true { handle() }
            return
        }
        // Not a control: the touch travels up the responder chain (a controller may override touchesBegan), and a
        // recognizer that recognizes cancels it there (uikit-behaviour-2 #92).
        let began = recognizer?.delaysTouchesBegan != true
        if began { hit.touchesBegan([touch], with: event) }
        guard let recognizer else {
            if !began { hit.touchesBegan([touch], with: event) }
            hit.touchesEnded([touch], with: event)
            return
        }
        if recognizer.cancelsTouchesInView {
            if began { hit.touchesCancelled([touch], with: event) }
            recognizer.transition(to: .ended)
        } else {
            recognizer.transition(to: .ended)
            if !began { hit.touchesBegan([touch], with: event) }
            hit.touchesEnded([touch], with: event)
        }
    }

    /// The view that handles a tap itself (text input, control, bar) from `hit` up, and what it does.
    private func tapHandler(for hit: UIView, at point: CGPoint, event: UIEvent) -> (UIView?, (() -> Void)?) {
        var candidate: UIView? = hit
        while let view = candidate {
            if let field = view as? UITextField {
                return (view, { if field.isEnabled && !field.isFirstResponder { field.becomeFirstResponder() } })
            }
            if let textView = view as? UITextView, textView.isEditable {
                return (view, { if !textView.isFirstResponder { textView.becomeFirstResponder() } })
            }
            if let control = view as? UIControl {
                return (view, { control.userTap(event: event) })
            }
            if let toolbar = view as? UIToolbar, let local = localPoint(point, in: toolbar) {
                return (view, { toolbar.item(at: local)?.userTap() })
            }
            if let bar = view as? UINavigationBar, let local = localPoint(point, in: bar) {
                return (view, { bar.userTap(at: local) })
            }
            if let cell = view as? UICollectionViewCell, let collection = cell.superview as? UICollectionView {
                return (nil, { collection.userTap(cell) })
            }
            if let cell = view as? UITableViewCell, let table = cell.superview as? UITableView {
                // A row is no control: a recognizer above the table that cancels touches takes its tap (#96).
                return (nil, { table.userTap(cell) })
            }
            candidate = view.superview
        }
        return (nil, nil)
    }

    /// The gesture recognizer that recognizes a touch on `hit`: the deepest one, on `hit` or an ancestor, of the
    /// right kind, enabled, whose delegate lets it receive the touch and begin. A control's own tap wins over
    /// recognizers above it (uikit-behaviour-2 #94, `controlActionsBeatSuperviewTap`).
    private func winningRecognizer(
        for hit: UIView, touch: UITouch, handler: UIView?, kind: (UIGestureRecognizer) -> Bool
    ) -> UIGestureRecognizer? {
        var view: UIView? = hit
        var passedHandler = false
        while let current = view {
            if passedHandler && profile.controlActionsBeatSuperviewTap { return nil }
            for recognizer in current.gestureRecognizers ?? [] where kind(recognizer) {
                recognizer.currentTouch = touch
                if recognizer.receives(touch), recognizer.shouldBegin() { return recognizer }
                recognizer.reset()
            }
            if current === handler { passedHandler = true }
            view = current.superview
        }
        return nil
    }

    /// A one-finger drag of `translation` points starting at the centre of `view`, in `steps` moves: pan gesture
    /// recognizers on the touched view or its ancestors recognize it (began, changed…, ended), and the view's
    /// touches are cancelled or delivered as `cancelsTouchesInView` says (uikit-behaviour-2 #93). Scroll views: `drag`.
    public func pan(_ view: UIView, by translation: CGPoint, steps: Int = 3) {
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        guard let window = system.keyWindow, let start = screenPoint(center, in: view), let hit = window.hitTest(start, with: nil) else {
            user("pan \(traceName(view)) (not on screen: nothing happens)")
            settle()
            return
        }
        user("pan \(traceName(view)) by \(formatPoint(translation))")
        let steps = max(1, steps)
        let step = CGPoint(x: translation.x / CGFloat(steps), y: translation.y / CGFloat(steps))
        func touch(after moves: Int) -> (UITouch, UIEvent) {
            let t = UITouch(location: CGPoint(x: start.x + step.x * CGFloat(moves), y: start.y + step.y * CGFloat(moves)), view: hit, window: window)
            return (t, UIEvent(touches: [t]))
        }
        let (first, firstEvent) = touch(after: 0)
        let recognizer = winningRecognizer(for: hit, touch: first, handler: nil) { ($0 as? UIPanGestureRecognizer)?.acceptsOneFinger == true }
        let pan = recognizer as? UIPanGestureRecognizer
        defer { recognizer?.reset() }
        let cancels = recognizer?.cancelsTouchesInView == true
        if recognizer?.delaysTouchesBegan != true { hit.touchesBegan([first], with: firstEvent) }
        var last = (first, firstEvent)
        for move in 1...steps {
            last = touch(after: move)
            if !(cancels && move > 1) { hit.touchesMoved([last.0], with: last.1) }
            guard let pan else { continue }
            pan.currentTouch = last.0
            pan.windowTranslation = CGPoint(x: pan.windowTranslation.x + step.x, y: pan.windowTranslation.y + step.y)
            // One move per 60-Hz frame [U].
            pan.windowVelocity = CGPoint(x: step.x * 60, y: step.y * 60)
            if move == 1 {
                if cancels { hit.touchesCancelled([last.0], with: last.1) }
                pan.transition(to: .began)
            } else {
                pan.transition(to: .changed)
            }
        }
        pan?.windowVelocity = .zero
        pan?.transition(to: .ended)
        if !cancels { hit.touchesEnded([last.0], with: last.1) }
        settle()
    }

    /// One finger held still on the centre of `view` for `duration` seconds of the simulated clock, then lifted: a
    /// long-press recognizer on the touched view or an ancestor whose `minimumPressDuration` has passed begins then,
    /// and ends when the finger lifts; touches are cancelled or delivered as `cancelsTouchesInView` says.
    public func longPress(_ view: UIView, duration: TimeInterval = 1) {
        let center = CGPoint(x: view.bounds.midX, y: view.bounds.midY)
        guard let window = system.keyWindow, let start = screenPoint(center, in: view), let hit = window.hitTest(start, with: nil) else {
            user("long-press \(traceName(view)) (not on screen: nothing happens)")
            settle()
            return
        }
        user("long-press \(traceName(view)) for \(duration) s")
        let touch = UITouch(location: start, view: hit, window: window)
        let event = UIEvent(touches: [touch])
        let recognizer = winningRecognizer(for: hit, touch: touch, handler: nil) {
            ($0 as? UILongPressGestureRecognizer)?.acceptsDriverPress == true
        } as? UILongPressGestureRecognizer
        defer { recognizer?.reset() }
        if recognizer?.delaysTouchesBegan != true { hit.touchesBegan([touch], with: event) }
        if let recognizer, recognizer.minimumPressDuration <= duration {
            advance(by: recognizer.minimumPressDuration)
            if recognizer.cancelsTouchesInView { hit.touchesCancelled([touch], with: event) }
            recognizer.transition(to: .began)
            advance(by: duration - recognizer.minimumPressDuration)
            recognizer.transition(to: .ended)
            if !recognizer.cancelsTouchesInView { hit.touchesEnded([touch], with: event) }
        } else {
            advance(by: duration)
            hit.touchesEnded([touch], with: event)
        }
        settle()
    }

    // MARK: Geometry of on-screen views

    /// The accessory and custom input views on screen, top first.
    private var inputRoots: [UIView] {
        [system.keyboard.accessoryView, system.keyboard.customInputView].compactMap { $0 }
    }

    /// The accessory or input view under `point` and its top-left corner on screen.
    private func inputRoot(at point: CGPoint, keyboard: CGRect) -> (UIView, CGPoint)? {
        for root in inputRoots {
            guard let origin = inputOrigin(of: root, keyboard: keyboard) else { continue }
            if CGRect(origin: origin, size: root.bounds.size).contains(point) { return (root, origin) }
        }
        return nil
    }

    private func inputOrigin(of root: UIView, keyboard: CGRect) -> CGPoint? {
        if root === system.keyboard.accessoryView { return keyboard.origin }
        if root === system.keyboard.customInputView {
            return CGPoint(x: keyboard.minX, y: keyboard.minY + (system.keyboard.accessoryView?.frame.height ?? 0))
        }
        return nil
    }

    /// `point` in `view`'s coordinates converted to the screen, for views in the window or in input views.
    private func screenPoint(_ point: CGPoint, in view: UIView) -> CGPoint? {
        if let window = view.window {
            return window === system.keyWindow ? view.convert(point, to: nil) : nil
        }
        var root = view
        while let parent = root.superview { root = parent }
        guard let keyboard = system.keyboard.frame, let origin = inputOrigin(of: root, keyboard: keyboard) else {
            return nil
        }
        let inRoot = view.convert(point, to: root)
        return CGPoint(x: origin.x + inRoot.x - root.bounds.minX, y: origin.y + inRoot.y - root.bounds.minY)
    }

    /// A screen point in `view`'s coordinates.
    private func localPoint(_ point: CGPoint, in view: UIView) -> CGPoint? {
        guard let origin = screenPoint(.zero, in: view) else { return nil }
        return CGPoint(x: point.x - origin.x, y: point.y - origin.y)
    }

    private func findToolbar(containing item: UIBarButtonItem, in view: UIView) -> UIToolbar? {
        if let toolbar = view as? UIToolbar, toolbar.items?.contains(where: { $0 === item }) == true { return toolbar }
        for subview in view.subviews {
            if let found = findToolbar(containing: item, in: subview) { return found }
        }
        return nil
    }

    /// Types `text` one character at a time into the first responder (§1.5 S2 / S2'); "\n" presses Return.
    public func type(_ text: String) {
        user("type \(quoted(text))")
        requireKeys(for: "type(\(quoted(text)))", returnKey: text.contains("\n"))
        withdrawInlinePrediction()
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
    ///
    /// A paste is never a key for the input method, so the delegate is asked with the pasted text itself
    /// (uikit-behaviour.md §1 `shouldChangeCharactersIn`, uikit-behaviour-3 #149), whatever keyboard is up; a
    /// composition in progress ends first, as a typed non-letter ends it.
    public func paste(_ text: String) {
        user("paste \(quoted(text))")
        withdrawInlinePrediction()
        if let input = composingInput, let first = composition.candidates.first {
            commitComposition(input, text: first.text, consumes: first.consumes)
        }
        switch firstResponder {
        case let field as UITextField:
            // The user pastes with the edit menu's Paste, which the control offers only when it can perform `paste:`;
            // the text then goes through `paste(_:)`, which a subclass may override (docs/model.md, "Edit menus").
            guard field.canPerformAction(Selector("paste:"), withSender: nil) else { return refusedPaste() }
            field.pendingPaste = PendingPaste(text: text)
            field.paste(nil)
            field.pendingPaste = nil
        case let textView as UITextView:
            guard textView.canPerformAction(Selector("paste:"), withSender: nil) else { return refusedPaste() }
            textView.pendingPaste = PendingPaste(text: text)
            textView.paste(nil)
            textView.pendingPaste = nil
        default:
            replaceSelection(with: text)
        }
        settle()
    }

    /// The edit menu had no Paste: nothing is pasted.
    private func refusedPaste() {
        user("(the edit menu offers no Paste)")
        settle()
    }

    /// Presses the keyboard's Delete key.
    public func deleteBackward() {
        user("delete backward")
        withdrawInlinePrediction()
        if let input = composingInput {
            deleteInComposition(input)
            settle()
            printedCount = 0
            return
        }
        switch firstResponder {
        case let field as UITextField: field.userDeleteBackward()
        case let textView as UITextView: textView.userDeleteBackward()
        case let keyInput as UIKeyInput: keyInput.deleteBackward()
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

    /// Taps an alert's action button (the alert must be on screen).
    public func tap(_ action: UIAlertAction) {
        guard let button = action.button, button.window != nil else {
            return user("tap alert action \(quoted(action.title ?? "")) (not on screen: nothing happens)")
        }
        tap(button)
    }

    /// Turns a date picker's wheels to `date` (clamped to its limits), which sends `.valueChanged`.
    public func pick(_ date: Date, in picker: UIDatePicker) {
        user("pick \(date) in \(traceName(picker))")
        picker.userPick(date)
        settle()
    }

    /// Turns the wheel of `component` of a picker view to `row`, which tells its delegate.
    public func pick(row: Int, inComponent component: Int = 0, of picker: UIPickerView) {
        user("pick row \(row) of component \(component) in \(traceName(picker))")
        picker.userSelect(row: row, inComponent: component)
        settle()
    }

    /// Presses the keyboard's Return key.
    public func tapReturn() {
        user("tap Return")
        requireKeys(for: "tapReturn()", returnKey: true)
        pressReturn()
        settle()
    }

    /// Presses the iPad keyboard's dismiss key.
    public func dismissKeyboard() {
        user("tap keyboard dismiss key")
        system.keyboard.dismissByUser()
        settle()
    }

    /// Drags the iPad keyboard up off the bottom edge (undocks it), as a user can on iPad; it floats
    /// 200 points higher [U]. Does nothing on an iPhone, with the keyboard down, or for a custom input view.
    public func undockKeyboard() {
        user("undock keyboard")
        system.keyboard.undockByUser()
        settle()
    }

    /// Docks an undocked iPad keyboard at the bottom of the screen again.
    public func dockKeyboard() {
        user("dock keyboard")
        system.keyboard.dockByUser()
        settle()
    }

    /// Whether the iPad keyboard is undocked (`undockKeyboard()`).
    public var isKeyboardUndocked: Bool { system.keyboard.isUndocked }

    /// Drags the content of `scrollView` by `distance` points (positive moves the content down, towards its top)
    /// and lets go; rubber-banding beyond the scroll range settles back.
    public func drag(_ scrollView: UIScrollView, by distance: CGFloat) {
        user("drag \(traceName(scrollView)) by \(formatPoints(distance))")
        scrollView.userDrag(by: distance)
        settle()
    }

    /// The system warns the app that memory is low: `UIApplication.didReceiveMemoryWarningNotification` is posted
    /// and every view controller on screen gets `didReceiveMemoryWarning()`.
    public func simulateMemoryWarning() {
        user("memory warning")
        UIApplication.shared.receiveMemoryWarning()
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

    /// Moves the virtual clock forward, delivering what falls due (Did notifications, completions, timers,
    /// `asyncAfter` blocks, sleeping tasks) and running the main-queue work each of them queues.
    public func advance(by seconds: TimeInterval) {
        system.advance(by: seconds)
    }

    /// Runs the virtual clock and the main queue until nothing is pending.
    public func runUntilIdle() {
        system.runUntilIdle()
    }

    func settle() {
        system.settle()
    }

    // MARK: Trace

    /// Prints the events recorded since the last `printTrace()` or `clearTrace()`, one per line.
    public func printTrace(_ kinds: Set<TraceEvent.Kind>? = nil) {
        printedCount = min(printedCount, recorder.events.count)
        for event in recorder.events[printedCount...] where kinds?.contains(event.kind) ?? true {
            print(event)
        }
        printedCount = recorder.events.count
    }

    /// Forgets the recorded events.
    public func clearTrace() {
        recorder.clear()
        printedCount = 0
    }

    func user(_ text: String) {
        // Whatever the user does next closes an edit menu on screen (its own item is read before).
        system.presentedEditMenu = nil
        system.trace(.user, text)
    }

    /// Stops the program when the user could not make this keystroke on screen (no keyboard up, or a keyboard
    /// without a Return key), so that a snippet never shows the result of typing nobody could do.
    func requireKeys(for call: String, returnKey: Bool) {
        guard !system.hardwareKeyboardConnected else { return }
        guard let responder = firstResponder else {
            fatalError("app.\(call): no keyboard is up (nothing is first responder), so there is nothing to type on")
        }
        guard returnKey else { return }
        if system.keyboard.customInputView != nil {
            fatalError("app.\(call): the first responder's inputView replaces the keyboard, and with it the Return key; call the input view's own action instead")
        }
        let type = (responder as? UITextField)?.keyboardType ?? (responder as? UITextView)?.keyboardType ?? .default
        if type.isNumberPad {
            fatalError("app.\(call): the \(type) keyboard has no Return key (give the field a keyboard with one, or a toolbar button, or connect a hardware keyboard with app.connectHardwareKeyboard(true))")
        }
    }

    func pressReturn() {
        // Return while composing confirms the letters as typed (the Pinyin keyboard's 确认).
        if let input = composingInput {
            commitComposition(input, text: composition.markedText, consumes: Int.max)
            return
        }
        // A Return key that enables itself automatically is disabled (grey) while the text is empty.
        if let field = firstResponder as? UITextField, field.enablesReturnKeyAutomatically, field.text?.isEmpty != false {
            return user("Return key is disabled")
        }
        if let textView = firstResponder as? UITextView, textView.enablesReturnKeyAutomatically, textView.text.isEmpty {
            return user("Return key is disabled")
        }
        switch firstResponder {
        case let field as UITextField: field.userReturn()
        case let textView as UITextView: textView.userReplaceSelection(with: "\n")
        case let keyInput as UIKeyInput: keyInput.insertText("\n")
        default: break
        }
    }

    func insert(_ text: String) {
        if inputMethod.composes, let input = firstResponder as? MarkedTextStorage & UIResponder,
            typeThroughInputMethod(text, into: input)
        {
            return
        }
        replaceSelection(with: text)
    }

    /// Replaces the first responder's selection with `text` as one user edit, bypassing the input method.
    private func replaceSelection(with text: String) {
        switch firstResponder {
        case let field as UITextField: field.userReplaceSelection(with: text)
        case let textView as UITextView: textView.userReplaceSelection(with: text)
        case let keyInput as UIKeyInput: keyInput.insertText(text)
        default: break
        }
    }

    // MARK: Snapshots

    /// The simulated screen as a deterministic SVG.
    public func snapshotSVG() -> String {
        SnapshotRenderer(system: system, candidates: candidates, inputMethod: inputMethod).render()
    }

    /// Sends a picture of the simulated screen to the doc-test runner, which puts it on the lesson's page.
    ///
    /// A lesson's code is the same in every language, so the Chinese caption travels in the same call:
    /// `app.snapshot("The keyboard covers the field", zh: "键盘挡住了文本框")`. The alt texts are generated from
    /// the state, in English (`alt`) and Chinese (`altZh`), unless given. The picture travels as data on the
    /// runner's own channel, never as printed text; a program run without the runner draws nothing.
    public func snapshot(_ caption: String, zh: String? = nil, alt: String? = nil, altZh: String? = nil) {
        RunnerChannel.send(snapshotPayload(caption, zh: zh, alt: alt, altZh: altZh))
    }

    /// What `snapshot(…)` sends.
    func snapshotPayload(_ caption: String, zh: String? = nil, alt: String? = nil, altZh: String? = nil) -> SnapshotPayload {
        let renderer = SnapshotRenderer(system: system, candidates: candidates, inputMethod: inputMethod)
        let screen = alt == nil || altZh == nil ? renderer.screenDescription() : nil
        return SnapshotPayload(
            caption: caption, zh: zh, alt: alt ?? screen?.english ?? "", altZh: altZh ?? screen?.chinese ?? "", picture: renderer.picture())
    }
}
