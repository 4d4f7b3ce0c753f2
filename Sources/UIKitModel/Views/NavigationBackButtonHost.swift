/// A navigation bar drawn without `UINavigationBar` (a SwiftUI `NavigationStack`'s), whose back button the driver's
/// `tapBackButton()` taps.
package protocol NavigationBackButtonHost: AnyObject {
    var backButton: UIView? { get }
}
