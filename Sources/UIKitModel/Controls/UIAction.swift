import Foundation

/// A closure-based action for a control, as UIKit's `UIAction` (there are no selectors on Linux).
@preconcurrency @MainActor open class UIAction: NSObject {
    /// An action's identifier.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The action's title.
    open var title: String
    /// The action's identifier.
    open var identifier: Identifier
    /// The object that sent the action while its handler runs.
    open package(set) var sender: Any?
    package let handler: (UIAction) -> Void
    private static var counter = 0

    public init(title: String = "", identifier: Identifier? = nil, handler: @escaping (UIAction) -> Void) {
        self.title = title
        UIAction.counter += 1
        self.identifier = identifier ?? Identifier("UIAction-\(UIAction.counter)")
        self.handler = handler
        super.init()
    }
}
