import UIKitModel

// MARK: Toggle

/// What a `Toggle` shows and edits.
struct ToggleSpec {
    var label: Element
    var isOn: Binding<Bool>
    var isEnabled: Bool
}

/// An on/off control with a label, as SwiftUI's `Toggle`; on iOS a `UISwitch` at the trailing edge of the row, the
/// label at the leading edge.
public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let isOn: Binding<Bool>

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    func resolve(in context: ResolveContext) -> Element {
        let resolved = resolveView(_ControlLabel(content: label), in: context.child("label"))
        return Element(.toggle(ToggleSpec(label: resolved, isOn: isOn, isEnabled: !context.traits.isDisabled)), context)
    }
}

extension Toggle where Label == Text {
    public init(_ titleKey: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// The `UISwitch` under a SwiftUI `Toggle`: the user's tap writes the binding.
final class SwiftUISwitch: UISwitch {
    private var binding: Binding<Bool>?
    private var isWired = false

    func configure(_ spec: ToggleSpec) {
        binding = spec.isOn
        isEnabled = spec.isEnabled
        if isOn != spec.isOn.wrappedValue { setOn(spec.isOn.wrappedValue, animated: false) }
        guard !isWired else { return }
        isWired = true
        addAction(UIAction { [unowned self] _ in binding?.wrappedValue = isOn }, for: .valueChanged)
    }
}

// MARK: Image

/// An SF Symbol, as SwiftUI's `Image(systemName:)`; shown by a `UIImageView`, one line of the current font high
/// and as wide (symbols' own proportions are not modelled).
public struct Image: View, PrimitiveView, Equatable {
    public typealias Body = Never
    let systemName: String

    public init(systemName: String) { self.systemName = systemName }

    func resolve(in context: ResolveContext) -> Element {
        Element(.image(systemName: systemName, context.traits.font?.uiFont ?? Layout.bodyFont), context)
    }
}

// MARK: Colors and shape styles

/// A way to fill or draw, as SwiftUI's `ShapeStyle`; the model resolves each to one `UIColor`.
public protocol ShapeStyle: Sendable {
    /// The color the model draws this style with.
    var _uiColor: UIColor { get }
}

/// A color, as SwiftUI's `Color`: a shape style and, as a view, a rectangle filling the space offered to it.
public struct Color: View, PrimitiveView, ShapeStyle, Hashable, CustomStringConvertible {
    public typealias Body = Never
    let color: UIColor
    let name: String

    nonisolated init(_ color: UIColor, name: String) {
        self.color = color
        self.name = name
    }

    nonisolated public init(_ color: UIColor) { self.init(color, name: "\(color)") }

    nonisolated public init(uiColor: UIColor) { self.init(uiColor) }

    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        self.init(UIColor(red: red, green: green, blue: blue, alpha: opacity))
    }

    nonisolated public init(white: Double, opacity: Double = 1) {
        self.init(UIColor(white: white, alpha: opacity))
    }

    nonisolated public var _uiColor: UIColor { color }
    nonisolated public var description: String { name }

    nonisolated public static func == (a: Color, b: Color) -> Bool { a.color == b.color }
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The color with `opacity` times its alpha.
    nonisolated public func opacity(_ opacity: Double) -> Color {
        Color(color.withAlphaComponent(color.alpha * opacity), name: "\(opacity * 100)% \(name)")
    }

    func resolve(in context: ResolveContext) -> Element { Element(.color(color), context) }

    nonisolated public static let black = Color(.black, name: "black")
    nonisolated public static let white = Color(.white, name: "white")
    nonisolated public static let gray = Color(.systemGray, name: "gray")
    nonisolated public static let red = Color(.systemRed, name: "red")
    nonisolated public static let green = Color(.systemGreen, name: "green")
    nonisolated public static let blue = Color(.systemBlue, name: "blue")
    nonisolated public static let orange = Color(.systemOrange, name: "orange")
    nonisolated public static let yellow = Color(.systemYellow, name: "yellow")
    nonisolated public static let pink = Color(.systemPink, name: "pink")
    nonisolated public static let purple = Color(.systemPurple, name: "purple")
    @available(iOS 15.0, *)
    nonisolated public static let indigo = Color(.systemIndigo, name: "indigo")
    @available(iOS 15.0, *)
    nonisolated public static let brown = Color(.brown, name: "brown")
    @available(iOS 15.0, *)
    nonisolated public static let cyan = Color(.cyan, name: "cyan")
    @available(iOS 15.0, *)
    nonisolated public static let mint = Color(UIColor(red: 0, green: 199 / 255, blue: 190 / 255, alpha: 1), name: "mint")
    @available(iOS 15.0, *)
    nonisolated public static let teal = Color(UIColor(red: 48 / 255, green: 176 / 255, blue: 199 / 255, alpha: 1), name: "teal")
    nonisolated public static let clear = Color(.clear, name: "clear")
    nonisolated public static let primary = Color(.label, name: "primary")
    nonisolated public static let secondary = Color(.secondaryLabel, name: "secondary")
    nonisolated public static let accentColor = Color(.systemBlue, name: "accentColor")
}

extension Color {
    /// The named colors, for the `ShapeStyle` members that return them.
    nonisolated static let palette = (
        black: Color(.black, name: "black"), white: Color(.white, name: "white"), gray: Color(.systemGray, name: "gray"),
        red: Color(.systemRed, name: "red"), green: Color(.systemGreen, name: "green"), blue: Color(.systemBlue, name: "blue"),
        orange: Color(.systemOrange, name: "orange"), yellow: Color(.systemYellow, name: "yellow"),
        pink: Color(.systemPink, name: "pink"), purple: Color(.systemPurple, name: "purple"),
        indigo: Color(.systemIndigo, name: "indigo"), brown: Color(.brown, name: "brown"), cyan: Color(.cyan, name: "cyan"),
        clear: Color(.clear, name: "clear"))
}

/// The foreground's levels, as SwiftUI's `HierarchicalShapeStyle`.
@available(iOS 15.0, *)
public struct HierarchicalShapeStyle: ShapeStyle {
    let color: UIColor
    public var _uiColor: UIColor { color }
    public static let primary = HierarchicalShapeStyle(color: .label)
    public static let secondary = HierarchicalShapeStyle(color: .secondaryLabel)
    public static let tertiary = HierarchicalShapeStyle(color: .tertiaryLabel)
    public static let quaternary = HierarchicalShapeStyle(color: .quaternaryLabel)
}

/// A translucent background, as SwiftUI's `Material`; the model draws it as an opaque system fill.
@available(iOS 15.0, *)
public struct Material: ShapeStyle {
    let color: UIColor
    public var _uiColor: UIColor { color }
    public static let ultraThinMaterial = Material(color: .systemFill)
    public static let thinMaterial = Material(color: .systemFill)
    public static let regularMaterial = Material(color: .secondarySystemFill)
    public static let thickMaterial = Material(color: .secondarySystemFill)
    public static let ultraThickMaterial = Material(color: .tertiarySystemFill)
    /// The material of bars (a toolbar, the tab bar).
    public static let bar = Material(color: .secondarySystemBackground)
}

/// The view's tint, as SwiftUI's `TintShapeStyle`.
@available(iOS 15.0, *)
public struct TintShapeStyle: ShapeStyle {
    public var _uiColor: UIColor { .systemBlue }
}

extension ShapeStyle where Self == Color {
    public static var black: Color { Color.palette.black }
    public static var white: Color { Color.palette.white }
    public static var gray: Color { Color.palette.gray }
    public static var red: Color { Color.palette.red }
    public static var green: Color { Color.palette.green }
    public static var blue: Color { Color.palette.blue }
    public static var orange: Color { Color.palette.orange }
    public static var yellow: Color { Color.palette.yellow }
    public static var pink: Color { Color.palette.pink }
    public static var purple: Color { Color.palette.purple }
    @available(iOS 15.0, *)
    public static var indigo: Color { Color.palette.indigo }
    @available(iOS 15.0, *)
    public static var brown: Color { Color.palette.brown }
    @available(iOS 15.0, *)
    public static var cyan: Color { Color.palette.cyan }
    public static var clear: Color { Color.palette.clear }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    @available(iOS 15.0, *)
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle(color: .label) }
    @available(iOS 15.0, *)
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle(color: .secondaryLabel) }
    @available(iOS 15.0, *)
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle(color: .tertiaryLabel) }
    @available(iOS 15.0, *)
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle(color: .quaternaryLabel) }
}

