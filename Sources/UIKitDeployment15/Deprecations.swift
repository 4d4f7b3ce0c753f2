// `import UIKit` at deployment target iOS 15 to 25: iOS 13's deprecations and those of iOS 15 (see UIKitDeployment13).
@_exported import UIKitDeployment13

extension UIApplication {
    /// The app's windows across all scenes (uikit-behaviour-3 #162).
    @available(*, deprecated, message: "iOS 15.0: Use UIWindowScene.windows on a relevant window scene instead")
    public var windows: [UIWindow] { UIKitSystem.shared.windows }
}
