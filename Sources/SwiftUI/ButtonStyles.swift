import UIKitModel

// MARK: Roles

/// What a button does, as SwiftUI's `ButtonRole` (iOS 15); alerts and dialogs place and color buttons by it.
@available(iOS 15.0, *)
public struct ButtonRole: Equatable, Sendable {
    let name: String

    /// Deletes user data or performs an irreversible operation.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels the current operation.
    public static let cancel = ButtonRole(name: "cancel")
    /// Closes the current view (iOS 26).
    @available(iOS 26.0, *)
    public static let close = ButtonRole(name: "close")
    /// Confirms the current operation (iOS 26).
    public static let confirm = ButtonRole(name: "confirm")
}

extension Button {
    /// A button with a role, as SwiftUI's `init(role:action:label:)` (iOS 15).
    @available(iOS 15.0, *)
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.init(action: action, label: label)
        self.role = role
    }
}

extension Button where Label == Text {
    @available(iOS 15.0, *)
    public init(_ titleKey: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    @available(iOS 15.0, *)
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

// MARK: Styles

/// A style that draws a button's label, as SwiftUI's `ButtonStyle`; the model asks for the body with
/// `isPressed == false` (its taps are instantaneous) and the button still runs its action when tapped.
@preconcurrency @MainActor public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = ButtonStyleConfiguration
}

/// What a `ButtonStyle` is given, as SwiftUI's `ButtonStyleConfiguration`.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view the style places.
    public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let element: Element
        func resolve(in context: ResolveContext) -> Element { element }
    }

    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}

/// A style that decides how a button is triggered, as SwiftUI's `PrimitiveButtonStyle`; the model has the built-in
/// ones, and a style of one's own stops the program (its `trigger()` would need gestures the model lacks).
@preconcurrency @MainActor public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Self.Configuration) -> Self.Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// What a `PrimitiveButtonStyle` is given, as SwiftUI's `PrimitiveButtonStyleConfiguration`.
public struct PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    public let role: ButtonRole?
    public let label: PrimitiveButtonStyleConfiguration.Label
    let action: () -> Void
    /// Runs the button's action.
    public func trigger() { action() }
}

/// The built-in looks the model draws.
enum BuiltInButtonLook {
    case automatic, plain, borderless, bordered, borderedProminent
}

/// A built-in primitive style: the model draws it itself.
protocol BuiltInButtonStyle {
    var look: BuiltInButtonLook { get }
}

/// The platform's default: a borderless button in a plain context, as SwiftUI's `DefaultButtonStyle`.
public struct DefaultButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var look: BuiltInButtonLook { .automatic }
    /// Declared as SwiftUI does; the model draws this look itself and never asks for the body.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The label in the primary color, no border, as SwiftUI's `PlainButtonStyle`.
public struct PlainButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var look: BuiltInButtonLook { .plain }
    /// Declared as SwiftUI does; the model draws this look itself and never asks for the body.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// The label in the tint color, no border, as SwiftUI's `BorderlessButtonStyle` (the model's buttons take taps only
/// on their label, whatever the style, also in `List` and `Form` rows).
public struct BorderlessButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var look: BuiltInButtonLook { .borderless }
    /// Declared as SwiftUI does; the model draws this look itself and never asks for the body.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// A tinted translucent fill behind the label, as SwiftUI's `BorderedButtonStyle` (iOS 15).
@available(iOS 15.0, *)
public struct BorderedButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var look: BuiltInButtonLook { .bordered }
    /// Declared as SwiftUI does; the model draws this look itself and never asks for the body.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

/// A fill in the tint color behind a white label, as SwiftUI's `BorderedProminentButtonStyle` (iOS 15).
@available(iOS 15.0, *)
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    public init() {}
    var look: BuiltInButtonLook { .borderedProminent }
    /// Declared as SwiftUI does; the model draws this look itself and never asks for the body.
    public func makeBody(configuration: Configuration) -> some View { configuration.label }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    @available(iOS 15.0, *)
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    @available(iOS 15.0, *)
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// How the buttons inside a `buttonStyle` modifier are drawn.
enum ButtonStyleKind {
    case builtIn(BuiltInButtonLook)
    /// A `ButtonStyle`: its body, given the label, replaces the label.
    case custom(@MainActor (ButtonStyleConfiguration) -> AnyView)
}

