import Foundation

/// A bar of buttons, often used as a keyboard's input accessory view (a "Done" button above a number pad).
open class UIToolbar: UIView {
    /// The toolbar's items, left to right.
    open var items: [UIBarButtonItem]?
    /// The bar's appearance: light by default, dark with `.black`.
    open var barStyle: UIBarStyle = .default
    open var isTranslucent = true
    /// The bar's background colour (the style's colour when `nil`).
    open var barTintColor: UIColor?

    /// Sets the items.
    open func setItems(_ items: [UIBarButtonItem]?, animated: Bool) {
        self.items = items
    }

    /// A toolbar is 44 points tall and as wide as it is (or the screen, when it has no width yet).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: bounds.width > 0 ? bounds.width : UIScreen.main.bounds.width, height: 44)
    }

    /// The items' frames in the toolbar's coordinates: spaces share the free width, buttons fit their titles.
    package var itemFrames: [(item: UIBarButtonItem, frame: CGRect)] {
        let items = self.items ?? []
        let margin: CGFloat = 8
        func buttonWidth(_ item: UIBarButtonItem) -> CGFloat {
            if item.systemItem == .fixedSpace { return item.width }
            if item.systemItem == .flexibleSpace { return 0 }
            return item.width > 0 ? item.width : TextMetrics.width(of: item.displayTitle, pointSize: 17) + 16
        }
        let fixed = items.reduce(0) { $0 + buttonWidth($1) }
        let flexibleCount = items.filter { $0.systemItem == .flexibleSpace }.count
        let free = max(0, bounds.width - 2 * margin - fixed)
        var x = margin
        var result: [(UIBarButtonItem, CGRect)] = []
        for item in items {
            let width = item.systemItem == .flexibleSpace ? free / CGFloat(max(flexibleCount, 1)) : buttonWidth(item)
            result.append((item, CGRect(x: x, y: 0, width: width, height: bounds.height)))
            x += width
        }
        return result
    }

    /// The button item at `point` (toolbar coordinates), if any.
    package func item(at point: CGPoint) -> UIBarButtonItem? {
        itemFrames.first { !$0.item.isSpace && $0.frame.contains(point) }?.item
    }
}

/// The appearance of toolbars and navigation bars.
public enum UIBarStyle: Int, Sendable {
    case `default` = 0, black
    @available(*, deprecated, message: "Use UIBarStyle.black and set the translucent property to true")
    case blackTranslucent = 2
    @available(*, deprecated, renamed: "UIBarStyle.black")
    public static let blackOpaque = UIBarStyle.black
}