extension ShapeStyle where Self == Material {
    @available(iOS 15.0, *)
    public static var ultraThinMaterial: Material { Material(color: .systemFill) }
    @available(iOS 15.0, *)
    public static var thinMaterial: Material { Material(color: .systemFill) }
    @available(iOS 15.0, *)
    public static var regularMaterial: Material { Material(color: .secondarySystemFill) }
    @available(iOS 15.0, *)
    public static var thickMaterial: Material { Material(color: .secondarySystemFill) }
    @available(iOS 15.0, *)
    public static var ultraThickMaterial: Material { Material(color: .tertiarySystemFill) }
    @available(iOS 15.0, *)
    public static var bar: Material { Material(color: .secondarySystemBackground) }
}

extension ShapeStyle where Self == TintShapeStyle {
    @available(iOS 15.0, *)
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension View {
    /// Draws the text and symbols inside in `style` (the nearest modifier wins).
    @available(iOS 15.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        applying(.traits { $0.foreground = style._uiColor })
    }

    /// Fills the view's frame with `style` behind it.
    @available(iOS 15.0, *)
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        let color = style._uiColor
        return applying(.background { context in Element(.color(color), context) })
    }

    /// Places `content`, sized to the view's frame, behind the view.
    @available(iOS 15.0, *)
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let content = content()
        return applying(.background { context in resolveView(content, in: context) })
    }
}

