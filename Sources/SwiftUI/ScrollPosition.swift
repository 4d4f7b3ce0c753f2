import UIKitModel

/// Where a scroll view is scrolled, as SwiftUI's `ScrollPosition` (iOS 18): a view's id, an edge or a point. Bound
/// with `scrollPosition(_:anchor:)`, each `scrollTo` scrolls the view at the next update, and the user's scrolling
/// writes the id of the top-most identified view (S53).
@available(iOS 18.0, *)
public struct ScrollPosition: Equatable, Sendable {
    /// What the position asks for; each request has its own serial number, so asking again scrolls again.
    enum Target: Hashable, Sendable {
        case none
        case view(AnyHashable, anchor: UnitPoint?)
        case edge(Edge)
        case point(x: CGFloat, y: CGFloat)
    }

    struct Request: Hashable, @unchecked Sendable {
        let target: Target
        let serial: Int
    }

    nonisolated(unsafe) private static var serials = 0

    var request: Request
    /// The id the user scrolled to (the top-most identified view), when the user scrolled last.
    var scrolledID: AnyHashable?

    init(_ target: Target) {
        ScrollPosition.serials += 1
        request = Request(target: target, serial: ScrollPosition.serials)
    }

    public init<ID: Hashable & Sendable>(idType: ID.Type = Never.self) { self.init(.none) }

    public init<ID: Hashable & Sendable>(idType: ID.Type = Never.self, edge: Edge) { self.init(.edge(edge)) }

    public init<ID: Hashable & Sendable>(idType: ID.Type = Never.self, point: CGPoint) { self.init(.point(x: point.x, y: point.y)) }

    public init<ID: Hashable & Sendable>(idType: ID.Type = Never.self, x: CGFloat, y: CGFloat) {
        self.init(.point(x: x, y: y))
    }

    public init<ID: Hashable & Sendable>(id: ID, anchor: UnitPoint? = nil) { self.init(.view(AnyHashable(id), anchor: anchor)) }

    public mutating func scrollTo<ID: Hashable & Sendable>(id: ID, anchor: UnitPoint? = nil) {
        self = ScrollPosition(.view(AnyHashable(id), anchor: anchor))
    }

    public mutating func scrollTo(edge: Edge) { self = ScrollPosition(.edge(edge)) }

    public mutating func scrollTo(point: CGPoint) { self = ScrollPosition(.point(x: point.x, y: point.y)) }

    public mutating func scrollTo(x: CGFloat, y: CGFloat) { scrollTo(point: CGPoint(x: x, y: y)) }

    public mutating func scrollTo(y: CGFloat) { scrollTo(point: CGPoint(x: 0, y: y)) }

    /// The id of the view scrolled to in code, or of the top-most view the user scrolled to.
    public var viewID: (any Hashable & Sendable)? {
        var id: AnyHashable?
        if let scrolledID { id = scrolledID } else if case .view(let wanted, _) = request.target { id = wanted }
        // The ids come from `Hashable & Sendable` values (`scrollTo(id:)`) or views' ids; `Sendable` has no runtime
        // form to cast to, so the hashable value is handed back as it is.
        guard let value = id?.base as? any Hashable else { return nil }
        return unsafeBitCast(value, to: (any Hashable & Sendable).self)
    }

    public func viewID<T: Hashable & Sendable>(type: T.Type) -> T? { viewID as? T }

    /// The edge scrolled to in code, if that is the position.
    public var edge: Edge? {
        if scrolledID == nil, case .edge(let edge) = request.target { return edge }
        return nil
    }

    /// The point scrolled to in code, if that is the position.
    public var point: CGPoint? {
        if scrolledID == nil, case .point(let x, let y) = request.target { return CGPoint(x: x, y: y) }
        return nil
    }

    /// Whether the user's scrolling set the position last.
    public var isPositionedByUser: Bool { scrolledID != nil }

    public static func == (a: ScrollPosition, b: ScrollPosition) -> Bool {
        a.request == b.request && a.scrolledID == b.scrolledID
    }
}

extension View {
    /// Binds the scroll views inside to `position`: a position set in code scrolls them at the next update, and the
    /// user's scrolling writes the top-most identified view's id into it (S53).
    @available(iOS 18.0, *)
    public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil) -> some View {
        let spec = ScrollPositionSpec(
            get: { position.wrappedValue.scrolledID == nil ? AnyHashable(position.wrappedValue.request) : nil },
            set: { id in
                guard let id else { return }
                var user = position.wrappedValue
                user.scrolledID = id
                position.wrappedValue = user
            },
            anchor: anchor)
        return applying(.traits { $0.scrollPosition = spec })
    }
}
