import Foundation

/// A view's backing layer, as Core Animation's `CALayer`: the appearance properties tutorials set on
/// `view.layer`, stored and read back; the snapshot draws the corner radius, the border and the clipping.
///
/// As in UIKit, a view's layer shares `masksToBounds` with `clipsToBounds`, `backgroundColor` with the view's
/// background, `opacity` with `alpha` and its geometry with the view's.
open class CALayer: NSObject {
    /// The view this layer backs (`nil` for a stand-alone layer).
    package private(set) weak var owningView: UIView?
    private var ownMasksToBounds = false
    private var ownBackgroundColor: CGColor?
    private var ownOpacity: Float = 1
    private var ownFrame = CGRect.zero

    public override init() { super.init() }

    package init(view: UIView) {
        owningView = view
        super.init()
    }

    open var cornerRadius: CGFloat = 0
    open var borderWidth: CGFloat = 0
    /// The border colour; opaque black by default, as in Core Animation.
    open var borderColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var shadowColor: CGColor? = CGColor(gray: 0, alpha: 1)
    open var shadowOpacity: Float = 0
    open var shadowOffset = CGSize(width: 0, height: -3)
    open var shadowRadius: CGFloat = 3
    open var zPosition: CGFloat = 0
    open var name: String?
    /// The corners `cornerRadius` rounds.
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    open var cornerCurve: CALayerCornerCurve = .circular
    /// Layers added with `addSublayer(_:)` (stored; not drawn).
    open private(set) var sublayers: [CALayer]?
    open private(set) weak var superlayer: CALayer?

    open var masksToBounds: Bool {
        get { owningView?.clipsToBounds ?? ownMasksToBounds }
        set { if let owningView { owningView.clipsToBounds = newValue } else { ownMasksToBounds = newValue } }
    }

    open var backgroundColor: CGColor? {
        get { owningView.map { $0.backgroundColor?.cgColor } ?? ownBackgroundColor }
        set {
            if let owningView { owningView.backgroundColor = newValue.map(UIColor.init(cgColor:)) } else { ownBackgroundColor = newValue }
        }
    }

    open var opacity: Float {
        get { owningView.map { Float($0.alpha) } ?? ownOpacity }
        set { if let owningView { owningView.alpha = CGFloat(newValue) } else { ownOpacity = newValue } }
    }

    open var frame: CGRect {
        get { owningView?.frame ?? ownFrame }
        set { if let owningView { owningView.frame = newValue } else { ownFrame = newValue } }
    }

    open var bounds: CGRect {
        get { owningView?.bounds ?? CGRect(origin: .zero, size: ownFrame.size) }
        set { if let owningView { owningView.bounds = newValue } else { ownFrame.size = newValue.size } }
    }

    open func addSublayer(_ layer: CALayer) {
        layer.removeFromSuperlayer()
        sublayers = (sublayers ?? []) + [layer]
        layer.superlayer = self
    }

    open func removeFromSuperlayer() {
        superlayer?.sublayers?.removeAll { $0 === self }
        superlayer = nil
    }

    /// Whether the snapshot should draw a border.
    package var drawsBorder: Bool { borderWidth > 0 && (borderColor?.alpha ?? 0) > 0 }
}

/// The corners a layer's `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)
}

/// The shape of a layer's rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
