import Foundation
import UIKitBehavior

/// The software keyboard: decides when it shows, hides or changes and posts UIKit's keyboard notifications.
///
/// Will notifications are posted synchronously inside the responder call that caused them; the matching
/// Did notifications are scheduled on the virtual clock after the animation (§0, §2.1).
package final class KeyboardController {
    private struct Transfer {
        weak var previousOwner: UIResponder?
        var legacyHideFrame: CGRect?
    }

    private unowned let system: UIKitSystem
    /// The frame the keyboard occupies or is animating to, in screen coordinates; `nil` when hidden or hiding.
    package private(set) var frame: CGRect?
    /// The responder whose input views are shown.
    package private(set) weak var owner: UIResponder?
    /// The accessory view shown above the keyboard.
    package private(set) weak var accessoryView: UIView?
    /// The custom input view shown instead of the keys.
    package private(set) weak var customInputView: UIView?
    private var transfers: [Transfer] = []
    /// Above zero while a resignation must leave the keyboard up (a push on iOS 14 and earlier, #117).
    private var keepingDepth = 0
    /// The keyboard layout shown (nil for a custom input view or no keys).
    private var keyboardType: UIKeyboardType?
    /// The responder (a view controller) whose own accessory bar is shown, kept while an input inside the bar edits.
    package private(set) weak var accessoryHost: UIResponder?
    /// Set while the bar's text view resigns and its host takes first responder back.
    private var restoringAccessoryHost = false
    /// Set while a `...WithAccessory` dismissal takes the host's bar down too (#101).
    private var dismissingWithAccessory = false
    /// The keyboard's resting frame while the user's finger drags it (interactive dismissal, §A3.4).
    private var interactiveRest: CGRect?

    init(system: UIKitSystem) {
        self.system = system
    }

    /// Points the current input method adds to the system keyboard (a CJK candidate bar, §A2.5).
    package private(set) var inputModeExtraHeight: CGFloat = 0

    /// The user switched keyboards: a new height posts a change (#88), or nothing on the iOS 11 path (#89).
    package func switchInputMode(extraHeight: CGFloat) {
        inputModeExtraHeight = extraHeight
        guard let current = frame, let owner, owner.inputView == nil, owner.wantsSystemKeyboard,
            let target = desiredFrame(for: owner), target != current
        else { return }
        if system.behavior.keyboardSwitchPosts == .nothing {
            frame = target
            for window in system.windows { window.keyboardDidMove() }
        } else {
            change(from: current, to: target)
        }
    }

    /// Whether the keyboard is up or going up.
    package var isVisible: Bool { frame != nil }

    /// Whether the iPad keyboard is undocked (floating above the bottom of the screen, §2.6).
    package private(set) var isUndocked = false

    /// How far an undocked keyboard floats above the screen's bottom edge [U: the user drags it anywhere].
    package static let undockedLift: CGFloat = 200

    /// The private userInfo key UIKit sets to 1 when the user docks or undocks the keyboard (§2.3).
    package static let frameChangedByUserInteractionKey = "UIKeyboardFrameChangedByUserInteraction"

    /// The frame the keyboard would have for `responder`, or `nil` if it shows no input view at all.
    package func desiredFrame(for responder: UIResponder) -> CGRect? {
        let screen = system.screenBounds
        let custom = responder.inputView
        let accessory = accessory(for: responder)
        let safeBottom = system.windowSafeAreaInsets.bottom
        var inputHeight: CGFloat = 0
        if let custom {
            // A custom input view without a height gets the system keyboard's key area; one with a height (its
            // frame's, else its intrinsic one: a picker's 216 [U]) gets a few more points on a notched phone (30 pt
            // measured 69 = 30 + 34 + 5, §2.7).
            let height = custom.frame.height > 0 ? custom.frame.height : max(0, custom.intrinsicContentSize.height)
            inputHeight = height > 0
                ? height + (safeBottom > 0 ? system.behavior.inputViewExtraBottomOnNotchedPhone : 0)
                : system.systemKeyboardHeight - safeBottom
        } else if responder.wantsSystemKeyboard {
            if !system.hardwareKeyboardConnected {
                inputHeight = system.systemKeyboardHeight - safeBottom + inputModeExtraHeight
            } else if system.behavior.hardwareKeyboardShortcutsBar && system.device.idiom == .pad {
                inputHeight = 55
            }
        }
        let total = inputHeight + (accessory?.frame.height ?? 0)
        guard total > 0 else { return nil }
        // An accessory bar shown alone (a controller's chat bar, or any bar over a hardware keyboard) is flush with
        // the screen's bottom edge, over the home indicator (#122, openradar 34694827); keys reach down to the edge.
        let accessoryOnly = inputHeight == 0
        let height = total + (accessoryOnly && !system.behavior.accessoryRespectsSafeArea ? 0 : safeBottom)
        let lift = isUndocked ? Self.undockedLift : 0
        return CGRect(x: 0, y: screen.maxY - height - lift, width: screen.width, height: height)
    }

    // MARK: Undocking (iPad)

    /// The user drags the docked iPad keyboard up: it floats. Old reports: WillChangeFrame and WillHide, then
    /// DidChangeFrame and DidHide, marked as changed by user interaction (§2.6) [W/U]. Returns whether it undocked.
    @discardableResult
    package func undockByUser() -> Bool {
        guard system.device.idiom == .pad, !isUndocked, let current = frame, let owner,
            owner.inputView == nil, owner.wantsSystemKeyboard, !system.hardwareKeyboardConnected
        else { return false }
        isUndocked = true
        guard let target = desiredFrame(for: owner) else { return true }
        frame = target
        post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: target, byUser: true)
        post(UIResponder.keyboardWillHideNotification, begin: current, end: target, byUser: true)
        scheduleDid(
            [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification],
            begin: current, end: target, byUser: true)
        return true
    }

    /// The user docks the floating keyboard again: WillChangeFrame and WillShow, then the Did ones (§2.6) [W/U].
    package func dockByUser() {
        guard isUndocked else { return }
        isUndocked = false
        guard let current = frame, let owner, let target = desiredFrame(for: owner) else { return }
        frame = target
        post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: target, byUser: true)
        post(UIResponder.keyboardWillShowNotification, begin: current, end: target, byUser: true)
        scheduleDid(
            [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification],
            begin: current, end: target, byUser: true)
    }

    // MARK: Responder events

    /// Starts a focus switch: the current first responder is about to resign for another.
    package func beginTransfer() {
        transfers.append(Transfer())
    }

    /// The current first responder refused to resign; nothing changes.
    package func cancelTransfer() {
        _ = transfers.popLast()
    }

    /// Finishes a focus switch; `newOwner` is `nil` when the new responder did not become first.
    package func endTransfer(newOwner: UIResponder?) {
        let transfer = transfers.popLast() ?? Transfer()
        if let newOwner {
            becameFirst(newOwner, legacyHideFrame: transfer.legacyHideFrame, isFocusSwitch: true)
        } else if let owner, owner.isFirstResponder {
            // A delegate moved focus to a third responder meanwhile; that one owns the keyboard now.
            return
        } else if let hidden = transfer.legacyHideFrame {
            finishLegacyHide(from: hidden)
        } else if let previous = transfer.previousOwner, keepsKeyboard(after: previous) {
            return
        } else {
            hide()
        }
    }

    /// A responder became first responder outside a focus switch.
    package func responderBecameFirst(_ responder: UIResponder) {
        becameFirst(responder, legacyHideFrame: nil, isFocusSwitch: owner == nil && frame != nil)
    }

    /// A responder resigned; the keyboard hides unless focus is moving or a form sheet keeps it.
    package func responderResigned(_ responder: UIResponder) {
        guard owner === responder else { return }
        owner = nil
        if !transfers.isEmpty {
            transfers[transfers.count - 1].previousOwner = responder
            // iOS ≤ 10 announced a hide on every switch, without a DidHide (§1.5 S5).
            if system.behavior.focusSwitchKeyboardPosts == .hideThenShow, let current = frame,
                !keepsKeyboard(after: responder)
            {
                post(UIResponder.keyboardWillHideNotification, begin: current, end: offscreen(current))
                transfers[transfers.count - 1].legacyHideFrame = current
            }
            return
        }
        if keepsKeyboard(after: responder) || keepingDepth > 0 { return }
        if let host = accessoryHost, host !== responder, !dismissingWithAccessory, isInsideInputViews(responder),
            host.canBecomeFirstResponder, host.responderWindow != nil
        {
            // The bar's own text view resigned: its controller is first responder again and the bar stays (§A6).
            restoringAccessoryHost = true
            defer { restoringAccessoryHost = false }
            if host.becomeFirstResponder() { return }
        }
        hide()
    }

    /// Runs `body` with resignations leaving the keyboard on screen, ownerless, until another responder takes it.
    package func keepingKeyboard(_ body: () -> Void) {
        keepingDepth += 1
        defer { keepingDepth -= 1 }
        body()
    }

    /// Re-reads the first responder's input views (`reloadInputViews()`).
    package func reload(for responder: UIResponder) {
        becameFirst(responder, legacyHideFrame: nil, isFocusSwitch: false)
    }

    /// Re-evaluates the keyboard after a hardware keyboard was connected or disconnected.
    package func refresh() {
        if let owner, owner.isFirstResponder {
            becameFirst(owner, legacyHideFrame: nil, isFocusSwitch: false)
        }
    }

    /// A window became key: a first responder waiting in it for the key window gets its keyboard (#113).
    package func keyWindowChanged(to window: UIWindow) {
        guard let responder = window.firstResponder, owner !== responder || frame == nil else { return }
        becameFirst(responder, legacyHideFrame: nil, isFocusSwitch: false)
    }

    /// Hides a keyboard that no responder owns any more (a form sheet's, after its sheet went away).
    package func hideIfOwnerless() {
        if owner == nil || owner?.isFirstResponder == false { hide() }
    }

    /// The iPad keyboard's dismiss key: the first responder resigns and the keyboard goes down.
    package func dismissByUser() {
        if let owner, owner.isFirstResponder {
            guard owner.resignFirstResponder() else { return }
        }
        if owner == nil { hide() }
    }

    /// Rotates the interface; with the keyboard up UIKit hides it and shows it again afterwards (§2.8).
    package func rotate(to orientation: UIDeviceOrientation, rotationDuration: TimeInterval) {
        guard let current = frame else {
            system.setOrientation(orientation)
            return
        }
        if system.behavior.rotationPostsHideShow {
            hide()
            system.setOrientation(orientation)
            system.clock.schedule(after: rotationDuration) { [weak self] in
                guard let self, let owner = self.owner, owner.isFirstResponder, self.frame == nil,
                    let target = self.desiredFrame(for: owner)
                else { return }
                self.show(to: target)
            }
        } else {
            system.setOrientation(orientation)
            if let owner, let target = desiredFrame(for: owner) {
                change(from: current, to: target)
            } else {
                hide()
            }
        }
    }

    // MARK: Accessory bars and dismissing (§A3, §A6)

    /// The accessory shown for `responder`: its own, or the bar it lives in (a text view inside a chat bar).
    private func accessory(for responder: UIResponder) -> UIView? {
        if let own = responder.inputAccessoryView { return own }
        if let view = responder as? UIView, let bar = accessoryView, inputViewsShown, view.isDescendant(of: bar) { return bar }
        return nil
    }

    /// Whether `responder` is a view inside the shown accessory or input view.
    private func isInsideInputViews(_ responder: UIResponder) -> Bool {
        guard let view = responder as? UIView else { return false }
        return [accessoryView, customInputView].contains { root in root.map { view.isDescendant(of: $0) } ?? false }
    }

    /// The window a view inside the shown accessory or input view edits in (the keyboard's own window on iOS).
    package func hostWindow(ofInputView view: UIView) -> UIWindow? {
        guard inputViewsShown, isInsideInputViews(view) else { return nil }
        return system.keyWindow
    }

    /// Whether the accessory and input views are on screen or belong to a responder (a rotation hides them briefly).
    private var inputViewsShown: Bool { frame != nil || owner != nil }

    /// Resigns `window`'s first responder for a scroll view's `keyboardDismissMode` (#100, #101): with a plain mode
    /// a view controller's own bar stays (its text view resigns, the controller keeps the bar); with a
    /// `...WithAccessory` mode the bar goes too.
    package func dismissForScrollDrag(in window: UIWindow, withAccessory: Bool) {
        guard let responder = window.firstResponder else { return }
        if responder === accessoryHost && !withAccessory { return }
        dismissingWithAccessory = withAccessory
        defer { dismissingWithAccessory = false }
        guard responder.resignFirstResponder() else { return }
        if withAccessory, let host = accessoryHost, host.isFirstResponder { host.resignFirstResponder() }
    }

    /// Whether the finger is dragging the keyboard (interactive dismissal) now.
    package var isBeingDragged: Bool { interactiveRest != nil }

    /// The finger drags the keyboard (`.interactive` modes): its top follows the finger, nothing is posted (#102).
    package func interactiveDrag(fingerY: CGFloat, withAccessory: Bool) {
        guard let rest = interactiveRest ?? frame, let owner, !isUndocked else { return }
        // A controller's bar alone stays put under the plain mode.
        if owner === accessoryHost && !withAccessory { return }
        interactiveRest = rest
        let top = min(max(rest.minY, fingerY), system.screenBounds.maxY)
        let dragged = CGRect(x: rest.minX, y: top, width: rest.width, height: rest.height)
        guard dragged != frame else { return }
        let previous = frame ?? rest
        frame = dragged
        if system.behavior.interactiveDismissPostsDuringDrag {
            post(UIResponder.keyboardWillChangeFrameNotification, begin: previous, end: dragged)
            scheduleDid([UIResponder.keyboardDidChangeFrameNotification], begin: previous, end: dragged)
        } else {
            for window in system.windows { window.keyboardDidMove() }
        }
    }

    /// The finger lets go of a dragged keyboard: past half its height it is dismissed (the first responder resigns,
    /// WillChangeFrame and WillHide now, #103); otherwise it slides back up (#104). The threshold is [U]: UIKit
    /// also looks at the finger's speed.
    package func interactiveRelease(in window: UIWindow, withAccessory: Bool) {
        guard let rest = interactiveRest else { return }
        interactiveRest = nil
        guard let dragged = frame else { return }
        if dragged.minY - rest.minY > rest.height / 2 {
            if system.behavior.interactiveHideFrameBegin == .restingFrame { frame = rest }
            let before = frame
            dismissForScrollDrag(in: window, withAccessory: withAccessory)
            // The responder refused to resign: the keyboard slides back up.
            if frame == before { abortInteractive(from: dragged, to: rest) }
            return
        }
        if dragged != rest {
            abortInteractive(from: dragged, to: rest)
        }
    }

    private func abortInteractive(from dragged: CGRect, to rest: CGRect) {
        frame = rest
        guard system.behavior.interactiveAbortPosts == .willShowDidShow else {
            for window in system.windows { window.keyboardDidMove() }
            return
        }
        let duration = system.behavior.interactiveAbortDuration
        post(UIResponder.keyboardWillShowNotification, begin: dragged, end: rest, duration: duration)
        scheduleDid([UIResponder.keyboardDidShowNotification], begin: dragged, end: rest, duration: duration)
    }

    // MARK: Transitions

    private func becameFirst(_ responder: UIResponder, legacyHideFrame: CGRect?, isFocusSwitch: Bool) {
        // The software keyboard appears only for a responder in the key window (Apple's becomeFirstResponder, #113).
        let inKeyWindow = responder.responderWindow?.isKeyWindow ?? false
        let newAccessory = accessory(for: responder)
        // A SwiftUI hosting view may lay itself out taller as an accessory (swiftui S69 [U]).
        onModelThread { newAccessory?.willBecomeInputAccessory?() }
        let target = inKeyWindow ? desiredFrame(for: responder) : nil
        let newInput = responder.inputView
        // The responder whose own bar is shown (a chat screen's controller) keeps it while an input inside the bar
        // edits, and gets it back when that input resigns (§A6).
        if responder.inputAccessoryView != nil && !responder.wantsSystemKeyboard {
            accessoryHost = responder
        } else if !isInsideInputViews(responder) {
            accessoryHost = nil
        }
        let newKeyboardType = newInput == nil ? responder.systemKeyboardType : nil
        // Another accessory or input view, or another key layout, replaces the keyboard (§1.5 S5).
        let identityChanged = newAccessory !== accessoryView || newInput !== customInputView
            || (frame != nil && newKeyboardType != keyboardType)
        keyboardType = newKeyboardType
        owner = responder
        accessoryView = newAccessory
        customInputView = newInput
        // UIKit stretches input and accessory views to the keyboard's width.
        let width = system.screenBounds.width
        if let newAccessory, newAccessory.frame.width != width { newAccessory.frame.size.width = width }
        if let newInput, newInput.frame.width != width { newInput.frame.size.width = width }
        guard let target else {
            if let hidden = legacyHideFrame { finishLegacyHide(from: hidden) } else { hide() }
            return
        }
        if legacyHideFrame != nil {
            let begin = offscreen(target)
            frame = target
            if begin.size != target.size || legacyHideFrame != target {
                post(UIResponder.keyboardWillChangeFrameNotification, begin: begin, end: target)
            }
            post(UIResponder.keyboardWillShowNotification, begin: begin, end: target)
            scheduleDid([UIResponder.keyboardDidShowNotification], begin: begin, end: target)
        } else if let current = frame {
            let repost = isFocusSwitch && system.behavior.focusSwitchKeyboardPosts == .changeFrameAndShow
            if current != target || identityChanged || repost {
                change(from: current, to: target)
            }
        } else {
            show(to: target)
        }
    }

    private func show(to target: CGRect) {
        var begin = offscreen(target)
        if system.behavior.frameBeginZeroOnShow {
            begin.size.height = 0
        } else if let height = system.behavior.frameBeginHeightOverride {
            begin.size.height = height
        }
        let steps = system.behavior.thirdPartyKeyboardShowHeights
        if !steps.isEmpty, !isUndocked, customInputView == nil, owner?.wantsSystemKeyboard == true {
            // A third-party keyboard announces itself several times as it loads (0, 216, 259 for SwiftKey, #90).
            var previous = begin
            for height in steps {
                let step = CGRect(x: target.minX, y: system.screenBounds.maxY - height, width: target.width, height: height)
                frame = step
                post(UIResponder.keyboardWillChangeFrameNotification, begin: previous, end: step)
                post(UIResponder.keyboardWillShowNotification, begin: previous, end: step)
                previous = step
            }
            frame = target
            scheduleDid(
                [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification],
                begin: begin, end: target)
            return
        }
        frame = target
        post(UIResponder.keyboardWillChangeFrameNotification, begin: begin, end: target)
        // While undocked only the frame-change notifications arrive (§2.6) [W/U].
        if isUndocked {
            scheduleDid([UIResponder.keyboardDidChangeFrameNotification], begin: begin, end: target)
            return
        }
        post(UIResponder.keyboardWillShowNotification, begin: begin, end: target)
        scheduleDid(
            [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification],
            begin: begin, end: target)
    }

    private func change(from current: CGRect, to target: CGRect) {
        frame = target
        if restoringAccessoryHost {
            // The keys go, the bar stays: not reported anywhere [U] (switch accessoryOnlyAfterResign).
            if system.behavior.accessoryOnlyAfterResign == .changeFrameOnly {
                post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: target)
                scheduleDid([UIResponder.keyboardDidChangeFrameNotification], begin: current, end: target)
            } else {
                post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: target)
                post(UIResponder.keyboardWillHideNotification, begin: current, end: target)
                post(UIResponder.keyboardWillShowNotification, begin: current, end: target)
                scheduleDid(
                    [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification,
                     UIResponder.keyboardDidShowNotification],
                    begin: current, end: target)
            }
            return
        }
        post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: target)
        if isUndocked {
            scheduleDid([UIResponder.keyboardDidChangeFrameNotification], begin: current, end: target)
            return
        }
        post(UIResponder.keyboardWillShowNotification, begin: current, end: target)
        scheduleDid(
            [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidShowNotification],
            begin: current, end: target)
    }

    private func hide() {
        guard let current = frame else { return }
        let end = offscreen(current)
        frame = nil
        post(UIResponder.keyboardWillChangeFrameNotification, begin: current, end: end)
        if isUndocked {
            scheduleDid([UIResponder.keyboardDidChangeFrameNotification], begin: current, end: end)
            return
        }
        post(UIResponder.keyboardWillHideNotification, begin: current, end: end)
        scheduleDid(
            [UIResponder.keyboardDidChangeFrameNotification, UIResponder.keyboardDidHideNotification],
            begin: current, end: end)
    }

    private func finishLegacyHide(from hidden: CGRect) {
        frame = nil
        owner = nil
        scheduleDid([UIResponder.keyboardDidHideNotification], begin: hidden, end: offscreen(hidden))
    }

    private func offscreen(_ rect: CGRect) -> CGRect {
        CGRect(x: rect.minX, y: system.screenBounds.maxY, width: rect.width, height: rect.height)
    }

    private func keepsKeyboard(after responder: UIResponder) -> Bool {
        guard system.device.idiom == .pad, system.behavior.formSheetKeepsKeyboard else { return false }
        var view: UIView? = (responder as? UIView) ?? (responder as? UIViewController)?.viewIfLoaded
        while let current = view {
            if let controller = current.owningViewController, controller.viewIfLoaded === current,
                controller.isPresentedItself
            {
                return controller.disablesAutomaticKeyboardDismissal
            }
            view = current.superview
        }
        return false
    }

    // MARK: Posting

    private func scheduleDid(
        _ names: [Notification.Name], begin: CGRect, end: CGRect, byUser: Bool = false, duration: TimeInterval? = nil
    ) {
        system.clock.schedule(after: duration ?? system.behavior.keyboardDuration) { [weak self] in
            guard let self else { return }
            for name in names {
                self.post(name, begin: begin, end: end, isDid: true, byUser: byUser, duration: duration)
            }
        }
    }

    private func post(
        _ name: Notification.Name, begin: CGRect, end: CGRect, isDid: Bool = false, byUser: Bool = false,
        duration: TimeInterval? = nil
    ) {
        if !isDid {
            // Views following the keyboard layout guide are laid out again with the keyboard's animation.
            for window in system.windows { window.keyboardDidMove() }
        }
        let behavior = system.behavior
        var userInfo: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: NSValue(cgRect: begin),
            UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end),
        ]
        if behavior.keyboardIsLocalKeyPosted { userInfo[UIResponder.keyboardIsLocalUserInfoKey] = NSNumber(value: true) }
        if behavior.legacyKeyboardUserInfoKeys {
            // Derived from the frames as in every dump (§A1.3): centres of Begin and End, bounds of End's size.
            userInfo[Self.centerBeginKey] = NSValue(cgPoint: CGPoint(x: begin.midX, y: begin.midY))
            userInfo[Self.centerEndKey] = NSValue(cgPoint: CGPoint(x: end.midX, y: end.midY))
            userInfo[Self.boundsKey] = NSValue(cgRect: CGRect(origin: .zero, size: end.size))
        }
        if byUser { userInfo[Self.frameChangedByUserInteractionKey] = NSNumber(value: 1) }
        if !isDid || system.behavior.didNotificationsCarryAnimationKeys {
            userInfo[UIResponder.keyboardAnimationDurationUserInfoKey] =
                NSNumber(value: duration ?? system.behavior.keyboardDuration)
            userInfo[UIResponder.keyboardAnimationCurveUserInfoKey] = NSNumber(value: UInt(system.behavior.keyboardCurve))
        }
        system.trace(.notification, "\(Self.shortName(name)) begin: \(formatRect(begin)) end: \(formatRect(end))")
        // Since iOS 16.1 the object is the screen the keyboard appears on; before, nil (#66).
        let object: AnyObject? = behavior.keyboardNotificationObject == .screen ? UIScreen.main : nil
        NotificationCenter.default.post(name: name, object: object, userInfo: userInfo)
    }

    /// The deprecated keys' strings (the public constants are deprecated, so the model does not use them).
    package static let centerBeginKey = "UIKeyboardCenterBeginUserInfoKey"
    package static let centerEndKey = "UIKeyboardCenterEndUserInfoKey"
    package static let boundsKey = "UIKeyboardBoundsUserInfoKey"

    /// `UIKeyboardWillShowNotification` → `keyboardWillShow`.
    package static func shortName(_ name: Notification.Name) -> String {
        var text = name.rawValue
        if text.hasPrefix("UI") { text.removeFirst(2) }
        if text.hasSuffix("Notification") { text.removeLast("Notification".count) }
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
