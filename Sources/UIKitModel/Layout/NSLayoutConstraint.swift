import Foundation

/// A linear relation between two layout attributes: `first = multiplier × second + constant` (or ≤, ≥).
@preconcurrency @MainActor open class NSLayoutConstraint: NSObject {
    /// A layout attribute.
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY
        case notAnAttribute = 0
    }

    /// How the two sides relate.
    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    open private(set) weak var firstItem: AnyObject?
    open private(set) var firstAttribute: Attribute
    open private(set) var relation: Relation
    open private(set) weak var secondItem: AnyObject?
    open private(set) var secondAttribute: Attribute
    open private(set) var multiplier: CGFloat
    /// The constant; changing it takes effect at the next layout pass.
    open var constant: CGFloat {
        didSet { UIKitSystem.shared.constraintsChanged() }
    }
    open var priority: UILayoutPriority = .required
    open var identifier: String?
    package let sequence: Int
    private static var counter = 0

    public init(
        item view1: Any, attribute attr1: Attribute, relatedBy relation: Relation, toItem view2: Any?,
        attribute attr2: Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        firstItem = view1 as AnyObject
        firstAttribute = attr1
        self.relation = relation
        secondItem = view2.map { $0 as AnyObject }
        secondAttribute = attr2
        self.multiplier = multiplier
        constant = c
        Self.counter += 1
        sequence = Self.counter
        super.init()
    }

    /// Whether the constraint takes part in layout.
    open var isActive: Bool {
        get { UIKitSystem.shared.activeConstraints.contains { $0 === self } }
        set {
            let system = UIKitSystem.shared
            if newValue && !isActive {
                system.activeConstraints.append(self)
            } else if !newValue {
                system.activeConstraints.removeAll { $0 === self }
            }
            system.constraintsChanged()
        }
    }

    /// Activates `constraints`.
    open class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }

    /// Deactivates `constraints`.
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = false }
    }
}
