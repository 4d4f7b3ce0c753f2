import Foundation
import UIKitBehavior

/// A single-line editable text control, as UIKit's `UITextField` (§1.1, §1.3–§1.5).
open class UITextField: UIControl {
    /// Why editing ended; on iOS always `.committed`, since Apple makes `.cancelled` (the Menu button) tvOS-only.
    public enum DidEndEditingReason: Int, Sendable {
        case committed = 0
        @available(*, unavailable, message: "'cancelled' is unavailable in iOS: Apple declares it for tvOS only")
        case cancelled
    }

    /// When an overlay view (such as the clear button) is shown.
    public enum ViewMode: Int, Sendable {
        case never = 0, whileEditing, unlessEditing, always
    }

    /// The border drawn around the field.
    public enum BorderStyle: Int, Sendable {
        case none = 0, line, bezel, roundedRect
    }

    /// Posted after the field began editing; the object is the field.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
    /// Posted after the field's text changed by the user; the object is the field.
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextFieldTextDidChangeNotification")
    /// Posted after the field ended editing; the object is the field.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    /// The userInfo key for the reason editing ended (not populated by the model).
    nonisolated public static let didEndEditingReasonUserInfoKey = "UITextFieldDidEndEditingReason"

    private var storedText = ""
    private var storedInputView: UIView?
    private var storedInputAccessoryView: UIView?
    /// The selection in UTF-16 units; the model keeps a caret at the end unless told otherwise.
    package var selection = NSRange(location: 0, length: 0)
    /// The marked (input-method) text, in UTF-16 units.
    package private(set) var markedRange: NSRange?
    /// Attributes for marked text (stored only).
    open var markedTextStyle: [NSAttributedString.Key: Any]?

