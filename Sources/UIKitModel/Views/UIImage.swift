import Foundation

/// An image, reduced to its name and size: the simulation has no pixels, asset catalog or SF Symbols.
///
/// `UIImage(named:)` and `UIImage(systemName:)` always succeed [U: UIKit returns nil for a name the app's asset
/// catalog or the symbol set lacks; the model cannot know them], with a 20 × 20-point size for symbols [U].
open class UIImage: NSObject, @unchecked Sendable {
    /// How the image is drawn: as is, or as a template tinted with the tint colour.
    public enum RenderingMode: Int, Sendable { case automatic = 0, alwaysOriginal, alwaysTemplate }

    /// The name the image was created with (`nil` for an image made in code).
    package let name: String?
    open private(set) var size: CGSize
    open private(set) var renderingMode: RenderingMode = .automatic

    public init?(named name: String) {
        self.name = name
        size = CGSize(width: 20, height: 20)
        super.init()
    }

    public init?(systemName name: String) {
        self.name = name
        size = CGSize(width: 20, height: 20)
        super.init()
    }

    public override init() {
        name = nil
        size = .zero
        super.init()
    }

    /// The image drawn with `renderingMode`.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = UIImage(named: name ?? "")!
        copy.size = size
        copy.renderingMode = renderingMode
        return copy
    }

    /// The image tinted with `color` (drawn as the original).
    open func withTintColor(_ color: UIColor) -> UIImage { withRenderingMode(.alwaysOriginal) }

    open override var description: String { "<UIImage \(name ?? "anonymous") \(size)>" }
}

/// A view that shows an image, as UIKit's `UIImageView`.
open class UIImageView: UIView {
    open var image: UIImage? { didSet { invalidateIntrinsicContentSize() } }
    open var highlightedImage: UIImage?
    open var isHighlighted = false

    public convenience init(image: UIImage?) {
        self.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        self.image = image
    }

    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }
}
