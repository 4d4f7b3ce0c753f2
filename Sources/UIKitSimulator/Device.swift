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

    /// iPhone 16 (also 15, 15 Pro): 393×852, safe area 59 / 34, 336-pt keyboard (#181, #184).
    public static let iPhone16 = Device(metrics: .iPhone16)

    /// iPhone 17 (also 16 Pro): 402×874, safe area 62 / 34; keyboard 336 [U] (#182).
    public static let iPhone17 = Device(metrics: .iPhone17)

    /// iPhone 17 Pro: 402×874, safe area 62 / 34; keyboard 336 [U] (#182).
    public static let iPhone17Pro = Device(metrics: .iPhone17Pro)

    /// iPhone Air: 420×912, safe area 68 / 34; keyboard 336 [U] (#183).
    public static let iPhoneAir = Device(metrics: .iPhoneAir)

    /// iPhone 17 Pro Max (also 16 Pro Max): 440×956, safe area 62 / 34; keyboard 346 [U] (#183).
    public static let iPhone17ProMax = Device(metrics: .iPhone17ProMax)

    /// iPhone 16 Pro Max: the same screen as iPhone 17 Pro Max (#183).
    public static let iPhone16ProMax = iPhone17ProMax

    /// The device's name.
    public var name: String { metrics.name }

    /// The portrait screen size in points.
    public var screenSize: CGSize { metrics.portraitSize }

    public var description: String {
        "\(name) (\(formatPoints(screenSize.width))×\(formatPoints(screenSize.height)))"
    }
}
