import Foundation

/// The modifier keys held with a key on a hardware keyboard, as UIKit's `UIKeyModifierFlags`.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}

/// An item of a menu, as UIKit's `UIMenuElement`: the superclass of commands and key commands.
@preconcurrency @MainActor open class UIMenuElement: NSObject {
    /// How a menu element looks and behaves.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let disabled = Attributes(rawValue: 1 << 0)
        public static let destructive = Attributes(rawValue: 1 << 1)
        public static let hidden = Attributes(rawValue: 1 << 2)
        @available(iOS 16.0, *)
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Whether a menu element shows a checkmark.
    public enum State: Int, Sendable {
        case off = 0, on, mixed
    }

    /// The element's title.
    open var title: String
    /// The element's image (the model draws none).
    open var image: UIImage?
    /// The element's subtitle (iOS 15; the model draws none).
    open var subtitle: String?

    package init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }
}

/// Another action of a command, chosen with other modifier keys, as UIKit's `UICommandAlternate`.
@preconcurrency @MainActor open class UICommandAlternate: NSObject {
    /// The alternative's title.
    open private(set) var title: String
    /// The action method the alternative sends.
    open private(set) var action: Selector
    /// The modifier keys that choose the alternative.
    open private(set) var modifierFlags: UIKeyModifierFlags

    public init(title: String, action: Selector, modifierFlags: UIKeyModifierFlags) {
        self.title = title
        self.action = action
        self.modifierFlags = modifierFlags
        super.init()
    }
}

/// A menu command that sends an action method through the responder chain, as UIKit's `UICommand`.
@preconcurrency @MainActor open class UICommand: UIMenuElement {
    /// The action method the command sends.
    open private(set) var action: Selector?
    /// A longer title shown in the shortcuts overlay.
    open var discoverabilityTitle: String?
    /// The command's attributes (`.disabled` stops it).
    open var attributes: UIMenuElement.Attributes
    /// The command's checkmark state.
    open var state: UIMenuElement.State
    /// A value telling commands with the same action apart.
    open private(set) var propertyList: Any?
    /// The command's alternatives.
    open private(set) var alternates: [UICommandAlternate]

    public convenience init(
        title: String = "", image: UIImage? = nil, action: Selector, propertyList: Any? = nil,
        alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            commandTitle: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    package init(
        commandTitle title: String, image: UIImage?, action: Selector?, propertyList: Any?,
        alternates: [UICommandAlternate], discoverabilityTitle: String?, attributes: UIMenuElement.Attributes,
        state: UIMenuElement.State
    ) {
        self.action = action
        self.propertyList = propertyList
        self.alternates = alternates
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        super.init(title: title, image: image)
    }
}

/// A key press on a hardware keyboard and the action it sends, as UIKit's `UIKeyCommand`.
///
/// A responder lists its commands in `keyCommands`; the commands of every responder in the chain count, and
/// UIKit sends the matching command's action to the first object in the chain that implements it (Apple's
/// `keyCommands` doc). Since iOS 15 a text field or text view gets the keys it uses first, unless the command
/// sets `wantsPriorityOverSystemBehavior` (Apple's doc of that property). Only a connected hardware keyboard
/// produces key commands (Apple's `UIKeyCommand` overview).
@preconcurrency @MainActor open class UIKeyCommand: UICommand {
    /// The key, a character or one of the `input…` constants.
    open private(set) var input: String?
    /// The modifier keys that must be held.
    open private(set) var modifierFlags: UIKeyModifierFlags
    /// Whether the command comes before the text input and focus systems (iOS 15).
    @available(iOS 15.0, *)
    open var wantsPriorityOverSystemBehavior = false

    public convenience init(
        title: String = "", image: UIImage? = nil, action: Selector, input: String, modifierFlags: UIKeyModifierFlags = [],
        propertyList: Any? = nil, alternates: [UICommandAlternate] = [], discoverabilityTitle: String? = nil,
        attributes: UIMenuElement.Attributes = [], state: UIMenuElement.State = .off
    ) {
        self.init(
            keyTitle: title, image: image, action: action, input: input, modifierFlags: modifierFlags,
            propertyList: propertyList, alternates: alternates, discoverabilityTitle: discoverabilityTitle,
            attributes: attributes, state: state)
    }

    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector) {
        self.init(
            keyTitle: "", image: nil, action: action, input: input, modifierFlags: modifierFlags, propertyList: nil,
            alternates: [], discoverabilityTitle: nil, attributes: [], state: .off)
    }

    @available(iOS, introduced: 9.0, deprecated: 13.0)
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: Selector, discoverabilityTitle: String) {
        self.init(
            keyTitle: "", image: nil, action: action, input: input, modifierFlags: modifierFlags, propertyList: nil,
            alternates: [], discoverabilityTitle: discoverabilityTitle, attributes: [], state: .off)
    }

    private init(
        keyTitle title: String, image: UIImage?, action: Selector, input: String, modifierFlags: UIKeyModifierFlags,
        propertyList: Any?, alternates: [UICommandAlternate], discoverabilityTitle: String?,
        attributes: UIMenuElement.Attributes, state: UIMenuElement.State
    ) {
        self.input = input
        self.modifierFlags = modifierFlags
        super.init(
            commandTitle: title, image: image, action: action, propertyList: propertyList, alternates: alternates,
            discoverabilityTitle: discoverabilityTitle, attributes: attributes, state: state)
    }

    nonisolated public static let inputUpArrow = "UIKeyInputUpArrow"
    nonisolated public static let inputDownArrow = "UIKeyInputDownArrow"
    nonisolated public static let inputLeftArrow = "UIKeyInputLeftArrow"
    nonisolated public static let inputRightArrow = "UIKeyInputRightArrow"
    nonisolated public static let inputEscape = "UIKeyInputEscape"
    nonisolated public static let inputPageUp = "UIKeyInputPageUp"
    nonisolated public static let inputPageDown = "UIKeyInputPageDown"
    nonisolated public static let inputHome = "UIKeyInputHome"
    @available(iOS 13.4, *)
    nonisolated public static let inputEnd = "UIKeyInputEnd"
    @available(iOS 15.0, *)
    nonisolated public static let inputDelete = "UIKeyInputDelete"

    /// Whether this command answers `input` pressed with exactly `modifiers` (letters compare case-insensitively,
    /// as a shifted letter still names its key [U]).
    package func matches(input pressed: String, modifiers: UIKeyModifierFlags) -> Bool {
        guard let input, !attributes.contains(.disabled) else { return false }
        let relevant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
        guard modifierFlags.intersection(relevant) == modifiers.intersection(relevant) else { return false }
        return input == pressed || input.lowercased() == pressed.lowercased()
    }

    /// How a pressed key prints in the trace: `⌘S`, `⇧⌘Z`, `↑`, `esc`.
    package static func describe(input: String, modifiers: UIKeyModifierFlags) -> String {
        var text = ""
        if modifiers.contains(.control) { text += "⌃" }
        if modifiers.contains(.alternate) { text += "⌥" }
        if modifiers.contains(.shift) { text += "⇧" }
        if modifiers.contains(.command) { text += "⌘" }
        let names = [
            inputUpArrow: "↑", inputDownArrow: "↓", inputLeftArrow: "←", inputRightArrow: "→", inputEscape: "esc",
            inputPageUp: "page up", inputPageDown: "page down", inputHome: "home", inputEnd: "end", inputDelete: "⌦",
            "\r": "return", "\t": "tab", " ": "space",
        ]
        return text + (names[input] ?? input.uppercased())
    }
}
