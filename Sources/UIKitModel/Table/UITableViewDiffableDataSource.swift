import Foundation

/// A table data source driven by snapshots of identifiers, as UIKit's `UITableViewDiffableDataSource`.
///
/// `apply` keeps the cells of rows that are still there (a field inside stays first responder), makes cells for new
/// and reloaded rows with the cell provider and hands reconfigured rows their own cell back; the rows do not
/// animate (the model moves them at once).
@preconcurrency @MainActor open class UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>:
    NSObject, UITableViewDataSource
where SectionIdentifierType: Hashable, SectionIdentifierType: Sendable, ItemIdentifierType: Hashable, ItemIdentifierType: Sendable {
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    private weak var tableView: UITableView?
    private let cellProvider: CellProvider
    private var current = NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// The animation inserted and deleted rows would use (stored: the model does not animate rows).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    public init(
        tableView: UITableView,
        cellProvider: @escaping UITableViewDiffableDataSource<SectionIdentifierType, ItemIdentifierType>.CellProvider
    ) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        super.init()
        tableView.dataSource = self
    }

    /// Shows `snapshot`; `completion` runs when the (animated) update has finished.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true, completion: (() -> Void)? = nil
    ) {
        let (shown, moves, reload, reconfigure) = current.changes(to: snapshot)
        current = shown
        tableView?.applyRowChanges(moves: moves, reload: reload, reconfigure: reconfigure)
        UIKitSystem.shared.clock.schedule(after: animatingDifferences ? 0.3 : 0) { completion?() }
    }

    /// A copy of the snapshot shown now.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { current }

    /// The item at `indexPath`, or `nil`.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { current.item(at: indexPath) }

    /// The index path of `itemIdentifier`, or `nil`.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { current.indexPaths[itemIdentifier] }

    open func numberOfSections(in tableView: UITableView) -> Int { current.numberOfSections }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        let sections = current.sectionIdentifiers
        return sections.indices.contains(section) ? current.numberOfItems(inSection: sections[section]) : 0
    }

    /// No section titles by default; subclasses override it as in UIKit (the model draws no section headers).
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        guard let item = current.item(at: indexPath), let cell = cellProvider(tableView, indexPath, item) else {
            raiseUncaughtException(
                "NSInternalInconsistencyException",
                reason: "UITableView dataSource returned a nil cell for row at index path: \(UITableView.describe(indexPath))")
        }
        return cell
    }
}
