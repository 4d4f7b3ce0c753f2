import UIKitModel
import UIKitBehavior

/// A line (or lines) of read-only text, as SwiftUI's `Text`; shown by a `UILabel`.
public struct Text: View, PrimitiveView, Equatable {
    public typealias Body = Never
    let string: String

    public init(_ content: String) { string = content }

    public init<S: StringProtocol>(_ content: S) { string = String(content) }

    public init(verbatim content: String) { string = content }

    /// What the `Text`-returning modifiers set; `nil`s leave the environment's font and colour.
    var style = TextRunStyle()
    /// The styles of a concatenation's runs (`+`), each under `style`; empty for one run.
    var runs: [TextRunStyle] = []

    func resolve(in context: ResolveContext) -> Element {
        let styles = runs.isEmpty ? [style] : runs.map { $0.under(style) }
        let fonts = styles.map { $0.font(in: context.traits.font) }
        if fonts.contains(where: { $0.pointSize != fonts[0].pointSize }) || styles.contains(where: { $0.color != styles[0].color }) {
            fatalError("tutorbuild: Text(\"\(string)\") joins runs of different font sizes or colours with +, which the model cannot draw in one label")
        }
        var element = Element(.text(string, fonts[0].uiFont), context)
        if let color = styles[0].color { element.foreground = color }
        return element
    }
}

/// The styling `Text.font(_:)`, `bold()`, `italic()`, `fontWeight(_:)` and `foregroundColor(_:)` give a text, which
/// wins over the environment's (`View.font`, `foregroundStyle`), as in SwiftUI.
struct TextRunStyle: Equatable {
    var font: Font?
    var weight: Font.Weight?
    /// Kept for equality only: the model's fonts have no italic faces (`UIFont.italicSystemFont` is regular too).
    var italic = false
    var color: UIColor?

    /// This run's style with `outer`'s (a modifier applied to the whole concatenation) where it sets none.
    func under(_ outer: TextRunStyle) -> TextRunStyle {
        TextRunStyle(font: font ?? outer.font, weight: weight ?? outer.weight, italic: italic || outer.italic, color: color ?? outer.color)
    }

    func font(in environment: Font?) -> Font {
        let base = font ?? environment ?? .body
        return weight.map { base.weight($0) } ?? base
    }
}

extension Text {
    private func styled(_ change: (inout TextRunStyle) -> Void) -> Text {
        var text = self
        change(&text.style)
        return text
    }

    /// This text in `font` (`nil`: the environment's), whatever font modifiers around it say.
    public func font(_ font: Font?) -> Text { styled { $0.font = font } }

    /// This text in `weight` (`nil`: the font's own).
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = weight } }

    /// This text bold.
    public func bold() -> Text { styled { $0.weight = .bold } }

    /// This text bold, or in its font's weight when `isActive` is `false`.
    @available(iOS 16.0, *)
    public func bold(_ isActive: Bool) -> Text { styled { $0.weight = isActive ? .bold : nil } }

    /// This text italic (the model's fonts have no italic faces: it measures and shows as before).
    public func italic() -> Text { styled { $0.italic = true } }

    /// This text italic, or upright when `isActive` is `false`.
    @available(iOS 16.0, *)
    public func italic(_ isActive: Bool) -> Text { styled { $0.italic = isActive } }

    /// This text in `color` (`nil`: the environment's); deprecated in iOS 27 as `View.foregroundColor` is.
    @available(*, deprecated, message: "iOS 27.0: renamed to 'foregroundStyle(_:)'", renamed: "foregroundStyle(_:)")
    public func foregroundColor(_ color: Color?) -> Text { styled { $0.color = color?._uiColor } }

    /// This text drawn in `style`.
    @available(iOS 17.0, *)
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.color = style._uiColor } }

    /// The two texts as one. The model draws a text in one font and colour, so runs of different point sizes or
    /// colours stop the program when shown, saying so; runs that differ only in weight or italics show in the
    /// first run's weight (the model's text metrics do not depend on weight).
    @available(*, deprecated, message: "iOS 26.0: Use string interpolation on Text instead: Text(\"\\(text1)\\(text2)\")")
    public static func + (lhs: Text, rhs: Text) -> Text {
        func runs(_ text: Text) -> [TextRunStyle] { text.runs.isEmpty ? [text.style] : text.runs.map { $0.under(text.style) } }
        var text = Text(verbatim: lhs.string + rhs.string)
        text.runs = runs(lhs) + runs(rhs)
        return text
    }
}

