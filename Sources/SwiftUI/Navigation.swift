import UIKitModel

/// A container with a navigation bar over its root view and the screens pushed onto it, as SwiftUI's
/// `NavigationStack`. The top screen shows with its title and a back button titled by the screen below it; the
/// screens below stay resolved (their state lives on) but their views leave the window, so pushing a screen ends
/// the editing of a field on the screen it covers (its focus state goes blank and the keyboard hides, uikit #117).
@available(iOS 16.0, *)
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    public typealias Body = Never
    let root: Root
    /// The bound path: its values, and how to append and remove one.
    var path: NavigationHandle.BoundPath?

    func resolve(in context: ResolveContext) -> Element {
        let state = context.graph.storage(for: context.path + "#stack") { NavigationState() }
        let handle = NavigationHandle(state: state, path: path, graph: context.graph)
        context.graph.navigationDestinations = []
        var screens: [NavigationScreen] = []
        var inner = context.child("root")
        inner.traits.insideNavigationStack = true
        inner.traits.navigation = handle
        inner.traits.searchAroundStack = nil
        // The stack keeps an edit mode for its screens (an `EditButton` in the toolbar switches it), unless an
        // ancestor put one in the environment.
        if inner.traits.environment.editModeBinding == nil {
            let box = context.graph.storage(for: context.path + "#editMode") { EditModeBox() }
            let graph = context.graph
            inner.traits.environment.editModeBinding = Binding(location: { box.mode }, write: { mode in
                guard box.mode != mode else { return }
                box.mode = mode
                graph.stateDidChange(owner: nil)
            })
        }
        var pending: [(component: String, resolve: @MainActor (ResolveContext) -> Element, pop: (@MainActor () -> Void)?)] = [
            ("root", { resolveView(root, in: $0) }, nil)]
        var entries = handle.entries[...]
        while !pending.isEmpty {
            let next = pending.removeFirst()
            var screenContext = context.child(next.component)
            screenContext.traits = inner.traits
            screenContext.traits.environment.navigationPop = next.pop ?? screenContext.traits.environment.navigationPop
            screens.append(NavigationScreen.resolve(next.resolve, in: screenContext, large: screens.last?.isLarge ?? true))
            // A `searchable` on the stack itself puts its field in the root screen's bar, as Apple's examples write it.
            if screens.count == 1, screens[0].search == nil, let search = context.traits.searchAroundStack {
                context.graph.navigationSearchSession = nil
                screens[0].search = search(context.child("stackSearch"))
                screens[0].searchSession = context.graph.navigationSearchSession
            }
            for presented in context.graph.presentedDestinations {
                pending.append(("presented\(screens.count)", presented.resolve, presented.pop))
            }
            context.graph.presentedDestinations = []
            if pending.isEmpty, let entry = entries.popFirst(), let resolve = handle.destination(of: entry) {
                let depth = screens.count
                pending.append(("push\(depth):\(entry.key)", resolve, { handle.pop(to: depth) }))
            }
        }
        // While the user searches, the top screen's suggestions (if any) show in place of its content.
        let top = screens.count - 1
        if let session = screens[top].searchSession,
            let suggestions = session.suggestionList(in: context.child("suggestions\(screens.count)"))
        {
            screens[top].element = suggestions
        }
        return Element(.navigation(Self.bar(for: screens, context: context), screens.last!.element), context)
    }

    /// The top screen's bar: its title and items, and a back button when a screen lies below it.
    static func bar(for screens: [NavigationScreen], context: ResolveContext) -> NavigationBarSpec {
        let top = screens.last!
        var leading = top.items.filter { $0.leading }.map { $0.element }
        var backButtonPath: String?
        if screens.count > 1, !top.backButtonHidden {
            let pop = top.pop
            let title = screens[screens.count - 2].title ?? "Back"
            let backContext = context.child("back\(screens.count)")
            leading.insert(Element(.button(ButtonSpec(
                title: title, label: Element(.text(title, Layout.bodyFont), backContext), action: { pop?() },
                spokenTitle: title)), backContext), at: 0)
            backButtonPath = backContext.path
        }
        var scopes: Element?
        if let session = top.searchSession, session.showsScopes, let spec = session.scopes {
            scopes = spec.picker(context.child("scopes\(screens.count)"))
        }
        return NavigationBarSpec(
            title: top.title, isLarge: top.isLarge && top.principal.isEmpty, leading: leading,
            trailing: top.items.filter { !$0.leading }.map { $0.element }, search: top.search, scopes: scopes,
            principal: row(top.principal, context.child("principal\(screens.count)")),
            bottomBar: row(top.bottomBar, context.child("bottomBar\(screens.count)")), backButtonPath: backButtonPath)
    }

    /// Toolbar items laid out in a row, as a bar lays them out.
    private static func row(_ items: [Element], _ context: ResolveContext) -> Element? {
        items.isEmpty ? nil : Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: nil), items), context)
    }
}

extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) { self.root = root() }

    /// A stack whose pushed values are `path`: appending a value pushes its destination, removing one pops it.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = NavigationHandle.BoundPath(
            values: { path.wrappedValue.elements },
            append: { value in path.wrappedValue.elements.append(value); return true },
            removeLast: { path.wrappedValue.removeLast() })
    }
}

extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
{
    /// A stack whose pushed values are the elements of `path`.
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.path = NavigationHandle.BoundPath(
            values: { path.wrappedValue.map { AnyHashable($0) } },
            append: { value in
                guard let element = value.base as? Data.Element else { return false }
                path.wrappedValue.append(element)
                return true
            },
            removeLast: { if !path.wrappedValue.isEmpty { path.wrappedValue.removeLast() } })
    }
}

/// One screen of a stack: its content and what its views set for the bar.
struct NavigationScreen {
    var element: Element
    var title: String?
    var isLarge: Bool
    var items: [(leading: Bool, element: Element)]
    var pop: (@MainActor () -> Void)?
    /// The screen's `searchable` field and its session.
    var search: Element?
    var searchSession: SearchSession?
    /// `navigationBarBackButtonHidden(true)`: no back button.
    var backButtonHidden = false
    /// `.principal` toolbar items, shown in place of the title, and `.bottomBar` items.
    var principal: [Element] = []
    var bottomBar: [Element] = []

    @MainActor static func resolve(
        _ resolve: @MainActor (ResolveContext) -> Element, in context: ResolveContext, large: Bool
    ) -> NavigationScreen {
        let graph = context.graph
        graph.navigationTitle = nil
        graph.navigationTitleLarge = large
        graph.navigationBarItems = []
        graph.navigationSearch = nil
        graph.navigationSearchSession = nil
        graph.navigationBackButtonHidden = false
        graph.navigationPrincipal = []
        graph.navigationBottomBar = []
        let element = resolve(context)
        return NavigationScreen(
            element: element, title: graph.navigationTitle, isLarge: graph.navigationTitleLarge,
            items: graph.navigationBarItems, pop: context.traits.environment.navigationPop, search: graph.navigationSearch,
            searchSession: graph.navigationSearchSession, backButtonHidden: graph.navigationBackButtonHidden,
            principal: graph.navigationPrincipal, bottomBar: graph.navigationBottomBar)
    }
}

/// What a stack pushed without a bound path (and, with one, the destination-based links' screens on top of it).
final class NavigationState {
    var entries: [NavigationEntry] = []
}

/// A pushed screen: a value shown by its `navigationDestination`, or a destination-based link's destination.
enum NavigationEntry {
    case value(AnyHashable)
    case link(String)

    var key: String {
        switch self {
        case .value(let value): return "\(value)"
        case .link(let path): return path
        }
    }
}

/// What the views inside a stack use to push and pop.
@MainActor final class NavigationHandle {
    struct BoundPath {
        let values: () -> [AnyHashable]
        /// Appends a value; false when the path cannot hold it (a typed path, a value of another type).
        let append: (AnyHashable) -> Bool
        let removeLast: () -> Void
    }

    let state: NavigationState
    let path: BoundPath?
    weak var graph: ViewGraph?

    init(state: NavigationState, path: BoundPath?, graph: ViewGraph) {
        self.state = state
        self.path = path
        self.graph = graph
    }

    /// The pushed screens, bottom first.
    var entries: [NavigationEntry] { (path?.values() ?? []).map { .value($0) } + state.entries }

    func destination(of entry: NavigationEntry) -> (@MainActor (ResolveContext) -> Element)? {
        switch entry {
        case .value(let value):
            return graph?.navigationDestinations.lazy.compactMap { $0(value) }.first
        case .link(let path):
            return graph?.linkDestinations[path]
        }
    }