// MARK: Animation

/// How a change animates, as SwiftUI's `Animation`; the model shows every change at its end state at once.
public struct Animation: Equatable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let spring = Animation(name: "spring")
    public static let bouncy = Animation(name: "bouncy")
    public static let smooth = Animation(name: "smooth")
    public static let snappy = Animation(name: "snappy")

    public static func linear(duration: Double) -> Animation { Animation(name: "linear(\(duration))") }
    public static func easeIn(duration: Double) -> Animation { Animation(name: "easeIn(\(duration))") }
    public static func easeOut(duration: Double) -> Animation { Animation(name: "easeOut(\(duration))") }
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut(\(duration))") }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        Animation(name: "spring(\(response), \(dampingFraction), \(blendDuration))")
    }

    /// The same animation started `delay` seconds later.
    public func delay(_ delay: TimeInterval) -> Animation { Animation(name: "\(name).delay(\(delay))") }
}

/// How a view comes and goes, as SwiftUI's `AnyTransition`; the model shows changes at their end state, so a view
/// inserted or removed is there or gone at the next update.
public struct AnyTransition: Sendable {
    let name: String
    public static let opacity = AnyTransition(name: "opacity")
    public static let slide = AnyTransition(name: "slide")
    public static let scale = AnyTransition(name: "scale")
    public static let identity = AnyTransition(name: "identity")
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(name: "move(\(edge))") }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(name: "asymmetric(\(insertion.name), \(removal.name))")
    }
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(name: "\(name)+\(other.name)") }
}

extension View {
    /// Animates changes of `value` inside this view; the model has no animations, so they show at their end state.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// Animates every change inside this view (deprecated in iOS 15); the model shows changes at their end state.
    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    public func animation(_ animation: Animation?) -> some View { self }

    /// How this view is inserted and removed; the model shows it or removes it at the next update.
    public func transition(_ t: AnyTransition) -> some View { self }
}

/// Runs `body`; the model has no animations, so the changes it makes show at their end state at the next update.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}
