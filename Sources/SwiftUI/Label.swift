import UIKitModel

/// A title with an icon, as SwiftUI's `Label`: the icon, then the title, in a row (the `labelStyle` may show only
/// one of them).
@available(iOS 14.0, *)
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: Title
    let icon: Icon

    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    func resolve(in context: ResolveContext) -> Element {
        let title = resolveView(self.title, in: context.child("title"))
        let icon = resolveView(self.icon, in: context.child("icon"))
        switch context.traits.labelStyle {
        case .titleOnly: return Element(.group([title]), context)
        case .iconOnly:
            // VoiceOver still reads the title.
            let spoken = Button<Text>.texts(in: title).joined(separator: " ")
            return Element(.accessibilityLabelled(spoken, icon), context)
        case .titleAndIcon:
            return Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: nil), [icon, title]), context)
        case .iconAboveTitle:
            return Element(.stack(StackSpec(axis: .vertical, crossAlignment: 0.5, spacing: nil), [icon, title]), context)
        }
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a title and an SF Symbol.
    public init(_ titleKey: String, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }
}

/// What a label shows, as SwiftUI's `LabelStyle`; the model has the built-in styles only.
@available(iOS 14.0, *)
public protocol LabelStyle {
    /// Which parts of the label show.
    var _parts: _LabelParts { get }
}

/// The parts of a label a built-in style shows.
public enum _LabelParts: Sendable {
    case titleAndIcon, titleOnly, iconOnly
    /// A `ContentUnavailableView`'s label: the icon above the title.
    case iconAboveTitle
}

@available(iOS 14.5, *)
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public var _parts: _LabelParts { .titleAndIcon }
}

@available(iOS 14.0, *)
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public var _parts: _LabelParts { .titleOnly }
}

@available(iOS 14.0, *)
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public var _parts: _LabelParts { .iconOnly }
}

@available(iOS 14.0, *)
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public var _parts: _LabelParts { .titleAndIcon }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    @available(iOS 14.5, *)
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    @available(iOS 14.0, *)
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    @available(iOS 14.0, *)
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == DefaultLabelStyle {
    @available(iOS 14.0, *)
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension View {
    /// Sets how the labels inside show their title and icon.
    @available(iOS 14.0, *)
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let parts = style._parts
        return applying(.traits { $0.labelStyle = parts })
    }
}

// MARK: Text field styles

/// How the text fields inside draw, as SwiftUI's `TextFieldStyle`; the model has the built-in styles.
public protocol TextFieldStyle {
    var _borderStyle: UITextField.BorderStyle { get }
}

/// The platform's default: no border on iOS (a field in a `Form` shows the row).
public struct DefaultTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _borderStyle: UITextField.BorderStyle { .none }
}

public struct PlainTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _borderStyle: UITextField.BorderStyle { .none }
}

/// A rounded border, the `UITextField.BorderStyle.roundedRect` of UIKit.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    public init() {}
    public var _borderStyle: UITextField.BorderStyle { .roundedRect }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

extension View {
    /// Sets the style of the text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        let border = style._borderStyle
        return applying(.traits { $0.fieldBorder = border })
    }
}

extension View {
    /// The label VoiceOver reads for the view (and by which the driver finds a button drawn without text).
    public func accessibilityLabel(_ label: Text) -> some View {
        let string = label.string
        return applying(.transform { element in
            var labelled = element
            if case .button(var spec) = element.kind {
                spec.spokenTitle = string
                labelled.kind = .button(spec)
                return labelled
            }
            labelled.kind = .accessibilityLabelled(string, element)
            return labelled
        })
    }

    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibilityLabel(Text(String(label)))
    }
}
