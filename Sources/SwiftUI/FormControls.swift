import UIKitModel

// MARK: Stepper

/// A control that increments and decrements a value, as SwiftUI's `Stepper`: the label at the row's leading edge and
/// UIKit's stepper (94 × 32 points: a "Decrement" and an "Increment" button, as VoiceOver names them) at its
/// trailing edge. A step past a bound is clamped to it, and the button at a bound is disabled. Like every control it
/// never takes focus, so a field being edited keeps the keyboard (S36).
public struct Stepper<Label: View>: View {
    let label: Label
    let onIncrement: (() -> Void)?
    let onDecrement: (() -> Void)?
    let onEditingChanged: (Bool) -> Void
    let canIncrement: Bool
    let canDecrement: Bool

    public init(
        onIncrement: (() -> Void)?, onDecrement: (() -> Void)?, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
        self.onEditingChanged = onEditingChanged
        canIncrement = onIncrement != nil
        canDecrement = onDecrement != nil
    }

    public init<V: Strideable>(
        value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.onIncrement = { value.wrappedValue = value.wrappedValue.advanced(by: step) }
        self.onDecrement = { value.wrappedValue = value.wrappedValue.advanced(by: -step) }
        self.onEditingChanged = onEditingChanged
        canIncrement = true
        canDecrement = true
    }

    public init<V: Strideable>(
        value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label
    ) {
        self.label = label()
        self.onIncrement = { value.wrappedValue = Swift.min(value.wrappedValue.advanced(by: step), bounds.upperBound) }
        self.onDecrement = { value.wrappedValue = Swift.max(value.wrappedValue.advanced(by: -step), bounds.lowerBound) }
        self.onEditingChanged = onEditingChanged
        canIncrement = value.wrappedValue < bounds.upperBound
        canDecrement = value.wrappedValue > bounds.lowerBound
    }

    public var body: some View {
        HStack {
            _ControlLabel(content: label)
            Spacer(minLength: 0)
            HStack(spacing: 0) {
                stepButton("minus", "Decrement", onDecrement, enabled: canDecrement)
                stepButton("plus", "Increment", onIncrement, enabled: canIncrement)
            }
            .frame(width: 94, height: 32)
        }
    }

    private func stepButton(_ symbol: String, _ name: String, _ action: (() -> Void)?, enabled: Bool) -> some View {
        let onEditingChanged = onEditingChanged
        return Button {
            onEditingChanged(true)
            action?()
            onEditingChanged(false)
        } label: {
            Image(systemName: symbol).frame(width: 47, height: 32)
        }
        .accessibilityLabel(name)
        .disabled(!enabled)
    }
}

extension Stepper where Label == Text {
    public init<V: Strideable>(
        _ titleKey: String, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }

    public init<V: Strideable>(
        _ titleKey: String, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    public init<S: StringProtocol, V: Strideable>(
        _ title: S, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(title) }
    }

    public init(
        _ titleKey: String, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
        onEditingChanged: @escaping (Bool) -> Void = { _ in }
    ) {
        self.init(onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }
}

// MARK: Divider

/// A thin separator line, as SwiftUI's `Divider`: one point of the separator color across the space offered
/// [approximation: always horizontal; in an `HStack` SwiftUI draws it vertically].
public struct Divider: View {
    public init() {}

    public var body: some View {
        Color(uiColor: .separator).frame(height: 1)
    }
}

// MARK: ProgressView

/// A progress indicator, as SwiftUI's `ProgressView`: without a value a spinner (a 20-point grey circle in the
/// model: it does not spin), with one a 4-point bar whose tinted part is `value / total` of its width, the label
/// above it.
@available(iOS 14.0, *)
public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
    let label: Label?
    let fraction: Double?

