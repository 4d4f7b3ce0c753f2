import Foundation

/// The object that provides a collection view's items, as UIKit's `UICollectionViewDataSource`.
@preconcurrency @MainActor public protocol UICollectionViewDataSource: NSObjectProtocol {
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    func numberOfSections(in collectionView: UICollectionView) -> Int
}

/// The collection view's delegate, as UIKit's `UICollectionViewDelegate`: the model calls `didSelectItemAt` when the
/// user taps a cell. A collection view's `delegate` is UIScrollView's, so it reads back as a scroll view delegate.
@preconcurrency @MainActor public protocol UICollectionViewDelegate: UIScrollViewDelegate {
    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath)
}

extension UICollectionViewDelegate {
    public func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        DelegateProbe.markDefault()
    }
}

extension UICollectionViewDataSource {
    public func numberOfSections(in collectionView: UICollectionView) -> Int {
        DelegateProbe.markDefault()
        return 1
    }
}

/// A scrolling collection of items with reusable cells, as UIKit's `UICollectionView`; the model lays out lists
/// (`UICollectionViewCompositionalLayout.list(using:)`) and vertical flow layouts (`UICollectionViewFlowLayout`).
///
/// Cells exist for the visible items only, as in a table view: `dequeueConfiguredReusableCell` hands out a cell
/// that showed another item. A cell holding the first responder stays while it scrolls out of view
/// (`firstResponderCellKeptOnScroll`, [U] as for tables). There is no automatic keyboard avoidance: a collection
/// view, unlike a `UITableViewController`, leaves the insets to the app.
@preconcurrency @MainActor open class UICollectionView: UIScrollView {
    /// Where `scrollToItem(at:at:animated:)` puts the item.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let top = ScrollPosition(rawValue: 1 << 0)
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        public static let left = ScrollPosition(rawValue: 1 << 3)
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        public static let right = ScrollPosition(rawValue: 1 << 5)
    }

    /// A cell type and the closure that configures it for an item, as UIKit's `UICollectionView.CellRegistration`.
    @available(iOS 14.0, *)
    public struct CellRegistration<Cell, Item> where Cell: UICollectionViewCell {
        public typealias Handler = (Cell, IndexPath, Item) -> Void

        package let id: Int
        package let handler: Handler

        public init(handler: @escaping UICollectionView.CellRegistration<Cell, Item>.Handler) {
            CellRegistrationCounter.next += 1
            id = CellRegistrationCounter.next
            self.handler = handler
        }
    }

    /// The layout that places the items.
    open var collectionViewLayout: UICollectionViewLayout {
        didSet {
            collectionViewLayout.collectionView = self
            setNeedsLayout()
        }
    }

    /// The direction a flow layout lays items out in, as UIKit's `UICollectionView.ScrollDirection`.
    public enum ScrollDirection: Int, Sendable {
        case vertical = 0, horizontal
    }

    /// The object that provides the items.
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { reloadData() }
    }

    private var counts: [Int] = []
    private var frames: [[CGRect]] = []
    private var needsReload = true
    private var visibleCellsByItem: [IndexPath: UICollectionViewCell] = [:]
    private var reusePool: [Int: [UICollectionViewCell]] = [:]
    /// The cell a reconfiguration hands back to `dequeueConfiguredReusableCell` (iOS 15 `reconfigureItems`).
    private var reconfiguringCell: UICollectionViewCell?
    private var scrollGeneration = 0

    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        super.init(frame: frame)
        layout.collectionView = self
        alwaysBounceVertical = true
    }

    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain))
        super.init(coder: coder)
        collectionViewLayout.collectionView = self
    }

    // MARK: Cells

    private var registeredClasses: [String: UICollectionViewCell.Type] = [:]
    private var identifierPool: [String: [UICollectionViewCell]] = [:]

    /// Registers the class whose instances `dequeueReusableCell(withReuseIdentifier:for:)` makes for `identifier`;
    /// nil removes the registration.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            registeredClasses[identifier] = nil
            return
        }
        guard let cellType = cellClass as? UICollectionViewCell.Type else {
            raiseUncaughtException(
                "NSInvalidArgumentException",
                reason: "must pass a class of kind UICollectionViewCell (registered for \(quoted(identifier)))")
        }
        registeredClasses[identifier] = cellType
    }

    /// A cell waiting for reuse under `identifier` (after `prepareForReuse()`), or a new one of the registered class;
    /// an identifier nobody registered raises, as UIKit does.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath) -> UICollectionViewCell {
        if var waiting = identifierPool[identifier], !waiting.isEmpty {
            let cell = waiting.removeFirst()
            identifierPool[identifier] = waiting
            cell.prepareForReuse()
            return cell
        }
        guard let cellType = registeredClasses[identifier] else {
            raiseUncaughtException(
                "NSInternalInconsistencyException",
                reason: "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - "
                    + "must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
        }
        reloadIfNeeded()
        let frame = frameOfItem(at: indexPath)
        let cell = cellType.init(_tutorbuildRegisteredFrame: CGRect(origin: .zero, size: frame.size))
        cell.reuseIdentifier = identifier
        return cell
    }

    /// The user tapped `cell`: the delegate's `collectionView(_:didSelectItemAt:)` (selection state is not modelled).
    package func userTap(_ cell: UICollectionViewCell) {
        guard let indexPath = indexPath(for: cell), let delegate = delegate as? UICollectionViewDelegate else { return }
        _ = UIKitSystem.shared.callDelegate(
            "collectionView(\(traceName(self)), didSelectItemAt: [\(indexPath.section), \(indexPath.item)])"
        ) { delegate.collectionView(self, didSelectItemAt: indexPath) }
    }

    /// A cell for `item` made or reused by `registration`, configured by its handler.
    @available(iOS 14.0, *)
    open func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: UICollectionView.CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell where Cell: UICollectionViewCell {
        let cell: Cell
        if let reconfiguring = reconfiguringCell as? Cell, reconfiguring.registrationID == registration.id {
            cell = reconfiguring
        } else if var waiting = reusePool[registration.id], let reused = waiting.first as? Cell {
            waiting.removeFirst()
            reusePool[registration.id] = waiting
            reused.prepareForReuse()
            cell = reused
        } else {
            cell = Cell(_tutorbuildRegisteredFrame: CGRect(x: 0, y: 0, width: bounds.width, height: UIKitSystem.shared.behavior.listCellHeight))
            cell.registrationID = registration.id
            cell.reuseIdentifier = "CellRegistration-\(registration.id)"
        }
        guard let item else {
            raiseUncaughtException("NSInternalInconsistencyException", reason: "a cell registration was dequeued with a nil item")
        }
        registration.handler(cell, indexPath, item)
        return cell
    }

    /// The visible cell showing `indexPath`, or `nil`.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        layoutItemsIfNeeded()
        return visibleCellsByItem[indexPath]
    }

    /// The index path of a visible `cell`, or `nil`.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? {
        visibleCellsByItem.first { $0.value === cell }?.key
    }

    /// The item at `point` (in the collection view's content coordinates), or `nil`.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        reloadIfNeeded()
        return allIndexPaths.first { frameOfItem(at: $0).contains(point) }
    }

    /// The visible cells, first item first.
    open var visibleCells: [UICollectionViewCell] {
        layoutItemsIfNeeded()
        return visibleCellsByItem.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The index paths of the visible items, first first.
    open var indexPathsForVisibleItems: [IndexPath] {
        layoutItemsIfNeeded()
        return visibleCellsByItem.keys.sorted()
    }

    open var numberOfSections: Int {
        reloadIfNeeded()
        return counts.count
    }

    open func numberOfItems(inSection section: Int) -> Int {
        reloadIfNeeded()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Asks the data source for everything again; the visible cells go back to their reuse pools first.
    open func reloadData() {
        for (indexPath, cell) in visibleCellsByItem.sorted(by: { $0.key < $1.key }) { recycle(cell, at: indexPath) }
        visibleCellsByItem = [:]
        needsReload = true
        setNeedsLayout()
    }

    // MARK: Scrolling

    /// Scrolls so that the item is at `scrollPosition` (`.top`, `.centeredVertically`, `.bottom`; `[]` scrolls as
    /// little as possible) within the bounds inset by `adjustedContentInset`, so a keyboard inset counts, as
    /// `scrollToRow` does (#108, #109; for collection views [U]).
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: UICollectionView.ScrollPosition, animated: Bool) {
        reloadIfNeeded()
        let item = frameOfItem(at: indexPath)
        let inset = adjustedContentInset
        let visible = bounds.inset(by: inset)
        var y = contentOffset.y
        if scrollPosition.contains(.top) {
            y = item.minY - inset.top
        } else if scrollPosition.contains(.bottom) {
            y = item.maxY - bounds.height + inset.bottom
        } else if scrollPosition.contains(.centeredVertically) {
            y = item.midY - inset.top - visible.height / 2
        } else if item.minY < visible.minY {
            y = item.minY - inset.top
        } else if item.maxY > visible.maxY {
            y = item.maxY - bounds.height + inset.bottom
        }
        let range = scrollRange(insets: inset)
        let target = CGPoint(x: contentOffset.x, y: min(max(y, range.minY), range.maxY))
        scrollGeneration += 1
        guard target != contentOffset else { return }
        guard animated else {
            contentOffset = target
            return
        }
        let generation = scrollGeneration
        UIKitSystem.shared.clock.schedule(after: 0.3) { [weak self] in
            guard let self, self.scrollGeneration == generation else { return }
            self.contentOffset = target
        }
    }

    // MARK: Diffable updates

    /// Moves the visible cells to their items' new index paths after a snapshot was applied; `reload` items get a
    /// new cell, `reconfigure` items get their own cell back through the cell provider, other items keep theirs
    /// untouched (so a text field inside stays first responder).
    package func applyItemChanges(moves: [IndexPath: IndexPath], reload: Set<IndexPath>, reconfigure: Set<IndexPath>) {
        var kept: [IndexPath: UICollectionViewCell] = [:]
        for (old, cell) in visibleCellsByItem.sorted(by: { $0.key < $1.key }) {
            if let new = moves[old], !reload.contains(new) {
                kept[new] = cell
            } else {
                recycle(cell, at: old)
            }
        }
        visibleCellsByItem = kept
        needsReload = true
        reloadIfNeeded()
        for indexPath in reconfigure.sorted() {
            guard let cell = visibleCellsByItem[indexPath], let dataSource else { continue }
            reconfiguringCell = cell
            let configured = dataSource.collectionView(self, cellForItemAt: indexPath)
            reconfiguringCell = nil
            if configured !== cell {
                recycle(cell, at: indexPath)
                visibleCellsByItem[indexPath] = nil
            }
        }
        layoutItems()
    }

    // MARK: Tiling

    package override func boundsOriginDidChange(from oldOrigin: CGPoint) {
        super.boundsOriginDidChange(from: oldOrigin)
        if !needsReload { layoutItems() }
    }

    open override var frame: CGRect {
        didSet {
            if frame.size.width != oldValue.size.width { needsReload = true }
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutItems()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { setNeedsLayout() }
    }

    private func layoutItemsIfNeeded() {
        if needsReload || visibleCellsByItem.isEmpty { layoutItems() }
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        guard let dataSource else {
            counts = []
            frames = []
            contentSize = CGSize(width: bounds.width, height: 0)
            return
        }
        let system = UIKitSystem.shared
        let sections = system.callDelegate("numberOfSections(in: \(traceName(self)))") {
            dataSource.numberOfSections(in: self)
        }.value
        counts = (0..<max(0, sections)).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        let layout = collectionViewLayout.itemFrames(counts: counts, width: bounds.width, in: self)
        frames = layout.frames
        contentSize = CGSize(width: bounds.width, height: layout.contentHeight)
    }

    private func frameOfItem(at indexPath: IndexPath) -> CGRect {
        guard frames.indices.contains(indexPath.section), frames[indexPath.section].indices.contains(indexPath.item)
        else { return .zero }
        return frames[indexPath.section][indexPath.item]
    }

    /// Creates cells for the items that became visible and recycles those that left.
    private func layoutItems() {
        reloadIfNeeded()
        guard let dataSource else { return }
        let visibleRect = bounds
        let wanted = Set(allIndexPaths.filter { frameOfItem(at: $0).intersects(visibleRect) })
        let keepsResponder = UIKitSystem.shared.behavior.firstResponderCellKeptOnScroll
        for (indexPath, cell) in visibleCellsByItem.sorted(by: { $0.key < $1.key }) where !wanted.contains(indexPath) {
            if keepsResponder, allIndexPaths.contains(indexPath), let responder = window?.firstResponder as? UIView,
                responder.isDescendant(of: cell)
            {
                continue
            }
            visibleCellsByItem[indexPath] = nil
            recycle(cell, at: indexPath)
        }
        for indexPath in wanted.sorted() where visibleCellsByItem[indexPath] == nil {
            let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
            if cell.superview !== self { addSubview(cell) }
            visibleCellsByItem[indexPath] = cell
        }
        for (indexPath, cell) in visibleCellsByItem {
            let frame = frameOfItem(at: indexPath)
            if cell.frame != frame {
                cell.frame = frame
                cell.setNeedsLayout()
            }
            cell.layoutIfNeeded()
        }
    }

    private func recycle(_ cell: UICollectionViewCell, at indexPath: IndexPath) {
        cell.removeFromSuperview()
        if let id = cell.registrationID {
            reusePool[id, default: []].append(cell)
        } else if let identifier = cell.reuseIdentifier, registeredClasses[identifier] != nil {
            identifierPool[identifier, default: []].append(cell)
        }
    }

    private var allIndexPaths: [IndexPath] {
        counts.enumerated().flatMap { section, count in (0..<max(0, count)).map { IndexPath(item: $0, section: section) } }
    }

    /// The list configuration of a list layout, for drawing separators.
    package var listConfiguration: UICollectionLayoutListConfiguration? {
        (collectionViewLayout as? UICollectionViewCompositionalLayout)?.list
    }
}

/// Numbers the cell registrations, so each has its own reuse pool.
package enum CellRegistrationCounter {
    nonisolated(unsafe) package static var next = 0
}
