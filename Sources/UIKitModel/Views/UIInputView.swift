import Foundation

/// A view styled like the keyboard, for input and input accessory views, as UIKit's `UIInputView`: the model sizes it
/// by its frame, as any accessory (docs/model.md, "Devices"); `allowsSelfSizing` (sizing by constraints) is not
/// declared, so code that relies on it does not compile. Main-actor isolated through `UIView` and, like every UIKit
/// class, predating concurrency (an explicit `@MainActor` here made it stricter than the SDK's views).
open class UIInputView: UIView {
    /// The appearance the view was created with.
    public enum Style: Int, @unchecked Sendable {
        case `default` = 0
        case keyboard = 1
    }

    /// The style given at creation; UIKit offers no setter.
    open private(set) var inputViewStyle: UIInputView.Style = .default

    public init(frame: CGRect, inputViewStyle: UIInputView.Style) {
        super.init(frame: frame)
        self.inputViewStyle = inputViewStyle
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }
}
