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

    /// Pixels per point: 3 on the home-indicator iPhones and the Plus, 2 on the others and on the iPads.
    package var scale: CGFloat { idiom == .phone && (hasHomeIndicator || portraitSize.width >= 414) ? 3 : 2 }

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

    // MARK: Today's iPhones (uikit-behaviour-3 §B8, #181–#184)

    /// iPhone 16 (also 15, 15 Pro): the notched phone's 393×852 screen and 59/34 insets (#181) under its own name.
    package static let iPhone16 = DeviceMetrics(
        name: "iPhone 16", idiom: .phone, portraitSize: iPhoneNotched.portraitSize,
        portraitSafeArea: iPhoneNotched.portraitSafeArea, landscapeSafeArea: iPhoneNotched.landscapeSafeArea,
        keyboardHeightPortrait: iPhoneNotched.keyboardHeightPortrait,
        keyboardHeightLandscape: iPhoneNotched.keyboardHeightLandscape, statusBarHeight: 54, hasHomeIndicator: true)

    /// iPhone 17 and 17 Pro (also 16 Pro): 402×874, insets 62/34 (#182); keyboard heights unmeasured, 336/209 [U].
    package static let iPhone17 = today(name: "iPhone 17", width: 402, height: 874, top: 62, keyboard: 336)

    /// iPhone 17 Pro: the same screen as iPhone 17 (#182).
    package static let iPhone17Pro = today(name: "iPhone 17 Pro", width: 402, height: 874, top: 62, keyboard: 336)

    /// iPhone Air: 420×912, insets 68/34 (#183); keyboard heights unmeasured, 336/209 [U].
    package static let iPhoneAir = today(name: "iPhone Air", width: 420, height: 912, top: 68, keyboard: 336)

    /// iPhone 17 Pro Max (also 16 Pro Max): 440×956, insets 62/34 (#183); keyboard unmeasured, 346/209 [U].
    package static let iPhone17ProMax = today(name: "iPhone 17 Pro Max", width: 440, height: 956, top: 62, keyboard: 346)

    /// A home-indicator phone of 2024–25: bottom inset 34; landscape insets unreported, taken as the 393-wide
    /// phone's pattern (the top inset at the sides, 21 at the bottom) [U]; status bar 54 [U].
    private static func today(name: String, width: CGFloat, height: CGFloat, top: CGFloat, keyboard: CGFloat) -> DeviceMetrics {
        DeviceMetrics(
            name: name, idiom: .phone, portraitSize: CGSize(width: width, height: height),
            portraitSafeArea: UIEdgeInsets(top: top, left: 0, bottom: 34, right: 0),
            landscapeSafeArea: UIEdgeInsets(top: 0, left: top, bottom: 21, right: top),
            keyboardHeightPortrait: keyboard, keyboardHeightLandscape: 209, statusBarHeight: 54, hasHomeIndicator: true)
    }
}
