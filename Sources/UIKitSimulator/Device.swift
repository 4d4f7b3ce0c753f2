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

    /// The device's name.
    public var name: String { metrics.name }

    /// The portrait screen size in points.
    public var screenSize: CGSize { metrics.portraitSize }

    public var description: String {
        "\(name) (\(formatPoints(screenSize.width))×\(formatPoints(screenSize.height)))"
    }
}
