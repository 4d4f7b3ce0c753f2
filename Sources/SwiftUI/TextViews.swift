import UIKitModel
import UIKitBehavior

/// Assigns code's new text to a field being edited: UIKit moves the caret to the end (S17); with
/// `externalTextChangeMovesCaretToEnd` off, the caret goes back to its offset (clamped to the new text).
@MainActor func assignKeepingCaretIfProfileSays<Input: UIView & UITextInput>(
    _ input: Input, _ value: String, assign: (String) -> Void
) {
    let keepsCaret = !UIKitSystem.shared.behavior.swiftUI.externalTextChangeMovesCaretToEnd && input.isFirstResponder
    let caret = input.selectedTextRange.map { input.offset(from: input.beginningOfDocument, to: $0.start) }
    assign(value)
    guard keepsCaret, let caret,
        let position = input.position(from: input.beginningOfDocument, offset: min(caret, value.utf16.count))
    else { return }
    input.selectedTextRange = input.textRange(from: position, to: position)
}
import UIKitBehavior

/// What a `TextEditor` or a vertical `TextField` shows and edits.
struct TextViewSpec {
    var placeholder: String?
    var text: Binding<String>
    /// A `TextEditor` (fills what it is offered) rather than a vertical field (grows with its lines, S5).
    var isEditor: Bool
    var submitActions: [SubmitAction]
    var focusTargets: [FocusTarget]
    var traits: TextTraits
    /// `selection:` (iOS 18): the binding the text view's selection follows.
    var selection: Binding<TextSelection?>? = nil
}

/// A multi-line editable text, as SwiftUI's `TextEditor`; backed by a `UITextView` (S1, S7).
@available(iOS 14.0, *)
public struct TextEditor: View, PrimitiveView {
    public typealias Body = Never
    let text: Binding<String>
    var selection: Binding<TextSelection?>?

    public init(text: Binding<String>) { self.text = text }

    func resolve(in context: ResolveContext) -> Element {
        Element(.textView(TextViewSpec(
            placeholder: nil, text: text, isEditor: true, submitActions: [], focusTargets: context.focusTargets,
            traits: context.traits, selection: selection)), context)
    }
}

extension TextField where Label == Text {
    /// A field that grows vertically with its text when `axis` is `.vertical` (S5, S6); backed by a `UITextView`.
    @available(iOS 16.0, *)
    public init(_ titleKey: String, text: Binding<String>, axis: Axis) {
        self.init(title: titleKey, prompt: nil, text: text, axis: axis)
    }

    @available(iOS 16.0, *)
    public init(_ titleKey: String, text: Binding<String>, prompt: Text?, axis: Axis) {
        self.init(title: titleKey, prompt: prompt, text: text, axis: axis)
    }
}

/// The horizontal or vertical dimension, as SwiftUI's `Axis`.
public enum Axis: Int8, CaseIterable, Sendable {
    case horizontal, vertical
}

extension View {
    /// Limits the lines a vertical field shows (`nil`: no limit); past the limit it scrolls (S5).
    public func lineLimit(_ number: Int?) -> some View {
        applying(.traits { $0.lineLimit = (nil, number) })
    }

    /// A vertical field starts at the lower bound and grows to the upper bound, then scrolls (S5).
    @available(iOS 16.0, *)
    public func lineLimit(_ limit: ClosedRange<Int>) -> some View {
        applying(.traits { $0.lineLimit = (limit.lowerBound, limit.upperBound) })
    }

    /// A vertical field starts at `limit.lowerBound` lines and grows without limit (S5).
    @available(iOS 16.0, *)
    public func lineLimit(_ limit: PartialRangeFrom<Int>) -> some View {
        applying(.traits { $0.lineLimit = (limit.lowerBound, nil) })
    }

    /// A vertical field shows at most `limit` lines, then scrolls; with `reservesSpace` it is `limit` lines high even
    /// when its text is shorter (S5).
    @available(iOS 16.0, *)
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        applying(.traits { $0.lineLimit = (reservesSpace ? limit : nil, limit) })
    }

    /// A vertical field grows up to `limit.upperBound` lines, then scrolls (S5).
    @available(iOS 16.0, *)
    public func lineLimit(_ limit: PartialRangeThrough<Int>) -> some View {
        applying(.traits { $0.lineLimit = (nil, limit.upperBound) })
    }
}

