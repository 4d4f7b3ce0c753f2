import Foundation
import UIKitBehavior

/// A scrollable, multi-line text editor, as UIKit's `UITextView` (§1.2, §1.5 S1', S2').
///
/// `delegate` is inherited from `UIScrollView` (Swift cannot narrow a stored property's type as Objective-C
/// does), so it reads back as `UIScrollViewDelegate?`; assign any `UITextViewDelegate` to it as usual.
open class UITextView: UIScrollView {
    /// Posted after the text view began editing; the object is the text view.
    nonisolated public static let textDidBeginEditingNotification = Notification.Name("UITextViewTextDidBeginEditingNotification")
    /// Posted after the user changed the text; the object is the text view.
    nonisolated public static let textDidChangeNotification = Notification.Name("UITextViewTextDidChangeNotification")
    /// Posted after the text view ended editing; the object is the text view.
    nonisolated public static let textDidEndEditingNotification = Notification.Name("UITextViewTextDidEndEditingNotification")

    /// The text, as the text storage holds it.
    private var storedText: String { textStorage.string }
    /// Whether the text storage is being changed by the view itself (so the view does not react to its own edit).
    private var editingOwnStorage = false
    private var storedSelection = NSRange(location: 0, length: 0)
    /// The ranges of a multiple selection after the first (`selectedRanges`), ascending; usually empty.
    private var extraSelections: [NSRange] = []
    /// The marked (input-method) text, in UTF-16 units.
    package private(set) var markedRange: NSRange?
    /// Attributes for marked text (stored only).
    open var markedTextStyle: [NSAttributedString.Key: Any]?
    private var storedInputView: UIView?
    private var storedInputAccessoryView: UIView?

    /// Whether the font follows the user's text size (stored; the simulated user keeps the default size).
    open var adjustsFontForContentSizeCategory = false

