import Foundation

/// A rectangle in a view's coordinates that constraints can refer to (safe area, margins, keyboard).
@preconcurrency @MainActor open class UILayoutGuide: NSObject {
    /// The view the guide belongs to.
    open package(set) weak var owningView: UIView?
    private let frameProvider: ((UIView) -> CGRect)?
    /// A scroll view's `contentLayoutGuide`: its far edges and size are set by the content, not the other way.
    package let isContentArea: Bool
    /// A name for debugging.
    open var identifier = ""

    public override init() {
        frameProvider = nil
        isContentArea = false
        super.init()
    }

    package init(owningView: UIView, contentArea: Bool = false, frame: @escaping (UIView) -> CGRect) {
        self.owningView = owningView
        frameProvider = frame
        isContentArea = contentArea
        super.init()
    }

    /// The guide's rectangle in the owning view's coordinates.
    open var layoutFrame: CGRect {
        guard let owningView, let frameProvider else { return .zero }
        return frameProvider(owningView)
    }

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .leading) }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .trailing) }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .left) }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .right) }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor(item: self, attribute: .centerX) }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .top) }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .bottom) }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor(item: self, attribute: .centerY) }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .width) }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension(item: self, attribute: .height) }
}
