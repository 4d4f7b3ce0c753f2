// `import UIKit` at deployment target iOS 26: the earlier deprecations and those of the iOS 26 SDK (see
// UIKitDeployment13).
@_exported import UIKitDeployment15

extension UIScreen {
    /// The device's screen (uikit-behaviour-3 #160, #161); the window scene's screen is the same object (#188).
    @available(*, deprecated, message: "iOS 26.0: Use a UIScreen instance found through context instead (i.e, view.window.windowScene.screen), or for properties like UIScreen.scale with trait equivalents, use a traitCollection found through context.")
    public static var main: UIScreen { UIScreen.modelMain }
}
