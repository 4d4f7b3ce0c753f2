import UIKitModel

/// The selection or caret in an editable text, as SwiftUI's `TextSelection` (iOS 18): indices into the bound string.
@available(iOS 18.0, *)
public struct TextSelection: Equatable, Hashable, Sendable {
    /// A range, or (from code) several ranges.
    public enum Indices: Equatable, Hashable, Sendable {
        case selection(Range<String.Index>)
        case multiSelection(RangeSet<String.Index>)
    }

    public var indices: Indices
    /// Which side of a line break a caret leans to; the model's text has no bidirectional runs, so it is stored.
    public var affinity: TextSelectionAffinity

    /// A caret at `insertionPoint`.
    public init(insertionPoint: String.Index) {
        indices = .selection(insertionPoint..<insertionPoint)
        affinity = .automatic
    }

    /// The characters in `range` selected.
    public init(range: Range<String.Index>) {
        indices = .selection(range)
        affinity = .automatic
    }

    /// Several ranges selected.
    public init(ranges: RangeSet<String.Index>) {
        indices = .multiSelection(ranges)
        affinity = .automatic
    }

    /// Whether this is a caret rather than a range of characters.
    public var isInsertion: Bool {
        switch indices {
        case .selection(let range): return range.isEmpty
        case .multiSelection(let ranges): return ranges.isEmpty
        }
    }
}

/// Which side of a boundary a caret leans to, as SwiftUI's `TextSelectionAffinity` (iOS 18).
@available(iOS 18.0, *)
public enum TextSelectionAffinity: Hashable, Sendable {
    /// Decided by the framework from the context.
    case automatic
    case upstream, downstream
}

/// A field's `selection:` binding: the value it last wrote or applied, so only code's changes move the UIKit
/// selection and only the user's moves write the binding.
@MainActor final class SelectionLink {
    let binding: Binding<TextSelection?>
    private var rendered: TextSelection??

    init(_ binding: Binding<TextSelection?>) { self.binding = binding }

    /// The UIKit selection moved (the user, or the caret after an edit): the binding gets it in `text`'s indices.
    func selectionChanged(_ range: NSRange, in text: String) {
        guard let bounds = Range(range, in: text) else { return }
        let value = TextSelection(range: bounds)
        rendered = .some(value)
        if binding.wrappedValue != value { binding.wrappedValue = value }
    }

    /// The range code put in the binding since the view last rendered, in UTF-16 units of `text`; `nil` when the
    /// binding still holds what the field knows.
    func rangeToApply(in text: String) -> NSRange? {
        let value = binding.wrappedValue
        if let rendered, rendered == value { return nil }
        rendered = .some(value)
        guard let value else { return nil }
        switch value.indices {
        case .selection(let range):
            let upper = min(range.upperBound, text.endIndex)
            let lower = min(range.lowerBound, upper)
            return NSRange(lower..<upper, in: text)
        case .multiSelection:
            fatalError("TextSelection(ranges:): a multiple selection written to a field's binding is not modelled")
        }
    }
}

extension TextField where Label == Text {
    /// A field whose selection is bound to `selection` (iOS 18): the user's caret moves and selections write it,
    /// and code writing it moves the field's selection (after the text, so an edit's caret can be placed).
    @available(iOS 18.0, *)
    public init(_ titleKey: String, text: Binding<String>, selection: Binding<TextSelection?>, prompt: Text? = nil, axis: Axis? = nil) {
        self.init(title: titleKey, prompt: prompt, text: text, axis: axis ?? .horizontal)
        self.selection = selection
    }

    @available(iOS 18.0, *)
    public init<S: StringProtocol>(
        _ title: S, text: Binding<String>, selection: Binding<TextSelection?>, prompt: Text? = nil, axis: Axis? = nil
    ) {
        self.init(title: String(title), prompt: prompt, text: text, axis: axis ?? .horizontal)
        self.selection = selection
    }
}

extension TextField {
    @available(iOS 18.0, *)
    public init(
        text: Binding<String>, selection: Binding<TextSelection?>, prompt: Text? = nil, axis: Axis? = nil,
        @ViewBuilder label: () -> Label
    ) {
        let label = label()
        self.init(title: (label as? Text)?.string ?? "", prompt: prompt, text: text, axis: axis ?? .horizontal)
        self.selection = selection
    }
}

extension TextEditor {
    /// An editor whose selection is bound to `selection` (iOS 18).
    @available(iOS 18.0, *)
    public init(text: Binding<String>, selection: Binding<TextSelection?>) {
        self.init(text: text)
        self.selection = selection
    }
}
