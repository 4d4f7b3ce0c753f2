import UIKitModel

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`: the keyboard's bar, or the leading or trailing
/// end of the enclosing `NavigationStack`'s bar.
@available(iOS 14.0, *)
public struct ToolbarItemPlacement: Sendable, Equatable {
    let name: String
    /// Whether the item goes at the leading end of the navigation bar (else the trailing end).
    var isLeading = false
    /// Above the software keyboard while a text field inside the modified view is focused (S45).
    @available(iOS 15.0, *)
    public static let keyboard = ToolbarItemPlacement(name: "keyboard")
    /// The navigation bar's trailing end on iPhone.
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    /// A sheet's "Save" or "Done": the trailing end.
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    /// A sheet's "Cancel": the leading end.
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction", isLeading: true)
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading", isLeading: true)
    public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let navigationBarLeading = ToolbarItemPlacement(name: "navigationBarLeading", isLeading: true)
    public static let navigationBarTrailing = ToolbarItemPlacement(name: "navigationBarTrailing")
    /// The middle of the navigation bar, in place of the title.
    public static let principal = ToolbarItemPlacement(name: "principal")
    /// A toolbar at the bottom of the screen (iOS).
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

/// Content of a `toolbar`, as SwiftUI's `ToolbarContent`.
@available(iOS 14.0, *)
@preconcurrency @MainActor public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder var body: Self.Body { get }
}

extension Never: ToolbarContent {}

/// Toolbar content the model resolves itself.
@MainActor protocol PrimitiveToolbarContent {
    func toolbarItems(in context: ResolveContext) -> [ToolbarEntry]
}

extension ToolbarContent where Body == Never {
    public var body: Never { fatalError("\(Self.self) has no body") }
}

@MainActor func resolveToolbar<C: ToolbarContent>(_ content: C, in context: ResolveContext) -> [ToolbarEntry] {
    if let primitive = content as? any PrimitiveToolbarContent { return primitive.toolbarItems(in: context) }
    return resolveToolbar(content.body, in: context.child(_typeName(C.self, qualified: false)))
}

/// A resolved toolbar item: its placement and its views.
struct ToolbarEntry {
    let placement: ToolbarItemPlacement
    let elements: [Element]
}

/// Builds toolbar content from the items of a closure, as SwiftUI's `ToolbarContentBuilder`.
@available(iOS 14.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content) -> _ToolbarTuple {
        var items: [any ToolbarContent] = []
        for item in repeat each content { items.append(item) }
        return _ToolbarTuple(items: items)
    }
}

/// Several toolbar items in order.
public struct _ToolbarTuple: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let items: [any ToolbarContent]
    func toolbarItems(in context: ResolveContext) -> [ToolbarEntry] {
        items.enumerated().flatMap { index, item in resolveToolbar(item, in: context.child("\(index)")) }
    }
}

/// One toolbar item, as SwiftUI's `ToolbarItem`.
@available(iOS 14.0, *)
public struct ToolbarItem<ID, Content: View>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content
    func toolbarItems(in context: ResolveContext) -> [ToolbarEntry] {
        [ToolbarEntry(placement: placement, elements: resolveView(content, in: context.child("item")).flattened)]
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Several views placed together in a toolbar, as SwiftUI's `ToolbarItemGroup`.
@available(iOS 14.0, *)
public struct ToolbarItemGroup<Content: View>: ToolbarContent, PrimitiveToolbarContent {
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content

    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    func toolbarItems(in context: ResolveContext) -> [ToolbarEntry] {
        [ToolbarEntry(placement: placement, elements: resolveView(content, in: context.child("group")).flattened)]
    }
}

/// Views given to `toolbar` directly: items at the automatic placement.
struct ToolbarViews<Content: View>: ToolbarContent, PrimitiveToolbarContent {
    typealias Body = Never
    let content: Content
    func toolbarItems(in context: ResolveContext) -> [ToolbarEntry] {
        [ToolbarEntry(placement: .automatic, elements: resolveView(content, in: context.child("views")).flattened)]
    }
}

extension View {
    /// Adds views to the navigation bar's trailing end.
    @available(iOS 14.0, *)
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let content = ToolbarViews(content: content())
        return applying(.toolbar { context in resolveToolbar(content, in: context) })
    }

    /// Adds toolbar items; `.keyboard` items appear in a bar above the keyboard for the text fields inside (S45).
    @available(iOS 14.0, *)
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        let content = content()
        return applying(.toolbar { context in resolveToolbar(content, in: context) })
    }
}

/// The bar above the keyboard made from `.keyboard` items: buttons become bar button items, spacers flexible space.
@MainActor enum KeyboardBar {
    static func items(from entries: [ToolbarEntry]) -> [(title: String?, action: (() -> Void)?)] {
        var items: [(title: String?, action: (() -> Void)?)] = []
        for entry in entries where entry.placement == .keyboard {
            for element in entry.elements {
                switch element.kind {
                case .spacer: items.append((nil, nil))
                case .button(let spec): items.append((spec.title ?? spec.spokenTitle, spec.action))
                case .text(let string, _): items.append((string, nil))
                default: continue
                }
            }
        }
        return items
    }

    /// A 44-point toolbar with the items; the actions are read through `actions` so a later render's win.
    static func makeToolbar(_ items: [(title: String?, action: (() -> Void)?)], actions: @escaping (Int) -> (() -> Void)?) -> UIToolbar {
        let toolbar = UIToolbar(frame: CGRect(x: 0, y: 0, width: UIScreen.main.bounds.width, height: 44))
        toolbar.items = items.enumerated().map { index, item in
            guard let title = item.title else { return .flexibleSpace() }
            return UIBarButtonItem(title: title, primaryAction: UIAction { _ in actions(index)?() })
        }
        toolbar.sizeToFit()
        return toolbar
    }
}
