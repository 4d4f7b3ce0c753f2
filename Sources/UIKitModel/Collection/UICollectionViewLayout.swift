import Foundation

/// Where a collection view's items go, as UIKit's `UICollectionViewLayout`; the model lays out lists and vertical flow
/// layouts.
@preconcurrency @MainActor open class UICollectionViewLayout: NSObject {
    /// The collection view using this layout.
    open package(set) weak var collectionView: UICollectionView?

    package override init() { super.init() }

    /// The frames of the items, section by section, given the item counts and the collection view's width.
    package func itemFrames(counts: [Int], width: CGFloat, in collectionView: UICollectionView) -> (frames: [[CGRect]], contentHeight: CGFloat) {
        (counts.map { Array(repeating: .zero, count: $0) }, 0)
    }
}

/// A layout made of sections, as UIKit's `UICollectionViewCompositionalLayout`; the model makes lists with
/// `list(using:)`.
@preconcurrency @MainActor open class UICollectionViewCompositionalLayout: UICollectionViewLayout {
    private let listConfiguration: UICollectionLayoutListConfiguration

    private init(listConfiguration: UICollectionLayoutListConfiguration) {
        self.listConfiguration = listConfiguration
        super.init()
    }

    /// A layout with one list section per data-source section.
    open class func list(using configuration: UICollectionLayoutListConfiguration) -> UICollectionViewCompositionalLayout {
        UICollectionViewCompositionalLayout(listConfiguration: configuration)
    }

    /// The list's configuration, for drawing its separators.
    package var list: UICollectionLayoutListConfiguration { listConfiguration }

    /// Rows of `listCellHeight` [U]; grouped lists put `groupedListSectionSpacing` [U] above each section and
    /// inset-grouped ones also inset the rows 16 pt from each side.
    package override func itemFrames(counts: [Int], width: CGFloat, in collectionView: UICollectionView) -> (frames: [[CGRect]], contentHeight: CGFloat) {
        let behavior = UIKitSystem.shared.behavior
        let height = behavior.listCellHeight
        let grouped = listConfiguration.appearance == .grouped || listConfiguration.appearance == .insetGrouped
        let inset: CGFloat = listConfiguration.appearance == .insetGrouped ? 16 : 0
        var y: CGFloat = 0
        var frames: [[CGRect]] = []
        for count in counts {
            if grouped { y += behavior.groupedListSectionSpacing }
            var section: [CGRect] = []
            for _ in 0..<max(0, count) {
                section.append(CGRect(x: inset, y: y, width: max(0, width - 2 * inset), height: height))
                y += height
            }
            frames.append(section)
        }
        if grouped, !counts.isEmpty { y += behavior.groupedListSectionSpacing }
        return (frames, y)
    }
}

/// How a list layout looks, as UIKit's `UICollectionLayoutListConfiguration`.
public struct UICollectionLayoutListConfiguration: Hashable, Sendable {
    /// The list's style.
    public enum Appearance: Int, Hashable, Sendable {
        case plain = 0, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// The list's style.
    public private(set) var appearance: Appearance
    /// Whether lines separate the rows.
    public var showsSeparators = true
    /// The list's background colour; `nil` is the appearance's.
    public var backgroundColor: UIColor?

    public init(appearance: Appearance) { self.appearance = appearance }
}