    open var font: UIFont? = UIFont.systemFont(ofSize: 12) {
        didSet { updateContentSize() }
    }
    open var textColor: UIColor? = .label
    open var textAlignment: NSTextAlignment = .natural
    open var isEditable = true
    open var isSelectable = true
    /// Stored; the model offers no style actions (bold, italic, underline) in the edit menu, see "Edit menus".
    open var allowsEditingTextAttributes = false
    /// The attributes links are drawn with: stored and read back, not drawn (the model draws no attributes).
    open var linkTextAttributes: [NSAttributedString.Key: Any]! = [:]
    open var keyboardType: UIKeyboardType = .default
    open var returnKeyType: UIReturnKeyType = .default
    open var autocapitalizationType: UITextAutocapitalizationType = .sentences
    open var autocorrectionType: UITextAutocorrectionType = .default
    open var spellCheckingType: UITextSpellCheckingType = .default
    open var smartQuotesType: UITextSmartQuotesType = .default
    open var smartDashesType: UITextSmartDashesType = .default
    open var smartInsertDeleteType: UITextSmartInsertDeleteType = .default
    /// Whether the keyboard offers inline predictions; `.no` keeps the view free of predicted marked text (#157).
    @available(iOS 17.0, *)
    open var inlinePredictionType: UITextInlinePredictionType = .default
    private var storedWritingToolsBehavior = UIWritingToolsBehavior.default
    /// Writing Tools for the view. It never reads back `.default`: the system substitutes an option for the
    /// device (#185); the model's devices all read `.complete` [U: which devices get `.limited` or `.none`].
    @available(iOS 18.0, *)
    open var writingToolsBehavior: UIWritingToolsBehavior {
        get { storedWritingToolsBehavior == .default ? .complete : storedWritingToolsBehavior }
        set { storedWritingToolsBehavior = newValue }
    }
    /// Whether a Writing Tools session is running; the model starts none, so it is always false (#186).
    @available(iOS 18.0, *)
    open var isWritingToolsActive: Bool { false }
    open var keyboardAppearance: UIKeyboardAppearance = .default
    /// Whether the Return key is disabled while the text is empty (the simulator's Return then does nothing).
    open var enablesReturnKeyAutomatically = false
    open var isSecureTextEntry = false
    /// The text with its attributes, as the text storage holds them (links included); text typed later takes the
    /// attributes of the text before it, as Foundation's `replaceCharacters(in:with:)` gives them. Drawn plain.
    open var attributedText: NSAttributedString! {
        get { textStorage.snapshot() }
        set {
            let value = newValue ?? NSAttributedString(string: "")
            editingOwnStorage = true
            textStorage.setAttributedString(value)
            editingOwnStorage = false
            markedRange = nil
            updateContentSize()
            setSelection(NSRange(location: storedText.utf16.count, length: 0))
        }
    }
    open var textContentType: UITextContentType!
    /// The rules for a suggested strong password (stored; the model has no AutoFill).
    @available(iOS 12.0, *)
    open var passwordRules: UITextInputPasswordRules?
    /// The inset of the text inside the view.
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { updateContentSize() }
    }

    /// The container the text is laid out in (its `lineFragmentPadding` indents the text on both sides).
    public let textContainer: NSTextContainer
    /// The storage holding the text: the container's layout manager's when it has one, else the view's own.
    public let textStorage: NSTextStorage
    private let ownLayoutManager: NSLayoutManager
    /// TextKit 2's layout manager while the view uses TextKit 2 (nil after falling back to TextKit 1).
    private var storedTextLayoutManager: AnyObject?

    /// A text view laying its text out in `textContainer`: a container that already belongs to a layout manager (a
    /// TextKit 1 stack built by hand) keeps it and its storage, and the view uses TextKit 1; otherwise (a new
    /// container when `nil`) the view makes its own TextKit 1 objects and, on iOS 16 and later, uses TextKit 2.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        let container = textContainer ?? NSTextContainer()
        self.textContainer = container
        if let manager = container.ownLayoutManager {
            ownLayoutManager = manager
            if let storage = manager.textStorage {
                textStorage = storage
            } else {
                textStorage = NSTextStorage()
                textStorage.addLayoutManager(manager)
            }
        } else {
            textStorage = NSTextStorage()
            ownLayoutManager = NSLayoutManager()
            textStorage.addLayoutManager(ownLayoutManager)
            ownLayoutManager.addTextContainer(container)
            if #available(iOS 16.0, *) { storedTextLayoutManager = Self.makeTextLayoutManager(container) }
        }
        super.init(frame: frame)
        container.textView = self
        updateContentSize()
    }

    /// A text view with a new text container (UIKit declares it a convenience initializer).
    public override convenience init(frame: CGRect) { self.init(frame: frame, textContainer: nil) }

    /// A text view using TextKit 2 (`true`) or TextKit 1 (`false`) from the start.
    @available(iOS 16.0, *)
    public convenience init(usingTextLayoutManager: Bool) {
        self.init(frame: .zero, textContainer: nil)
        if !usingTextLayoutManager { storedTextLayoutManager = nil }
    }

    public required init?(coder: NSCoder) {
        textContainer = NSTextContainer()
        textStorage = NSTextStorage()
        ownLayoutManager = NSLayoutManager()
        textStorage.addLayoutManager(ownLayoutManager)
        ownLayoutManager.addTextContainer(textContainer)
        super.init(coder: coder)
        if #available(iOS 16.0, *) { storedTextLayoutManager = Self.makeTextLayoutManager(textContainer) }
        textContainer.textView = self
    }

    @available(iOS 16.0, *)
    private static func makeTextLayoutManager(_ container: NSTextContainer) -> NSTextLayoutManager {
        let manager = NSTextLayoutManager()
        manager.textContainer = container
        return manager
    }

    /// TextKit 1's layout manager. Reading it from a view using TextKit 2 switches the view to TextKit 1 for good
    /// (`textLayoutManager` becomes nil), as UIKit does to keep older code working.
    open var layoutManager: NSLayoutManager {
        fallBackToTextKit1()
        return ownLayoutManager
    }

    /// TextKit 2's layout manager, nil when the view uses TextKit 1.
    @available(iOS 16.0, *)
    open var textLayoutManager: NSTextLayoutManager? { currentTextLayoutManager }

    @available(iOS 15.0, *)
    package var currentTextLayoutManager: NSTextLayoutManager? {
        guard let manager = storedTextLayoutManager as? NSTextLayoutManager else { return nil }
        manager.owner = self
        return manager
    }

    package func fallBackToTextKit1() {
        guard storedTextLayoutManager != nil else { return }
        storedTextLayoutManager = nil
        UIKitSystem.shared.trace(.control, "\(traceName(self)) switched to TextKit 1")
    }

    /// Replaces `range` of the text through the storage, as the view's own edit.
    private func replaceStored(_ range: NSRange, with string: String) {
        editingOwnStorage = true
        defer { editingOwnStorage = false }
        textStorage.beginEditing()
        textStorage.replaceCharacters(in: range, with: string)
        textStorage.endEditing()
    }

    /// Code changed the storage directly: the selection stays inside the text and the size follows it.
    package func textStorageDidProcessEditing() {
        guard !editingOwnStorage else { return }
        markedRange = nil
        let length = storedText.utf16.count
        storedSelection = storedSelection.clamped(toLength: length)
        extraSelections = extraSelections.map { $0.clamped(toLength: length) }
        updateContentSize()
    }

    /// The model's layout of the text (container coordinates), used by the layout managers.
    package var textLayout: TextLayout {
        TextLayout(text: storedText, font: font ?? UIFont.systemFont(ofSize: 12),
                   containerWidth: bounds.width - textContainerInset.left - textContainerInset.right,
                   padding: lineFragmentPadding)
    }

    /// The text; assigning it calls no delegate method except the selection change (§9 #19, #20).
    open var text: String! {
        get { storedText }
        set {
            // The whole text is replaced without attributes, as a new plain text.
            editingOwnStorage = true
            textStorage.setAttributedString(NSAttributedString(string: newValue ?? ""))
            editingOwnStorage = false
            // Assigning the text ends any composition (the input method starts afresh).
            markedRange = nil
            updateContentSize()
            setSelection(NSRange(location: storedText.utf16.count, length: 0))
        }
    }

    /// The selection in UTF-16 units; setting it calls `textViewDidChangeSelection` and ends a multiple selection.
    /// Deprecated in the iOS 27 SDK in favour of `selectedRanges` (#153; the warning: docs/model.md "Deployment target").
    open var selectedRange: NSRange {
        get { storedSelection }
        set {
            resetTypingAttributes(for: [newValue])
            setSelections([newValue])
        }
    }

    /// The selected ranges, ascending (iOS 26 multiple selection, uikit-behaviour-3 §B9); the first is `selectedRange`.
    /// Typing replaces them all through one should-change question with every range (#150).
    @available(iOS 26.0, *)
    open var selectedRanges: [NSRange] {
        get { [storedSelection] + extraSelections }
        set {
            resetTypingAttributes(for: newValue)
            setSelections(newValue)
        }
    }

    /// Whether the text view has any text.
    open var hasText: Bool { !storedText.isEmpty }

    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }

    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    /// Inserts `text` at the selection as code does: no `shouldChangeTextIn`, no `textViewDidChange` (#51); for
    /// the user's key the delegate is asked first and the change callbacks follow.
    open func insertText(_ text: String) {
        if pendingKeyInput.take() != nil {
            if markedRange == nil, !extraSelections.isEmpty {
                replace(multiple: [storedSelection] + extraSelections, with: text)
                return
            }
            let range = (markedRange ?? storedSelection).clamped(toLength: storedText.utf16.count)
            guard askShouldChange(range, replacement: text) else { return }
            applyEdit(range, with: text, selection: nil, marks: false, sendsEvents: true)
            return
        }
        let range = storedSelection.clamped(toLength: storedText.utf16.count)
        replaceStored(range, with: text)
        updateContentSize()
        setSelection(NSRange(location: range.location + text.utf16.count, length: 0))
    }

    /// Deletes the character before the caret as code does, without delegate calls; for the user's Delete key the
    /// change callbacks follow.
    open func deleteBackward() {
        if pendingKeyInput.take() != nil {
            guard let deletion = TextEdit.deletionRange(in: storedText, selection: storedSelection) else { return }
            let range = (markedRange ?? deletion).clamped(toLength: storedText.utf16.count)
            guard askShouldChange(range, replacement: "") else { return }
            applyEdit(range, with: "", selection: nil, marks: false, sendsEvents: true)
            return
        }
        guard let range = TextEdit.deletionRange(in: storedText, selection: storedSelection) else { return }
        replaceStored(range, with: "")
        updateContentSize()
        setSelection(NSRange(location: range.location, length: 0))
    }

    /// Scrolls so that the text in `range` is visible.
    open func scrollRangeToVisible(_ range: NSRange) {
        scrollRectToVisible(caretRect(at: range.location + range.length), animated: false)
    }

    /// Without scrolling a text view is as tall as its text (the "growing text view"); otherwise it has no size.
    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled else { return super.intrinsicContentSize }
        return CGSize(width: UIView.noIntrinsicMetric, height: textHeight(forWidth: bounds.width))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: textHeight(forWidth: size.width))
    }

    open override var frame: CGRect {
        didSet { updateContentSize() }
    }

    // MARK: Metrics

    private var pointSize: CGFloat { (font ?? UIFont.systemFont(ofSize: 12)).pointSize }
    private var lineHeight: CGFloat { (font ?? UIFont.systemFont(ofSize: 12)).lineHeight }
    /// The text container's line fragment padding on each side.
    private var lineFragmentPadding: CGFloat { textContainer.lineFragmentPadding }

    /// The wrapped lines of the text for the current width.
    package var layoutLines: [String] {
        TextMetrics.lines(of: storedText, width: layoutWidth(bounds.width), pointSize: pointSize)
    }

    private func layoutWidth(_ width: CGFloat) -> CGFloat {
        width - textContainerInset.left - textContainerInset.right - 2 * lineFragmentPadding
    }

    private func textHeight(forWidth width: CGFloat) -> CGFloat {
        let lines = TextMetrics.lines(of: storedText, width: layoutWidth(width), pointSize: pointSize)
        return CGFloat(max(lines.count, 1)) * lineHeight + textContainerInset.top + textContainerInset.bottom
    }

    private func updateContentSize() {
        let size = CGSize(width: bounds.width, height: textHeight(forWidth: bounds.width))
        if contentSize != size { contentSize = size }
    }

    /// The caret before UTF-16 `location` in content coordinates: on the laid-out line that holds it (at a wrap, the
    /// next line's start), after the width of the text before it on that line, one line tall and 2 pt wide. Scrolling
    /// to the caret, `caretRect(for:)` and the snapshot's caret all use it.
    package func caretRect(at location: Int) -> CGRect {
        let (line, prefix) = lineAndPrefix(at: location)
        return CGRect(
            x: textContainerInset.left + lineFragmentPadding + TextMetrics.width(of: prefix, pointSize: pointSize),
            y: textContainerInset.top + CGFloat(line) * lineHeight, width: 2, height: lineHeight)
    }

    /// The laid-out line holding `location` and the part of that line before it.
    private func lineAndPrefix(at location: Int) -> (line: Int, prefix: String) {
        let lines = layoutLines
        let units = Array(storedText.utf16)
        let target = min(max(location, 0), units.count)
        var lineStart = 0
        for (index, line) in lines.enumerated() {
            let count = line.utf16.count
            let end = lineStart + count
            let breaksHere = end < units.count && units[end] == 10
            if target < end || (target == end && (index == lines.count - 1 || breaksHere)) {
                let lineUnits = Array(line.utf16)
                return (index, String(decoding: lineUnits[..<(target - lineStart)], as: UTF16.self))
            }
            lineStart = end + (breaksHere ? 1 : 0)
        }
        return (max(lines.count - 1, 0), "")
    }

    // MARK: Edit menu and caret geometry

    /// Whether the view offers `action` (the standard edit actions by the model's rule, docs/model.md "Edit menus").
    open override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        TextEditActions.canPerform(
            action.name, text: storedText, selection: storedSelection, editable: isEditable, secure: isSecureTextEntry)
            ?? super.canPerformAction(action, withSender: sender)
    }

    /// Pastes the simulated user's text as typing does (the delegate is asked); called from code it traps, since the
    /// model has no pasteboard.
    open override func paste(_ sender: Any?) {
        guard let paste = pendingPaste.take() else { TextEditActions.noPasteboard("paste(_:)", in: "UITextView") }
        userReplaceSelection(with: paste.text)
    }
    open override func copy(_ sender: Any?) { TextEditActions.noPasteboard("copy(_:)", in: "UITextView") }
    open override func cut(_ sender: Any?) { TextEditActions.noPasteboard("cut(_:)", in: "UITextView") }
    open override func select(_ sender: Any?) { TextEditActions.noWordSelection(in: "UITextView") }
    /// Selects the whole text, as code setting the selection does.
    open override func selectAll(_ sender: Any?) {
        setInputSelection(NSRange(location: 0, length: storedText.utf16.count))
    }
    /// Deletes the selection as an edit by the user: the delegate is asked, the change events follow [U].
    open override func delete(_ sender: Any?) {
        let range = storedSelection.clamped(toLength: storedText.utf16.count)
        guard range.length > 0, askShouldChange(range, replacement: "") else { return }
        applyEdit(range, with: "", selection: nil, marks: false, sendsEvents: true)
    }

    /// The user's paste waiting for `paste(_:)`.
    package var pendingPaste: PendingPaste?

    /// Where the caret is drawn before `position`, in the view's (content) coordinates, on the model's text layout.
    open func caretRect(for position: UITextPosition) -> CGRect { caretRect(at: position.offset) }

    /// The rectangle around the part of `range` on its first line.
    open func firstRect(for range: UITextRange) -> CGRect {
        let start = caretRect(at: range.start.offset)
        let (line, prefix) = lineAndPrefix(at: range.start.offset)
        let lineText = line < layoutLines.count ? layoutLines[line] : ""
        let end = caretRect(at: range.end.offset)
        let right = end.minY == start.minY
            ? end.minX
            : start.minX + TextMetrics.width(of: String(lineText.dropFirst(prefix.count)), pointSize: pointSize)
        return CGRect(x: start.minX, y: start.minY, width: right - start.minX, height: start.height)
    }

    /// The position whose caret is nearest `point`: the line nearest it, then the nearest caret on that line.
    open func closestPosition(to point: CGPoint) -> UITextPosition? {
        closestCaretPosition(to: point, in: inputText, from: 0, to: inputText.utf16.count)
    }

    /// The position within `range` whose caret is nearest `point`.
    open func closestPosition(to point: CGPoint, within range: UITextRange) -> UITextPosition? {
        closestCaretPosition(to: point, in: inputText, from: range.start.offset, to: range.end.offset)
    }

    /// The highlight of `range`: one rectangle per laid-out line it touches, from the caret at its start (or the line's
    /// start) to the caret at its end (or the line's end).
    open func selectionRects(for range: UITextRange) -> [UITextSelectionRect] {
        guard !range.isEmpty else { return [] }
        let start = caretRect(at: range.start.offset)
        let end = caretRect(at: range.end.offset)
        let left = textContainerInset.left + lineFragmentPadding
        var rects: [UITextSelectionRect] = []
        var y = start.minY
        while y <= end.minY {
            let (line, _) = lineAndPrefix(at: range.start.offset)
            let index = line + rects.count
            let lineWidth = index < layoutLines.count ? TextMetrics.width(of: layoutLines[index], pointSize: pointSize) : 0
            let from = y == start.minY ? start.minX : left
            let to = y == end.minY ? end.minX : left + lineWidth
            rects.append(UITextSelectionRect(
                rect: CGRect(x: from, y: y, width: max(to - from, 0), height: lineHeight),
                containsStart: y == start.minY, containsEnd: y == end.minY))
            y += lineHeight
        }
        return rects
    }

    /// Attributes for the text the user types next: the font and colour of the view unless set (stored; the model
    /// keeps no attributes in edited text, so they are not applied to it).
    open var typingAttributes: [NSAttributedString.Key: Any] {
        get { storedTypingAttributes ?? [.font: font ?? UIFont.systemFont(ofSize: 12), .foregroundColor: textColor ?? UIColor.label] }
        set { storedTypingAttributes = newValue }
    }
    private var storedTypingAttributes: [NSAttributedString.Key: Any]?

    /// Apple: "When the text view's selection changes, the contents of the dictionary are cleared automatically" —
    /// a selection moved by code or the user; an edit's caret keeps them (the typed text has them on iOS).
    private func resetTypingAttributes(for ranges: [NSRange]) {
        let clamped = ranges.map { $0.clamped(toLength: storedText.utf16.count) }.sorted { $0.location < $1.location }
        if clamped != [storedSelection] + extraSelections { storedTypingAttributes = nil }
    }

    /// The kinds of data turned into links when the view is not editable (stored; the model detects no data and
    /// simulates no taps on links).
    open var dataDetectorTypes: UIDataDetectorTypes = []

    private var textDelegate: UITextViewDelegate? { delegate as? UITextViewDelegate }

    /// The user's key waiting for `insertText(_:)` / `deleteBackward()`.
    package var pendingKeyInput: PendingKeyInput?

    private func setSelection(_ requested: NSRange) { setSelections([requested]) }

    /// Sets the selected ranges (sorted; an empty list keeps the selection), telling the delegate when they changed.
    private func setSelections(_ requested: [NSRange]) {
        // UIKit clamps a selection that runs past the end of the text.
        let ranges = requested.map { $0.clamped(toLength: storedText.utf16.count) }.sorted { $0.location < $1.location }
        guard let range = ranges.first, ranges != [storedSelection] + extraSelections else { return }
        storedSelection = range
        extraSelections = Array(ranges.dropFirst())
        guard let delegate = textDelegate else { return }
        _ = UIKitSystem.shared.callDelegate("textViewDidChangeSelection(\(traceName(self)))") {
            delegate.textViewDidChangeSelection(self)
        }
    }

    // MARK: Responder hooks

    package override var wantsSystemKeyboard: Bool { isEditable }

    package override var systemKeyboardType: UIKeyboardType? { isEditable ? keyboardType : nil }

    package override func canBecomeFirstResponderForBecome() -> Bool {
        guard canBecomeFirstResponder else { return false }
        guard let delegate = textDelegate else { return true }
        return UIKitSystem.shared.callDelegate(
            "textViewShouldBeginEditing(\(traceName(self)))", result: { "\($0)" }
        ) { delegate.textViewShouldBeginEditing(self) }.value
    }

    package override func editingNotificationsPrecedeKeyboard(_ behavior: BehaviorProfile) -> Bool {
        !behavior.textViewKeyboardWillBeforeDidBegin
    }

    package override func didBecomeFirstResponderNotify() {
        let system = UIKitSystem.shared
        if let delegate = textDelegate {
            _ = system.callDelegate("textViewDidBeginEditing(\(traceName(self)))") {
                delegate.textViewDidBeginEditing(self)
            }
        }
        system.postEditingNotification(
            UITextView.textDidBeginEditingNotification, label: "UITextView.textDidBeginEditingNotification",
            object: self)
    }

    package override func shouldEndEditingForResign() -> Bool {
        guard let delegate = textDelegate else { return true }
        return UIKitSystem.shared.callDelegate(
            "textViewShouldEndEditing(\(traceName(self)))", result: { "\($0)" }
        ) { delegate.textViewShouldEndEditing(self) }.value
    }

    package override func didResignFirstResponderNotify() {
        let system = UIKitSystem.shared
        if let delegate = textDelegate {
            _ = system.callDelegate("textViewDidEndEditing(\(traceName(self)))") {
                delegate.textViewDidEndEditing(self)
            }
        }
        system.postEditingNotification(
            UITextView.textDidEndEditingNotification, label: "UITextView.textDidEndEditingNotification",
            object: self)
    }

    // MARK: The user's keyboard

    /// The user typed or pasted `string` (Return arrives here as "\n") (§1.5 S2'): the key goes through
    /// `insertText(_:)`, which a subclass may override; the delegate is asked there.
    package func userReplaceSelection(with string: String) {
        guard isEditable else { return }
        pendingKeyInput = PendingKeyInput()
        insertText(string)
        pendingKeyInput = nil
    }

    /// Typing over a multiple selection: one question with every range; if allowed, UIKit puts the string into one
    /// range "at its own discretion" (the model: the first) and deletes the others (#150).
    private func replace(multiple ranges: [NSRange], with string: String) {
        let clamped = ranges.map { $0.clamped(toLength: storedText.utf16.count) }
        guard askShouldChange(clamped, replacement: string) else { return }
        extraSelections = []
        for range in clamped.dropFirst().reversed() {
            replaceStored(range, with: "")
        }
        applyEdit(clamped[0], with: string, selection: nil, marks: false, sendsEvents: true)
    }

    /// The user pressed Delete: `deleteBackward()` is called even with nothing to delete, as in UIKit.
    package func userDeleteBackward() {
        guard isEditable else { return }
        pendingKeyInput = PendingKeyInput()
        deleteBackward()
        pendingKeyInput = nil
    }

    package func applyEdit(_ range: NSRange, with string: String, selection inString: NSRange?, marks: Bool, sendsEvents: Bool) {
        let system = UIKitSystem.shared
        let delegate = textDelegate
        var caret: NSRange
        let applied = range.clamped(toLength: storedText.utf16.count)
        replaceStored(applied, with: string)
        caret = NSRange(location: applied.location + string.utf16.count, length: 0)
        let start = caret.location - string.utf16.count
        if let inString { caret = NSRange(location: start + inString.location, length: inString.length) }
        markedRange = marks && !string.isEmpty ? NSRange(location: start, length: string.utf16.count) : nil
        updateContentSize()
        system.trace(.control, "\(traceName(self)).text = \(quoted(storedText))")
        guard sendsEvents else {
            storedSelection = caret
            extraSelections = []
            return
        }
        let didChange = {
            if let delegate {
                _ = system.callDelegate("textViewDidChange(\(traceName(self)))") { delegate.textViewDidChange(self) }
            }
        }
        if system.behavior.textViewSelectionBeforeChange {
            setSelection(caret)
            didChange()
        } else {
            didChange()
            setSelection(caret)
        }
        system.postEditingNotification(
            UITextView.textDidChangeNotification, label: "UITextView.textDidChangeNotification", object: self)
        // The text view keeps the caret visible as the user types.
        if isScrollEnabled { scrollRangeToVisible(caret) }
    }

    // MARK: Hardware keyboard presses

    /// Types the keys a text view uses (characters, Return, Delete, the arrows) and passes the others on.
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

