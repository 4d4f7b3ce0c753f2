// `import UIKit` for a lesson whose deployment target is iOS 13 or 14 (docs/model.md "Deployment target"): the model,
// plus the declarations deprecated in iOS 13, which shadow the model's own so that Swift warns at each use, as Xcode
// does for a project that deploys to 13 or later. Each message starts with the iOS version; the doc-test runner
// turns "'x' is deprecated: iOS 13.0: …" into Xcode's "'x' was deprecated in iOS 13.0: …".
@_exported import UIKitModel

extension UIApplication {
    /// The key window across all scenes (uikit-behaviour-3 #162).
    @available(*, deprecated, message: "iOS 13.0: Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes")
    public var keyWindow: UIWindow? { UIKitSystem.shared.keyWindow }
}
