import Foundation

/// The content of a list cell: a text, a secondary text and an image, as UIKit's `UIListContentConfiguration`.
///
/// `cell()` puts the text at the leading margin; `subtitleCell()` puts the secondary text under it;
/// `valueCell()` puts it at the trailing margin.
@available(iOS 14.0, *)
public struct UIListContentConfiguration: UIContentConfiguration, Hashable {
    package enum Style: Hashable { case cell, subtitle, value }

    package let style: Style
    /// The primary text.
    public var text: String?
    /// The secondary text.
    public var secondaryText: String?
    /// The image before the text (the model draws none).
    public var image: UIImage?

    package init(style: Style) { self.style = style }

    /// The configuration of a plain list cell.
    public static func cell() -> UIListContentConfiguration { UIListContentConfiguration(style: .cell) }
    /// The configuration of a cell with the secondary text under the text.
    public static func subtitleCell() -> UIListContentConfiguration { UIListContentConfiguration(style: .subtitle) }
    /// The configuration of a cell with the secondary text at the trailing edge.
    public static func valueCell() -> UIListContentConfiguration { UIListContentConfiguration(style: .value) }

    @MainActor public func makeContentView() -> any UIView & UIContentView { UIListContentView(configuration: self) }

    public func updated(for state: any UIConfigurationState) -> UIListContentConfiguration { self }

    public static func == (a: Self, b: Self) -> Bool {
        a.style == b.style && a.text == b.text && a.secondaryText == b.secondaryText && a.image === b.image
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(text)
        hasher.combine(secondaryText)
    }
}

/// The view that shows a `UIListContentConfiguration`, as UIKit's `UIListContentView`: labels inside the 16-pt
/// layout margins.
@available(iOS 14.0, *)
@preconcurrency @MainActor open class UIListContentView: UIView, UIContentView {
    private let textLabel = UILabel(frame: .zero)
    private let secondaryLabel = UILabel(frame: .zero)

    /// The configuration the view shows, as its list configuration.
    open var configuration: any UIContentConfiguration {
        get { listConfiguration }
        set {
            guard let list = newValue as? UIListContentConfiguration else { return }
            listConfiguration = list
        }
    }

    private var listConfiguration: UIListContentConfiguration {
        didSet { apply() }
    }

    public init(configuration: UIListContentConfiguration) {
        listConfiguration = configuration
        super.init(frame: .zero)
        addSubview(textLabel)
        addSubview(secondaryLabel)
        apply()
    }

    public required init?(coder: NSCoder) {
        listConfiguration = .cell()
        super.init(coder: coder)
    }

    private func apply() {
        textLabel.text = listConfiguration.text
        secondaryLabel.text = listConfiguration.secondaryText
        secondaryLabel.textColor = .secondaryLabel
        secondaryLabel.font = UIFont.systemFont(ofSize: listConfiguration.style == .subtitle ? 15 : 17)
        secondaryLabel.textAlignment = listConfiguration.style == .value ? .right : .left
        setNeedsLayout()
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let inner = bounds.insetBy(dx: 16, dy: 0)
        switch listConfiguration.style {
        case .subtitle:
            textLabel.frame = CGRect(x: inner.minX, y: inner.minY + 4, width: inner.width, height: inner.height / 2 - 2)
            secondaryLabel.frame = CGRect(x: inner.minX, y: inner.midY, width: inner.width, height: inner.height / 2 - 4)
        case .value:
            textLabel.frame = CGRect(x: inner.minX, y: inner.minY, width: inner.width / 2, height: inner.height)
            secondaryLabel.frame = CGRect(x: inner.midX, y: inner.minY, width: inner.width / 2, height: inner.height)
        case .cell:
            textLabel.frame = inner
            secondaryLabel.frame = .zero
        }
    }
}
