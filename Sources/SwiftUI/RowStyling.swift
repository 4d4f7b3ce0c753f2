import UIKitModel

// List rows, form styles and control labels: the modifiers forms and chat lists use for their looks.

extension View {
    /// Whether the separators of the list row this view is in show (iOS 15); the model draws no separators in any
    /// list style, so a hidden one changes nothing that can be seen.
    @available(iOS 15.0, *)
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        self
    }

    /// A view drawn behind the list row this view is (iOS 13) [approximation: behind the row's content frame, inside
    /// the row's padding].
    @available(iOS 13.0, *)
    public func listRowBackground<V: View>(_ view: V?) -> some View {
        applying(.background { context in view.map { resolveView($0, in: context) } ?? Element(.empty, context) })
    }

    /// Insets the content of the list rows this view makes (iOS 13) by `insets` from the row's edges, in place of the
    /// style's padding (`nil` puts the default back); a row stays at least 44 points high, the content centred in what
    /// the vertical insets leave.
    @available(iOS 13.0, *)
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        applying(.traits { $0.listRowInsets = insets })
    }

    /// Hides the labels of the controls inside (iOS 13): a `Picker`, `Toggle`, `Stepper` or `DatePicker` shows only
    /// its control; a text field keeps its placeholder, as in SwiftUI.
    @available(iOS 13.0, *)
    public func labelsHidden() -> some View {
        applying(.traits { $0.labelsHidden = true })
    }

    /// Digits of equal width in the texts inside (iOS 17); every character of the model's fonts advances the same, so
    /// digits line up already.
    @available(iOS 17.0, *)
    public func monospacedDigit() -> some View {
        self
    }

    /// The style of the forms inside (iOS 16). On iPhone `.automatic` and `.grouped` are the grouped form the model
    /// draws; `.columns` (a macOS layout) stops the program, as the model does not lay it out.
    @available(iOS 16.0, *)
    public func formStyle<S: FormStyle>(_ style: S) -> some View {
        precondition(!(style is ColumnsFormStyle), "formStyle(.columns) is not modelled")
        return self
    }
}

extension Text {
    /// Digits of equal width (iOS 15); every character of the model's fonts advances the same, so they already are.
    @available(iOS 15.0, *)
    public func monospacedDigit() -> Text { self }
}

/// Which vertical edges, as SwiftUI's `VerticalEdge.Set`.
extension VerticalEdge {
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
        public init(_ edge: VerticalEdge) { self = edge == .top ? .top : .bottom }
    }
}

/// How a `Form` lays out its rows, as SwiftUI's `FormStyle` (iOS 16).
@available(iOS 16.0, *)
public protocol FormStyle {}

@available(iOS 16.0, *)
public struct AutomaticFormStyle: FormStyle {
    public init() {}
}

@available(iOS 16.0, *)
public struct GroupedFormStyle: FormStyle {
    public init() {}
}

@available(iOS 16.0, *)
public struct ColumnsFormStyle: FormStyle {
    public init() {}
}

@available(iOS 16.0, *)
extension FormStyle where Self == AutomaticFormStyle {
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}

@available(iOS 16.0, *)
extension FormStyle where Self == GroupedFormStyle {
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}

@available(iOS 16.0, *)
extension FormStyle where Self == ColumnsFormStyle {
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}

/// A control's label, which `labelsHidden()` around it removes.
public struct _ControlLabel<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    func resolve(in context: ResolveContext) -> Element {
        context.traits.labelsHidden ? Element(.empty, context) : resolveView(content, in: context)
    }
}
