import Foundation

/// An on/off control, as UIKit's `UISwitch`; SwiftUI's `Toggle` is shown by one.
///
/// A tap by the simulated user flips `isOn` and sends `.valueChanged`; assigning `isOn` or calling
/// `setOn(_:animated:)` from code sends nothing, as in UIKit. Its size is fixed at 51 × 31 points.
open class UISwitch: UIControl {
    /// How a switch looks (iOS 14); on iPhone every style draws the sliding switch.
    @available(iOS 14.0, *)
    public enum Style: Int, Sendable {
        case automatic = 0, checkbox, sliding
    }

    /// Whether the switch is on.
    open var isOn = false
    /// The color of the track when on; `nil` is the system green.
    open var onTintColor: UIColor?
    /// The color of the thumb; `nil` is white.
    open var thumbTintColor: UIColor?
    /// An image for the on state (ignored since iOS 7, as in UIKit).
    open var onImage: UIImage?
    /// An image for the off state (ignored since iOS 7, as in UIKit).
    open var offImage: UIImage?
    /// A title shown by the checkbox style on Mac Catalyst; iPhone switches show none.
    @available(iOS 14.0, *)
    open var title: String?
    /// The style asked for.
    @available(iOS 14.0, *)
    open var preferredStyle = Style.automatic
    /// The style drawn: the sliding switch on iPhone.
    @available(iOS 14.0, *)
    open var style: Style { .sliding }

    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Turns the switch on or off without sending `.valueChanged`.
    open func setOn(_ on: Bool, animated: Bool) { isOn = on }

    open override var intrinsicContentSize: CGSize { CGSize(width: 51, height: 31) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: 51, height: 31) }

    /// The user tapped the switch: it flips, then `.valueChanged` goes out with the touch's actions.
    package override func userTap(event: UIEvent? = nil) {
        guard isEnabled else { return }
        isOn.toggle()
        super.userTap(event: event)
        sendControlEvent(.valueChanged)
    }
}
