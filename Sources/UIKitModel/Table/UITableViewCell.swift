import Foundation

/// A row of a table view, as UIKit's `UITableViewCell`: a content view with an optional text label.
open class UITableViewCell: UIView {
    /// The built-in layouts of a cell's labels.
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }

    /// What the cell shows at its trailing edge.
    public enum AccessoryType: Int, Sendable {
        case none = 0, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
    }

    /// The line between rows (set on the table view).
    public enum SeparatorStyle: Int, Sendable {
        case none = 0, singleLine
    }

    /// How a selected cell looks.
    public enum SelectionStyle: Int, Sendable {
        case none = 0, blue, gray, `default`
    }

    /// The identifier the cell was registered or created with, for reuse.
    open private(set) var reuseIdentifier: String?
    /// The view to add custom subviews to; it fills the cell.
    open private(set) var contentView: UIView
    open var accessoryType: AccessoryType = .none
    /// A custom view at the trailing edge, instead of `accessoryType`'s glyph.
    open var accessoryView: UIView? {
        didSet {
            if oldValue !== accessoryView { oldValue?.removeFromSuperview() }
            if let accessoryView { addSubview(accessoryView) }
            setNeedsLayout()
        }
    }
    open var selectionStyle: SelectionStyle = .default
    open var isSelected = false
    open var isHighlighted = false
    private let style: CellStyle
    private var storedTextLabel: UILabel?
    private var storedDetailTextLabel: UILabel?

    public init(style: CellStyle, reuseIdentifier: String?) {
        self.style = style
        self.reuseIdentifier = reuseIdentifier
        contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        style = .default
        contentView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// How a table view creates a registered cell class; subclasses inherit it as long as they override
    /// `init(style:reuseIdentifier:)` (or no initializer at all), as registered cells must.
    public required convenience init(registeredWithReuseIdentifier reuseIdentifier: String) {
        self.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    /// The label of the built-in styles, created on first use inside the content view.
    open var textLabel: UILabel? {
        if let label = storedTextLabel { return label }
        let label = UILabel(frame: .zero)
        storedTextLabel = label
        contentView.addSubview(label)
        setNeedsLayout()
        layoutLabels()
        return label
    }

    /// The secondary label of the `.value1`, `.value2` and `.subtitle` styles; `nil` for `.default`.
    open var detailTextLabel: UILabel? {
        guard style != .default else { return nil }
        if let label = storedDetailTextLabel { return label }
        let label = UILabel(frame: .zero)
        label.font = UIFont.systemFont(ofSize: style == .subtitle ? 12 : 17)
        label.textColor = .secondaryLabel
        storedDetailTextLabel = label
        contentView.addSubview(label)
        layoutLabels()
        return label
    }

    /// Called just before `dequeueReusableCell` hands the cell out again; the default resets the selection and
    /// highlight only, not the content (Apple: reset only what is not content; `cellForRowAt` sets the content).
    open func prepareForReuse() {
        isSelected = false
        isHighlighted = false
    }

    /// Selects or deselects the cell.
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }

    /// Highlights or unhighlights the cell.
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

    open override func layoutSubviews() {
        super.layoutSubviews()
        // A custom accessory view sits 16 pt from the trailing edge and narrows the content view.
        var content = bounds
        if let accessoryView {
            let size = accessoryView.frame.size
            accessoryView.frame = CGRect(
                x: bounds.maxX - 16 - size.width, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
            content.size.width = max(0, accessoryView.frame.minX - 8)
        }
        contentView.frame = content
        layoutLabels()
    }

    /// The labels sit inside the 16-pt layout margins, the text label on the left half of the row.
    private func layoutLabels() {
        let inner = contentView.bounds.insetBy(dx: 16, dy: 0)
        switch style {
        case .subtitle:
            storedTextLabel?.frame = CGRect(x: inner.minX, y: inner.minY + 4, width: inner.width, height: inner.height / 2 - 2)
            storedDetailTextLabel?.frame = CGRect(x: inner.minX, y: inner.midY, width: inner.width, height: inner.height / 2 - 4)
        case .value1, .value2:
            storedTextLabel?.frame = CGRect(x: inner.minX, y: inner.minY, width: inner.width / 2, height: inner.height)
            storedDetailTextLabel?.frame = CGRect(x: inner.midX, y: inner.minY, width: inner.width / 2, height: inner.height)
            storedDetailTextLabel?.textAlignment = .right
        case .default:
            storedTextLabel?.frame = inner
        }
    }
}
