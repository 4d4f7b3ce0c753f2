import UIKitModel

// MARK: TabView

/// A view that switches between tabs with a tab bar, as SwiftUI's `TabView`: the bar (49 points, one button per
/// tab, titled by its `tabItem`'s or `Tab`'s text) stays at the bottom of the screen, behind the keyboard, and the
/// selected tab's content is laid out above it. Every tab is resolved at every update, so each keeps its state,
/// but only the selected tab's views are in the window: switching tabs takes a field being edited out of the window,
/// which ends its editing (its focus state goes blank and the keyboard hides, as for a push, uikit #117), and the
/// field shows its text again, not focused, when its tab comes back [approximation: tabs get no
/// `onAppear`/`onDisappear` when switched, and a tab never selected is resolved from the start].
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let selection: Binding<SelectionValue>?
    let content: Content

    func resolve(in context: ResolveContext) -> Element {
        let state = context.graph.storage(for: context.path + "#tabs") { TabViewState() }
        let tabs = TabViewState.tabs(in: resolveView(content, in: context.child("content")))
        guard !tabs.isEmpty else { return Element(.empty, context) }
        let selected: Int
        if let selection {
            selected = tabs.firstIndex { $0.tag == AnyHashable(selection.wrappedValue) } ?? 0
        } else {
            selected = min(state.selectedIndex, tabs.count - 1)
        }
        weak var graph = context.graph
        let selection = selection
        let buttons = tabs.enumerated().map { index, tab -> Element in
            let buttonContext = context.child("tabbar/\(index)")
            let select = {
                if let selection, let value = tab.tag?.base as? SelectionValue {
                    selection.wrappedValue = value
                } else if selection == nil {
                    state.selectedIndex = index
                    graph?.stateDidChange(owner: nil)
                }
            }
            return Element(.button(ButtonSpec(
                title: nil, label: tab.label, action: select, spokenTitle: tab.title)), buttonContext)
        }
        let barContext = context.child("tabbar")
        let row = Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: 0), buttons), barContext.child("row"))
        let bar = Element(.ignoresSafeArea(.keyboard, .all, Element(
            .frame(FrameSpec(
                width: nil, height: TabViewState.barHeight, minWidth: nil, maxWidth: .infinity, minHeight: nil, maxHeight: nil,
                alignment: .center), Element(.background(
                base: row, background: Element(.color(UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1)),
                barContext.child("background"))), barContext)), barContext.child("frame"))), barContext.child("keyboard"))
        let page = Element(.padding(EdgeInsets(top: 0, leading: 0, bottom: TabViewState.barHeight, trailing: 0),
            Element(.frame(FrameSpec(
                width: nil, height: nil, minWidth: nil, maxWidth: .infinity, minHeight: nil, maxHeight: .infinity,
                alignment: .center), tabs[selected].content), context.child("page"))),
            context.child("pagePadding"))
        return Element(.zstack(.bottom, [page, bar]), context)
    }
}

extension TabView {
    /// Tabs whose selection is `selection`: each tab's `tag` is its value (iOS 14).
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs selected by tapping their tab bar buttons; the first is selected at first.
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

/// Which tab an unbound `TabView` shows.
final class TabViewState {
    /// A tab bar's height on iPhone (its background extends into the bottom safe area).
    static let barHeight: CGFloat = 49
    var selectedIndex = 0

    /// One tab: its bar button's label and title, its tag and its content.
    struct Tab {
        var label: Element
        var title: String
        var tag: AnyHashable?
        var content: Element
    }

    /// The tabs of a tab view's resolved content: each child with a `tabItem` (or made by `Tab`).
    static func tabs(in element: Element) -> [Tab] {
        element.flattened.compactMap { child in tab(in: child, tag: nil) }
    }