/// What a `TextField` or `SecureField` shows and edits.
struct TextFieldSpec {
    var title: String
    var prompt: String?
    var text: Binding<String>
    var isSecure: Bool
    var submitActions: [SubmitAction]
    var focusTargets: [FocusTarget]
    var traits: TextTraits
    /// For `TextField(value:format:)`: how the value is shown and written back.
    var formatted: FormattedValue?
    /// The deprecated initializers' `onEditingChanged` (true when editing begins, false when it ends, S32).
    var onEditingChanged: ((Bool) -> Void)? = nil
    /// `selection:` (iOS 18): the binding the field's selection follows.
    var selection: Binding<TextSelection?>? = nil
    /// A search field's tokens: the Delete key with the caret at the start of the text goes to them (true when they
    /// took it).
    var deleteAtStart: (@MainActor () -> Bool)? = nil

    /// The placeholder: the prompt when given, else the title (S4).
    var placeholder: String { prompt ?? title }
}

/// A single-line editable text, as SwiftUI's `TextField`; backed by a `UITextField` (S1).
public struct TextField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: String
    let prompt: Text?
    let text: Binding<String>
    var axis = Axis.horizontal
    var formatted: FormattedValue?
    /// The deprecated `onEditingChanged` and `onCommit` parameters (S32).
    var onEditingChanged: ((Bool) -> Void)?
    var onCommit: (() -> Void)?
    /// `selection:` (iOS 18): the binding the field's selection follows.
    var selection: Binding<TextSelection?>?

    init(title: String, prompt: Text?, text: Binding<String>, axis: Axis = .horizontal) {
        self.title = title
        self.prompt = prompt
        self.text = text
        self.axis = axis
    }

    func resolve(in context: ResolveContext) -> Element {
        if axis == .vertical {
            return Element(.textView(TextViewSpec(
                placeholder: prompt?.string ?? title, text: text, isEditor: false,
                submitActions: context.submitActions, focusTargets: context.focusTargets, traits: context.traits,
                selection: selection)),
                context)
        }
        // `onCommit` runs for Return like an `onSubmit` on the field itself (S32).
        let commit = onCommit.map { [SubmitAction(triggers: .text, action: $0)] } ?? []
        return Element(.textField(TextFieldSpec(
            title: title, prompt: prompt?.string, text: text, isSecure: false,
            submitActions: context.submitActions + commit, focusTargets: context.focusTargets, traits: context.traits,
            formatted: formatted, onEditingChanged: onEditingChanged, selection: selection)),
            context)
    }
}

/// With `integerFieldOverflowCrashes` (iOS 15, S14 [U]) more than 19 digits committed into a field bound to an
/// integer stop the program, as the crash reported then; otherwise the text simply does not parse (S12).
func stopOnIntegerOverflow(_ text: String, _ type: Any.Type) {
    guard UIKitSystem.shared.behavior.swiftUI.integerFieldOverflowCrashes, type is any FixedWidthInteger.Type,
        text.filter(\.isNumber).count > 19
    else { return }
    fatalError("Not enough bits to represent the passed value (S14: integerFieldOverflowCrashes, iOS 15)")
}

/// How a formatted field shows its value and writes text back (S11–S13).
/// Converts between a field's text and a value with a Foundation `Formatter`, as `TextField(value:formatter:)` does.
enum FormatterConversion {
    static func string<V>(for value: V, with formatter: Formatter) -> String {
        switch formatter {
        case let numbers as NumberFormatter:
            guard let number = number(from: value) else { return "\(value)" }
            return numbers.string(from: number) ?? ""
        case let dates as DateFormatter:
            guard let date = value as? Date else { return "\(value)" }
            return dates.string(from: date)
        default:
            fatalError("tutorbuild: TextField(value:formatter:) with a \(type(of: formatter)) is not modelled (NumberFormatter and DateFormatter are)")
        }
    }