    /// The placeholder; assigning it drops the attributes of an `attributedPlaceholder`.
    open var placeholder: String? {
        didSet { storedAttributedPlaceholder = nil }
    }
    private var storedAttributedPlaceholder: NSAttributedString?
    /// The placeholder with attributes (the snapshot uses its foreground colour); its string is `placeholder`.
    open var attributedPlaceholder: NSAttributedString? {
        get { storedAttributedPlaceholder ?? placeholder.map { NSAttributedString(string: $0) } }
        set {
            placeholder = newValue?.string
            storedAttributedPlaceholder = newValue
        }
    }
    /// The text as an attributed string: the one last assigned, with its attributes, while the text is still its
    /// string, so code reading an attribute back finds it; the model draws the text plain.
    open var attributedText: NSAttributedString? {
        get {
            let plain = text ?? ""
            if let assigned = assignedAttributedText, assigned.string == plain { return assigned }
            return NSAttributedString(string: plain)
        }
        set {
            text = newValue?.string
            assignedAttributedText = newValue.map { NSAttributedString(attributedString: $0) }
        }
    }
    private var assignedAttributedText: NSAttributedString?
    open var font: UIFont? = UIFont.systemFont(ofSize: 17)
    /// Whether the font follows the user's text size (stored; the simulated user keeps the default size).
    open var adjustsFontForContentSizeCategory = false
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var borderStyle: BorderStyle = .none
    open var clearButtonMode: ViewMode = .never
    open var clearsOnBeginEditing = false
    /// Stored; the model measures text at the field's font and does not shrink it to fit.
    open var adjustsFontSizeToFitWidth = false
    /// Stored; see `adjustsFontSizeToFitWidth`.
    open var minimumFontSize: CGFloat = 0
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var isSecureTextEntry = false
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
    /// Whether the keyboard offers inline predictions; `.no` keeps a field free of predicted marked text (#157).
    @available(iOS 17.0, *)
    open var inlinePredictionType: UITextInlinePredictionType = .default
    /// Writing Tools for the field (stored; the model runs no Writing Tools session in a text field).
    @available(iOS 18.0, *)
    open var writingToolsBehavior: UIWritingToolsBehavior = .default
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// Whether the Return key is disabled while the text is empty (the simulator's Return then does nothing).
    open var enablesReturnKeyAutomatically = false
    open var textContentType: UITextContentType!
    /// The rules for a suggested strong password (stored; the model has no AutoFill).
    @available(iOS 12.0, *)
    open var passwordRules: UITextInputPasswordRules?
    /// A view inside the field's leading edge (an icon, a label), shown per `leftViewMode`.
    open var leftView: UIView? {
        didSet { installOverlay(old: oldValue, new: leftView) }
    }
    open var leftViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }
    /// A view inside the field's trailing edge (a "show password" button), shown per `rightViewMode`.
    open var rightView: UIView? {
        didSet { installOverlay(old: oldValue, new: rightView) }
    }
    open var rightViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }
    /// The field's delegate.
    open weak var delegate: UITextFieldDelegate?

    /// The user's key waiting for `insertText(_:)` / `deleteBackward()`.
    package var pendingKeyInput: PendingKeyInput?

    /// The text; never `nil` when read (assigning `nil` stores an empty string), as in UIKit.
    open var text: String? {
        get { storedText }
        set {
            storedText = newValue ?? ""
            selection = NSRange(location: storedText.utf16.count, length: 0)
            // Assigning the text ends any composition (the input method starts afresh).
            markedRange = nil
        }
    }

    /// Whether the field is editing (is first responder).
    open var isEditing: Bool { isFirstResponder }

    /// Whether the field has any text.
    open var hasText: Bool { !storedText.isEmpty }

    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }

    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }

    /// A field can become first responder when enabled and (per profile) when its delegate agrees (§9 #28).
    open override var canBecomeFirstResponder: Bool {
        guard isEnabled else { return false }
        return UIKitSystem.shared.behavior.canBecomeFirstResponderAsksDelegate ? askShouldBeginEditing() : true
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let font = self.font ?? UIFont.systemFont(ofSize: 17)
        let shown = storedText.isEmpty ? (placeholder ?? "") : storedText
        return CGSize(width: TextMetrics.width(of: shown, pointSize: font.pointSize) + 14, height: font.lineHeight + 10)
    }

    /// Whether the clear button is showing now.
    package var isClearButtonVisible: Bool {
        !storedText.isEmpty && shows(clearButtonMode)
    }

    // MARK: Responder hooks

    package override var wantsSystemKeyboard: Bool { true }

    package override var systemKeyboardType: UIKeyboardType? { keyboardType }

    package override func canBecomeFirstResponderForBecome() -> Bool {
        if UIKitSystem.shared.behavior.canBecomeFirstResponderAsksDelegate { return canBecomeFirstResponder }
        return canBecomeFirstResponder && askShouldBeginEditing()
    }

    private func askShouldBeginEditing() -> Bool {
        guard let delegate else { return true }
        return UIKitSystem.shared.callDelegate(
            "textFieldShouldBeginEditing(\(traceName(self)))", result: { "\($0)" }
        ) { delegate.textFieldShouldBeginEditing(self) }.value
    }

    package override func prepareToBecomeFirstResponder() {
        guard clearsOnBeginEditing, !storedText.isEmpty else { return }
        if askShouldClear() { text = "" }
    }

    package override func editingNotificationsPrecedeKeyboard(_ behavior: BehaviorProfile) -> Bool {
        behavior.fieldDidBeginBeforeKeyboardWill
    }

    package override func didBecomeFirstResponderNotify() {
        let system = UIKitSystem.shared
        setNeedsLayout()  // overlay views shown while (or unless) editing
        if let delegate {
            _ = system.callDelegate("textFieldDidBeginEditing(\(traceName(self)))") {
                delegate.textFieldDidBeginEditing(self)
            }
        }
        system.postEditingNotification(
            UITextField.textDidBeginEditingNotification, label: "UITextField.textDidBeginEditingNotification",
            object: self)
        sendControlEvent(.editingDidBegin)
    }

    package override func shouldEndEditingForResign() -> Bool {
        guard let delegate else { return true }
        return UIKitSystem.shared.callDelegate(
            "textFieldShouldEndEditing(\(traceName(self)))", result: { "\($0)" }
        ) { delegate.textFieldShouldEndEditing(self) }.value
    }

    package override func didResignFirstResponderNotify() {
        let system = UIKitSystem.shared
        setNeedsLayout()
        if let delegate {
            // UIKit calls the reason variant instead of the plain one when the delegate implements it (§9 #29).
            let withReason = system.callDelegate("textFieldDidEndEditing(\(traceName(self)), reason: .committed)") {
                delegate.textFieldDidEndEditing(self, reason: .committed)
            }
            if !withReason.implemented {
                _ = system.callDelegate("textFieldDidEndEditing(\(traceName(self)))") {
                    delegate.textFieldDidEndEditing(self)
                }
            }
        }
        system.postEditingNotification(
            UITextField.textDidEndEditingNotification, label: "UITextField.textDidEndEditingNotification",
            object: self)
        sendControlEvent(.editingDidEnd)
    }

    private func askShouldClear() -> Bool {
        guard let delegate else { return true }
        return UIKitSystem.shared.callDelegate("textFieldShouldClear(\(traceName(self)))", result: { "\($0)" }) {
            delegate.textFieldShouldClear(self)
        }.value
    }

    // MARK: Edit menu and caret geometry

    /// Whether the field offers `action` (the standard edit actions by the model's rule, docs/model.md "Edit menus").
    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        TextEditActions.canPerform(
            action.name, text: text ?? "", selection: selection, editable: isEnabled, secure: isSecureTextEntry)
            ?? super.canPerformAction(action, withSender: sender)
    }

    /// Pastes the simulated user's text as typing does (the delegate is asked); called from code it traps, since the
    /// model has no pasteboard.
    open override func paste(_ sender: Any?) {
        guard let paste = pendingPaste.take() else { TextEditActions.noPasteboard("paste(_:)", in: "UITextField") }
        userReplaceSelection(with: paste.text)
    }
    open override func copy(_ sender: Any?) { TextEditActions.noPasteboard("copy(_:)", in: "UITextField") }
    open override func cut(_ sender: Any?) { TextEditActions.noPasteboard("cut(_:)", in: "UITextField") }
    open override func select(_ sender: Any?) { TextEditActions.noWordSelection(in: "UITextField") }
    /// Selects the whole text, as code setting the selection does.
    open override func selectAll(_ sender: Any?) {
        setInputSelection(NSRange(location: 0, length: (text ?? "").utf16.count))
    }
    /// Deletes the selection as an edit by the user: the delegate is asked, the change events follow [U].
    open override func delete(_ sender: Any?) {
        let range = selection.clamped(toLength: (text ?? "").utf16.count)
        guard range.length > 0, askShouldChange(range, replacement: "") else { return }
        applyEdit(range, with: "", selection: nil, marks: false, sendsEvents: true)
    }

    /// The user's paste waiting for `paste(_:)`.
    package var pendingPaste: PendingPaste?

    /// Where the caret is drawn before `position`, in the field's coordinates: the text's line height, centred
    /// vertically, at the width of the text before it as the snapshot draws it (docs/model.md, "Text metrics").
    open func caretRect(for position: UITextPosition) -> CGRect {
        let lineHeight = (font ?? UIFont.systemFont(ofSize: 17)).lineHeight
        return CGRect(x: textX(upTo: position.offset), y: bounds.midY - lineHeight / 2, width: 2, height: lineHeight)
    }

    /// The rectangle around the text of `range` (one line: the whole range).
    open func firstRect(for range: UITextRange) -> CGRect {
        let lineHeight = (font ?? UIFont.systemFont(ofSize: 17)).lineHeight
        let start = textX(upTo: range.start.offset)
        return CGRect(
            x: start, y: bounds.midY - lineHeight / 2, width: textX(upTo: range.end.offset) - start, height: lineHeight)
    }

    /// The position whose caret is nearest `point`: the line nearest it, then the nearest caret on that line.
    open func closestPosition(to point: CGPoint) -> UITextPosition? {
        closestCaretPosition(to: point, in: inputText, from: 0, to: inputText.utf16.count)
    }

    /// The position within `range` whose caret is nearest `point`.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        closestCaretPosition(to: point, in: inputText, from: range.start.offset, to: range.end.offset)
    }

    /// The highlight of `range`: one rectangle, as `firstRect(for:)` (a field has one line).
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard !range.isEmpty else { return [] }
        return [UITextSelectionRect(rect: firstRect(for: range), containsStart: true, containsEnd: true)]
    }

    /// The x of the text at UTF-16 `offset`: the text area (`textRect(forBounds:)`), the border's 7-pt inset, the
    /// alignment, and a secure field's bullets, as the snapshot lays the text out.
    package func textX(upTo offset: Int) -> CGFloat {
        let size = (font ?? UIFont.systemFont(ofSize: 17)).pointSize
        let inset: CGFloat = borderStyle == .none ? 0 : 7
        let area = textRect(forBounds: bounds)
        let text = self.text ?? ""
        let shown = isSecureTextEntry ? String(repeating: "•", count: text.count) : text
        let width = TextMetrics.width(of: shown, pointSize: size)
        let left: CGFloat = switch textAlignment {
        case .center: area.midX - width / 2
        case .right: area.maxX - inset - width
        default: area.minX + inset
        }
        let units = Array(text.utf16)
        let end = min(max(offset, 0), units.count)
        let prefix = String(decoding: units[..<end], as: UTF16.self)
        let shownPrefix = isSecureTextEntry ? String(repeating: "•", count: prefix.count) : prefix
        return left + TextMetrics.width(of: shownPrefix, pointSize: size)
    }

    /// Attributes for the text the user types next (stored; the model keeps no attributes in edited text, so they
    /// are not applied); `nil` while the field is not editing, as UIKit's.
    open var typingAttributes: [NSAttributedString.Key: Any]? {
        get { isFirstResponder ? storedTypingAttributes ?? defaultTypingAttributes : nil }
        set { if isFirstResponder { storedTypingAttributes = newValue } }
    }
    private var storedTypingAttributes: [NSAttributedString.Key: Any]?
    private var defaultTypingAttributes: [NSAttributedString.Key: Any] {
        [.font: font ?? UIFont.systemFont(ofSize: 17), .foregroundColor: textColor ?? UIColor.label]
    }

    // MARK: The user's keyboard

    /// The user typed or pasted `string` at the caret (§1.5 S2): the key goes through `insertText(_:)`, which a
    /// subclass may override.
    package func userReplaceSelection(with string: String) {
        pendingKeyInput = PendingKeyInput()
        insertText(string)
        pendingKeyInput = nil
    }

    /// The user pressed Delete (§1.5 S2, deletion): `deleteBackward()` is called even when there is nothing to
    /// delete (UIKit does, which is how code notices Delete in an empty field).
    package func userDeleteBackward() {
        pendingKeyInput = PendingKeyInput()
        deleteBackward()
        pendingKeyInput = nil
    }

    /// Inserts `text` at the selection, replacing marked text. For the user's key the delegate is asked first and
    /// the change callbacks follow; called from code it asks no delegate and sends no events, as
    /// `UITextView.insertText(_:)` does (#51) [U].
    open func insertText(_ text: String) {
        let isKey = pendingKeyInput.take() != nil
        let range = (markedRange ?? selection).clamped(toLength: storedText.utf16.count)
        if isKey { guard askShouldChange(range, replacement: text) else { return } }
        applyEdit(range, with: text, selection: nil, marks: false, sendsEvents: isKey)
    }

    /// Deletes the selection (or marked text) or the character before the caret; with nothing there it does
    /// nothing. For the user's Delete key the delegate is asked first and the change callbacks follow.
    open func deleteBackward() {
        let isKey = pendingKeyInput.take() != nil
        guard let deletion = TextEdit.deletionRange(in: storedText, selection: selection) else { return }
        let range = (markedRange ?? deletion).clamped(toLength: storedText.utf16.count)
        if isKey { guard askShouldChange(range, replacement: "") else { return } }
        applyEdit(range, with: "", selection: nil, marks: false, sendsEvents: isKey)
    }

    private func didChangeSelectionNotify() {
        guard let delegate, UIKitSystem.shared.behavior.textFieldDidChangeSelectionExists else { return }
        _ = UIKitSystem.shared.callDelegate("textFieldDidChangeSelection(\(traceName(self)))") {
            delegate.textFieldDidChangeSelection(self)
        }
    }

    private func textDidChangeNotify() {
        let system = UIKitSystem.shared
        let post = {
            system.postEditingNotification(
                UITextField.textDidChangeNotification, label: "UITextField.textDidChangeNotification", object: self)
        }
        if system.behavior.editingChangedBeforeTextDidChange {
            sendControlEvent(.editingChanged)
            post()
        } else {
            post()
            sendControlEvent(.editingChanged)
        }
    }

    /// The user tapped the clear button (§1.5 S3); nothing happens if it is not showing.
    package func userTapClearButton() {
        guard isClearButtonVisible else { return }
        guard askShouldClear() else { return }
        storedText = ""
        selection = NSRange(location: 0, length: 0)
        UIKitSystem.shared.trace(.control, "\(traceName(self)).text = \"\"")
        textDidChangeNotify()
    }

    // MARK: Overlay views

    private func installOverlay(old: UIView?, new: UIView?) {
        if let old, old !== new, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    /// Whether an overlay view with `mode` is shown now.
    package func shows(_ mode: ViewMode) -> Bool {
        switch mode {
        case .never: return false
        case .always: return true
        case .whileEditing: return isEditing
        case .unlessEditing: return !isEditing
        }
    }

    /// The left overlay's frame: its own size, at the leading edge, centred vertically.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let leftView else { return .zero }
        let size = overlaySize(leftView)
        return CGRect(x: bounds.minX, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The right overlay's frame: its own size, at the trailing edge, centred vertically.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let rightView else { return .zero }
        let size = overlaySize(rightView)
        return CGRect(x: bounds.maxX - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// An overlay's size as UIKit lays it out since iOS 13 (Auto Layout fitting): an active width or height
    /// constraint on the overlay itself, else its intrinsic size where it has one (an image view, a button), else its
    /// frame's size [W: the iOS 13 change that made a framed image view take its image's size].
    private func overlaySize(_ overlay: UIView) -> CGSize {
        let intrinsic = overlay.intrinsicContentSize
        func fitted(_ attribute: NSLayoutConstraint.Attribute, intrinsic: CGFloat, frame: CGFloat) -> CGFloat {
            let pinned = overlay.constraints.first {
                $0.isActive && $0.firstItem === overlay && $0.secondItem == nil && $0.firstAttribute == attribute
                    && $0.relation == .equal
            }
            if let pinned { return pinned.constant }
            return intrinsic == UIView.noIntrinsicMetric ? frame : intrinsic
        }
        return CGSize(
            width: fitted(.width, intrinsic: intrinsic.width, frame: overlay.bounds.width),
            height: fitted(.height, intrinsic: intrinsic.height, frame: overlay.bounds.height))
    }

    /// The rectangle of the placeholder: by default the text rectangle, so an override of `textRect(forBounds:)`
    /// moves the placeholder too, as in UIKit.
    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle of the border: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The rectangle of the clear button: 19 pt square, 5 pt from the trailing edge, centred vertically [U].
    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.maxX - 24, y: bounds.midY - 9.5, width: 19, height: 19)
    }

    /// The rectangle of the editable text, between the overlay views that are shown.
    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    /// The rectangle of the text, between the overlay views that are shown.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        var rect = bounds
        if leftView != nil, shows(leftViewMode) {
            let width = leftViewRect(forBounds: bounds).width
            rect.origin.x += width
            rect.size.width -= width
        }
        if rightView != nil, shows(rightViewMode) { rect.size.width -= rightViewRect(forBounds: bounds).width }
        return rect
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        if let leftView {
            leftView.frame = leftViewRect(forBounds: bounds)
            leftView.isHidden = !shows(leftViewMode)
        }
        if let rightView {
            rightView.frame = rightViewRect(forBounds: bounds)
            rightView.isHidden = !shows(rightViewMode)
        }
    }

    /// The user pressed Return (§1.5 S4).
    package func userReturn() {
        let system = UIKitSystem.shared
        var shouldReturn = true
        if let delegate {
            shouldReturn = system.callDelegate("textFieldShouldReturn(\(traceName(self)))", result: { "\($0)" }) {
                delegate.textFieldShouldReturn(self)
            }.value
        }
        guard shouldReturn, isFirstResponder else { return }
        let resigns = hasActions(for: .editingDidEndOnExit)
        sendControlEvent(.editingDidEndOnExit)
        // Any action attached to Did End On Exit makes the field resign (the classic dismiss trick).
        if resigns && isFirstResponder { resignFirstResponder() }
    }

    // MARK: Hardware keyboard presses

    /// Types the keys a text field uses (characters, Return, Delete, the arrows) and passes the others on.
    open override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let others = typeHardwarePresses(presses)
        if !others.isEmpty { super.pressesBegan(others, with: event) }
    }

    /// Passes on the ends of the presses it did not type.
    open override func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
        let others = presses.filter { !$0.usedAsText }
        if !others.isEmpty { super.pressesEnded(others, with: event) }
    }
}