    private static func tab(in element: Element, tag: AnyHashable?) -> Tab? {
        switch element.kind {
        case .tagged(let value, let child):
            if let box = value.base as? TabItemBox {
                var innerTag = tag
                if innerTag == nil, case .tagged(let inner, _) = child.kind, !(inner.base is TabItemBox) { innerTag = inner }
                return Tab(label: box.label, title: Button<Text>.texts(in: box.label).joined(separator: " "), tag: innerTag, content: child)
            }
            return tab(in: child, tag: tag ?? value).map { found in
                var found = found
                found.tag = found.tag ?? value
                return found
            }
        case .identified(let value, let child):
            return tab(in: child, tag: tag ?? value)
        default:
            return nil
        }
    }
}

/// A tab item's label, carried to the tab view in a tag (compared by identity).
final class TabItemBox: Hashable {
    let label: Element
    init(label: Element) { self.label = label }
    static func == (a: TabItemBox, b: TabItemBox) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension View {
    /// The label of this view's button in an enclosing `TabView`'s tab bar (iOS 13).
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let label = label()
        return applying(.wrap { context, element in
            var labelContext = context.child("tabItem")
            labelContext.traits.labelStyle = .titleAndIcon
            return Element(.tagged(AnyHashable(TabItemBox(label: resolveView(label, in: labelContext))), element), context)
        })
    }
}

// MARK: Tab (iOS 18)

/// Content of a `TabView` built from `Tab`s, as SwiftUI's `TabContent` (iOS 18).
@available(iOS 18.0, *)
@preconcurrency @MainActor public protocol TabContent<TabValue> {
    associatedtype TabValue: Hashable
    /// The tab's views, tagged and labelled for the tab view.
    func _tabs() -> [AnyView]
}

/// A tab with a title, a symbol and a value, as SwiftUI's `Tab` (iOS 18).
@available(iOS 18.0, *)
public struct Tab<Value: Hashable, Content: View, Label: View>: TabContent {
    public typealias TabValue = Value
    let value: Value?
    let content: Content
    let label: Label

    public func _tabs() -> [AnyView] {
        let label = label
        if let value {
            return [AnyView(content.tabItem { label }.tag(value))]
        }
        return [AnyView(content.tabItem { label })]
    }
}

extension Tab where Label == SwiftUI.Label<Text, Image> {
    /// A tab selected when the tab view's selection is `value`.
    public init(_ titleKey: String, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.value = value
        self.content = content()
        label = SwiftUI.Label(titleKey, systemImage: systemImage)
    }

    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.init(String(title), systemImage: systemImage, value: value, content: content)
    }
}

extension Tab where Value == Never, Label == SwiftUI.Label<Text, Image> {
    /// A tab of a tab view without a selection.
    public init(_ titleKey: String, systemImage: String, @ViewBuilder content: () -> Content) {
        value = nil
        self.content = content()
        label = SwiftUI.Label(titleKey, systemImage: systemImage)
    }
}

/// The tabs of a `@TabContentBuilder` block.
public struct _TupleTabContent<Value: Hashable>: TabContent {
    public typealias TabValue = Value
    let tabs: [AnyView]
    public func _tabs() -> [AnyView] { tabs }
}

/// Builds a tab view's `Tab`s, as SwiftUI's `TabContentBuilder` (iOS 18).
@available(iOS 18.0, *)
@resultBuilder public struct TabContentBuilder<SelectionValue: Hashable> {
    public static func buildExpression<C: TabContent>(_ content: C) -> C where C.TabValue == SelectionValue { content }

    public static func buildBlock<each C: TabContent>(_ content: repeat each C) -> _TupleTabContent<SelectionValue> {
        var tabs: [AnyView] = []
        for tab in repeat each content { tabs += tab._tabs() }
        return _TupleTabContent(tabs: tabs)
    }

    public static func buildIf<C: TabContent>(_ content: C?) -> _TupleTabContent<SelectionValue> {
        _TupleTabContent(tabs: content?._tabs() ?? [])
    }
}

/// The views a tab view shows for its `Tab`s.
public struct _TabContentView: View, PrimitiveView {
    public typealias Body = Never
    let tabs: [AnyView]

    func resolve(in context: ResolveContext) -> Element {
        Element(.group(tabs.enumerated().map { index, tab in resolveView(tab, in: context.child("tab\(index)")) }), context)
    }
}

extension TabView where Content == _TabContentView {
    /// Tabs made of `Tab`s with values, selected by `selection` (iOS 18).
    @available(iOS 18.0, *)
    public init<C: TabContent>(selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C)
    where C.TabValue == SelectionValue {
        self.selection = selection
        self.content = _TabContentView(tabs: content()._tabs())
    }
}

extension TabView where SelectionValue == Never, Content == _TabContentView {
    /// Tabs made of `Tab`s without values (iOS 18).
    @available(iOS 18.0, *)
    public init<C: TabContent>(@TabContentBuilder<Never> content: () -> C) where C.TabValue == Never {
        selection = nil
        self.content = _TabContentView(tabs: content()._tabs())
    }
}
