import Foundation

/// A view that lines up its arranged subviews in a row or a column, as UIKit's `UIStackView`.
///
/// The stack places its visible arranged subviews itself (they take no part in the constraint solver). Along the
/// axis each gets its natural length: an active `heightAnchor`/`widthAnchor` constant, else its intrinsic size,
/// else 0; across the axis `alignment` decides. The stack's intrinsic size is the sum of its
/// arranged views and spacing, so a stack pinned only at its top grows with its content, as in UIKit.
open class UIStackView: UIView {
    /// How arranged views share the length along the axis.
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    /// How arranged views are placed across the axis.
    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        public static let top = Alignment.leading
        public static let bottom = Alignment.trailing
    }

    /// The default spacing between views (`spacing = UIStackView.spacingUseSystem` asks for it).
    public static let spacingUseDefault: CGFloat = .greatestFiniteMagnitude
    public static let spacingUseSystem: CGFloat = -.greatestFiniteMagnitude

    /// The views the stack lines up, in order (also subviews).
    open private(set) var arrangedSubviews: [UIView] = []
    open var axis: NSLayoutConstraint.Axis = .horizontal { didSet { arrangementChanged() } }
    open var distribution: Distribution = .fill { didSet { arrangementChanged() } }
    open var alignment: Alignment = .fill { didSet { arrangementChanged() } }
    open var spacing: CGFloat = 0 { didSet { arrangementChanged() } }
    /// Whether the arranged views are laid out inside `layoutMargins` instead of the bounds.
    open var isLayoutMarginsRelativeArrangement = false { didSet { arrangementChanged() } }
    open var isBaselineRelativeArrangement = false
    private var customSpacings: [ObjectIdentifier: CGFloat] = [:]

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public convenience init(arrangedSubviews views: [UIView]) {
        self.init(frame: .zero)
        for view in views { addArrangedSubview(view) }
    }

    /// Not failable, as in UIKit (UIView's is): a stack view from an archive starts empty, as one from `init(frame: .zero)`.
    public required init(coder: NSCoder) {
        super.init(frame: .zero)
    }

    /// Adds `view` at the end of the arranged views (and as a subview).
    open func addArrangedSubview(_ view: UIView) {
        insertArrangedSubview(view, at: arrangedSubviews.count)
    }

    /// Inserts `view` among the arranged views at `stackIndex`.
    open func insertArrangedSubview(_ view: UIView, at stackIndex: Int) {
        arrangedSubviews.removeAll { $0 === view }
        arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
        view.translatesAutoresizingMaskIntoConstraints = false
        if view.superview !== self { addSubview(view) }
        arrangementChanged()
    }

    /// Stops arranging `view`; as in UIKit it stays a subview until you remove it from its superview.
    open func removeArrangedSubview(_ view: UIView) {
        arrangedSubviews.removeAll { $0 === view }
        arrangementChanged()
    }

    open override func willRemoveSubview(_ subview: UIView) {
        super.willRemoveSubview(subview)
        if arrangedSubviews.contains(where: { $0 === subview }) {
            arrangedSubviews.removeAll { $0 === subview }
            arrangementChanged()
        }
    }

    /// Spacing after `arrangedSubview` instead of `spacing`.
    open func setCustomSpacing(_ spacing: CGFloat, after arrangedSubview: UIView) {
        customSpacings[ObjectIdentifier(arrangedSubview)] = spacing
        arrangementChanged()
    }

    /// The custom spacing after `arrangedSubview`, or `spacingUseDefault`.
    open func customSpacing(after arrangedSubview: UIView) -> CGFloat {
        customSpacings[ObjectIdentifier(arrangedSubview)] ?? UIStackView.spacingUseDefault
    }

    private func arrangementChanged() {
        invalidateIntrinsicContentSize()
    }

    /// A hidden arranged view takes no space, as in UIKit (showing an error label by un-hiding it grows the stack).
    private var visibleArranged: [UIView] { arrangedSubviews.filter { !$0.isHidden } }

    private var vertical: Bool { axis == .vertical }

    private func gap(after view: UIView) -> CGFloat {
        let custom = customSpacings[ObjectIdentifier(view)] ?? spacing
        return custom == UIStackView.spacingUseSystem || custom == UIStackView.spacingUseDefault ? 8 : custom
    }

    /// A length set by an active constant constraint on `view`'s width or height, if any.
    private static func constantLength(of view: UIView, _ attribute: NSLayoutConstraint.Attribute) -> CGFloat? {
        UIKitSystem.shared.activeConstraints
            .filter { $0.firstItem === view && $0.firstAttribute == attribute && $0.secondItem == nil && $0.relation == .equal }
            .max { ($0.priority.rawValue, $0.sequence) < ($1.priority.rawValue, $1.sequence) }?.constant
    }

    /// `view`'s natural size: constant constraints, then the intrinsic size, else 0 (a plain view without either is
    /// ambiguous in UIKit [U]; zero keeps the layout stable and lets a spacer view absorb the free room).
    private static func naturalSize(of view: UIView) -> CGSize {
        let intrinsic = view.intrinsicContentSize
        return CGSize(
            width: constantLength(of: view, .width) ?? max(0, intrinsic.width),
            height: constantLength(of: view, .height) ?? max(0, intrinsic.height))
    }

    private func along(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    private func across(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }

    private var margins: UIEdgeInsets { isLayoutMarginsRelativeArrangement ? layoutMargins : .zero }

    open override var intrinsicContentSize: CGSize {
        let views = visibleArranged
        let sizes = views.map(Self.naturalSize(of:))
        let gaps = views.dropLast().reduce(0) { $0 + gap(after: $1) }
        let length = sizes.reduce(0) { $0 + along($1) } + gaps
        let thickness = sizes.map(across).max() ?? 0
        let m = margins
        return vertical
            ? CGSize(width: thickness + m.left + m.right, height: length + m.top + m.bottom)
            : CGSize(width: length + m.left + m.right, height: thickness + m.top + m.bottom)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let views = visibleArranged
        guard !views.isEmpty else { return }
        let area = bounds.inset(by: margins)
        let available = vertical ? area.height : area.width
        let thickness = vertical ? area.width : area.height
        let natural = views.map(Self.naturalSize(of:))
        var lengths = natural.map(along)
        var gaps = views.dropLast().map(gap(after:))
        let free = available - lengths.reduce(0, +) - gaps.reduce(0, +)
        switch distribution {
        case .fill:
            // The extra (or missing) length goes to one view: the last one [U: UIKit picks the view with the lowest
            // content hugging (or compression resistance) priority, and an ambiguous layout when they tie].
            lengths[lengths.count - 1] = max(0, lengths[lengths.count - 1] + free)
        case .fillEqually:
            let each = max(0, (available - gaps.reduce(0, +)) / CGFloat(views.count))
            lengths = Array(repeating: each, count: views.count)
        case .fillProportionally:
            let total = lengths.reduce(0, +)
            let room = available - gaps.reduce(0, +)
            lengths = lengths.map { total > 0 ? $0 * room / total : room / CGFloat(views.count) }
        case .equalSpacing, .equalCentering:
            // The free length is shared between the gaps (never less than `spacing`).
            if views.count > 1, free > 0 { gaps = gaps.map { $0 + free / CGFloat(views.count - 1) } }
        }
        var position = vertical ? area.minY : area.minX
        for (index, view) in views.enumerated() {
            let wanted = across(natural[index])
            let size = alignment == .fill ? thickness : min(wanted, thickness)
            let offset: CGFloat
            switch alignment {
            case .fill, .leading, .firstBaseline: offset = 0
            case .center: offset = (thickness - size) / 2
            case .trailing, .lastBaseline: offset = thickness - size
            }
            let frame = vertical
                ? CGRect(x: area.minX + offset, y: position, width: size, height: lengths[index])
                : CGRect(x: position, y: area.minY + offset, width: lengths[index], height: size)
            if view.frame != frame {
                view.frame = frame
                UIKitSystem.shared.arrangedViewsMoved = true
            }
            position += lengths[index] + (index < gaps.count ? gaps[index] : 0)
        }
    }
}

extension NSLayoutConstraint {
    /// A direction of layout: rows (`.horizontal`) or columns (`.vertical`).
    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical
    }
}

extension UIView {
    /// Whether a stack view places this view (so the constraint solver leaves it alone).
    package var isArranged: Bool {
        (superview as? UIStackView)?.arrangedSubviews.contains { $0 === self } ?? false
    }
}
