import Foundation

/// A view a collection view reuses, as UIKit's `UICollectionReusableView`.
@preconcurrency @MainActor open class UICollectionReusableView: UIView {
    /// The identifier the view is reused under (the registration's, for cells made by a registration).
    open package(set) var reuseIdentifier: String?

    /// Called just before the collection view hands the view out again; the default does nothing.
    open func prepareForReuse() {}
}

/// An item of a collection view: a content view that fills it, as UIKit's `UICollectionViewCell`.
///
/// Setting `contentConfiguration` puts the configuration's content view inside `contentView`, or hands the new
/// configuration to the content view already there when it is of the same type (Apple's `contentConfiguration` doc).
@preconcurrency @MainActor open class UICollectionViewCell: UICollectionReusableView {
    /// The view to add custom subviews to; it fills the cell.
    open private(set) var contentView: UIView
    /// Whether the cell is selected.
    open var isSelected = false
    /// Whether the cell is highlighted.
    open var isHighlighted = false
    /// The registration that made the cell, for its reuse pool.
    package var registrationID: Int?

    public override init(frame: CGRect) {
        contentView = UIView(frame: CGRect(origin: .zero, size: frame.size))
        super.init(frame: frame)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    public required init?(coder: NSCoder) {
        contentView = UIView(frame: .zero)
        super.init(coder: coder)
        addSubview(contentView)
    }

    /// How a cell registration creates a cell of a registered class; subclasses inherit it as long as they override
    /// `init(frame:)` (or no initializer at all), as registered cells must.
    public required convenience init(_tutorbuildRegisteredFrame frame: CGRect) {
        self.init(frame: frame)
    }

    /// The configuration of the cell's content; its content view fills `contentView`.
    @available(iOS 14.0, *)
    open var contentConfiguration: (any UIContentConfiguration)? {
        didSet { installContentView() }
    }

    private weak var configuredContentView: UIView?

    private func installContentView() {
        guard let configuration = contentConfiguration else {
            configuredContentView?.removeFromSuperview()
            return
        }
        if let current = configuredContentView as? (UIView & UIContentView), current.supports(configuration) {
            current.configuration = configuration
            return
        }
        configuredContentView?.removeFromSuperview()
        let view = configuration.makeContentView()
        view.frame = contentView.bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(view)
        configuredContentView = view
    }

    open override func prepareForReuse() {
        super.prepareForReuse()
        isSelected = false
        isHighlighted = false
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
        configuredContentView?.frame = contentView.bounds
    }
}

/// A cell of a list layout, with the list's separator, as UIKit's `UICollectionViewListCell`.
@available(iOS 14.0, *)
@preconcurrency @MainActor open class UICollectionViewListCell: UICollectionViewCell {
    /// The list content configuration for this cell's style, with no content: set its text and assign it back.
    open func defaultContentConfiguration() -> UIListContentConfiguration { .cell() }
}

/// A description of a cell's content that makes the view showing it, as UIKit's `UIContentConfiguration`.
@available(iOS 14.0, *)
public protocol UIContentConfiguration {
    /// A new view that shows this configuration.
    @MainActor func makeContentView() -> any UIView & UIContentView
    /// This configuration as it looks in `state` (selected, highlighted, …).
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration, as UIKit's `UIContentView`.
@available(iOS 14.0, *)
@preconcurrency @MainActor public protocol UIContentView: NSObjectProtocol {
    /// The configuration the view shows.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (a cell hands it over instead of making a new view).
    @available(iOS 16.0, *)
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    /// By default a view supports configurations of the type it shows.
    @available(iOS 16.0, *)
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

/// The state a configuration is updated for, as UIKit's `UIConfigurationState`.
@available(iOS 14.0, *)
public protocol UIConfigurationState {
    /// A state with these traits.
    init(traitCollection: UITraitCollection)
    /// The traits of the view being configured.
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state, as UIKit's `UICellConfigurationState`.
@available(iOS 14.0, *)
public struct UICellConfigurationState: UIConfigurationState {
    public var traitCollection: UITraitCollection
    public var isSelected = false
    public var isHighlighted = false
    public var isDisabled = false
    public var isFocused = false
    public var isEditing = false

    public init(traitCollection: UITraitCollection) { self.traitCollection = traitCollection }
}
