import Foundation

/// Light or dark appearance.
public enum UIUserInterfaceStyle: Int, Sendable { case unspecified = 0, light, dark }

/// A size class: how much room there is along one axis.
public enum UIUserInterfaceSizeClass: Int, Sendable { case unspecified = 0, compact, regular }

/// The user's preferred text size.
public struct UIContentSizeCategory: RawRepresentable, Hashable, Comparable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge =
        UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge =
        UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityXXXL")
    /// Whether the category is one of the accessibility sizes.
    public var isAccessibilityCategory: Bool { rawValue.contains("Accessibility") }

    /// Posted when the user changes the text size in Settings (the simulated user never does).
    public static let didChangeNotification =
        Notification.Name("UIContentSizeCategoryDidChangeNotification")
    /// The `userInfo` key of the new category in `didChangeNotification`.
    public static let newValueUserInfoKey = "UIContentSizeCategoryNewValueKey"

    /// The categories from smallest to largest; `unspecified` sorts first.
    private static let order: [UIContentSizeCategory] = [
        .unspecified, .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge, .extraExtraExtraLarge,
        .accessibilityMedium, .accessibilityLarge, .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// Orders categories by text size, as UIKit's `Comparable` conformance does.
    public static func < (lhs: UIContentSizeCategory, rhs: UIContentSizeCategory) -> Bool {
        (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}

/// The environment a view is shown in, as UIKit's `UITraitCollection`: the simulated app is always light, at the
/// default text size, with the size classes of its device and orientation.
open class UITraitCollection: NSObject {
    open var userInterfaceStyle: UIUserInterfaceStyle { .light }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { UIDevice.current.userInterfaceIdiom }
    open var preferredContentSizeCategory: UIContentSizeCategory { .large }
    /// The screen's scale: the trait equivalent Apple names for `UIScreen.main.scale` (uikit-behaviour-3 #188).
    open var displayScale: CGFloat { UIKitSystem.shared.device.scale }
    /// Regular on iPad; compact on iPhone (regular in landscape on the Plus phone, as iOS has it).
    open var horizontalSizeClass: UIUserInterfaceSizeClass {
        let system = UIKitSystem.shared
        if system.device.idiom == .pad { return .regular }
        return system.isLandscape && system.device.portraitSize.height >= 736 ? .regular : .compact
    }
    /// Regular on iPad and on iPhone in portrait; compact on iPhone in landscape.
    open var verticalSizeClass: UIUserInterfaceSizeClass {
        let system = UIKitSystem.shared
        return system.device.idiom == .pad || !system.isLandscape ? .regular : .compact
    }

    /// The collection of the running app's screen.
    public static var current: UITraitCollection { UITraitCollection() }

    public override init() { super.init() }
}

extension UIView {
    /// The traits of the simulated screen.
    public var traitCollection: UITraitCollection { UITraitCollection() }
}

extension UIViewController {
    /// The traits of the simulated screen.
    public var traitCollection: UITraitCollection { UITraitCollection() }
}

extension UIScreen {
    /// The traits of the simulated screen.
    public var traitCollection: UITraitCollection { UITraitCollection() }
}
