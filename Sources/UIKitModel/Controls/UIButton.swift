import Foundation

/// A tappable button, as UIKit's `UIButton`.
open class UIButton: UIControl {
    /// The button's menu (iOS 14): shown by a tap when `showsMenuAsPrimaryAction` is set (else by a long press,
    /// which the driver does not make).
    @available(iOS 14.0, *)
    open var menu: UIMenu? {
        didSet {
            if oldValue !== menu { oldValue?.popUpSelectionChanged = nil }
            primaryMenuRoleChanged()
        }
    }

    /// Whether the button tracks a selection (iOS 15). Apple: with no menu the button toggles its `isSelected` on
    /// each tap; with a menu shown on a long press, likewise; with a menu shown as the primary action it is a pop-up
    /// button: the menu keeps one item on (`selectedElements`) and the button's title is that item's.
    @available(iOS 15.0, *)
    open var changesSelectionAsPrimaryAction = false {
        didSet { primaryMenuRoleChanged() }
    }

    package override var menuForPrimaryAction: UIMenu? { menu }

    package override var togglesSelectionOnTap: Bool {
        changesSelectionAsPrimaryAction && !(showsMenuAsPrimaryAction && menu != nil)
    }

    /// Whether the button is a pop-up button: a menu shown on touch that tracks its selection.
    private var isPopUp: Bool { changesSelectionAsPrimaryAction && showsMenuAsPrimaryAction && menu != nil }

    /// The item a pop-up button shows: the first item that is on. A pop-up button always shows one, so when none
    /// is on the first item is turned on, and when several are only the first stays on [U: Apple does not say].
    private var popUpSelection: UIAction? {
        guard isPopUp, let menu else { return nil }
        return menu.shownElements.lazy.compactMap { $0 as? UIAction }.first { $0.state == .on }
    }

    package override func primaryMenuRoleChanged() {
        guard isPopUp, let menu else {
            titleLabel?.text = currentTitle
            return
        }
        let actions = menu.shownElements.compactMap { $0 as? UIAction }
        let chosen = actions.first { $0.state == .on } ?? actions.first
        for action in actions { action.state = action === chosen ? .on : .off }
        menu.popUpSelectionChanged = { [weak self] in
            guard let self else { return }
            self.titleLabel?.text = self.currentTitle
            self.invalidateIntrinsicContentSize()
        }
        titleLabel?.text = currentTitle
        invalidateIntrinsicContentSize()
    }

    /// A button's style.
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    /// The button's style.
    open private(set) var buttonType: ButtonType = .system
    /// The label showing the current title.
    open private(set) lazy var titleLabel: UILabel? = UILabel()

    public convenience init(type buttonType: ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
    }

    /// A button of `buttonType` that runs `primaryAction` when tapped (iOS 14).
    @available(iOS 14.0, *)
    public convenience init(type buttonType: ButtonType = .system, primaryAction: UIAction?) {
        self.init(frame: .zero, primaryAction: primaryAction)
        self.buttonType = buttonType
    }

    /// Creates a button with an iOS 15 configuration.
    @available(iOS 15.0, *)
    public convenience init(configuration: Configuration, primaryAction: UIAction? = nil) {
        self.init(frame: .zero, primaryAction: primaryAction)
        self.configuration = configuration
    }

    /// The button's iOS 15 configuration; its title, when set, is what the button shows.
    @available(iOS 15.0, *)
    open var configuration: Configuration? {
        didSet { titleLabel?.text = currentTitle; invalidateIntrinsicContentSize() }
    }

    /// The closure type of `configurationUpdateHandler`, named as UIKit names it.
    @available(iOS 15.0, *)
    public typealias ConfigurationUpdateHandler = (UIButton) -> Void

    /// Called when the button's state changes, to update `configuration`.
    @available(iOS 15.0, *)
    open var configurationUpdateHandler: ConfigurationUpdateHandler?

    /// Asks for `configurationUpdateHandler` to run (the model runs it at once).
    @available(iOS 15.0, *)
    open func setNeedsUpdateConfiguration() { configurationUpdateHandler?(self) }

    /// Applies a configuration after a state change; calls `configurationUpdateHandler`.
    @available(iOS 15.0, *)
    open func updateConfiguration() { configurationUpdateHandler?(self) }

    /// Creates a button with `frame` that runs `primaryAction` when tapped (UIKit gives `frame` no default).
    @available(iOS 14.0, *)
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction {
            titles[State.normal.rawValue] = primaryAction.title.isEmpty ? nil : primaryAction.title
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Sets the title for `state` (for a configured button, the configuration's title, as UIKit does).
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
        if state == .normal, configuration != nil { configuration?.title = title }
        titleLabel?.text = currentTitle
    }

    /// The title for `state`, falling back to the normal title.
    open func title(for state: State) -> String? {
        titles[state.rawValue] ?? titles[State.normal.rawValue]
    }

    /// Sets the title color for `state`.
    open func setTitleColor(_ color: UIColor?, for state: State) {
        titleColors[state.rawValue] = color
    }

    /// The title color for `state`, falling back to the normal one.
    open func titleColor(for state: State) -> UIColor? {
        titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
    }

    private var images: [UInt: UIImage] = [:]

    /// Sets the image for `state`.
    open func setImage(_ image: UIImage?, for state: State) {
        images[state.rawValue] = image
        invalidateIntrinsicContentSize()
    }

    /// The image for `state`, falling back to the normal one.
    open func image(for state: State) -> UIImage? {
        images[state.rawValue] ?? images[State.normal.rawValue]
    }

    /// The image shown now (a configuration's image wins).
    open var currentImage: UIImage? { configuration?.image ?? image(for: state) }

    /// The title shown now: a pop-up button's selected item, else the configuration's title, else the state's.
    open var currentTitle: String? { popUpSelection?.title ?? configuration?.title ?? title(for: state) }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let font = titleLabel?.font ?? UIFont.systemFont(ofSize: 17)
        // A button with an image and no title is as large as its image (a custom button has no padding).
        if let image = currentImage, (currentTitle ?? "").isEmpty, configuration == nil { return image.size }
        if let insets = configuration?.contentInsets {
            return CGSize(
                width: TextMetrics.width(of: currentTitle ?? "", pointSize: font.pointSize) + insets.leading + insets.trailing,
                height: max(font.lineHeight + insets.top + insets.bottom, 34.33))
        }
        return CGSize(
            width: TextMetrics.width(of: currentTitle ?? "", pointSize: font.pointSize) + 16,
            height: font.lineHeight + 14)
    }
}