    public var body: some View {
        VStack(alignment: fraction == nil ? .center : .leading, spacing: 4) {
            if let label { label }
            if let fraction {
                GeometryReader { proxy in
                    ZStack(alignment: .leading) {
                        Color(uiColor: .systemGray5)
                        Color.accentColor.frame(width: proxy.size.width * Swift.min(Swift.max(fraction, 0), 1))
                    }
                }
                .frame(height: 4)
            } else {
                Color(uiColor: .systemGray3).frame(width: 20, height: 20).clipShape(Circle())
            }
        }
    }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// An indeterminate spinner.
    public init() {
        label = nil
        fraction = nil
    }

    /// A bar `value / total` full; a `nil` value is indeterminate.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        label = nil
        fraction = value.map { Double($0) / Double(total) }
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    public init(@ViewBuilder label: () -> Label) {
        self.label = label()
        fraction = nil
    }

    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.label = label()
        fraction = value.map { Double($0) / Double(total) }
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    public init(_ titleKey: String) { self.init { Text(titleKey) } }

    public init<S: StringProtocol>(_ title: S) { self.init { Text(title) } }

    public init<V: BinaryFloatingPoint>(_ titleKey: String, value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { Text(titleKey) }
    }

    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) {
        self.init(value: value, total: total) { Text(title) }
    }
}

// MARK: LabeledContent

/// A label and a value or control in a row, as SwiftUI's `LabeledContent` (iOS 16): the label at the leading edge,
/// the content after it (a text value in the secondary color at the trailing edge).
@available(iOS 16.0, *)
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content
    let isValue: Bool

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        isValue = false
    }

    public var body: some View {
        HStack {
            label
            if isValue {
                Spacer()
                content.foregroundStyle(.secondary)
            } else {
                content
            }
        }
    }
}

extension LabeledContent where Label == Text {
    public init(_ titleKey: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: String, value: S) {
        label = Text(titleKey)
        content = Text(value)
        isValue = true
    }

    public init<F: FormatStyle>(_ titleKey: String, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(titleKey, value: format.format(value))
    }
}

// MARK: Menu

/// A button that shows a list of actions, as SwiftUI's `Menu` (iOS 14): the label is a button; tapping it lists the
/// content's buttons below it until one is tapped, which runs it and closes the list [approximation: not a
/// floating menu]. A field being edited keeps the keyboard (S36).
@available(iOS 14.0, *)
public struct Menu<Label: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    func resolve(in context: ResolveContext) -> Element {
        let menu = context.graph.storage(for: context.path + "#menu") { PickerMenu() }
        weak var graph = context.graph
        let opener = resolveView(Button(action: {
            menu.isOpen.toggle()
            graph?.stateDidChange(owner: nil)
        }, label: { label }), in: context.child("opener"))
        guard menu.isOpen else { return opener }
        let items = resolveView(content, in: context.child("content")).flattened.map { item -> Element in
            guard case .button(var spec) = item.kind else { return item }
            let action = spec.action
            spec.action = {
                menu.isOpen = false
                action()
                graph?.stateDidChange(owner: nil)
            }
            var closing = item
            closing.kind = .button(spec)
            return closing
        }
        return Element(.stack(StackSpec(axis: .vertical, crossAlignment: 0, spacing: nil), [opener] + items), context)
    }
}

extension Menu where Label == Text {
    public init(_ titleKey: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

// MARK: Text alignment

/// How the lines of a multi-line text align, as SwiftUI's `TextAlignment`.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    case leading, center, trailing

    var nsAlignment: NSTextAlignment {
        switch self {
        case .leading: return .natural
        case .center: return .center
        case .trailing: return .right
        }
    }
}

extension View {
    /// Aligns the text of the fields, editors and texts inside (their UIKit views' `textAlignment`).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        applying(.traits { $0.textAlignment = alignment.nsAlignment })
    }
}

extension Menu where Label == SwiftUI.Label<Text, Image> {
    /// A menu labelled with a title and a symbol; it is found by its title.
    public init(_ titleKey: String, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
}
