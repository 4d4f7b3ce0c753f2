import UIKitModel

/// A coordinate space to read a frame in, as SwiftUI's `CoordinateSpace`.
public enum CoordinateSpace: Hashable, Sendable {
    /// The screen's (the window's) coordinates.
    case global
    /// The reader's own coordinates.
    case local
    /// A space named with `coordinateSpace(name:)`; the model has none, so it reads as `.global`.
    case named(AnyHashable)
}

/// The size and place of a `GeometryReader`, as SwiftUI's `GeometryProxy`.
public struct GeometryProxy {
    /// The size the reader was given: the space its parent offered (S40: less the keyboard while it is up).
    public let size: CGSize
    /// The safe-area insets the reader's frame overlaps.
    public let safeAreaInsets: EdgeInsets
    let globalFrame: CGRect

    /// The reader's frame in `coordinateSpace`.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .local: return CGRect(origin: .zero, size: size)
        case .global, .named: return globalFrame
        }
    }
}

/// A container that gives its content its own size, as SwiftUI's `GeometryReader`: it takes all the space offered
/// and places the content at its top-leading corner. The model resolves the content with the size of the last
/// layout and, when the layout gives a different size, resolves and lays out again in the same update.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    public var content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    func resolve(in context: ResolveContext) -> Element {
        let place = context.graph.mounter.geometry(for: context.path)
        let proxy = GeometryProxy(size: place.frame.size, safeAreaInsets: place.insets, globalFrame: place.frame)
        return Element(.geometry(resolveView(content(proxy), in: context.child("content"))), context)
    }
}
