import UIKitModel
import UIKitBehavior

/// How a scroll view shows its content.
struct ScrollSpec {
    var axes: Axis.Set
    var dismissal: SwiftUIBehavior.ScrollDismissal
    /// `defaultScrollAnchor`: where the content starts and stays when its size changes (S54).
    var anchor: UnitPoint? = nil
    /// `scrollPosition(id:anchor:)`: the binding that follows and sets the top-most view (S53).
    var position: ScrollPositionSpec? = nil
}

/// A `scrollPosition(id:anchor:)` binding, type-erased.
struct ScrollPositionSpec {
    let get: () -> AnyHashable?
    let set: (AnyHashable?) -> Void
    let anchor: UnitPoint?
}

/// How a `List` or `Form` shows its rows.
struct ListSpec {
    var dismissal: SwiftUIBehavior.ScrollDismissal
    var style = ListStyleKind.insetGrouped
}

/// The list styles the model lays out.
enum ListStyleKind: Sendable {
    /// Edge-to-edge rows on the plain background, no gaps between sections (`.plain`).
    case plain
    /// Edge-to-edge rows on the grouped background, sections apart (`.grouped`).
    case grouped
    /// Inset rows on the plain background, no gaps between sections (`.inset`).
    case inset
    /// Inset rounded sections on the grouped background (`.insetGrouped`, and a `List`'s and a `Form`'s default).
    case insetGrouped

    /// How far rows are inset from the list's sides.
    var rowInset: CGFloat { self == .inset || self == .insetGrouped ? Layout.listInset : 0 }
    /// The space above each section.
    var sectionGap: CGFloat { self == .grouped || self == .insetGrouped ? Layout.sectionGap : 0 }
    /// The corner radius of a section's background.
    var cornerRadius: CGFloat { self == .insetGrouped ? 10 : 0 }
    /// Whether the list's background is the grouped one (grey behind white sections).
    var isGrouped: Bool { self == .grouped || self == .insetGrouped }
}

/// How a `List` lays out its rows, as SwiftUI's `ListStyle`; the built-in styles only (iOS 13+).
public protocol ListStyle {
    var _kind: _ListStyleKind { get }
}

/// A built-in list style's layout.
public struct _ListStyleKind: Sendable {
    let kind: ListStyleKind
}

/// The platform's default: inset grouped on iOS.
public struct DefaultListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .insetGrouped) }
}

public struct PlainListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .plain) }
}

public struct GroupedListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .grouped) }
}

@available(iOS 14.0, *)
public struct InsetListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .inset) }
}

@available(iOS 14.0, *)
public struct InsetGroupedListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .insetGrouped) }
}

/// On iPhone a sidebar list looks like an inset grouped one [approximation: no disclosure of sections].
@available(iOS 14.0, *)
public struct SidebarListStyle: ListStyle {
    public init() {}
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .insetGrouped) }
}

extension ListStyle where Self == DefaultListStyle {
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}