extension View {
    /// Sets the style of the buttons inside to a built-in primitive style; a `PrimitiveButtonStyle` of one's own
    /// stops the program with a message (not modelled).
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        guard let builtIn = style as? any BuiltInButtonStyle else {
            fatalError("buttonStyle(_:): a PrimitiveButtonStyle of one's own (\(S.self)) is not modelled; use a ButtonStyle")
        }
        return applying(.traits { $0.buttonStyle = .builtIn(builtIn.look) })
    }

    /// Sets the style of the buttons inside to `style`, whose body draws each button's label.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        applying(.traits { $0.buttonStyle = .custom { AnyView(style.makeBody(configuration: $0)) } })
    }

    /// Sets the tint of the controls inside (bordered buttons' fill, borderless buttons' title), as SwiftUI's
    /// `tint(_:)` (iOS 15); `nil` keeps the enclosing tint.
    @available(iOS 15.0, *)
    public func tint(_ tint: Color?) -> some View {
        applying(.traits { traits in if let tint { traits.tint = tint._uiColor } })
    }

    /// Sets the tint of the controls inside to a shape style (iOS 16), resolved to one color as the model does.
    @available(iOS 16.0, *)
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View {
        applying(.traits { traits in if let tint { traits.tint = tint._uiColor } })
    }
}

extension Button {
    /// The label as the enclosing `buttonStyle` draws it, with the fill and title color of a built-in look.
    static func styled(_ label: Element, role: ButtonRole?, action: @escaping () -> Void, in context: ResolveContext)
        -> (label: Element, chrome: ButtonChrome)
    {
        let tint = context.traits.tint ?? (role == .destructive ? .systemRed : .systemBlue)
        switch context.traits.buttonStyle ?? .builtIn(.automatic) {
        case .builtIn(.automatic), .builtIn(.borderless):
            return (label, ButtonChrome(titleColor: tint))
        case .builtIn(.plain):
            return (label, ButtonChrome(titleColor: context.traits.foreground ?? .label))
        case .builtIn(.bordered):
            return (Element(.padding(ButtonChrome.borderedInsets, label), context.child("bordered")),
                    ButtonChrome(titleColor: tint, fill: tint.withAlphaComponent(0.15), cornerRadius: 8))
        case .builtIn(.borderedProminent):
            return (Element(.padding(ButtonChrome.borderedInsets, label), context.child("bordered")),
                    ButtonChrome(titleColor: .white, fill: tint, cornerRadius: 8))
        case .custom(let makeBody):
            var inner = context.child("style")
            inner.traits.buttonStyle = nil
            let configuration = ButtonStyleConfiguration(role: role, label: .init(element: label), isPressed: false)
            return (resolveView(makeBody(configuration), in: inner), ButtonChrome(titleColor: nil, drawsLabelAsViews: true))
        }
    }
}

/// What a button's style adds to the `UIButton`: its title color and, for bordered looks, a rounded fill.
struct ButtonChrome {
    /// The padding of bordered buttons around their label (approximated: 7 points above and below, 12 at the sides).
    static let borderedInsets = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
    var titleColor: UIColor?
    var fill: UIColor?
    var cornerRadius: CGFloat = 0
    /// A custom style's body is drawn as views, even when the label is one text.
    var drawsLabelAsViews = false
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    /// A button labelled with a title and a symbol (iOS 14); it is found by its title.
    @available(iOS 14.0, *)
    public init(_ titleKey: String, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }

    @available(iOS 14.0, *)
    public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping () -> Void) {
        self.init(action: action) { SwiftUI.Label(title, systemImage: systemImage) }
    }

    /// A button with a role, labelled with a title and a symbol (iOS 15).
    @available(iOS 15.0, *)
    public init(_ titleKey: String, systemImage: String, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { SwiftUI.Label(titleKey, systemImage: systemImage) }
    }
}
