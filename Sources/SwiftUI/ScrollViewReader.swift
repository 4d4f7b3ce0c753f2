import UIKitModel

/// A point in a view's unit square, as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Scrolls the scroll views inside a `ScrollViewReader`, as SwiftUI's `ScrollViewProxy` (S52).
@available(iOS 14.0, *)
public struct ScrollViewProxy {
    weak var graph: ViewGraph?

    /// Scrolls so the view with `id` shows: the least distance with no anchor, else that edge aligned (S52).
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        onModelThread { graph?.mounter.scrollTo(AnyHashable(id), anchor: anchor) }
    }
}

/// Gives its content a proxy that scrolls to views by id, as SwiftUI's `ScrollViewReader`.
@available(iOS 14.0, *)
public struct ScrollViewReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: (ScrollViewProxy) -> Content

    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) { self.content = content }

    /// Several views in the reader's content are laid out one above the other, as SwiftUI lays out a root's
    /// several views [approximation: inside an `HStack` they stay a column].
    func resolve(in context: ResolveContext) -> Element {
        let element = resolveView(content(ScrollViewProxy(graph: context.graph)), in: context.child("reader"))
        let views = element.flattened
        guard views.count > 1 else { return element }
        var column = element
        column.kind = .stack(StackSpec(axis: .vertical, crossAlignment: 0.5, spacing: nil), views)
        return column
    }
}