/// The `UITextView` under a `TextEditor` or a vertical `TextField` (S1): it writes the binding on every edit and
/// reports focus; Return inserts a line break, except a hardware Return in a vertical field (S6, S7).
final class SwiftUITextView: UITextView, UITextViewDelegate, NamedTextInput {
    private(set) var spec: TextViewSpec?
    private var renderedValue: String?
    private var selectionLink: SelectionLink?
    /// An update is configuring the view: selection changes are not the user's.
    private var configuring = false
    var focusTargets: [FocusTarget] { spec?.focusTargets ?? [] }
    var fieldName: String? { spec?.placeholder }

    override init(frame: CGRect, textContainer: NSTextContainer?) {
        super.init(frame: frame, textContainer: textContainer)
        delegate = self
        font = Layout.bodyFont
    }

    required init?(coder: NSCoder) { fatalError("not made from a coder") }

    func configure(_ spec: TextViewSpec) {
        self.spec = spec
        // The selection moves that assigning the text or the bound selection makes are SwiftUI's, not the user's.
        configuring = true
        defer { configuring = false }
        accessibilityLabel = spec.placeholder
        textContainerInset = spec.isEditor ? UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) : .zero
        returnKeyType = spec.traits.submitLabel.returnKeyType
        keyboardType = spec.traits.keyboardType
        textAlignment = spec.traits.textAlignment
        textContentType = spec.traits.textContentType
        autocapitalizationType = spec.traits.autocapitalization?.type ?? .sentences
        autocorrectionType = spec.traits.autocorrectionDisabled ? .no : .default
        if inputAccessoryView == nil, !spec.traits.keyboardItems.isEmpty {
            inputAccessoryView = KeyboardBar.makeToolbar(spec.traits.keyboardItems) { [weak self] index in
                guard let items = self?.spec?.traits.keyboardItems, items.indices.contains(index) else { return nil }
                return items[index].action
            }
        }
        let value = spec.text.wrappedValue
        if value != renderedValue {
            renderedValue = value
            if text != value, inputMarkedRange == nil { assignKeepingCaretIfProfileSays(self, value) { self.text = $0 } }
        }
        applySelection(spec.selection)
    }

    /// Code's write to the `selection:` binding moves the selection, after the text is in place.
    private func applySelection(_ binding: Binding<TextSelection?>?) {
        guard let binding else { selectionLink = nil; return }
        if selectionLink == nil { selectionLink = SelectionLink(binding) }
        if let range = selectionLink?.rangeToApply(in: text), inputMarkedRange == nil { selectedRange = range }
    }

    func textViewDidChangeSelection(_ textView: UITextView) {
        guard !configuring else { return }
        selectionLink?.selectionChanged(selectedRange, in: text)
    }

    func textViewDidChange(_ textView: UITextView) {
        guard let spec else { return }
        if inputMarkedRange != nil, !UIKitSystem.shared.behavior.swiftUI.bindingReceivesMarkedText { return }
        spec.text.wrappedValue = text
    }

    func textViewDidBeginEditing(_ textView: UITextView) {
        for target in focusTargets { target.select() }
        Mounter.focusMoved(in: textView)
    }

    func textViewDidEndEditing(_ textView: UITextView) {
        for target in focusTargets { target.deselect() }
        Mounter.focusMoved(in: textView)
    }

    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        guard text == "\n", let spec, !spec.isEditor else { return true }
        let system = UIKitSystem.shared
        let mode = system.hardwareKeyboardConnected
            ? system.behavior.swiftUI.verticalFieldHardwareReturn : system.behavior.swiftUI.verticalFieldSoftwareReturn
        guard mode == .submitsAndUnfocuses else { return true }
        for action in SwiftUITextField.submitActions(spec.submitActions) { action() }
        if isFirstResponder { resignFirstResponder() }
        return false
    }
}
