import Foundation
import UIKitModel

/// A simulated device: screen, safe area and keyboard sizes (see docs/model.md for the table).
public struct Device: Equatable, Sendable, CustomStringConvertible {
    package let metrics: DeviceMetrics

    package init(metrics: DeviceMetrics) {
        self.metrics = metrics
    }

    /// The 320×480 iPhone of the source tutorials: 20-pt status bar, 216-pt keyboard, no bottom safe area.
    public static let iPhone4 = Device(metrics: .iPhone4)

    /// A 393×852 notched iPhone: safe area 59 top / 34 bottom, 336-pt keyboard including the home area.
    public static let iPhoneNotched = Device(metrics: .iPhoneNotched)

    /// A 768×1024 iPad: 313-pt keyboard, form sheets 540×620.
    public static let iPad = Device(metrics: .iPad)

    /// A 320×568 iPhone with the predictive bar: 253-pt keyboard.
    public static let iPhone5 = Device(metrics: .iPhone5)

    /// A 375×667 iPhone (8, SE): 258-pt keyboard with the predictive bar.
    public static let iPhoneSE = Device(metrics: .iPhoneSE)

    /// A 414×736 iPhone Plus: 271-pt keyboard with the predictive bar.
    public static let iPhonePlus = Device(metrics: .iPhonePlus)

    /// An 820×1180 iPad: 337-pt keyboard, 20-pt home-indicator area.
    public static let iPadAir = Device(metrics: .iPadAir)

    /// The device's name.
    public var name: String { metrics.name }

    /// The portrait screen size in points.
    public var screenSize: CGSize { metrics.portraitSize }

    public var description: String {
        "\(name) (\(formatPoints(screenSize.width))×\(formatPoints(screenSize.height)))"
    }
}