    /// Pushes `entry`; a value no `navigationDestination` shows is not pushed, and SwiftUI's runtime warning is logged.
    func push(_ entry: NavigationEntry) {
        guard destination(of: entry) != nil else {
            if case .value(let value) = entry {
                RuntimeWarning.log("A NavigationLink is presenting a value of type \(type(of: value.base)) but there is no matching navigationDestination declaration visible from the location of the link. The link cannot be activated.")
            }
            return
        }
        if case .value(let value) = entry, state.entries.isEmpty, let path, path.append(value) { return }
        state.entries.append(entry)
        graph?.stateDidChange(owner: nil)
    }

    /// Pops the screens above `depth` screens (the root is one).
    func pop(to depth: Int) {
        while entries.count >= depth, entries.count > 0 {
            if !state.entries.isEmpty { state.entries.removeLast() } else { path?.removeLast() }
        }
        graph?.stateDidChange(owner: nil)
    }
}

/// A list of pushed values of any types, as SwiftUI's `NavigationPath`.
@available(iOS 16.0, *)
public struct NavigationPath: Equatable {
    var elements: [AnyHashable] = []

    @available(iOS 16.0, *)
    public init() {}

    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }

    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

/// A button that pushes a screen onto the enclosing `NavigationStack`, as SwiftUI's `NavigationLink`: a value shown
/// by the `navigationDestination(for:)` of its type, or its own destination.
public struct NavigationLink<Label: View, Destination: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let value: AnyHashable?
    let destination: Destination?

    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination()
        value = nil
    }

    func resolve(in context: ResolveContext) -> Element {
        let resolved = resolveView(label, in: context.child("label"))
        var title: String?
        if case .text(let string, _) = resolved.kind { title = string }
        let handle = context.traits.navigation
        let entry: NavigationEntry?
        if let destination {
            context.graph.linkDestinations[context.path] = { resolveView(destination, in: $0) }
            entry = .link(context.path)
        } else {
            entry = value.map { .value($0) }
        }
        // Outside a stack, or with a nil value, the link is disabled, as in SwiftUI.
        let enabled = !context.traits.isDisabled && handle != nil && entry != nil
        return Element(.button(ButtonSpec(
            isEnabled: enabled, title: title, label: resolved, action: { if let entry { handle?.push(entry) } },
            spokenTitle: Button<Text>.texts(in: resolved).joined(separator: " "))), context)
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value`, shown by the `navigationDestination(for:)` of its type.
    @available(iOS 16.0, *)
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.value = value.map { AnyHashable($0) }
        destination = nil
    }
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: String, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    @available(iOS 16.0, *)
    public init<P: Hashable>(_ titleKey: String, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }

    @available(iOS 16.0, *)
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

/// The bar a `NavigationStack` shows.
struct NavigationBarSpec {
    var title: String?
    var isLarge: Bool
    /// `toolbar` items at the bar's leading and trailing ends (a back button first).
    var leading: [Element] = []
    var trailing: [Element] = []
    /// A `searchable` field below the title, and its scope bar while it shows.
    var search: Element?
    var scopes: Element?
    /// `.principal` toolbar items, centred in the bar in place of the title.
    var principal: Element?
    /// `.bottomBar` toolbar items, in a bar at the bottom of the screen.
    var bottomBar: Element?
    /// The identity of the back button, which the driver's `tapBackButton()` taps.
    var backButtonPath: String?

    /// The title part: 44 points, plus 52 for a large title (iPhone).
    var titleHeight: CGFloat { isLarge && title != nil ? 96 : 44 }
    /// The title part, plus 52 for a search field (36 high, 8 above and below) and 40 for its scope bar.
    var height: CGFloat { titleHeight + (search == nil ? 0 : 52) + (scopes == nil ? 0 : 40) }
    /// The bottom toolbar's height (iPhone).
    static let bottomBarHeight: CGFloat = 49
}

/// How the navigation bar shows the title, as SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

/// How a toolbar shows its title, as SwiftUI's `ToolbarTitleDisplayMode` (iOS 17).
@available(iOS 17.0, *)
public struct ToolbarTitleDisplayMode: Sendable {
    let barMode: NavigationBarItem.TitleDisplayMode
    public static var automatic: ToolbarTitleDisplayMode { .init(barMode: .automatic) }
    public static var inline: ToolbarTitleDisplayMode { .init(barMode: .inline) }
    public static var inlineLarge: ToolbarTitleDisplayMode { .init(barMode: .large) }
    public static var large: ToolbarTitleDisplayMode { .init(barMode: .large) }
}

extension View {
    /// The title the enclosing `NavigationStack` shows for this view.
    @available(iOS 14.0, *)
    public func navigationTitle(_ titleKey: String) -> some View {
        applying(.navigationTitle(titleKey, nil))
    }

    @available(iOS 14.0, *)
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        applying(.navigationTitle(String(title), nil))
    }

    @available(iOS 14.0, *)
    public func navigationTitle(_ title: Text) -> some View {
        applying(.navigationTitle(title.string, nil))
    }

    /// A title described by a view (iOS 14): the bar shows the view's texts, joined by spaces [approximation: other
    /// content, an image, is not drawn]; a title without any text stops the program, as the model cannot show it.
    @available(iOS 14.0, *)
    public func navigationTitle<V: View>(@ViewBuilder _ title: () -> V) -> some View {
        let content = title()
        return applying(.register { context in
            let texts = Button<Text>.texts(in: resolveView(content, in: context.child("navigationTitle")))
            precondition(!texts.isEmpty, "navigationTitle { … } without a Text is not modelled (docs/model.md, SwiftUI)")
            context.graph.navigationTitle = texts.joined(separator: " ")
        })
    }

    /// A title the user may rename (iOS 16): the bar shows the bound value [approximation: the rename menu of an
    /// inline title is not modelled, so only code changes it].
    @available(iOS 16.0, *)
    public func navigationTitle(_ title: Binding<String>) -> some View {
        applying(.navigationTitle(title.wrappedValue, nil))
    }

    /// Hides the back button of the pushed screen this view is in (iOS 13); `dismiss()` or a path still pop it.
    @available(iOS 13.0, *)
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        applying(.register { context in if hidesBackButton { context.graph.navigationBackButtonHidden = true } })
    }

    /// Shows the title large (the root's default) or inline in the bar.
    @available(iOS 14.0, *)
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        applying(.navigationTitle(nil, displayMode))
    }

    /// Shows the title large or inline in the bar (iOS 17's name for `navigationBarTitleDisplayMode`); the model draws
    /// `.inlineLarge` as `.large` [approximation].
    @available(iOS 17.0, *)
    public func toolbarTitleDisplayMode(_ mode: ToolbarTitleDisplayMode) -> some View {
        applying(.navigationTitle(nil, mode.barMode))
    }

    /// Shows a pushed value of type `data` with `destination`, for the links and path of the enclosing stack.
    @available(iOS 16.0, *)
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        applying(.register { context in
            context.graph.navigationDestinations.append { value in
                guard let typed = value.base as? D else { return nil }
                return { resolveView(destination(typed), in: $0) }
            }
        })
    }

    /// Pushes the screen `destination` makes for `item` while it is not `nil` (iOS 17); going back sets it to `nil`.
    @available(iOS 17.0, *)
    public func navigationDestination<D: Hashable, C: View>(
        item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        applying(.register { context in
            guard let value = item.wrappedValue else { return }
            context.graph.presentedDestinations.append((
                resolve: { resolveView(destination(value), in: $0) }, pop: { item.wrappedValue = nil }))
        })
    }

    /// Pushes `destination` while `isPresented` is true; going back sets it to false.
    @available(iOS 16.0, *)
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View {
        let destination = destination()
        return applying(.register { context in
            guard isPresented.wrappedValue else { return }
            context.graph.presentedDestinations.append((
                resolve: { resolveView(destination, in: $0) }, pop: { isPresented.wrappedValue = false }))
        })
    }
}

/// The iOS 13 navigation container, as SwiftUI's `NavigationView`; on iPhone it is a `NavigationStack` (links push
/// their destinations). Apple deprecates it in favour of `NavigationStack`.
@available(iOS, introduced: 13.0, deprecated: 100000.0, message: "use NavigationStack or NavigationSplitView instead")
public struct NavigationView<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content

    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    func resolve(in context: ResolveContext) -> Element {
        NavigationStack<NavigationPath, Content>(root: { content }).resolve(in: context)
    }
}
