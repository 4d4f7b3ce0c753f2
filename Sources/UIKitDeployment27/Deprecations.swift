// `import UIKit` at deployment target iOS 27: the earlier deprecations and those of the iOS 27 SDK (see
// UIKitDeployment13). Apple's metadata gives these no message, so the warning names only the version. The
// single-range `textField(_:shouldChangeCharactersIn:replacementString:)` is deprecated in the same SDK, but a
// protocol requirement cannot be shadowed, so calls of it draw no warning here.
@_exported import UIKitDeployment26

extension UITextView {
    /// The first selected range (uikit-behaviour-3 #153); `selectedRanges` (iOS 26) replaces it.
    @available(*, deprecated, message: "iOS 27.0")
    public var selectedRange: NSRange {
        get { selectedRanges[0] }
        set { selectedRanges = [newValue] }
    }
}
