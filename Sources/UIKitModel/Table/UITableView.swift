import Foundation

/// A scrolling list of rows with reusable cells, as UIKit's `UITableView` (§A4).
///
/// Cells exist for the visible rows only: they are asked from the data source when a row scrolls into view and go
/// back to a reuse pool when it scrolls out, so `dequeueReusableCell` hands out a cell that showed another row.
/// Section headers and footers, editing, animated row changes and self-sizing cells are not modelled.
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable {
        case plain = 0, grouped, insetGrouped
    }

    /// Where `scrollToRow(at:at:animated:)` puts the row.
    public enum ScrollPosition: Int, Sendable {
        case none = 0, top, middle, bottom
    }

    /// The animation of row changes (accepted, not animated).
    public enum RowAnimation: Int, Sendable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100
    }

    /// "Use the default height" (`rowHeight`, `estimatedRowHeight`).
    public static let automaticDimension: CGFloat = -1

    /// The height a row gets when `rowHeight` is `automaticDimension` (self-sizing is not modelled).
    package static let defaultRowHeight: CGFloat = 44

    open private(set) var style: Style
    /// The object that provides the rows.
    open weak var dataSource: UITableViewDataSource? {
        didSet { needsReload = true }
    }
    /// The height of every row, unless the delegate answers `heightForRowAt`.
    open var rowHeight: CGFloat = UITableView.automaticDimension {
        didSet { needsReload = true }
    }
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var allowsSelection = true
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
    /// A view above the first row, as tall as its frame (`UIView()` takes no room).
    open var tableHeaderView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableHeaderView) }
    }
    /// A view below the last row (`UIView()` takes no room; it is often set to hide the empty rows' separators).
    open var tableFooterView: UIView? {
        didSet { replaceAccessoryView(oldValue, with: tableFooterView) }
    }

    private var registrations: [String: UITableViewCell.Type] = [:]
    private var reusePool: [String: [UITableViewCell]] = [:]
    private var visibleCellsByRow: [IndexPath: UITableViewCell] = [:]
    /// The cell a diffable data source is configuring again, which `dequeueReusableCell(withIdentifier:for:)` returns.
    private var reconfiguringCell: UITableViewCell?
    /// The heights of the rows, per section, as of the last reload.
    private var heights: [[CGFloat]] = []
    private var needsReload = true
    private var selectedRow: IndexPath?
    private var scrollToRowGeneration = 0

    public init(frame: CGRect, style: Style) {
        self.style = style
        super.init(frame: frame)
        // A table bounces vertically however few rows it has, so its insets always include the safe area.
        alwaysBounceVertical = true
    }

    public override convenience init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    public required init?(coder: NSCoder) {
        style = .plain
        super.init(coder: coder)
        alwaysBounceVertical = true
    }

    // MARK: Cells

    /// Registers the class whose instances `dequeueReusableCell(withIdentifier:for:)` creates for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        if let cellType = cellClass as? UITableViewCell.Type {
            registrations[identifier] = cellType
        } else {
            registrations[identifier] = nil
        }
    }

    /// A cell waiting for reuse with `identifier` (after `prepareForReuse()`), a new one of the registered class, or
    /// `nil` if none is waiting and no class is registered.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var waiting = reusePool[identifier], !waiting.isEmpty {
            let cell = waiting.removeFirst()
            reusePool[identifier] = waiting
            UIKitSystem.shared.trace(.lifecycle, "\(traceName(cell)).prepareForReuse()")
            cell.prepareForReuse()
            return cell
        }
        return registrations[identifier].map { $0.init(registeredWithReuseIdentifier: identifier) }
    }

    /// A reused or new cell for `identifier`; the identifier must be registered (UIKit raises otherwise). While a
    /// diffable data source reconfigures a row, the row's own cell comes back (Apple's `reconfigureItems` doc).
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if let reconfiguring = reconfiguringCell, reconfiguring.reuseIdentifier == identifier { return reconfiguring }
        if let cell = dequeueReusableCell(withIdentifier: identifier) { return cell }
        raiseUncaughtException(
            "NSInternalInconsistencyException",
            reason: "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier or connect a prototype cell in a storyboard")
    }

    /// The cell showing `indexPath`, or `nil` if the row is not visible.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        layoutRowsIfNeeded()
        return visibleCellsByRow[indexPath]
    }

    /// The index path of a visible `cell`, or `nil`.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? {
        layoutRowsIfNeeded()
        return visibleCellsByRow.first { $0.value === cell }?.key
    }

    /// The row at `point` (in the table's content coordinates), or `nil`.
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        layoutRowsIfNeeded()
        return allIndexPaths.first { rectForRow(at: $0).contains(point) }
    }

    /// The cells of the visible rows, top first.
    open var visibleCells: [UITableViewCell] {
        (indexPathsForVisibleRows ?? []).compactMap { visibleCellsByRow[$0] }
    }

    /// The index paths of the visible rows, top first.
    open var indexPathsForVisibleRows: [IndexPath]? {
        layoutRowsIfNeeded()
        return visibleCellsByRow.keys.filter { rectForRow(at: $0).intersects(bounds) }.sorted()
    }

    /// The row's rectangle in the table's content coordinates.
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        reloadIfNeeded()
        guard heights.indices.contains(indexPath.section), heights[indexPath.section].indices.contains(indexPath.row)
        else { return .zero }
        var y = tableHeaderView?.frame.height ?? 0
        for section in 0..<indexPath.section { y += heights[section].reduce(0, +) }
        y += heights[indexPath.section][..<indexPath.row].reduce(0, +)
        return CGRect(x: 0, y: y, width: bounds.width, height: heights[indexPath.section][indexPath.row])
    }

    open var numberOfSections: Int {
        reloadIfNeeded()
        return heights.count
    }

    open func numberOfRows(inSection section: Int) -> Int {
        reloadIfNeeded()
        return heights.indices.contains(section) ? heights[section].count : 0
    }

    /// Asks the data source for everything again; visible cells go back to the reuse pool first.
    open func reloadData() {
        for (indexPath, cell) in visibleCellsByRow.sorted(by: { $0.key < $1.key }) { recycle(cell, at: indexPath) }
        visibleCellsByRow.removeAll()
        needsReload = true
        setNeedsLayout()
        layoutRows()
    }

    // MARK: Row changes

    /// Applies a diffable data source's update: cells of rows that stay (`moves`, old to new path) are kept, a
    /// field inside them stays first responder; new and reloaded rows get cells from the data source; reconfigured
    /// rows get their own cell back through it.
    package func applyRowChanges(moves: [IndexPath: IndexPath], reload: Set<IndexPath>, reconfigure: Set<IndexPath>) {
        var kept: [IndexPath: UITableViewCell] = [:]
        for (old, cell) in visibleCellsByRow.sorted(by: { $0.key < $1.key }) {
            if let new = moves[old], !reload.contains(new) {
                kept[new] = cell
            } else {
                recycle(cell, at: old)
            }
        }
        visibleCellsByRow = kept
        needsReload = true
        reloadIfNeeded()
        for (indexPath, cell) in visibleCellsByRow { cell.frame = rectForRow(at: indexPath) }
        for indexPath in reconfigure.sorted() {
            guard let cell = visibleCellsByRow[indexPath], let dataSource else { continue }
            reconfiguringCell = cell
            let configured = dataSource.tableView(self, cellForRowAt: indexPath)
            reconfiguringCell = nil
            if configured !== cell {
                recycle(cell, at: indexPath)
                visibleCellsByRow[indexPath] = nil
            }
        }
        layoutRows()
    }

    /// Inserts rows the data source now reports; the model reloads instead of animating (UIKit's count check and
    /// its crash on a mismatch are not modelled).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }

    /// Deletes rows the data source no longer reports (reloads, as `insertRows`).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }

    /// Asks the data source for these rows again (reloads every visible row).
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }

    /// Groups row changes; the model applies them as they are made.
    open func beginUpdates() {}

    /// Ends a group of row changes.
    open func endUpdates() {}

    /// Runs `updates`, then `completion(true)` on the next turn of the clock.
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        updates?()
        guard let completion else { return }
        UIKitSystem.shared.clock.schedule(after: 0) { completion(true) }
    }

    // MARK: Selection

    open var indexPathForSelectedRow: IndexPath? { selectedRow }

    /// Selects a row in code: no delegate method is called, as in UIKit.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        if let previous = selectedRow { cellForRow(at: previous)?.setSelected(false, animated: animated) }
        selectedRow = indexPath
        guard let indexPath else { return }
        cellForRow(at: indexPath)?.setSelected(true, animated: animated)
        if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Deselects a row in code: no delegate method is called.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard selectedRow == indexPath else { return }
        selectedRow = nil
        cellForRow(at: indexPath)?.setSelected(false, animated: animated)
    }

    /// The user tapped `cell`: willSelectRowAt, then the selection and didSelectRowAt (didDeselect for the old row).
    package func userTap(_ cell: UITableViewCell) {
        guard allowsSelection, let indexPath = indexPath(for: cell) else { return }
        let system = UIKitSystem.shared
        let name = traceName(self)
        let delegate = self.delegate as? UITableViewDelegate
        var target: IndexPath? = indexPath
        if let delegate {
            target = system.callDelegate(
                "tableView(\(name), willSelectRowAt: \(Self.describe(indexPath)))",
                result: { $0.map(Self.describe) ?? "nil" }
            ) { delegate.tableView(self, willSelectRowAt: indexPath) }.value
        }
        guard let target else { return }
        if let previous = selectedRow, previous != target {
            deselectRow(at: previous, animated: false)
            if let delegate {
                _ = system.callDelegate("tableView(\(name), didDeselectRowAt: \(Self.describe(previous)))") {
                    delegate.tableView(self, didDeselectRowAt: previous)
                }
            }
        }
        selectedRow = target
        cellForRow(at: target)?.setSelected(true, animated: false)
        if let delegate {
            _ = system.callDelegate("tableView(\(name), didSelectRowAt: \(Self.describe(target)))") {
                delegate.tableView(self, didSelectRowAt: target)
            }
        }
    }

    // MARK: Scrolling

    /// Scrolls so that the row is at `scrollPosition`, within the visible area (the bounds inset by
    /// `adjustedContentInset`, so a keyboard inset counts, #108). `.none` scrolls as little as possible: nothing if
    /// the row is fully visible, like `.top` if it is above, like `.bottom` if below (#109). No `scrollViewDidScroll`
    /// is sent (#110, switch `scrollToRowCallsDidScroll`).
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let row = rectForRow(at: indexPath)
        let inset = adjustedContentInset
        let visible = bounds.inset(by: inset)
        var y = contentOffset.y
        switch scrollPosition {
        case .top:
            y = row.minY - inset.top
        case .bottom:
            y = row.maxY - bounds.height + inset.bottom
        case .middle:
            y = row.midY - inset.top - visible.height / 2
        case .none:
            if row.minY < visible.minY {
                y = row.minY - inset.top
            } else if row.maxY > visible.maxY {
                y = row.maxY - bounds.height + inset.bottom
            }
        }
        let range = scrollRange(insets: inset)
        y = min(max(y, range.minY), range.maxY)
        let target = CGPoint(x: contentOffset.x, y: y)
        scrollToRowGeneration += 1
        guard target != contentOffset else { return }
        let sendsDidScroll = UIKitSystem.shared.behavior.scrollToRowCallsDidScroll
        guard animated else {
            setOffsetFromScrollToRow(target, sendsDidScroll: sendsDidScroll)
            return
        }
        let generation = scrollToRowGeneration
        UIKitSystem.shared.clock.schedule(after: 0.3) { [weak self] in
            guard let self, self.scrollToRowGeneration == generation else { return }
            self.setOffsetFromScrollToRow(target, sendsDidScroll: sendsDidScroll)
        }
    }

    private func setOffsetFromScrollToRow(_ target: CGPoint, sendsDidScroll: Bool) {
        if sendsDidScroll {
            contentOffset = target
        } else {
            withoutDidScroll { contentOffset = target }
        }
    }

    // MARK: Tiling

    package override func boundsOriginDidChange(from oldOrigin: CGPoint) {
        super.boundsOriginDidChange(from: oldOrigin)
        if !needsReload { layoutRows() }
    }

    open override var frame: CGRect {
        didSet {
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        layoutRows()
    }

    open override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { setNeedsLayout() }
    }

    private func layoutRowsIfNeeded() {
        if needsReload || visibleCellsByRow.isEmpty { layoutRows() }
    }

    private func reloadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let system = UIKitSystem.shared
        guard let dataSource else {
            heights = []
            contentSize = CGSize(width: bounds.width, height: 0)
            return
        }
        let sections = system.callDelegate("numberOfSections(in: \(traceName(self)))") {
            dataSource.numberOfSections(in: self)
        }.value
        let delegate = self.delegate as? UITableViewDelegate
        let fixed = rowHeight > 0 ? rowHeight : Self.defaultRowHeight
        heights = (0..<max(0, sections)).map { section in
            let rows = dataSource.tableView(self, numberOfRowsInSection: section)
            return (0..<max(0, rows)).map { row in
                guard let delegate else { return fixed }
                let (height, implemented) = DelegateProbe.invoke {
                    delegate.tableView(self, heightForRowAt: IndexPath(row: row, section: section))
                }
                return implemented ? (height > 0 ? height : Self.defaultRowHeight) : fixed
            }
        }
        let rows = heights.joined().reduce(0, +)
        let header = tableHeaderView?.frame.height ?? 0
        let footer = tableFooterView?.frame.height ?? 0
        tableHeaderView?.frame = CGRect(x: 0, y: 0, width: bounds.width, height: header)
        tableFooterView?.frame = CGRect(x: 0, y: header + rows, width: bounds.width, height: footer)
        contentSize = CGSize(width: bounds.width, height: header + rows + footer)
    }

    private func replaceAccessoryView(_ old: UIView?, with new: UIView?) {
        if old !== new { old?.removeFromSuperview() }
        if let new, new.superview !== self { addSubview(new) }
        needsReload = true
        setNeedsLayout()
    }

    /// Creates cells for the rows that became visible and recycles those that left.
    private func layoutRows() {
        reloadIfNeeded()
        guard let dataSource else { return }
        let visibleRect = bounds
        let wanted = Set(allIndexPaths.filter { rectForRow(at: $0).intersects(visibleRect) })
        let keepsResponder = UIKitSystem.shared.behavior.firstResponderCellKeptOnScroll
        // In row order, so the reuse pool (first in, first out) hands cells out deterministically.
        for (indexPath, cell) in visibleCellsByRow.sorted(by: { $0.key < $1.key }) where !wanted.contains(indexPath) {
            // Whether UIKit keeps a cell holding the first responder is undocumented (§A4) [U].
            if keepsResponder, let responder = window?.firstResponder as? UIView, responder.isDescendant(of: cell) {
                continue
            }
            visibleCellsByRow[indexPath] = nil
            recycle(cell, at: indexPath)
        }
        let delegate = self.delegate as? UITableViewDelegate
        for indexPath in wanted.sorted() where visibleCellsByRow[indexPath] == nil {
            let cell = dataSource.tableView(self, cellForRowAt: indexPath)
            cell.frame = rectForRow(at: indexPath)
            if cell.superview !== self { addSubview(cell) }
            cell.isSelected = selectedRow == indexPath
            cell.setNeedsLayout()
            visibleCellsByRow[indexPath] = cell
            if let delegate {
                _ = DelegateProbe.invoke { delegate.tableView(self, willDisplay: cell, forRowAt: indexPath) }
            }
        }
    }

    private func recycle(_ cell: UITableViewCell, at indexPath: IndexPath) {
        cell.removeFromSuperview()
        if let delegate = delegate as? UITableViewDelegate {
            _ = DelegateProbe.invoke { delegate.tableView(self, didEndDisplaying: cell, forRowAt: indexPath) }
        }
        if let identifier = cell.reuseIdentifier { reusePool[identifier, default: []].append(cell) }
    }

    private var allIndexPaths: [IndexPath] {
        heights.enumerated().flatMap { section, rows in rows.indices.map { IndexPath(row: $0, section: section) } }
    }

    /// `[0, 3]` → `[0, 3]`, as UIKit prints an index path.
    package static func describe(_ indexPath: IndexPath) -> String {
        "[\(indexPath.section), \(indexPath.row)]"
    }
}