    static func value<V>(from text: String, with formatter: Formatter) -> V? {
        switch formatter {
        case let numbers as NumberFormatter:
            guard let number = numbers.number(from: text) else { return nil }
            switch V.self {
            case is Int.Type: return Int(exactly: number.doubleValue.rounded(.towardZero)) as? V
            case is Int?.Type: return Int(exactly: number.doubleValue.rounded(.towardZero)) as? V
            case is Double.Type, is Double?.Type: return number.doubleValue as? V
            case is Float.Type, is Float?.Type: return number.floatValue as? V
            case is Decimal.Type, is Decimal?.Type: return number.decimalValue as? V
            default: return number as? V
            }
        case let dates as DateFormatter:
            return dates.date(from: text) as? V
        default:
            fatalError("tutorbuild: TextField(value:formatter:) with a \(type(of: formatter)) is not modelled (NumberFormatter and DateFormatter are)")
        }
    }

    private static func number<V>(from value: V) -> NSNumber? {
        switch value {
        case let value as Int: return NSNumber(value: value)
        case let value as Double: return NSNumber(value: value)
        case let value as Float: return NSNumber(value: value)
        case let value as Decimal: return NSDecimalNumber(decimal: value)
        case let value as NSNumber: return value
        default: return nil
        }
    }
}

struct FormattedValue {
    /// The value, formatted.
    let display: () -> String
    /// Parses `text`: a success writes the value; a failure leaves a value as it was and sets an optional one to
    /// `nil` (S12).
    let commit: (String) -> Void
    /// Writes the value only when `text` parses (while typing, with `formattedFieldWritesWhileTyping`, S13).
    let writeIfParsable: (String) -> Void
}

