import Foundation

/// A button in a toolbar or navigation bar, run by a `UIAction` or a target and action.
@preconcurrency @MainActor open class UIBarButtonItem: NSObject {
    /// A system-provided item.
    public enum SystemItem: Int, Sendable {
        case done = 0, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action, organize,
            bookmarks, search, refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo,
            close = 24
    }

    /// An item's style.
    public enum Style: Int, Sendable {
        case plain = 0, bordered, done
    }

    open var title: String?
    open var style: Style = .plain
    open var isEnabled = true
    open var width: CGFloat = 0
    open var tintColor: UIColor?
    /// The action run when the item is tapped; it takes precedence over `target` and `action`.
    @available(iOS 14.0, *)
    open var primaryAction: UIAction?
    /// The object that receives `action`; `nil` sends it up the responder chain. Not retained, as in UIKit.
    open weak var target: AnyObject?
    /// The selector sent when the item is tapped; `nil` sends nothing.
    open var action: Selector?
    package private(set) var systemItem: SystemItem?

    public override init() { super.init() }

    /// The item's image (stored; the model's bars draw titles only).
    open var image: UIImage?

    /// Creates an item with a title or an image and an action.
    @available(iOS 14.0, *)
    public convenience init(title: String? = nil, image: UIImage? = nil, primaryAction: UIAction? = nil) {
        self.init()
        self.title = title ?? primaryAction?.title
        self.image = image ?? primaryAction?.image
        self.primaryAction = primaryAction
    }

    /// Creates an item with an image that sends `action` to `target`.
    public convenience init(image: UIImage?, style: Style, target: Any?, action: Selector?) {
        self.init(image: image)
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// Creates a system item.
    @available(iOS 14.0, *)
    public convenience init(systemItem: SystemItem, primaryAction: UIAction? = nil) {
        self.init()
        self.systemItem = systemItem
        self.primaryAction = primaryAction
        if systemItem == .done { style = .done }
    }

    /// Creates a system item that sends `action` to `target`.
    public convenience init(barButtonSystemItem systemItem: SystemItem, target: Any?, action: Selector?) {
        self.init(systemItem: systemItem)
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// Creates an item with a title that sends `action` to `target`.
    public convenience init(title: String?, style: Style, target: Any?, action: Selector?) {
        self.init(title: title)
        self.style = style
        self.target = target.map { $0 as AnyObject }
        self.action = action
    }

    /// A space that takes the free width of the toolbar.
    @available(iOS 14.0, *)
    open class func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }

    /// A space of `width` points.
    @available(iOS 14.0, *)
    open class func fixedSpace(_ width: CGFloat) -> UIBarButtonItem {
        let item = UIBarButtonItem(systemItem: .fixedSpace)
        item.width = width
        return item
    }

    /// The text shown for the item.
    package var displayTitle: String {
        if let title { return title }
        switch systemItem {
        case .done: return "Done"
        case .cancel: return "Cancel"
        case .edit: return "Edit"
        case .save: return "Save"
        case .add: return "+"
        case .close: return "✕"
        case .flexibleSpace, .fixedSpace, nil: return ""
        default: return "•"
        }
    }

    /// Whether the item is a space rather than a button.
    package var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// The user tapped the item.
    package func userTap() {
        guard isEnabled, primaryAction != nil || action != nil else { return }
        UIKitSystem.shared.trace(.control, "bar button item \(quoted(displayTitle)) tapped")
        if let primaryAction {
            primaryAction.sender = self
            primaryAction.handler(primaryAction)
            primaryAction.sender = nil
        } else if let action {
            UIApplication.shared.sendAction(action, to: target, from: self, for: UIEvent(touches: []))
        }
    }
}
