import Foundation

/// A layout guide that turns constraints on and off as it nears or leaves the edges of its view, as UIKit's
/// `UITrackingLayoutGuide` (the superclass of `UIKeyboardLayoutGuide`).
///
/// An edge is "near" when the guide's `layoutFrame` touches that edge of the owning view (within half a point [U]:
/// Apple gives no distance). A docked or hidden keyboard's guide is near the bottom, leading and trailing edges; an
/// undocked keyboard that the guide follows (`followsUndockedKeyboard`) floats away from them. Constraints are
/// re-evaluated whenever the keyboard moves and when they are set.
@available(iOS 15.0, *)
open class UITrackingLayoutGuide: UILayoutGuide {
    private var nearEdge: [(NSDirectionalRectEdge, [NSLayoutConstraint])] = []
    private var awayFromEdge: [(NSDirectionalRectEdge, [NSLayoutConstraint])] = []

    /// Activates `trackingConstraints` while the guide is near every edge in `activeWhenNearEdge`, else deactivates them.
    open func setConstraints(_ trackingConstraints: [NSLayoutConstraint], activeWhenNearEdge: NSDirectionalRectEdge) {
        nearEdge.removeAll { $0.0 == activeWhenNearEdge }
        nearEdge.append((activeWhenNearEdge, trackingConstraints))
        updateTrackedConstraints()
    }

    /// Activates `trackingConstraints` while the guide is away from every edge in `activeWhenAwayFrom`.
    open func setConstraints(_ trackingConstraints: [NSLayoutConstraint], activeWhenAwayFrom: NSDirectionalRectEdge) {
        awayFromEdge.removeAll { $0.0 == activeWhenAwayFrom }
        awayFromEdge.append((activeWhenAwayFrom, trackingConstraints))
        updateTrackedConstraints()
    }

    /// Forgets every tracked constraint (their activation is left as it is).
    open func removeAllTrackedConstraints() {
        nearEdge = []
        awayFromEdge = []
    }

    /// The constraints set for being near `edge`.
    open func constraintsActiveWhenNear(_ edge: NSDirectionalRectEdge) -> [NSLayoutConstraint] {
        nearEdge.first { $0.0 == edge }?.1 ?? []
    }

    /// The constraints set for being away from `edge`.
    open func constraintsActiveWhenAwayFrom(_ edge: NSDirectionalRectEdge) -> [NSLayoutConstraint] {
        awayFromEdge.first { $0.0 == edge }?.1 ?? []
    }

    /// The edges of the owning view the guide touches now.
    private var edgesNear: NSDirectionalRectEdge {
        guard let view = owningView else { return [] }
        let frame = layoutFrame
        let bounds = view.bounds
        var edges: NSDirectionalRectEdge = []
        if abs(frame.minY - bounds.minY) <= 0.5 { edges.insert(.top) }
        if abs(frame.maxY - bounds.maxY) <= 0.5 { edges.insert(.bottom) }
        if abs(frame.minX - bounds.minX) <= 0.5 { edges.insert(.leading) }
        if abs(frame.maxX - bounds.maxX) <= 0.5 { edges.insert(.trailing) }
        return edges
    }

    /// Turns the tracked constraints on or off for where the guide is now; deactivations come first.
    package func updateTrackedConstraints() {
        guard !nearEdge.isEmpty || !awayFromEdge.isEmpty else { return }
        let near = edgesNear
        let wanted = nearEdge.map { (near.isSuperset(of: $0.0), $0.1) }
            + awayFromEdge.map { (near.isDisjoint(with: $0.0), $0.1) }
        NSLayoutConstraint.deactivate(wanted.filter { !$0.0 }.flatMap(\.1))
        NSLayoutConstraint.activate(wanted.filter(\.0).flatMap(\.1))
    }
}

/// Edges of a rectangle that follow the layout direction.
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}