extension UITextView: MarkedTextStorage {
    package var inputText: String { storedText }
    package var inputSelection: NSRange { storedSelection }
    package var inputMarkedRange: NSRange? { markedRange }
    package func setInputSelection(_ range: NSRange) { selectedRange = range }
    package func clearMarkedRange() { markedRange = nil }

    package func restoreMarkedRange(_ range: NSRange?) {
        guard let range, range.location + range.length <= inputText.utf16.count else { return }
        markedRange = range
    }

    package func askShouldChange(_ ranges: [NSRange], replacement string: String) -> Bool {
        guard let delegate = textDelegate else { return true }
        let system = UIKitSystem.shared
        return ShouldChangeQuestion.ask(
            ranges, behavior: system.behavior,
            askRanges: { ranges in
                system.callDelegate(
                    "textView(\(traceName(self)), shouldChangeTextInRanges: \(ShouldChangeQuestion.traceText(ranges)), "
                        + "replacementText: \(quoted(string)))",
                    result: { "\($0)" }
                ) {
                    delegate.textView(self, shouldChangeTextInRanges: ShouldChangeQuestion.values(ranges), replacementText: string)
                }
            },
            askSingle: { range in
                system.callDelegate(
                    "textView(\(traceName(self)), shouldChangeTextIn: {\(range.location), \(range.length)}, "
                        + "replacementText: \(quoted(string)))",
                    result: { "\($0)" }
                ) { delegate.textView(self, shouldChangeTextIn: range, replacementText: string) }
            })
    }
}
