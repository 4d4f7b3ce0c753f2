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
        resolveList(content, in: context)
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

    func resolve(in context: ResolveContext) -> Element { resolveList(content, in: context) }
}

@MainActor private func resolveList<Content: View>(_ content: Content, in context: ResolveContext) -> Element {
    let automatic = context.graph.behavior.automaticScrollDismissalList
    var inner = context.child("rows")
    // A list's rows are made as they come on screen, as a lazy stack's (S77).
    inner.lazyChildren = true
    let rows = resolveView(content, in: inner).flattened
    return Element(.list(ListSpec(dismissal: context.traits.scrollDismissal ?? automatic), rows), context)
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

    func resolve(in context: ResolveContext) -> Element {
        let children = data.map { element -> Element in
            let rowContext = context.row("id:\(id(element))")
            let child = resolveView(content(element), in: rowContext)
            // The element's id identifies the row for `scrollTo` and `scrollPosition` (S52, S53); a section stays one.
            if case .section = child.kind { return child }
            return Element(.identified(AnyHashable(id(element)), child), rowContext)
        }
        return Element(.group(children), context)
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