extension TextField where Label == Text {
    /// A field that edits a value through `format`: the value changes when the user presses Return or editing
    /// ends (S11), only if the text parses (S12); then the field shows the value formatted again.
    @available(iOS 15.0, *)
    public init<F: ParseableFormatStyle>(
        _ titleKey: String, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        let formatted = FormattedValue(
            display: { format.format(value.wrappedValue) },
            commit: { text in
                stopOnIntegerOverflow(text, F.FormatInput.self)
                if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed } },
            writeIfParsable: { text in if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed } })
        self.init(title: titleKey, prompt: prompt, text: Binding(location: formatted.display, write: { _ in }))
        self.formatted = formatted
    }

    /// A field that edits a value through `formatter` (iOS 15): as `init(_:value:format:prompt:)`, the value changes
    /// when the user presses Return or editing ends, and text the formatter cannot convert leaves it as it was (S12:
    /// "the text field doesn't modify binding.value"). The model converts with a `NumberFormatter` (to the value's
    /// number type) or a `DateFormatter`; another formatter stops the program.
    @available(iOS 15.0, *)
    public init<V>(_ titleKey: String, value: Binding<V>, formatter: Formatter, prompt: Text? = nil) {
        let display = { FormatterConversion.string(for: value.wrappedValue, with: formatter) }
        let write = { (text: String) in
            if let parsed: V = FormatterConversion.value(from: text, with: formatter) { value.wrappedValue = parsed }
        }
        self.init(title: titleKey, prompt: prompt, text: Binding(location: display, write: { _ in }))
        formatted = FormattedValue(display: display, commit: write, writeIfParsable: write)
    }

    @available(iOS 15.0, *)
    public init<S: StringProtocol, V>(_ title: S, value: Binding<V>, formatter: Formatter, prompt: Text? = nil) {
        self.init(String(title), value: value, formatter: formatter, prompt: prompt)
    }

    /// A field that edits an optional value through `format`; text that does not parse sets it to `nil` (S12).
    @available(iOS 15.0, *)
    public init<F: ParseableFormatStyle>(
        _ titleKey: String, value: Binding<F.FormatInput?>, format: F, prompt: Text? = nil
    ) where F.FormatOutput == String {
        let display = { value.wrappedValue.map { format.format($0) } ?? "" }
        let formatted = FormattedValue(
            display: display,
            commit: { text in
                stopOnIntegerOverflow(text, F.FormatInput.self)
                value.wrappedValue = try? format.parseStrategy.parse(text)
            },
            writeIfParsable: { text in if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed } })
        self.init(title: titleKey, prompt: prompt, text: Binding(location: display, write: { _ in }))
        self.formatted = formatted
    }

    public init(_ titleKey: String, text: Binding<String>) {
        self.init(title: titleKey, prompt: nil, text: text)
    }

    /// A field with the iOS 13 callbacks: `onEditingChanged` gets `true` when editing begins and `false` when it
    /// ends; `onCommit` runs for Return only (S32). Apple deprecates it in favour of `FocusState` and `onSubmit`.
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use FocusState<T> and View.focused(_:equals) for functionality previously provided by the onEditingChanged parameter, and View.onSubmit(of:_:) for functionality previously provided by the onCommit parameter.")
    public init(
        _ titleKey: String, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        onCommit: @escaping () -> Void = {}
    ) {
        self.init(title: titleKey, prompt: nil, text: text)
        self.onEditingChanged = onEditingChanged
        self.onCommit = onCommit
    }

    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use FocusState<T> and View.focused(_:equals) for functionality previously provided by the onEditingChanged parameter, and View.onSubmit(of:_:) for functionality previously provided by the onCommit parameter.")
    public init<S: StringProtocol>(
        _ title: S, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void = { _ in },
        onCommit: @escaping () -> Void = {}
    ) {
        self.init(title: String(title), prompt: nil, text: text)
        self.onEditingChanged = onEditingChanged
        self.onCommit = onCommit
    }

    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), prompt: nil, text: text)
    }

    @available(iOS 15.0, *)
    public init(_ titleKey: String, text: Binding<String>, prompt: Text?) {
        self.init(title: titleKey, prompt: prompt, text: text)
    }

    @available(iOS 15.0, *)
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {
        self.init(title: String(title), prompt: prompt, text: text)
    }
}

extension TextField {
    /// A field labelled by a view; on iOS the label is used as placeholder only through its text (S4).
    @available(iOS 15.0, *)
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        let label = label()
        self.init(title: (label as? Text)?.string ?? "", prompt: prompt, text: text)
    }
}

/// A single-line field that hides what is typed, as SwiftUI's `SecureField`; a secure `UITextField` (S3).
public struct SecureField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: String
    let prompt: Text?
    let text: Binding<String>
    /// The deprecated `onCommit` parameter (S32).
    var onCommit: (() -> Void)? = nil

    func resolve(in context: ResolveContext) -> Element {
        let commit = onCommit.map { [SubmitAction(triggers: .text, action: $0)] } ?? []
        return Element(.textField(TextFieldSpec(
            title: title, prompt: prompt?.string, text: text, isSecure: true,
            submitActions: context.submitActions + commit, focusTargets: context.focusTargets, traits: context.traits,
            formatted: nil)),
            context)
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: String, text: Binding<String>) {
        self.init(title: titleKey, prompt: nil, text: text)
    }

    /// A secure field whose `onCommit` runs for Return (S32); Apple deprecates it in favour of `onSubmit`.
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use View.onSubmit(of:_:) for functionality previously provided by the onCommit parameter. Use FocusState<T> and View.focused(_:equals:) for functionality previously provided by the onEditingChanged parameter.")
    public init(_ titleKey: String, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title: titleKey, prompt: nil, text: text, onCommit: onCommit)
    }

    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use View.onSubmit(of:_:) for functionality previously provided by the onCommit parameter. Use FocusState<T> and View.focused(_:equals:) for functionality previously provided by the onEditingChanged parameter.")
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: @escaping () -> Void) {
        self.init(title: String(title), prompt: nil, text: text, onCommit: onCommit)
    }

    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), prompt: nil, text: text)
    }

    @available(iOS 15.0, *)
    public init(_ titleKey: String, text: Binding<String>, prompt: Text?) {
        self.init(title: titleKey, prompt: prompt, text: text)
    }
}

