import Foundation

/// One edge, center or dimension of a view or layout guide, for making constraints.
@preconcurrency @MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    package weak var item: AnyObject?
    package let attribute: NSLayoutConstraint.Attribute

    package init(item: AnyObject, attribute: NSLayoutConstraint.Attribute) {
        self.item = item
        self.attribute = attribute
        super.init()
    }

    package func make(
        _ relation: NSLayoutConstraint.Relation, _ other: NSLayoutAnchor<AnchorType>?, multiplier: CGFloat = 1,
        constant: CGFloat
    ) -> NSLayoutConstraint {
        NSLayoutConstraint(
            item: item as Any, attribute: attribute, relatedBy: relation, toItem: other?.item,
            attribute: other?.attribute ?? .notAnAttribute, multiplier: multiplier, constant: constant)
    }

    /// `self = anchor + constant`.
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0) -> NSLayoutConstraint {
        make(.equal, anchor, constant: c)
    }

    /// `self ≥ anchor + constant`.
    open func constraint(
        greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: c)
    }

    /// `self ≤ anchor + constant`.
    open func constraint(
        lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        make(.lessThanOrEqual, anchor, constant: c)
    }
}

/// A horizontal anchor (leading, trailing, left, right, centerX).
open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {
    /// `self = anchor + multiplier × 8` (the standard spacing).
    open func constraint(equalToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }

    /// `self ≥ anchor + multiplier × 8`.
    open func constraint(
        greaterThanOrEqualToSystemSpacingAfter anchor: NSLayoutXAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A vertical anchor (top, bottom, centerY).
open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {
    /// `self = anchor + multiplier × 8` (the standard spacing below `anchor`).
    open func constraint(equalToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat) -> NSLayoutConstraint {
        make(.equal, anchor, constant: 8 * multiplier)
    }

    /// `self ≥ anchor + multiplier × 8`.
    open func constraint(
        greaterThanOrEqualToSystemSpacingBelow anchor: NSLayoutYAxisAnchor, multiplier: CGFloat
    ) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, anchor, constant: 8 * multiplier)
    }
}

/// A width or height.
open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    /// `self = constant`.
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { make(.equal, nil, constant: c) }

    /// `self ≥ constant`.
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.greaterThanOrEqual, nil, constant: c)
    }

    /// `self ≤ constant`.
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint {
        make(.lessThanOrEqual, nil, constant: c)
    }

    /// `self = multiplier × anchor + constant`.
    open func constraint(
        equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat = 0
    ) -> NSLayoutConstraint {
        make(.equal, anchor, multiplier: m, constant: c)
    }
}