extension ListStyle where Self == PlainListStyle {
    public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == InsetListStyle {
    @available(iOS 14.0, *)
    public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == InsetGroupedListStyle {
    @available(iOS 14.0, *)
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
    @available(iOS 14.0, *)
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

extension View {
    /// Lays out the lists inside this view in `style`: `.plain` rows reach the list's sides on the plain background,
    /// `.grouped` too with the sections apart on the grouped background, `.inset` rows are inset 20 points, and
    /// `.insetGrouped` (the default) are rounded inset sections; a `Form` keeps its grouped style.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        applying(.traits { $0.listStyle = style._kind.kind })
    }
}

extension Axis {
    /// A set of axes, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Whether scroll views show their indicators, as SwiftUI's `ScrollIndicatorVisibility` (iOS 16).
@available(iOS 16.0, *)
public struct ScrollIndicatorVisibility: Equatable, Sendable {
    let hides: Bool
    /// As the scroll view decides: shown while scrolling on iOS.
    public static var automatic: ScrollIndicatorVisibility { .init(hides: false) }
    public static var visible: ScrollIndicatorVisibility { .init(hides: false) }
    public static var hidden: ScrollIndicatorVisibility { .init(hides: true) }
    public static var never: ScrollIndicatorVisibility { .init(hides: true) }
}

extension View {
    /// Shows or hides the indicators of the scroll views, lists and text editors inside this view, on `axes` (their
    /// UIKit `showsVerticalScrollIndicator`/`showsHorizontalScrollIndicator`).
    @available(iOS 16.0, *)
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        applying(.traits {
            if visibility.hides { $0.hiddenScrollIndicators.formUnion(axes) } else { $0.hiddenScrollIndicators.subtract(axes) }
        })
    }
}

extension View {
    /// Stops the user scrolling the scroll views, lists and text editors inside (iOS 16): their UIKit
    /// `isScrollEnabled` is false, so a drag neither scrolls them nor dismisses the keyboard; code (`scrollTo`, a
    /// focused field brought into view) still scrolls them.
    @available(iOS 16.0, *)
    public func scrollDisabled(_ disabled: Bool) -> some View {
        applying(.traits { $0.scrollDisabled = disabled })
    }

    /// Whether the scroll views inside bounce on `axes` (iOS 16.4): `.basedOnSize` only when their content is larger
    /// than they are (a short list then does not scroll, so a drag does not dismiss the keyboard), `.always` even
    /// when it fits; `.automatic` keeps each view's default (a `List` or `Form` always bounces).
    @available(iOS 16.4, *)
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View {
        applying(.traits {
            if axes.contains(.vertical) { $0.bouncesVertically = behavior.alwaysBounces }
            if axes.contains(.horizontal) { $0.bouncesHorizontally = behavior.alwaysBounces }
        })
    }
}

/// When a scroll view bounces, as SwiftUI's `ScrollBounceBehavior` (iOS 16.4).
@available(iOS 16.4, *)
public struct ScrollBounceBehavior: Sendable {
    /// `alwaysBounceVertical`/`…Horizontal` for it; `nil` keeps the view's own.
    let alwaysBounces: Bool?
    /// The platform's default for each kind of scroll view.
    public static var automatic: ScrollBounceBehavior { ScrollBounceBehavior(alwaysBounces: nil) }
    /// Bounces even when the content fits.
    public static var always: ScrollBounceBehavior { ScrollBounceBehavior(alwaysBounces: true) }
    /// Bounces only when the content is larger than the view.
    public static var basedOnSize: ScrollBounceBehavior { ScrollBounceBehavior(alwaysBounces: false) }
}

/// Scrollable content, as SwiftUI's `ScrollView`; a `UIScrollView` holds the content's views.
public struct ScrollView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let axes: Axis.Set
    let content: Content

    public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    func resolve(in context: ResolveContext) -> Element {
        let automatic = context.graph.behavior.automaticScrollDismissalScrollView
        var inner = context.child("content")
        inner.traits.scrollPosition = nil
        let stack = VStack { content }
        let child = resolveView(stack, in: inner)
        let spec = ScrollSpec(
            axes: axes, dismissal: context.traits.scrollDismissal ?? automatic, anchor: context.traits.scrollAnchor,
            position: context.traits.scrollPosition)
        return Element(.scroll(spec, child), context)
    }
}

/// Rows in a scrolling list, as SwiftUI's `List`; each view of the content is a row.
public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    func resolve(in context: ResolveContext) -> Element {
        resolveList(content, in: context, isForm: false)
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// A row per element of `data`, identified by the elements' ids (a `ForEach` inside the list).
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }

    /// A row per element of a bound collection, each given a binding to its element (iOS 15).
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<LazyMapSequence<C.Indices, (C.Index, C.Element.ID)>, C.Element.ID, RowContent>,
        C.Element: Identifiable, C.Index: Hashable
    {
        content = ForEach(data, content: rowContent)
    }

    /// A row per element of a bound collection that the user can delete or move (iOS 16).
    @available(iOS 16.0, *)
    public init<C: MutableCollection & RandomAccessCollection, RowContent: View>(
        _ data: Binding<C>, editActions: EditActions<C>, @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<LazyMapSequence<C.Indices, (C.Index, C.Element.ID)>, C.Element.ID, RowContent>,
        C.Element: Identifiable, C.Index: Hashable
    {
        content = ForEach(data, editActions: editActions, content: rowContent)
    }

    /// A row per element of a bound collection, identified by the key path `id`, that the user can delete or move
    /// (iOS 16).
    @available(iOS 16.0, *)
    public init<C: MutableCollection & RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, editActions: EditActions<C>,
        @ViewBuilder rowContent: @escaping (Binding<C.Element>) -> RowContent
    ) where Content == ForEach<LazyMapSequence<C.Indices, (C.Index, ID)>, ID, RowContent>, C.Index: Hashable {
        content = ForEach(data, id: id, editActions: editActions, content: rowContent)
    }

