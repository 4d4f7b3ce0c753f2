import Foundation
import UIKitBehavior

/// An object that can respond to events and own the keyboard, as UIKit's `UIResponder`.
@preconcurrency @MainActor open class UIResponder: NSObject {
    public override init() { super.init() }

    /// The next responder in the chain; `nil` for a plain responder.
    open var next: UIResponder? { nil }

    /// Whether the responder can become first responder; `false` unless a subclass says otherwise.
    open var canBecomeFirstResponder: Bool { false }

    /// Whether the responder agrees to give up first-responder status.
    open var canResignFirstResponder: Bool { true }

    /// Whether this object is its window's first responder.
    open var isFirstResponder: Bool { responderWindow?.firstResponder === self }

    /// A custom view replacing the system keyboard while this object is first responder.
    open var inputView: UIView? { nil }

    /// A view shown above the keyboard while this object is first responder.
    open var inputAccessoryView: UIView? { nil }

    /// The items the iPad shortcuts bar shows for this responder's keyboard (Apple: ignored on iPhone).
    open var inputAssistantItem: UITextInputAssistantItem {
        if let item = storedInputAssistantItem { return item }
        let item = UITextInputAssistantItem()
        storedInputAssistantItem = item
        return item
    }
    private var storedInputAssistantItem: UITextInputAssistantItem?

    // MARK: Standard edit actions (UIResponderStandardEditActions)

    // UIResponder adopts the protocol without implementing its methods: Swift sees them as members, and sending one
    // to a responder that does not implement it crashes as an unrecognized selector (docs/model.md, "Edit menus").
    open func cut(_ sender: Any?) { unimplementedEditAction("cut:") }
    open func copy(_ sender: Any?) { unimplementedEditAction("copy:") }
    open func paste(_ sender: Any?) { unimplementedEditAction("paste:") }
    open func pasteAndMatchStyle(_ sender: Any?) { unimplementedEditAction("pasteAndMatchStyle:") }
    open func select(_ sender: Any?) { unimplementedEditAction("select:") }
    open func selectAll(_ sender: Any?) { unimplementedEditAction("selectAll:") }
    open func delete(_ sender: Any?) { unimplementedEditAction("delete:") }
    open func makeTextWritingDirectionLeftToRight(_ sender: Any?) {
        unimplementedEditAction("makeTextWritingDirectionLeftToRight:")
    }
    open func makeTextWritingDirectionRightToLeft(_ sender: Any?) {
        unimplementedEditAction("makeTextWritingDirectionRightToLeft:")
    }
    open func toggleBoldface(_ sender: Any?) { unimplementedEditAction("toggleBoldface:") }
    open func toggleItalics(_ sender: Any?) { unimplementedEditAction("toggleItalics:") }
    open func toggleUnderline(_ sender: Any?) { unimplementedEditAction("toggleUnderline:") }
    open func increaseSize(_ sender: Any?) { unimplementedEditAction("increaseSize:") }
    open func decreaseSize(_ sender: Any?) { unimplementedEditAction("decreaseSize:") }