extension UITextField: MarkedTextStorage {
    package var inputText: String { text ?? "" }
    package var inputSelection: NSRange { selection }
    package var inputMarkedRange: NSRange? { markedRange }

    package func setInputSelection(_ range: NSRange) {
        // Apple: "When the text field's selection changes, the contents of the dictionary are cleared automatically."
        if range != selection { storedTypingAttributes = nil }
        selection = range
        didChangeSelectionNotify()
    }

    package func clearMarkedRange() { markedRange = nil }

    package func restoreMarkedRange(_ range: NSRange?) {
        guard let range, range.location + range.length <= inputText.utf16.count else { return }
        markedRange = range
    }

    package func askShouldChange(_ ranges: [NSRange], replacement string: String) -> Bool {
        guard let delegate else { return true }
        let system = UIKitSystem.shared
        return ShouldChangeQuestion.ask(
            ranges, behavior: system.behavior,
            askRanges: { ranges in
                system.callDelegate(
                    "textField(\(traceName(self)), shouldChangeCharactersInRanges: \(ShouldChangeQuestion.traceText(ranges)), "
                        + "replacementString: \(quoted(string)))",
                    result: { "\($0)" }
                ) {
                    delegate.textField(
                        self, shouldChangeCharactersInRanges: ShouldChangeQuestion.values(ranges), replacementString: string)
                }
            },
            askSingle: { range in
                system.callDelegate(
                    "textField(\(traceName(self)), shouldChangeCharactersIn: {\(range.location), \(range.length)}, "
                        + "replacementString: \(quoted(string)))",
                    result: { "\($0)" }
                ) { delegate.textField(self, shouldChangeCharactersIn: range, replacementString: string) }
            })
    }

    package func applyEdit(_ range: NSRange, with string: String, selection inString: NSRange?, marks: Bool, sendsEvents: Bool) {
        let caret: NSRange
        (text, caret) = TextEdit.replacing(range, in: text ?? "", with: string)
        let start = caret.location - string.utf16.count
        selection = inString.map { NSRange(location: start + $0.location, length: $0.length) } ?? caret
        markedRange = marks && !string.isEmpty ? NSRange(location: start, length: string.utf16.count) : nil
        UIKitSystem.shared.trace(.control, "\(traceName(self)).text = \(quoted(text ?? ""))")
        guard sendsEvents else { return }
        didChangeSelectionNotify()
        textDidChangeNotify()
    }
}