    /// A row per element of `data`, identified by the key path `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }
}

/// A container of grouped rows for data entry, as SwiftUI's `Form` (on iOS a grouped `List`).
public struct Form<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    func resolve(in context: ResolveContext) -> Element { resolveList(content, in: context, isForm: true) }
}

@MainActor private func resolveList<Content: View>(_ content: Content, in context: ResolveContext, isForm: Bool) -> Element {
    let automatic = context.graph.behavior.automaticScrollDismissalList
    var inner = context.child("rows")
    // A list's rows are made as they come on screen, as a lazy stack's (S77).
    inner.lazyChildren = true
    // The style is the list's: a list inside a row starts from the default again.
    inner.traits.listStyle = nil
    let rows = resolveView(content, in: inner).flattened
    var spec = ListSpec(dismissal: context.traits.scrollDismissal ?? automatic)
    if !isForm { spec.style = context.traits.listStyle ?? .insetGrouped }
    return Element(.list(spec, rows), context)
}

/// A group of rows with an optional header and footer, as SwiftUI's `Section`.
public struct Section<Parent, Content, Footer>: View, PrimitiveView {
    public typealias Body = Never
    let header: String?
    let footer: String?
    let content: @MainActor (ResolveContext) -> Element

    func resolve(in context: ResolveContext) -> Element {
        var inner = context.child("rows")
        // In a list, each row of the section appears on its own (S77).
        if context.lazyRow == context.path { inner.lazyChildren = true }
        return Element(.section(header: header, footer: footer, content(inner).flattened), context)
    }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    @available(iOS 15.0, *)
    public init(_ titleKey: String, @ViewBuilder content: () -> Content) {
        let content = content()
        self.init(header: titleKey, footer: nil, content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        let content = content()
        self.init(header: nil, footer: nil, content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        let content = content()
        self.init(
            header: (header() as? Text)?.string, footer: (footer() as? Text)?.string,
            content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent: View, Content: View, Footer: View {
    /// The iOS 13 form, deprecated by Apple in favour of `init(content:header:footer:)`.
    @available(iOS, deprecated: 100000.0, renamed: "Section(content:header:footer:)")
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        let content = content()
        self.init(header: (header as? Text)?.string, footer: (footer as? Text)?.string, content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    /// The iOS 13 form, deprecated by Apple in favour of `init(content:header:)`.
    @available(iOS, deprecated: 100000.0, renamed: "Section(content:header:)")
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        let content = content()
        self.init(header: (header as? Text)?.string, footer: nil, content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    /// The iOS 13 form, deprecated by Apple in favour of `init(content:footer:)`.
    @available(iOS, deprecated: 100000.0, renamed: "Section(content:footer:)")
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        let content = content()
        self.init(header: nil, footer: (footer as? Text)?.string, content: { resolveView(content, in: $0) })
    }

    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        let content = content()
        self.init(header: nil, footer: (footer() as? Text)?.string, content: { resolveView(content, in: $0) })
    }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        let content = content()
        self.init(header: (header() as? Text)?.string, footer: nil, content: { resolveView(content, in: $0) })
    }
}

/// A view whose elements are rows of their own in a lazy stack, wherever it stands in the stack's block.
protocol LazyRowSource {}

extension ForEach: LazyRowSource {}

/// Views made from a collection, one per element with the element's id as identity, as SwiftUI's `ForEach`.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public var data: Data
    public var content: (Data.Element) -> Content
    let id: (Data.Element) -> ID
    /// `editActions`: deleting and moving the bound collection's elements by swiping and dragging rows.
    var editing: (onDelete: ((IndexSet) -> Void)?, onMove: ((IndexSet, Int) -> Void)?)? = nil

    func resolve(in context: ResolveContext) -> Element {
        let children = data.map { element -> Element in
            let rowContext = context.row("id:\(id(element))")
            let child = resolveView(content(element), in: rowContext)
            // The element's id identifies the row for `scrollTo` and `scrollPosition` (S52, S53); a section stays one.
            if case .section = child.kind { return child }
            return Element(.identified(AnyHashable(id(element)), child), rowContext)
        }
        let element = Element(.group(children), context)
        guard let editing else { return element }
        return RowActionsSpec.editable(element, in: context, onDelete: editing.onDelete, onMove: editing.onMove)
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content, id: { $0.id })
    }
}

extension ForEach {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content, id: { $0[keyPath: id] })
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range; the index is the identity.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data: data, content: content, id: { $0 })
    }
}

