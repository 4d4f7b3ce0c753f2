import UIKitModel

/// A container with a navigation bar over its root view, as SwiftUI's `NavigationStack`; the model shows the root
/// view and its title (no pushes: `NavigationLink` and `navigationDestination` do not exist here).
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    public typealias Body = Never
    let root: Root

    func resolve(in context: ResolveContext) -> Element {
        context.graph.navigationTitle = nil
        context.graph.navigationTitleLarge = true
        context.graph.navigationBarItems = []
        var inner = context.child("root")
        inner.traits.insideNavigationStack = true
        let child = resolveView(root, in: inner)
        let items = context.graph.navigationBarItems
        let bar = NavigationBarSpec(
            title: context.graph.navigationTitle, isLarge: context.graph.navigationTitleLarge,
            leading: items.filter { $0.leading }.map { $0.element }, trailing: items.filter { !$0.leading }.map { $0.element })
        return Element(.navigation(bar, child), context)
    }
}

extension NavigationStack where Data == Never {
    public init(@ViewBuilder root: () -> Root) { self.root = root() }
}

/// The bar a `NavigationStack` shows.
struct NavigationBarSpec {
    var title: String?
    var isLarge: Bool
    /// `toolbar` items at the bar's leading and trailing ends.
    var leading: [Element] = []
    var trailing: [Element] = []

    /// 44 points, plus 52 for a large title (iPhone).
    var height: CGFloat { isLarge && title != nil ? 96 : 44 }
}

/// How the navigation bar shows the title, as SwiftUI's `NavigationBarItem.TitleDisplayMode`.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

extension View {
    /// The title the enclosing `NavigationStack` shows for this view.
    public func navigationTitle(_ title: String) -> some View {
        applying(.navigationTitle(title, nil))
    }

    /// Shows the title large (the root's default) or inline in the bar.
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        applying(.navigationTitle(nil, displayMode))
    }
}
