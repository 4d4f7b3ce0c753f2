import Foundation

/// The sections and items a diffable data source shows, as UIKit's `NSDiffableDataSourceSnapshot`.
///
/// Identifiers must be unique across the snapshot, and items need a section: UIKit raises otherwise, and so does
/// the model.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>: @unchecked Sendable
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    private var sections: [SectionIdentifierType] = []
    private var items: [SectionIdentifierType: [ItemIdentifierType]] = [:]
    /// The items `reloadItems` and `reconfigureItems` marked, for the next `apply`.
    package private(set) var reloaded: Set<ItemIdentifierType> = []
    package private(set) var reconfigured: Set<ItemIdentifierType> = []

    public init() {}

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { itemIdentifiers.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections }
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap { items[$0] ?? [] } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int { itemIdentifiers(inSection: identifier).count }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        guard sections.contains(identifier) else { Self.raise("Invalid section identifier \(identifier)") }
        return items[identifier] ?? []
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        sections.first { items[$0]?.contains(identifier) == true }
    }

    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { itemIdentifiers.firstIndex(of: identifier) }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sections.firstIndex(of: identifier) }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        let duplicates = identifiers.filter { id in sections.contains(id) || identifiers.filter { $0 == id }.count > 1 }
        guard duplicates.isEmpty else { Self.raise("Fatal: supplied section identifiers are not unique. Duplicate identifiers: \(duplicates)") }
        sections += identifiers
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        sections.removeAll { identifiers.contains($0) }
        for identifier in identifiers { items[identifier] = nil }
    }

    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        guard let section = sectionIdentifier ?? sections.last else {
            Self.raise("There are currently no sections in the data source. Please add a section first.")
        }
        guard sections.contains(section) else { Self.raise("Invalid section identifier \(section)") }
        checkUnique(identifiers)
        items[section, default: []] += identifiers
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        insert(identifiers, at: beforeIdentifier, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        insert(identifiers, at: afterIdentifier, after: true)
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        for section in sections { items[section]?.removeAll { identifiers.contains($0) } }
    }

    public mutating func deleteAllItems() {
        sections = []
        items = [:]
    }

    /// Marks items whose cells the next `apply` makes again with the cell provider.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        checkPresent(identifiers)
        reloaded.formUnion(identifiers)
    }

    /// Marks items whose existing cells the next `apply` configures again (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        checkPresent(identifiers)
        reconfigured.formUnion(identifiers)
    }

    /// What showing `next` after this snapshot changes, for a table's rows and a collection's items alike: where each
    /// kept item's cell moves, which new paths are reloaded or reconfigured, and the snapshot to keep (marks cleared).
    package func changes(to next: Self)
        -> (shown: Self, moves: [IndexPath: IndexPath], reload: Set<IndexPath>, reconfigure: Set<IndexPath>) {
        let old = indexPaths
        let new = next.indexPaths
        var moves: [IndexPath: IndexPath] = [:]
        for (item, oldPath) in old { if let newPath = new[item] { moves[oldPath] = newPath } }
        var shown = next
        shown.reloaded = []
        shown.reconfigured = []
        return (shown, moves, Set(next.reloaded.compactMap { new[$0] }), Set(next.reconfigured.compactMap { new[$0] }))
    }

    private mutating func insert(_ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool) {
        guard let section = sectionIdentifier(containingItem: anchor), let index = items[section]?.firstIndex(of: anchor) else {
            Self.raise("Invalid item identifier specified for insert: \(anchor)")
        }
        checkUnique(identifiers)
        items[section]?.insert(contentsOf: identifiers, at: after ? index + 1 : index)
    }

    private func checkUnique(_ identifiers: [ItemIdentifierType]) {
        let existing = Set(itemIdentifiers)
        var seen: Set<ItemIdentifierType> = []
        let duplicates = identifiers.filter { existing.contains($0) || !seen.insert($0).inserted }
        guard duplicates.isEmpty else {
            Self.raise("Fatal: supplied item identifiers are not unique. Duplicate identifiers: \(duplicates)")
        }
    }

    private func checkPresent(_ identifiers: [ItemIdentifierType]) {
        let existing = Set(itemIdentifiers)
        for identifier in identifiers where !existing.contains(identifier) {
            Self.raise("Attempted to reload item identifier that does not exist in the snapshot: \(identifier)")
        }
    }

    private static func raise(_ reason: String) -> Never {
        raiseUncaughtException("NSInternalInconsistencyException", reason: reason)
    }

    /// The index path of every item.
    package var indexPaths: [ItemIdentifierType: IndexPath] {
        var result: [ItemIdentifierType: IndexPath] = [:]
        for (section, identifier) in sections.enumerated() {
            for (index, item) in (items[identifier] ?? []).enumerated() { result[item] = IndexPath(item: index, section: section) }
        }
        return result
    }

    package func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let list = items[sections[indexPath.section]] ?? []
        return list.indices.contains(indexPath.item) ? list[indexPath.item] : nil
    }
}

/// A collection view data source driven by snapshots of identifiers, as UIKit's `UICollectionViewDiffableDataSource`.
///
/// `apply` keeps the cells of items that are still there (a field inside stays first responder), makes cells for
/// new and reloaded items with the cell provider and hands reconfigured items their own cell back.
@preconcurrency @MainActor open class UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>:
    NSObject, UICollectionViewDataSource
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?

    private weak var collectionView: UICollectionView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    public init(
        collectionView: UICollectionView,
        cellProvider: @escaping UICollectionViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>.CellProvider
    ) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        super.init()
        collectionView.dataSource = self
    }

    /// Shows `snapshot`; `completion` runs when the (animated) update has finished.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        let (shown, moves, reload, reconfigure) = current.changes(to: snapshot)
        current = shown
        collectionView?.applyItemChanges(moves: moves, reload: reload, reconfigure: reconfigure)
        UIKitSystem.shared.clock.schedule(after: animatingDifferences ? 0.3 : 0) { completion?() }
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The item at `indexPath`, or `nil`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The index path of `itemIdentifier`, or `nil`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPaths[itemIdentifier] }

    open func numberOfSections(in collectionView: UICollectionView) -> Int { current.numberOfSections }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(section) ? current.numberOfItems(inSection: sections[section]) : 0
    }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(collectionView, indexPath, item) else {
            raiseUncaughtException(
                "NSInternalInconsistencyException",
                reason: "UICollectionView dataSource returned a nil cell for item at index path: \(UITableView.describe(indexPath))")
        }
        return cell
    }
}