/// How scrolling dismisses the keyboard, as SwiftUI's `ScrollDismissesKeyboardMode` (S48).
@available(iOS 16.0, *)
public struct ScrollDismissesKeyboardMode: Sendable {
    let value: SwiftUIBehavior.ScrollDismissal?
    public static var automatic: ScrollDismissesKeyboardMode { .init(value: nil) }
    public static var immediately: ScrollDismissesKeyboardMode { .init(value: .immediately) }
    public static var interactively: ScrollDismissesKeyboardMode { .init(value: .interactively) }
    public static var never: ScrollDismissesKeyboardMode { .init(value: .never) }
}

extension View {
    /// Sets how scrolling the scrollable views inside this view dismisses the keyboard (S48, S49).
    @available(iOS 16.0, *)
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View {
        applying(.traits { $0.scrollDismissal = mode.value })
    }

    /// Starts the scroll views inside at `anchor` of their content, keeps them there when the content's size changes
    /// while they show it, and aligns content smaller than the view to it (S54; the vertical component only).
    @available(iOS 17.0, *)
    public func defaultScrollAnchor(_ anchor: UnitPoint?) -> some View {
        applying(.traits { $0.scrollAnchor = anchor })
    }

    /// Binds the id of the top-most view of the scroll view's content (S53): scrolling by the user writes it, and
    /// writing it scrolls that view to `anchor` (the top when `nil`). The model takes every identified view in the
    /// content as a target (`ForEach` ids and `id(_:)`), with or without `scrollTargetLayout()`.
    @available(iOS 17.0, *)
    public func scrollPosition<ID: Hashable>(id: Binding<ID?>, anchor: UnitPoint? = nil) -> some View {
        let spec = ScrollPositionSpec(
            get: { id.wrappedValue.map(AnyHashable.init) },
            set: { value in id.wrappedValue = value?.base as? ID },
            anchor: anchor)
        return applying(.traits { $0.scrollPosition = spec })
    }

    /// Makes the layout's children the targets of the enclosing scroll view's `scrollPosition` (S53).
    @available(iOS 17.0, *)
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View {
        applying(.traits { _ in })
    }
}

extension SwiftUIBehavior.ScrollDismissal {
    var keyboardDismissMode: UIScrollView.KeyboardDismissMode {
        switch self {
        case .never: return .none
        case .immediately: return .onDrag
        case .interactively: return .interactive
        }
    }
}

extension ForEach {
    /// Views for a binding to a collection, each given a binding to its element (iOS 15), identified by the
    /// elements' ids.
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C.Element: Identifiable, C.Index: Hashable {
        let collection = data.wrappedValue
        self.init(
            data: collection.indices.lazy.map { ($0, collection[$0].id) },
            content: { pair in
                content(Binding(
                    location: { data.wrappedValue[pair.0] },
                    write: { data.wrappedValue[pair.0] = $0 }))
            },
            id: { $0.1 })
    }

    /// Views for a binding to a collection whose rows the user can delete or move in a `List` (iOS 16): a swipe
    /// removes the element from the collection, a drag moves it, as `onDelete` and `onMove` would.
    @available(iOS 16.0, *)
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, editActions: EditActions<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, ID == C.Element.ID, C.Element: Identifiable, C.Index: Hashable {
        self.init(data, content: content)
        editing = editActions.actions(on: data)
    }

    /// As `init(_:editActions:content:)`, the elements identified by the key path `id`.
    @available(iOS 16.0, *)
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, editActions: EditActions<C>,
        @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C.Index: Hashable {
        self.init(data, id: id, content: content)
        editing = editActions.actions(on: data)
    }

    /// Views for a binding to a collection, each given a binding to its element (iOS 15), identified by the key
    /// path `id` of the elements (`\.self` makes an edited element a new row, as in SwiftUI).
    public init<C: MutableCollection & RandomAccessCollection>(
        _ data: Binding<C>, id: KeyPath<C.Element, ID>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content
    ) where Data == LazyMapSequence<C.Indices, (C.Index, ID)>, C.Index: Hashable {
        let collection = data.wrappedValue
        self.init(
            data: collection.indices.lazy.map { ($0, collection[$0][keyPath: id]) },
            content: { pair in
                content(Binding(
                    location: { data.wrappedValue[pair.0] },
                    write: { data.wrappedValue[pair.0] = $0 }))
            },
            id: { $0.1 })
    }
}
