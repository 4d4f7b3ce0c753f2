import UIKitModel

/// A control that picks one of its tagged options, as SwiftUI's `Picker`. Segmented: a row of buttons, one per
/// option. Menu (the default): a button showing the chosen option; tapping it lists the options below it as buttons
/// until one is tapped. Inline: every option is a button. Tapping an option writes `selection`; like every control
/// the picker never takes focus, so a field being edited keeps the keyboard (S36).
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let selection: Binding<SelectionValue>
    let label: Label
    let content: Content

    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.content = content()
        self.label = label()
    }

    func resolve(in context: ResolveContext) -> Element {
        let options = PickerOption.options(in: resolveView(content, in: context.child("content")))
        let selection = selection
        let enabled = !context.traits.isDisabled
        func choose(_ tag: AnyHashable) -> () -> Void {
            { if let value = tag.base as? SelectionValue { selection.wrappedValue = value } }
        }
        func button(_ option: PickerOption, _ component: String, action: @escaping () -> Void) -> Element {
            let optionContext = context.child(component)
            return Element(.button(ButtonSpec(
                isEnabled: enabled, title: option.title, label: Element(.text(option.title, Layout.bodyFont), optionContext),
                action: action, spokenTitle: option.title)), optionContext)
        }
        switch context.traits.pickerStyle ?? .menu {
        case .segmented:
            let buttons = options.enumerated().map { index, option in button(option, "segment\(index)", action: choose(option.tag)) }
            return Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: 0), buttons), context)
        case .inline:
            let buttons = options.enumerated().map { index, option in button(option, "option\(index)", action: choose(option.tag)) }
            return Element(.stack(StackSpec(axis: .vertical, crossAlignment: 0, spacing: nil), buttons), context)
        case .menu:
            return menu(options, context: context, button: button, choose: choose)
        }
    }

    /// The label, the chosen option's button and, while the menu is open, one button per option.
    private func menu(
        _ options: [PickerOption], context: ResolveContext,
        button: (PickerOption, String, @escaping () -> Void) -> Element, choose: (AnyHashable) -> () -> Void
    ) -> Element {
        let menu = context.graph.storage(for: context.path + "#menu") { PickerMenu() }
        weak var graph = context.graph
        let current = options.first { $0.tag == AnyHashable(selection.wrappedValue) }
            ?? PickerOption(tag: AnyHashable(selection.wrappedValue), title: "")
        let toggle = button(current, "current") {
            menu.isOpen.toggle()
            graph?.stateDidChange(owner: nil)
        }
        let title = resolveView(_ControlLabel(content: label), in: context.child("label"))
        let row = Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: nil),
            [title, Element(.spacer(minLength: nil), context.child("spacer")), toggle]), context.child("row"))
        guard menu.isOpen else { return row }
        let items = options.enumerated().map { index, option in
            let pick = choose(option.tag)
            return button(option, "item\(index)") {
                menu.isOpen = false
                pick()
                graph?.stateDidChange(owner: nil)
            }
        }
        return Element(.stack(StackSpec(axis: .vertical, crossAlignment: 1, spacing: nil), [row] + items), context)
    }
}

extension Picker where Label == Text {
    public init(_ titleKey: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

/// Whether a menu picker's options are showing.
final class PickerMenu {
    var isOpen = false
}

/// One option of a picker: its tag (an explicit `tag`, else its `ForEach` id) and the text it shows.
struct PickerOption {
    let tag: AnyHashable
    let title: String

    static func options(in element: Element) -> [PickerOption] {
        element.flattened.compactMap { option in
            switch option.kind {
            case .identified(_, let child) where { if case .tagged = child.kind { return true } else { return false } }():
                return options(in: child).first
            case .tagged(let tag, let child), .identified(let tag, let child):
                return PickerOption(tag: tag, title: Button<Text>.texts(in: child).joined(separator: " "))
            default: return nil
            }
        }
    }
}

extension View {
    /// Tags the view as the option for `tag` in a `Picker`; with `includeOptional` it also matches an optional
    /// selection holding `tag`.
    public func tag<V: Hashable>(_ tag: V, includeOptional: Bool = true) -> some View {
        applying(.transform { element in
            var tagged = element
            tagged.kind = .tagged(AnyHashable(tag), element)
            return tagged
        })
    }

    /// Sets how the pickers inside show their options.
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind = style._kind
        return applying(.traits { $0.pickerStyle = kind })
    }
}

/// How a picker shows its options, as SwiftUI's `PickerStyle`; the model has the built-in styles below.
public protocol PickerStyle {
    var _kind: PickerStyleKind { get }
}

/// The built-in picker styles the model draws.
public enum PickerStyleKind: Sendable {
    case menu, segmented, inline
}

public struct DefaultPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .menu }
}

@available(iOS 14.0, *)
public struct MenuPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .menu }
}

public struct SegmentedPickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .segmented }
}

@available(iOS 14.0, *)
public struct InlinePickerStyle: PickerStyle {
    public init() {}
    public var _kind: PickerStyleKind { .inline }
}

extension PickerStyle where Self == DefaultPickerStyle {
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    @available(iOS 14.0, *)
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
    @available(iOS 14.0, *)
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}
