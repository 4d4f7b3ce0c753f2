import Foundation

/// A tappable button, as UIKit's `UIButton`.
open class UIButton: UIControl {
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

    /// Creates a button that runs `primaryAction` when tapped.
    public convenience init(frame: CGRect = .zero, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction {
            titles[State.normal.rawValue] = primaryAction.title.isEmpty ? nil : primaryAction.title
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    /// Sets the title for `state`.
    open func setTitle(_ title: String?, for state: State) {
        titles[state.rawValue] = title
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

    /// The title shown now.
    open var currentTitle: String? { title(for: state) }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let font = titleLabel?.font ?? UIFont.systemFont(ofSize: 17)
        return CGSize(
            width: TextMetrics.width(of: currentTitle ?? "", pointSize: font.pointSize) + 16,
            height: font.lineHeight + 14)
    }
}
