import Foundation

/// The bar button items a responder adds to the iPad shortcuts bar, as UIKit's `UITextInputAssistantItem`.
///
/// Apple: "You can add custom items to the shortcuts bar on iPad only. On iPhone, the text input system ignores the
/// contents". The model's keyboards draw no shortcuts bar, so the groups are stored and shown nowhere; emptying them,
/// the usual way to hide the bar, changes nothing the model shows (its iPad keyboard height is one measurement, §9).
@preconcurrency @MainActor open class UITextInputAssistantItem: NSObject {
    /// Whether the user may hide the shortcuts bar; true by default (Apple).
    open var allowsHidingShortcuts = true
    /// The groups before the typing suggestions.
    open var leadingBarButtonGroups: [UIBarButtonItemGroup] = []
    /// The groups after the typing suggestions.
    open var trailingBarButtonGroups: [UIBarButtonItemGroup] = []

    public override init() { super.init() }
}

/// Bar button items shown together on a bar, as UIKit's `UIBarButtonItemGroup`.
@preconcurrency @MainActor open class UIBarButtonItemGroup: NSObject {
    /// The group's items.
    open var barButtonItems: [UIBarButtonItem]
    /// The item shown instead of the group when the bar is short of room (the model's bars never are).
    open var representativeItem: UIBarButtonItem?
    /// Whether the representative item is shown instead; never, in the model.
    open var isDisplayingRepresentativeItem: Bool { false }

    /// A group of `barButtonItems`; Apple calls a representative item that is also one of the items a programmer error.
    public init(barButtonItems: [UIBarButtonItem], representativeItem: UIBarButtonItem?) {
        if let representativeItem, barButtonItems.contains(where: { $0 === representativeItem }) {
            raiseUncaughtException(
                "NSInvalidArgumentException",
                reason: "the representative item of a UIBarButtonItemGroup must not be one of its bar button items")
        }
        self.barButtonItems = barButtonItems
        self.representativeItem = representativeItem
        super.init()
    }
}

/// The kinds of data a text view turns into links, as UIKit's `UIDataDetectorTypes`.
public struct UIDataDetectorTypes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let phoneNumber = UIDataDetectorTypes(rawValue: 1 << 0)
    public static let link = UIDataDetectorTypes(rawValue: 1 << 1)
    public static let address = UIDataDetectorTypes(rawValue: 1 << 2)
    public static let calendarEvent = UIDataDetectorTypes(rawValue: 1 << 3)
    public static let shipmentTrackingNumber = UIDataDetectorTypes(rawValue: 1 << 4)
    public static let flightNumber = UIDataDetectorTypes(rawValue: 1 << 5)
    public static let lookupSuggestion = UIDataDetectorTypes(rawValue: 1 << 6)
    public static let money = UIDataDetectorTypes(rawValue: 1 << 7)
    public static let physicalValue = UIDataDetectorTypes(rawValue: 1 << 8)
    public static let all = UIDataDetectorTypes(rawValue: UInt.max)
}