extension SecureField {
    @available(iOS 15.0, *)
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {
        let label = label()
        self.init(title: (label as? Text)?.string ?? "", prompt: prompt, text: text)
    }
}

/// What a `Button` shows and does.
struct ButtonSpec {
    var isEnabled = true
    var title: String?
    var label: Element
    var action: () -> Void
    /// The label's texts, for a label made of views (the driver finds the button by them).
    var spokenTitle = ""
    /// What the enclosing `buttonStyle` and `tint` draw.
    var chrome = ButtonChrome()
    /// The button's role (alerts and dialogs use it).
    var role: ButtonRole?
}

/// A control that runs an action when tapped, as SwiftUI's `Button`; it never takes focus (S36, S59).
public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let action: () -> Void
    var role: ButtonRole?

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
    }

    func resolve(in context: ResolveContext) -> Element {
        let resolved = resolveView(label, in: context.child("label"))
        let (styled, chrome) = Button.styled(resolved, role: role, action: action, in: context)
        var title: String?
        if case .text(let string, _) = resolved.kind, !chrome.drawsLabelAsViews { title = string }
        var spec = ButtonSpec(
            isEnabled: !context.traits.isDisabled, title: title, label: styled, action: action,
            spokenTitle: Button.texts(in: styled).joined(separator: " "))
        spec.chrome = chrome
        spec.role = role
        return Element(.button(spec), context)
    }

    /// The texts of a label made of views, in order: what VoiceOver reads for the button.
    static func texts(in element: Element) -> [String] {
        switch element.kind {
        case .text(let string, _), .accessibilityLabelled(let string, _): return [string]
        case .group(let children), .stack(_, let children), .zstack(_, let children): return children.flatMap(texts(in:))
        case .padding(_, let child), .frame(_, let child), .identified(_, let child), .contentShaped(let child),
            .focusable(_, let child), .rowActions(_, let child),
            .tagged(_, let child):
            return texts(in: child)
        case .background(let base, _), .overlay(let base, _): return texts(in: base)
        default: return []
        }
    }
}

extension Button where Label == Text {
    public init(_ titleKey: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// Flexible space along the axis of its stack, as SwiftUI's `Spacer`.
public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    public var minLength: CGFloat?

    public init(minLength: CGFloat? = nil) { self.minLength = minLength }

    func resolve(in context: ResolveContext) -> Element { Element(.spacer(minLength: minLength), context) }
}

// MARK: Stacks

/// How a stack arranges its children.
struct StackSpec {
    enum Axis { case vertical, horizontal }
    var axis: Axis
    /// Where children sit across the axis: 0 leading/top, 0.5 center, 1 trailing/bottom.
    var crossAlignment: CGFloat
    var spacing: CGFloat?
}

/// Children one above another, as SwiftUI's `VStack`.
public struct VStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func resolve(in context: ResolveContext) -> Element {
        let children = resolveView(content, in: context.child("content")).flattened
        return Element(.stack(StackSpec(axis: .vertical, crossAlignment: alignment.fraction, spacing: spacing), children), context)
    }
}

/// Children side by side, as SwiftUI's `HStack`.
public struct HStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func resolve(in context: ResolveContext) -> Element {
        let children = resolveView(content, in: context.child("content")).flattened
        return Element(.stack(StackSpec(axis: .horizontal, crossAlignment: alignment.fraction, spacing: spacing), children), context)
    }
}

/// Children layered back to front in the same space, as SwiftUI's `ZStack`.
public struct ZStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: Alignment
    let content: Content

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    func resolve(in context: ResolveContext) -> Element {
        Element(.zstack(alignment, resolveView(content, in: context.child("content")).flattened), context)
    }
}

