import Foundation

/// A collection view's delegate that sizes and spaces the items of a flow layout, as UIKit's
/// `UICollectionViewDelegateFlowLayout`; each method is optional and overrides the layout's property.
@preconcurrency @MainActor public protocol UICollectionViewDelegateFlowLayout: UICollectionViewDelegate {
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath) -> CGSize
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int) -> UIEdgeInsets
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int) -> CGFloat
    func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int) -> CGFloat
}

extension UICollectionViewDelegateFlowLayout {
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        DelegateProbe.markDefault()
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.itemSize ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        insetForSectionAt section: Int
    ) -> UIEdgeInsets {
        DelegateProbe.markDefault()
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.sectionInset ?? .zero
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        DelegateProbe.markDefault()
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumLineSpacing ?? 0
    }
    public func collectionView(
        _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        DelegateProbe.markDefault()
        return (collectionViewLayout as? UICollectionViewFlowLayout)?.minimumInteritemSpacing ?? 0
    }
}

/// Items in lines, as UIKit's `UICollectionViewFlowLayout`; the model lays out vertical flow layouts with fixed sizes.
///
/// Each section starts below the previous one, inside its `sectionInset`; items fill a line left to right while they
/// fit with `minimumInteritemSpacing` between them, then a new line starts `minimumLineSpacing` below the tallest item
/// of the line. Apple documents the spacings as minimums, not how the extra room of a line is shared; the model puts
/// a line of several items flush with both insets, the extra room shared equally between them, and a line of one item
/// in the middle [U: the commonly seen look, docs/model.md "Flow layouts"]. Items are centred vertically in their line
/// [U]. Horizontal scrolling, headers and footers, and self-sizing cells (`estimatedItemSize`) are not modelled: a
/// layout that asks for them stops the program.
@preconcurrency @MainActor open class UICollectionViewFlowLayout: UICollectionViewLayout {
    /// The size `estimatedItemSize` takes to ask cells for their own size.
    public static let automaticSize = CGSize(width: CGFloat.greatestFiniteMagnitude, height: CGFloat.greatestFiniteMagnitude)

    /// The space between lines; Apple's default is 10.
    open var minimumLineSpacing: CGFloat = 10
    /// The least space between items on a line; Apple's default is 10.
    open var minimumInteritemSpacing: CGFloat = 10
    /// The size of every item, unless the delegate gives one; Apple's default is 50 × 50.
    open var itemSize = CGSize(width: 50, height: 50)
    /// Self-sizing cells are not modelled: anything but `.zero` stops the program at layout.
    open var estimatedItemSize: CGSize = .zero
    /// Only `.vertical` is modelled.
    open var scrollDirection: UICollectionView.ScrollDirection = .vertical
    /// Section headers are not modelled: anything but `.zero` stops the program at layout.
    open var headerReferenceSize: CGSize = .zero
    /// Section footers are not modelled: anything but `.zero` stops the program at layout.
    open var footerReferenceSize: CGSize = .zero
    /// The margins around each section's items.
    open var sectionInset: UIEdgeInsets = .zero

    public override init() { super.init() }

    package override func itemFrames(
        counts: [Int], width: CGFloat, in collectionView: UICollectionView
    ) -> (frames: [[CGRect]], contentHeight: CGFloat) {
        guard scrollDirection == .vertical else {
            fatalError("UICollectionViewFlowLayout: scrollDirection .horizontal is not modelled (the model lays out vertical flow layouts)")
        }
        guard estimatedItemSize == .zero else {
            fatalError("UICollectionViewFlowLayout: estimatedItemSize (self-sizing cells) is not modelled; set itemSize or implement sizeForItemAt")
        }
        guard headerReferenceSize == .zero, footerReferenceSize == .zero else {
            fatalError("UICollectionViewFlowLayout: section headers and footers are not modelled")
        }
        let delegate = collectionView.delegate as? UICollectionViewDelegateFlowLayout
        var y: CGFloat = 0
        var frames: [[CGRect]] = []
        for (section, count) in counts.enumerated() {
            let inset = delegate?.collectionView(collectionView, layout: self, insetForSectionAt: section) ?? sectionInset
            let lineSpacing = delegate?.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section)
                ?? minimumLineSpacing
            let itemSpacing = delegate?.collectionView(
                collectionView, layout: self, minimumInteritemSpacingForSectionAt: section) ?? minimumInteritemSpacing
            let available = width - inset.left - inset.right
            let sizes = (0..<max(0, count)).map { item in
                delegate?.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section))
                    ?? itemSize
            }
            y += inset.top
            var sectionFrames: [CGRect] = []
            var start = 0
            var firstLine = true
            while start < sizes.count {
                var end = start + 1
                var used = sizes[start].width
                while end < sizes.count, used + itemSpacing + sizes[end].width <= available {
                    used += itemSpacing + sizes[end].width
                    end += 1
                }
                if !firstLine { y += lineSpacing }
                firstLine = false
                let line = sizes[start..<end]
                let lineHeight = line.map(\.height).max() ?? 0
                let totalWidth = line.map(\.width).reduce(0, +)
                var x: CGFloat
                var gap: CGFloat
                if line.count == 1 {
                    x = inset.left + (available - totalWidth) / 2
                    gap = 0
                } else {
                    x = inset.left
                    gap = (available - totalWidth) / CGFloat(line.count - 1)
                }
                for size in line {
                    sectionFrames.append(CGRect(x: x, y: y + (lineHeight - size.height) / 2, width: size.width, height: size.height))
                    x += size.width + gap
                }
                y += lineHeight
                start = end
            }
            y += inset.bottom
            frames.append(sectionFrames)
        }
        return (frames, y)
    }
}
