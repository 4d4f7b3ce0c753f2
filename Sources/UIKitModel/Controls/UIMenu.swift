import Foundation

/// A group of menu elements, as UIKit's `UIMenu`: the edit menu the model shows, and its submenus.
@preconcurrency @MainActor open class UIMenu: UIMenuElement {
    /// A menu's identifier; the system menus have constants.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let root = Identifier("com.apple.menu.root")
        public static let edit = Identifier("com.apple.menu.edit")
        public static let standardEdit = Identifier("com.apple.menu.standard-edit")
        public static let replace = Identifier("com.apple.menu.replace")
        public static let share = Identifier("com.apple.menu.share")
        public static let lookup = Identifier("com.apple.menu.lookup")
        public static let learn = Identifier("com.apple.menu.learn")
        public static let format = Identifier("com.apple.menu.format")
        public static let textStyle = Identifier("com.apple.menu.text-style")
    }

    /// How a menu shows its children.
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let displayInline = Options(rawValue: 1 << 0)
        public static let destructive = Options(rawValue: 1 << 1)
        @available(iOS 15.0, *)
        public static let singleSelection = Options(rawValue: 1 << 5)
        @available(iOS 17.0, *)
        public static let displayAsPalette = Options(rawValue: 1 << 7)
    }

    /// The size of a menu's children.
    @available(iOS 16.0, *)
    public enum ElementSize: Int, Sendable {
        case small = 0, medium = 1, large = 2
        case automatic = -1
    }

    /// The menu's identifier.
    open private(set) var identifier: UIMenu.Identifier
    /// The menu's options.
    open private(set) var options: UIMenu.Options
    /// The size of the children (the model draws no menu).
    @available(iOS 16.0, *)
    open var preferredElementSize: UIMenu.ElementSize
    /// The menu's elements, in order.
    open private(set) var children: [UIMenuElement]
    private static var counter = 0

    public init(
        title: String = "", subtitle: String? = nil, image: UIImage? = nil, identifier: UIMenu.Identifier? = nil,
        options: UIMenu.Options = [], preferredElementSize: UIMenu.ElementSize = .automatic,
        children: [UIMenuElement] = []
    ) {
        UIMenu.counter += 1
        self.identifier = identifier ?? Identifier("UIMenu-\(UIMenu.counter)")
        self.options = options
        self.preferredElementSize = preferredElementSize
        self.children = children
        super.init(title: title, image: image)
        self.subtitle = subtitle
    }

    /// A copy of the menu with other children.
    open func replacingChildren(_ newChildren: [UIMenuElement]) -> UIMenu {
        UIMenu(
            title: title, subtitle: subtitle, image: image, identifier: identifier, options: options,
            preferredElementSize: preferredElementSize, children: newChildren)
    }

    /// The elements of the menu and its submenus that are on (Apple: "in the on state"), in order.
    @available(iOS 15.0, *)
    open var selectedElements: [UIMenuElement] {
        children.flatMap { element -> [UIMenuElement] in
            switch element {
            case let menu as UIMenu: menu.selectedElements
            case let action as UIAction: action.state == .on ? [action] : []
            case let command as UICommand: command.state == .on ? [command] : []
            default: []
            }
        }
    }

    /// Set by a pop-up button that shows this menu: choosing an item keeps it the only one on, as a
    /// `.singleSelection` menu does, and tells the button, whose title follows the selection.
    package var popUpSelectionChanged: (() -> Void)?

    /// The leaf elements a person can choose, in the order shown: submenus shown inline are flattened, other
    /// submenus count as one element (their title).
    package var shownElements: [UIMenuElement] {
        children.flatMap { element -> [UIMenuElement] in
            if let menu = element as? UIMenu, menu.options.contains(.displayInline) { return menu.shownElements }
            return [element]
        }
    }
}
