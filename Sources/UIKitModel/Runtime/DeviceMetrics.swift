import Foundation

/// The screen, safe area and keyboard geometry of a simulated device, in points.
package struct DeviceMetrics: Equatable, Sendable {
    /// Whether the device is a phone or a pad.
    package enum Idiom: Equatable, Sendable { case phone, pad }

    package var name: String
    package var idiom: Idiom
    /// The screen size in portrait.
    package var portraitSize: CGSize
    package var portraitSafeArea: UIEdgeInsets
    package var landscapeSafeArea: UIEdgeInsets
    /// The system keyboard's height in portrait, including any home-indicator area below the keys.
    package var keyboardHeightPortrait: CGFloat
    package var keyboardHeightLandscape: CGFloat
    /// The height of the status bar drawn in snapshots.
    package var statusBarHeight: CGFloat
    /// Whether the screen has a home indicator (drawn in snapshots) instead of a home button.
    package var hasHomeIndicator: Bool

    package init(
        name: String, idiom: Idiom, portraitSize: CGSize, portraitSafeArea: UIEdgeInsets,
        landscapeSafeArea: UIEdgeInsets, keyboardHeightPortrait: CGFloat, keyboardHeightLandscape: CGFloat,
        statusBarHeight: CGFloat, hasHomeIndicator: Bool
    ) {
        self.name = name
        self.idiom = idiom
        self.portraitSize = portraitSize
        self.portraitSafeArea = portraitSafeArea
        self.landscapeSafeArea = landscapeSafeArea
        self.keyboardHeightPortrait = keyboardHeightPortrait
        self.keyboardHeightLandscape = keyboardHeightLandscape
        self.statusBarHeight = statusBarHeight
        self.hasHomeIndicator = hasHomeIndicator
    }

    /// The 320×480 iPhone of the source tutorials: 20-pt status bar, 216-pt keyboard (162 in landscape).
    package static let iPhone4 = DeviceMetrics(
        name: "iPhone 4", idiom: .phone, portraitSize: CGSize(width: 320, height: 480),
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        keyboardHeightPortrait: 216, keyboardHeightLandscape: 162, statusBarHeight: 20, hasHomeIndicator: false)

    /// A 393×852 notched iPhone (iPhone 15 class); the keyboard heights include the home-indicator area.
    package static let iPhoneNotched = DeviceMetrics(
        name: "iPhone (notched)", idiom: .phone, portraitSize: CGSize(width: 393, height: 852),
        portraitSafeArea: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59),
        keyboardHeightPortrait: 336, keyboardHeightLandscape: 209, statusBarHeight: 54, hasHomeIndicator: true)

    /// A 768×1024 iPad with a home button; keyboard 313 pt portrait, 398 pt landscape.
    package static let iPad = DeviceMetrics(
        name: "iPad", idiom: .pad, portraitSize: CGSize(width: 768, height: 1024),
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        keyboardHeightPortrait: 313, keyboardHeightLandscape: 398, statusBarHeight: 20, hasHomeIndicator: false)

    /// A 320×568 iPhone (5/5s/SE 1st generation) with the predictive bar: keyboard 253 (#91); landscape 193 [U].
    package static let iPhone5 = DeviceMetrics(
        name: "iPhone 5", idiom: .phone, portraitSize: CGSize(width: 320, height: 568),
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: .zero,
        keyboardHeightPortrait: 253, keyboardHeightLandscape: 193, statusBarHeight: 20, hasHomeIndicator: false)

    /// A 375×667 iPhone (6/7/8, SE 2nd/3rd generation) with the predictive bar: keyboard 258 (#91); landscape
    /// 194 [U].
    package static let iPhoneSE = DeviceMetrics(
        name: "iPhone SE", idiom: .phone, portraitSize: CGSize(width: 375, height: 667),
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: .zero,
        keyboardHeightPortrait: 258, keyboardHeightLandscape: 194, statusBarHeight: 20, hasHomeIndicator: false)

    /// A 414×736 iPhone Plus with the predictive bar: keyboard 271 (#91, the SpringJustin dump); landscape 194 [U].
    package static let iPhonePlus = DeviceMetrics(
        name: "iPhone Plus", idiom: .phone, portraitSize: CGSize(width: 414, height: 736),
        portraitSafeArea: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0),
        landscapeSafeArea: .zero,
        keyboardHeightPortrait: 271, keyboardHeightLandscape: 194, statusBarHeight: 20, hasHomeIndicator: false)

    /// An 820×1180 iPad (Air 4th generation and later, 10th generation): keyboard 337 (#91, the matkuznik dump);
    /// landscape 424 [U]; 24-pt status bar and a 20-pt home-indicator area.
    package static let iPadAir = DeviceMetrics(
        name: "iPad Air", idiom: .pad, portraitSize: CGSize(width: 820, height: 1180),
        portraitSafeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        landscapeSafeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
        keyboardHeightPortrait: 337, keyboardHeightLandscape: 424, statusBarHeight: 24, hasHomeIndicator: true)
}
