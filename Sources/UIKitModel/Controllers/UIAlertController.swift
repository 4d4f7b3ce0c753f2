import Foundation

/// A button of an alert, as UIKit's `UIAlertAction`.
@preconcurrency @MainActor open class UIAlertAction: NSObject {
    /// How the button looks.
    public enum Style: Int, Sendable { case `default` = 0, cancel, destructive }

    open private(set) var title: String?
    open private(set) var style: Style
    /// Whether the button can be tapped (an "OK" enabled once a text field has text).
    open var isEnabled = true {
        didSet { button?.isEnabled = isEnabled }
    }
    package let handler: ((UIAlertAction) -> Void)?
    /// The button shown for the action once the alert's view is loaded.
    package weak var button: UIButton?

    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
        super.init()
    }
}

/// An alert or action sheet, as UIKit's `UIAlertController`, with text fields for alerts.
///
/// Presented with `present(_:animated:)` it covers the screen with a dimmed backdrop and leaves the presenter in the
/// window, with no appearance callbacks. Its first text field becomes first responder as the alert appears, and the
/// alert box moves up to stay centred above the keyboard. Tapping an action (`app.tap(action)`) dismisses the alert
/// and then calls the action's handler [U: UIKit's exact moment]; a disabled action does nothing.
open class UIAlertController: UIViewController {
    /// Alert (centred box) or action sheet (at the bottom).
    public enum Style: Int, Sendable { case actionSheet = 0, alert }

    open var message: String?
    open private(set) var preferredStyle: Style = .alert
    open private(set) var actions: [UIAlertAction] = []
    /// The action drawn in bold (the default action for Return).
    open var preferredAction: UIAlertAction?
    private var fields: [UITextField] = []
    private let box = UIView()

    public convenience init(title: String?, message: String?, preferredStyle: Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
        self.message = message
        self.preferredStyle = preferredStyle
        modalPresentationStyle = .custom
    }

    /// The alert's text fields, in order (`nil` when it has none [U]).
    open var textFields: [UITextField]? { fields.isEmpty ? nil : fields }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }

    /// Adds a text field, configured by `configurationHandler`; only alerts have them, as UIKit insists.
    open func addTextField(configurationHandler: ((UITextField) -> Void)? = nil) {
        precondition(
            preferredStyle == .alert,
            "Text fields can only be added to an alert controller of style UIAlertControllerStyleAlert")
        let field = UITextField()
        field.borderStyle = .roundedRect
        field.font = UIFont.systemFont(ofSize: 13)
        fields.append(field)
        configurationHandler?(field)
    }

    open override func loadView() {
        let backdrop = UIView(frame: UIScreen.main.bounds)
        backdrop.backgroundColor = UIColor(white: 0, alpha: 0.2)
        box.backgroundColor = UIColor(white: 0.97, alpha: 1)
        box.layer.cornerRadius = 14
        box.clipsToBounds = true
        backdrop.addSubview(box)
        for (text, font) in [(title, UIFont.boldSystemFont(ofSize: 17)), (message, UIFont.systemFont(ofSize: 13))] {
            guard let text, !text.isEmpty else { continue }
            let label = UILabel()
            label.text = text
            label.font = font
            label.textAlignment = .center
            label.numberOfLines = 0
            box.addSubview(label)
        }
        for field in fields { box.addSubview(field) }
        for action in actions {
            let button = UIButton(type: .system)
            button.setTitle(action.title, for: .normal)
            button.isEnabled = action.isEnabled
            if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
            button.addAction(UIAction { [weak self, weak action] _ in
                guard let self, let action else { return }
                self.dismiss(animated: true) { action.handler?(action) }
            }, for: .touchUpInside)
            action.button = button
            box.addSubview(button)
        }
        view = backdrop
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // The first field gets the keyboard as the alert appears (it joins the window during the presentation).
        fields.first?.becomeFirstResponder()
    }

    /// Lays the box out: title, message, fields (24 pt, 8 apart), then the buttons (44 pt; two side by side),
    /// centred in the part of the screen the keyboard leaves free, or at the bottom for an action sheet.
    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width: CGFloat = preferredStyle == .alert ? 270 : min(view.bounds.width - 16, 400)
        var y: CGFloat = 20
        let buttons = actions.compactMap(\.button)
        for subview in box.subviews {
            switch subview {
            case let label as UILabel:
                let height = label.sizeThatFits(CGSize(width: width - 32, height: .greatestFiniteMagnitude)).height
                label.frame = CGRect(x: 16, y: y, width: width - 32, height: height)
                y += height + 4
            case let field as UITextField:
                field.frame = CGRect(x: 16, y: y + 8, width: width - 32, height: 24)
                y += 32
            default:
                break
            }
        }
        y += 16
        if buttons.count == 2 && preferredStyle == .alert {
            buttons[0].frame = CGRect(x: 0, y: y, width: width / 2, height: 44)
            buttons[1].frame = CGRect(x: width / 2, y: y, width: width / 2, height: 44)
            y += 44
        } else {
            for button in buttons {
                button.frame = CGRect(x: 0, y: y, width: width, height: 44)
                y += 44
            }
        }
        let free = view.bounds.inset(by: view.safeAreaInsets)
        let keyboardTop = min(free.maxY, view.keyboardLayoutGuide.layoutFrame.minY)
        let top = preferredStyle == .alert
            ? free.minY + max(0, (keyboardTop - free.minY - y) / 2)
            : keyboardTop - y - 8
        box.frame = CGRect(x: (view.bounds.width - width) / 2, y: top, width: width, height: y)
    }
}
