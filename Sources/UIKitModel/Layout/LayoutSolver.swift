import Foundation

/// Places views that use constraints: a small, deterministic subset of Auto Layout.
///
/// Supported: equalities and inequalities between edges, centers and sizes of views and layout guides, with a
/// multiplier and constant; priorities; intrinsic content sizes (at 750) for an axis with only one equation. Each
/// axis of each view is solved from its two highest-priority independent equations once the other side of each
/// is known; a violated inequality then replaces the lower-priority equation of the pair (never a required one).
/// Values are in window coordinates while solving.
package enum LayoutSolver {
    private enum Axis { case horizontal, vertical }
    private enum Part { case min, max, center, size }

    private struct Equation {
        let part: Part
        let value: CGFloat
        let priority: Float
        let order: Int
    }

    private struct Interval {
        var min: CGFloat
        var max: CGFloat
    }

    private static func split(_ attribute: NSLayoutConstraint.Attribute) -> (Axis, Part)? {
        switch attribute {
        case .left, .leading: return (.horizontal, .min)
        case .right, .trailing: return (.horizontal, .max)
        case .centerX: return (.horizontal, .center)
        case .width: return (.horizontal, .size)
        case .top: return (.vertical, .min)
        case .bottom: return (.vertical, .max)
        case .centerY: return (.vertical, .center)
        case .height: return (.vertical, .size)
        case .notAnAttribute: return nil
        }
    }

    private static func value(of interval: Interval, _ part: Part) -> CGFloat {
        switch part {
        case .min: return interval.min
        case .max: return interval.max
        case .center: return (interval.min + interval.max) / 2
        case .size: return interval.max - interval.min
        }
    }

    private static func interval(of rect: CGRect, _ axis: Axis) -> Interval {
        axis == .horizontal ? Interval(min: rect.minX, max: rect.maxX) : Interval(min: rect.minY, max: rect.maxY)
    }

    /// What may stand in for a missing second equation.
    private enum Fallback { case none, intrinsicSize, currentSize }

    private struct Key: Hashable {
        let view: ObjectIdentifier
        let axis: Axis
    }

    /// Solves and applies the active constraints of `window`'s views.
    package static func solve(in window: UIWindow, constraints: [NSLayoutConstraint]) {
        guard !constraints.isEmpty else { return }
        // The views to place: in this window, opted out of autoresizing masks, named by a constraint.
        var unknown: [ObjectIdentifier: UIView] = [:]
        for constraint in constraints {
            for item in [constraint.firstItem, constraint.secondItem] {
                if let view = item as? UIView, !(view is UIWindow), view.window === window,
                    !view.translatesAutoresizingMaskIntoConstraints, !view.isArranged
                {
                    unknown[ObjectIdentifier(view)] = view
                }
            }
        }
        guard !unknown.isEmpty else { return }
        let ordered = constraints.sorted { ($0.priority.rawValue, -$0.sequence) > ($1.priority.rawValue, -$1.sequence) }
        // (Sequences are unique, so this order is total and deterministic.)
        var system = System(window: window, unknown: unknown, ordered: ordered)

        // Hierarchy order (outermost first, then subview order) keeps the result independent of addresses.
        var hierarchy: [UIView] = []
        func visit(_ view: UIView) {
            if unknown[ObjectIdentifier(view)] != nil { hierarchy.append(view) }
            for subview in view.subviews { visit(subview) }
        }
        visit(window)
        let keys: [(UIView, Axis)] = hierarchy.enumerated()
            .sorted { (depth($0.element), $0.offset) < (depth($1.element), $1.offset) }
            .flatMap { [($0.element, Axis.horizontal), ($0.element, Axis.vertical)] }
        system.solve(keys)
        apply(system.solved, to: keys)
        applyContentSizes(ordered, in: window)
    }

    /// The axes of the views being placed, solved one at a time as the other sides of their equations become known.
    private struct System {
        let window: UIWindow
        let unknown: [ObjectIdentifier: UIView]
        /// The constraints, strongest first.
        let ordered: [NSLayoutConstraint]
        var solved: [Key: Interval] = [:]

        /// Solves every axis of `keys` it can: exact solutions first, then one fallback at a time.
        mutating func solve(_ keys: [(UIView, Axis)]) {
            var fallback = Fallback.none
            for _ in 0..<(4 * keys.count + 4) {
                var progress = false
                for (view, axis) in keys where solved[Key(view: ObjectIdentifier(view), axis: axis)] == nil {
                    if let result = attempt(view, axis, fallback: fallback) {
                        solved[Key(view: ObjectIdentifier(view), axis: axis)] = result
                        progress = true
                        // One fallback at a time: it may unlock exact solutions elsewhere.
                        if fallback != .none { break }
                    }
                }
                if progress {
                    fallback = .none
                } else if fallback == .none {
                    fallback = .intrinsicSize
                } else if fallback == .intrinsicSize {
                    fallback = .currentSize
                } else {
                    break
                }
            }
        }

        /// The value of `attribute` of `item` in window coordinates, once it is known.
        func known(_ item: AnyObject?, _ attribute: NSLayoutConstraint.Attribute) -> CGFloat? {
            guard let (axis, part) = split(attribute) else { return 0 }
            if let guide = item as? UILayoutGuide {
                guard let owner = guide.owningView, owner.window === window else { return nil }
                // A scroll view's content guide takes its far edges and size from the content (see below).
                if guide.isContentArea && (part == .max || part == .size) { return nil }
                if let view = unknown[ObjectIdentifier(owner)], solved[Key(view: ObjectIdentifier(view), axis: axis)] == nil {
                    return nil
                }
                return value(of: interval(of: owner.convert(guide.layoutFrame, to: nil), axis), part)
            }
            guard let view = item as? UIView, view.window === window else { return nil }
            if unknown[ObjectIdentifier(view)] != nil {
                guard let solvedInterval = solved[Key(view: ObjectIdentifier(view), axis: axis)] else { return nil }
                return value(of: solvedInterval, part)
            }
            return value(of: interval(of: view.convert(view.bounds, to: nil), axis), part)
        }

        /// Equations (and inequalities) whose other side is known, for one axis of one view.
        func equations(for view: UIView, _ axis: Axis) -> (equal: [Equation], inequalities: [(Equation, NSLayoutConstraint.Relation)]) {
            var equal: [Equation] = []
            var inequalities: [(Equation, NSLayoutConstraint.Relation)] = []
            for constraint in ordered {
                var part: Part
                var target: CGFloat
                var relation = constraint.relation
                if constraint.firstItem === view, let (a, p) = split(constraint.firstAttribute), a == axis {
                    guard constraint.secondItem !== view, let other = known(constraint.secondItem, constraint.secondAttribute) else { continue }
                    part = p
                    target = constraint.secondItem == nil ? constraint.constant : constraint.multiplier * other + constraint.constant
                } else if constraint.secondItem === view, let (a, p) = split(constraint.secondAttribute), a == axis,
                    constraint.multiplier != 0
                {
                    guard let other = known(constraint.firstItem, constraint.firstAttribute) else { continue }
                    part = p
                    target = (other - constraint.constant) / constraint.multiplier
                    // first ≤ m·second + c  ⇔  second ≥ (first − c)/m for a positive multiplier.
                    if constraint.multiplier > 0 && relation != .equal {
                        relation = relation == .lessThanOrEqual ? .greaterThanOrEqual : .lessThanOrEqual
                    }
                } else {
                    continue
                }
                let equation = Equation(part: part, value: target, priority: constraint.priority.rawValue, order: constraint.sequence)
                if relation == .equal { equal.append(equation) } else { inequalities.append((equation, relation)) }
            }
            return (equal, inequalities)
        }

        /// One axis of `view` from its two strongest independent equations (with `fallback` standing in for a
        /// missing second), then its violated inequalities.
        func attempt(_ view: UIView, _ axis: Axis, fallback: Fallback) -> Interval? {
            let (equal, inequalities) = equations(for: view, axis)
            var list = equal
            if pair(list) == nil {
                guard fallback != .none, !list.isEmpty else { return nil }
                let intrinsic = view.intrinsicContentSize
                let size = axis == .horizontal ? intrinsic.width : intrinsic.height
                let current = axis == .horizontal ? view.bounds.width : view.bounds.height
                if size >= 0 {
                    list.append(Equation(part: .size, value: size, priority: 750, order: Int.max - 1))
                } else if fallback == .currentSize {
                    // An ambiguous layout: keep the size the view has (UIKit would pick some solution too).
                    list.append(Equation(part: .size, value: current, priority: 1, order: Int.max))
                } else {
                    return nil
                }
            }
            guard var (first, second) = pair(list), var result = combine(first, second) else { return nil }
            for (inequality, relation) in inequalities {
                let current = value(of: result, inequality.part)
                let violated = relation == .lessThanOrEqual ? current > inequality.value + 1e-9 : current < inequality.value - 1e-9
                guard violated else { continue }
                // The inequality takes the place of the weaker equation, if that one is not required.
                let weaker = first.priority <= second.priority ? first : second
                let stronger = first.priority <= second.priority ? second : first
                guard weaker.priority < 1000 || inequality.priority > weaker.priority,
                    let replaced = combine(stronger, inequality) ?? combine(inequality, weaker)
                else { continue }
                result = replaced
                if combine(stronger, inequality) != nil { (first, second) = (stronger, inequality) } else { (first, second) = (inequality, weaker) }
            }
            return result
        }
    }

    /// The interval two equations on different parts of one axis fix, if they do.
    private static func combine(_ a: Equation, _ b: Equation) -> Interval? {
        switch (a.part, b.part) {
        case (.min, .max): return Interval(min: a.value, max: b.value)
        case (.max, .min): return Interval(min: b.value, max: a.value)
        case (.min, .size): return Interval(min: a.value, max: a.value + b.value)
        case (.size, .min): return Interval(min: b.value, max: b.value + a.value)
        case (.max, .size): return Interval(min: a.value - b.value, max: a.value)
        case (.size, .max): return Interval(min: b.value - a.value, max: b.value)
        case (.center, .size): return Interval(min: a.value - b.value / 2, max: a.value + b.value / 2)
        case (.size, .center): return Interval(min: b.value - a.value / 2, max: b.value + a.value / 2)
        case (.min, .center): return Interval(min: a.value, max: 2 * b.value - a.value)
        case (.center, .min): return Interval(min: b.value, max: 2 * a.value - b.value)
        case (.max, .center): return Interval(min: 2 * b.value - a.value, max: a.value)
        case (.center, .max): return Interval(min: 2 * a.value - b.value, max: b.value)
        default: return nil
        }
    }

    /// The first two equations of `list`, strongest first, that fix an interval together.
    private static func pair(_ list: [Equation]) -> (Equation, Equation)? {
        for (i, first) in list.enumerated() {
            for second in list[(i + 1)...] where combine(first, second) != nil { return (first, second) }
        }
        return nil
    }

    /// Places each solved view, outermost first, so each is placed relative to its superview's final position.
    private static func apply(_ solved: [Key: Interval], to keys: [(UIView, Axis)]) {
        for (view, _) in keys where view.superview != nil {
            let horizontal = solved[Key(view: ObjectIdentifier(view), axis: .horizontal)]
            let vertical = solved[Key(view: ObjectIdentifier(view), axis: .vertical)]
            guard horizontal != nil || vertical != nil, let superview = view.superview else { continue }
            let current = view.convert(view.bounds, to: nil)
            let absolute = CGRect(
                x: horizontal?.min ?? current.minX, y: vertical?.min ?? current.minY,
                width: max(0, (horizontal.map { $0.max - $0.min }) ?? current.width),
                height: max(0, (vertical.map { $0.max - $0.min }) ?? current.height))
            let origin = superview.convert(CGPoint.zero, to: nil)
            let frame = CGRect(
                x: absolute.minX - origin.x, y: absolute.minY - origin.y, width: absolute.width, height: absolute.height)
            if view.frame != frame { view.frame = frame }
        }
    }

    /// Sets each scroll view's `contentSize` from the equalities between its content and its `contentLayoutGuide`'s
    /// trailing/bottom edges or width/height, the strongest first, as Auto Layout does for UIKit's content guide.
    private static func applyContentSizes(_ ordered: [NSLayoutConstraint], in window: UIWindow) {
        var done: Set<String> = []
        for constraint in ordered where constraint.relation == .equal {
            let guideFirst = (constraint.firstItem as? UILayoutGuide)?.isContentArea == true
            guard let guide = (guideFirst ? constraint.firstItem : constraint.secondItem) as? UILayoutGuide,
                guide.isContentArea, let scrollView = guide.owningView as? UIScrollView, scrollView.window === window
            else { continue }
            let guideAttribute = guideFirst ? constraint.firstAttribute : constraint.secondAttribute
            let otherAttribute = guideFirst ? constraint.secondAttribute : constraint.firstAttribute
            guard let (axis, part) = split(guideAttribute), part == .max || part == .size,
                let (otherAxis, otherPart) = split(otherAttribute), otherAxis == axis
            else { continue }
            let key = "\(ObjectIdentifier(scrollView).hashValue)-\(axis)"
            guard !done.contains(key) else { continue }
            let other = guideFirst ? constraint.secondItem : constraint.firstItem
            let otherRect: CGRect
            if let view = other as? UIView, view.window === window {
                otherRect = view.convert(view.bounds, to: nil)
            } else if let otherGuide = other as? UILayoutGuide, !otherGuide.isContentArea, let owner = otherGuide.owningView {
                otherRect = owner.convert(otherGuide.layoutFrame, to: nil)
            } else {
                continue
            }
            let otherValue = value(of: interval(of: otherRect, axis), otherPart)
            let m = constraint.multiplier
            guard guideFirst || m != 0 else { continue }
            let guideValue = guideFirst ? m * otherValue + constraint.constant : (otherValue - constraint.constant) / m
            let origin = scrollView.convert(CGPoint.zero, to: nil)
            let length = part == .size ? guideValue : guideValue - (axis == .horizontal ? origin.x : origin.y)
            done.insert(key)
            var size = scrollView.contentSize
            if axis == .horizontal { size.width = max(0, length) } else { size.height = max(0, length) }
            if scrollView.contentSize != size { scrollView.contentSize = size }
        }
    }

    private static func depth(_ view: UIView) -> Int {
        var depth = 0
        var current = view.superview
        while let parent = current {
            depth += 1
            current = parent.superview
        }
        return depth
    }
}
