import Foundation

/// The closure a `UIAction` runs, as UIKit's `UIActionHandler`.
public typealias UIActionHandler = (UIAction) -> Void

/// A menu element that runs a closure, as UIKit's `UIAction`: a control's primary action or an item of a menu.
@preconcurrency @MainActor open class UIAction: UIMenuElement {
    /// An action's identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's identifier.
    open private(set) var identifier: Identifier
    /// A longer title (the model shows no shortcuts overlay).
    open var discoverabilityTitle: String?
    /// The action's attributes (`.disabled` stops it in a menu).
    open var attributes: UIMenuElement.Attributes
    /// The action's checkmark state.
    open var state: UIMenuElement.State
    /// The object that sent the action while its handler runs.
    open package(set) var sender: Any?
    package let handler: UIActionHandler
    private static var counter = 0

    public init(
        title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
        discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
        state: UIMenuElement.State = .off, handler: @escaping UIActionHandler
    ) {
        UIAction.counter += 1
        self.identifier = identifier ?? Identifier("UIAction-\(UIAction.counter)")
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }
}
