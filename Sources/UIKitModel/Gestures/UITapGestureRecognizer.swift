import Foundation

/// Recognizes taps, as UIKit's `UITapGestureRecognizer`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// The taps needed; the driver's taps are single, so only 1 is ever recognized.
    open var numberOfTapsRequired = 1
    /// The fingers needed; the driver's taps use one, so only 1 is ever recognized.
    open var numberOfTouchesRequired = 1

    package override var recognizesSingleTap: Bool { numberOfTapsRequired == 1 && numberOfTouchesRequired == 1 }
}