    /// What Objective-C does when an optional method the class does not implement is sent.
    package func unimplementedEditAction(_ name: String) -> Never {
        let address = String(UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()), radix: 16)
        raiseUncaughtException(
            "NSInvalidArgumentException",
            reason: "-[\(Selector.className(of: type(of: self))) \(name)]: unrecognized selector sent to instance 0x\(address)")
    }

    /// Swaps in the current input views; does nothing unless this object is first responder.
    open func reloadInputViews() {
        guard isFirstResponder else { return }
        UIKitSystem.shared.keyboard.reload(for: self)
    }

    /// Asks UIKit to make this object first responder in its window; returns whether it now is.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        let system = UIKitSystem.shared
        // Outside a window there is nothing to become first responder of now; by default the request waits
        // for the responder to join a window in this run-loop turn (viewDidLoad/viewWillAppear, #114/#115).
        guard let window = responderWindow else {
            if system.behavior.becomeFirstResponderWithoutWindow == .deferredUntilInWindow {
                system.deferFirstResponder(self)
            }
            return false
        }
        if window.firstResponder === self { return true }
        let asksNewFirst = system.behavior.shouldBeginNewBeforeShouldEndOld
        if asksNewFirst && !canBecomeFirstResponderForBecome() { return false }
        let keyboard = system.keyboard
        var transferring = false
        if let current = window.firstResponder {
            guard current.canResignFirstResponder else { return false }
            keyboard.beginTransfer()
            transferring = true
            guard current.resignFirstResponder() else {
                keyboard.cancelTransfer()
                return false
            }
        }
        if !asksNewFirst && !canBecomeFirstResponderForBecome() {
            if transferring { keyboard.endTransfer(newOwner: nil) }
            return false
        }
        // A delegate may have moved focus elsewhere while we asked; the newest request wins.
        if window.firstResponder != nil && window.firstResponder !== self {
            if transferring { keyboard.endTransfer(newOwner: nil) }
            return false
        }
        prepareToBecomeFirstResponder()
        system.trace(.responder, "\(traceName(self)) became first responder")
        window.firstResponder = self
        let editingFirst = editingNotificationsPrecedeKeyboard(system.behavior)
        if editingFirst { didBecomeFirstResponderNotify() }
        if transferring {
            keyboard.endTransfer(newOwner: self)
        } else {
            keyboard.responderBecameFirst(self)
        }
        if !editingFirst { didBecomeFirstResponderNotify() }
        return true
    }

    /// Gives up first-responder status; returns `false` if the responder refused.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let window = responderWindow, window.firstResponder === self else { return true }
        guard shouldEndEditingForResign() else { return false }
        finishResigning(in: window)
        return true
    }

    /// The hardware-keyboard commands this responder answers; they count for the whole responder chain.
    open var keyCommands: [UIKeyCommand]? { nil }

    /// Whether the responder can perform `action`; by default, whether it implements the method.
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        responds(to: action)
    }

    /// The first responder, from this one up the chain, that can perform `action`.
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        var responder: UIResponder? = self
        while let candidate = responder {
            if candidate.canPerformAction(action, withSender: sender) { return candidate }
            responder = candidate.next
        }
        return nil
    }

    /// Tells the responder a touch began; by default the next responder gets it.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Tells the responder a touch moved; by default the next responder gets it.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Tells the responder a touch ended; by default the next responder gets it.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Tells the responder a touch was cancelled; by default the next responder gets it.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    /// Tells the responder a hardware key went down; by default the next responder gets it.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        guard let next else {
            for press in presses { press.reachedEndOfChain = true }
            return
        }
        next.pressesBegan(presses, with: event)
    }

    /// What a first-responder text field or text view does with presses: types the keys it uses (through the
    /// driver's keyboard) and returns the others, which go on up the chain.
    package func typeHardwarePresses(_ presses: Set<UIPress>) -> Set<UIPress> {
        guard isFirstResponder, let type = UIKitSystem.shared.hardwareTextInput else { return presses }
        return presses.filter { press in
            guard let key = press.key, type(key) else { return true }
            press.usedAsText = true
            return false
        }
    }

    /// Tells the responder a press changed; by default the next responder gets it (a key never changes).
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesChanged(presses, with: event)
    }

    /// Tells the responder a hardware key went up; by default the next responder gets it.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesEnded(presses, with: event)
    }

    /// Tells the responder a press was cancelled; by default the next responder gets it.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        next?.pressesCancelled(presses, with: event)
    }

    /// Called on each object a nib or storyboard created, once its outlets are connected (the model loads no nibs:
    /// `Simulator.loadFromNib` is the nib loader); by default does nothing.
    open func awakeFromNib() {}

    /// Called by Interface Builder's canvas only, never while the app runs.
    open func prepareForInterfaceBuilder() {}

    // MARK: Hooks for the model's subclasses

    /// The window whose first responder this object would be.
    package var responderWindow: UIWindow? { nil }

    /// Whether the system keyboard appears when this responder is first (text inputs and `UIKeyInput` views).
    package var wantsSystemKeyboard: Bool { self is UIKeyInput }

    /// The system keyboard's layout for this responder; a different one on a focus switch replaces the keyboard.
    package var systemKeyboardType: UIKeyboardType? { (self as? UIKeyInput)?.keyboardType }

    /// `canBecomeFirstResponder` as asked by `becomeFirstResponder()`; text inputs add their delegate check.
    package func canBecomeFirstResponderForBecome() -> Bool { canBecomeFirstResponder }

    /// Work done just before becoming first responder (e.g. clear-on-begin).
    package func prepareToBecomeFirstResponder() {}

    /// Whether the editing callbacks come before the keyboard's Will notifications.
    package func editingNotificationsPrecedeKeyboard(_ behavior: BehaviorProfile) -> Bool { true }

    /// Delegate calls and notifications after becoming first responder.
    package func didBecomeFirstResponderNotify() {}

    /// The delegate's consent to end editing; `true` by default.
    package func shouldEndEditingForResign() -> Bool { true }

    /// Delegate calls and notifications after resigning.
    package func didResignFirstResponderNotify() {}

    /// Resigns without asking (endEditing(true), removal from the window).
    package func finishResigning(in window: UIWindow) {
        let system = UIKitSystem.shared
        window.firstResponder = nil
        system.trace(.responder, "\(traceName(self)) resigned first responder")
        if system.behavior.didEndBeforeKeyboardWillHide {
            didResignFirstResponderNotify()
            system.keyboard.responderResigned(self)
        } else {
            system.keyboard.responderResigned(self)
            didResignFirstResponderNotify()
        }
    }
}