/// A horizontal alignment, as SwiftUI's `HorizontalAlignment`.
public struct HorizontalAlignment: Equatable, Sendable {
    let fraction: CGFloat
    public static let leading = HorizontalAlignment(fraction: 0)
    public static let center = HorizontalAlignment(fraction: 0.5)
    public static let trailing = HorizontalAlignment(fraction: 1)
}

/// A vertical alignment, as SwiftUI's `VerticalAlignment`.
public struct VerticalAlignment: Equatable, Sendable {
    let fraction: CGFloat
    public static let top = VerticalAlignment(fraction: 0)
    public static let center = VerticalAlignment(fraction: 0.5)
    public static let bottom = VerticalAlignment(fraction: 1)
}

/// An alignment in both axes, as SwiftUI's `Alignment`.
public struct Alignment: Equatable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

// MARK: Padding and frames

/// Insets on the four edges, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Zero on every edge.
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// An edge of a rectangle, as SwiftUI's `Edge`.
public enum Edge: Int8, CaseIterable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges, as SwiftUI's `Edge.Set`.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ e: Edge) { rawValue = 1 << e.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

/// A frame's sizes; `nil` leaves that measure to the content.
struct FrameSpec {
    var width: CGFloat?
    var height: CGFloat?
    var minWidth: CGFloat?
    var maxWidth: CGFloat?
    var minHeight: CGFloat?
    var maxHeight: CGFloat?
    var alignment: Alignment
    /// `fixedSize`: the content gets no offer on these axes and keeps its ideal size there.
    var fixesWidth = false
    var fixesHeight = false
}

extension View {
    /// The view at its ideal size on the axes given (iOS 13): offered no width or height there, a text does not wrap
    /// (horizontal) or is as tall as its wrapped lines (vertical), whatever its parent offers.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        applying(.wrap { context, child in
            Element(.frame(FrameSpec(alignment: .center, fixesWidth: horizontal, fixesHeight: vertical), child), context)
        })
    }

    /// The view at its ideal size on both axes (iOS 13).
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Pads the view on `edges` by `length`, or by the system's 16 points (an approximation of SwiftUI's default).
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let value = length ?? 16
        return applying(.padding(EdgeInsets(
            top: edges.contains(.top) ? value : 0, leading: edges.contains(.leading) ? value : 0,
            bottom: edges.contains(.bottom) ? value : 0, trailing: edges.contains(.trailing) ? value : 0)))
    }

    /// Pads the view on every edge by `length`.
    public func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// Pads the view by `insets`.
    public func padding(_ insets: EdgeInsets) -> some View { applying(.padding(insets)) }

    /// Gives the view a fixed width and/or height, aligning the content inside.
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        applying(.frame(FrameSpec(width: width, height: height, alignment: alignment)))
    }

    /// Gives the view a flexible frame between the given limits (`.infinity` fills what is offered).
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        applying(.frame(FrameSpec(
            width: nil, height: nil, minWidth: minWidth, maxWidth: maxWidth, minHeight: minHeight,
            maxHeight: maxHeight, alignment: alignment)))
    }
}

/// The kinds of views a lazy stack pins while scrolling, as SwiftUI's `PinnedScrollableViews`; the model lays
/// section headers out with their section and pins nothing.
@available(iOS 14.0, *)
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Children one above another, made as they come on screen, as SwiftUI's `LazyVStack`: laid out as a `VStack`
/// that fills the offered width, and each row's `onAppear`/`task` run while the row shows in its scroll view, its
/// `onDisappear` when it leaves (S77).
@available(iOS 14.0, *)
public struct LazyVStack<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    func resolve(in context: ResolveContext) -> Element {
        var inner = context.child("content")
        inner.lazyChildren = true
        let children = resolveView(content, in: inner).flattened
        let stack = Element(.stack(StackSpec(axis: .vertical, crossAlignment: alignment.fraction, spacing: spacing), children), context)
        // A lazy stack takes the width offered to it, as SwiftUI's does.
        return Element(.frame(FrameSpec(maxWidth: .infinity, alignment: Alignment(horizontal: alignment, vertical: .center)), stack), context.child("lazy"))
    }
}
