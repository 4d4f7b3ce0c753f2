import Testing
import UIKitModel
import UIKitSimulator

/// Collection-view lists with cell registrations, diffable data sources and text fields in cells.
@Suite("Collection-view lists (UICollectionView, CellRegistration, diffable data source)")
struct CollectionViewListTests {
    /// A list cell holding a text field, as a settings or form screen builds it.
    final class FieldCell: UICollectionViewListCell {
        let field = UITextField(frame: .zero)
        var reuses = 0
        override init(frame: CGRect) {
            super.init(frame: frame)
            contentView.addSubview(field)
        }
        required init?(coder: NSCoder) { fatalError() }
        override func layoutSubviews() {
            super.layoutSubviews()
            field.frame = contentView.bounds.insetBy(dx: 16, dy: 5)
        }
        override func prepareForReuse() {
            super.prepareForReuse()
            reuses += 1
        }
    }

    /// A screen with a plain list of 30 rows, each with a field whose text is the item.
    final class FormScreen: UIViewController {
        var collectionView: UICollectionView!
        var dataSource: UICollectionViewDiffableDataSource<Int, String>!
        var configured: [String] = []

        override func viewDidLoad() {
            let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .plain))
            collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
            view.addSubview(collectionView)
            let registration = UICollectionView.CellRegistration<FieldCell, String> { [unowned self] cell, _, item in
                self.configured.append(item)
                cell.field.text = item
            }
            dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { view, indexPath, item in
                view.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
            }
            var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems((0..<30).map { "Row \($0)" })
            dataSource.apply(snapshot, animatingDifferences: false)
        }

        func field(at item: Int) -> UITextField? {
            (collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? FieldCell)?.field
        }
    }

    @Test("CellRegistration / dequeueConfiguredReusableCell: cells exist for the visible items only, configured by the handler with their item")
    func visibleCellsOnly() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            // The bounds start at -59 (the adjusted top inset) and end at 793: rows 0 to 18 are on screen.
            #expect(screen.collectionView.contentOffset.y == -59)
            #expect(screen.collectionView.visibleCells.count == 19)
            #expect(screen.configured.first == "Row 0")
            #expect(screen.collectionView.contentSize.height == 1320)
            #expect(screen.field(at: 3)?.text == "Row 3")
            #expect(screen.collectionView.numberOfItems(inSection: 0) == 30)
            #expect(screen.dataSource.itemIdentifier(for: IndexPath(item: 4, section: 0)) == "Row 4")
            #expect(screen.dataSource.indexPath(for: "Row 7") == IndexPath(item: 7, section: 0))
        }
    }

    @Test("Cells are reused: a row scrolled into view gets a cell that showed another row, after prepareForReuse")
    func cellsAreReused() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            let first = screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) as? FieldCell
            screen.collectionView.contentOffset = CGPoint(x: 0, y: 400)
            screen.collectionView.layoutIfNeeded()
            #expect(screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) == nil)
            let reused = screen.collectionView.visibleCells.compactMap { $0 as? FieldCell }.first { $0 === first }
            #expect(reused != nil)
            #expect(reused?.reuses == 1)
        }
    }

    @Test("firstResponderCellKeptOnScroll [U]: the cell whose field is first responder stays while it scrolls out of view")
    func focusedCellKept() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            let field = try! #require(screen.field(at: 1))
            app.tap(field)
            screen.collectionView.contentOffset = CGPoint(x: 0, y: 600)
            screen.collectionView.layoutIfNeeded()
            #expect(app.firstResponder === field)
            #expect(screen.field(at: 1) === field)
        }
    }

    @Test("apply: items still in the new snapshot keep their cells untouched, so an edited field stays first responder; new items are configured")
    func applyKeepsFocusedCell() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            let field = try! #require(screen.field(at: 2))
            app.tap(field)
            app.type("!")
            screen.configured = []
            var snapshot = screen.dataSource.snapshot()
            snapshot.insertItems(["New"], beforeItem: "Row 0")
            screen.dataSource.apply(snapshot)
            screen.collectionView.layoutIfNeeded()
            #expect(screen.configured == ["New"])
            #expect(app.firstResponder === field)
            #expect(screen.field(at: 3) === field)
            #expect(field.text == "Row 2!")
        }
    }

    @Test("reconfigureItems: the existing cell goes back through the handler; reloadItems gets a new configuration too")
    func reconfigureUsesSameCell() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            let cell = screen.collectionView.cellForItem(at: IndexPath(item: 5, section: 0))
            screen.configured = []
            var snapshot = screen.dataSource.snapshot()
            snapshot.reconfigureItems(["Row 5"])
            screen.dataSource.apply(snapshot, animatingDifferences: false)
            #expect(screen.configured == ["Row 5"])
            #expect(screen.collectionView.cellForItem(at: IndexPath(item: 5, section: 0)) === cell)
        }
    }

    @Test("scrollToItem honours adjustedContentInset, so a keyboard-sized bottom inset brings the item above the keyboard (as #108 for tables)")
    func scrollToItemAboveKeyboard() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            let list = screen.collectionView!
            list.contentInsetAdjustmentBehavior = .never
            list.contentInset.bottom = 336
            list.scrollToItem(at: IndexPath(item: 15, section: 0), at: [], animated: false)
            // Item 15 ends at 704; the visible area ends 336 above the bounds' bottom: 704 - 852 + 336.
            #expect(list.contentOffset.y == 188)
            list.scrollToItem(at: IndexPath(item: 15, section: 0), at: .top, animated: false)
            #expect(list.contentOffset.y == 660)
        }
    }

    @Test("keyboardDismissMode .onDrag (#100): dragging the list resigns the field in a cell")
    func dragDismissesKeyboard() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let screen = FormScreen()
            app.show(screen)
            screen.collectionView.keyboardDismissMode = .onDrag
            app.tap(try! #require(screen.field(at: 2)))
            #expect(app.isKeyboardVisible)
            app.drag(screen.collectionView, by: -60)
            #expect(app.firstResponder == nil)
        }
    }

    @Test("UIListContentConfiguration: a list cell's default configuration shows its text in a label at the 16-pt margin")
    func listContentConfiguration() {
        SimulationLock.run {
            _ = Simulator(device: .iPhone16)
            let cell = UICollectionViewListCell(frame: CGRect(x: 0, y: 0, width: 393, height: 44))
            var content = cell.defaultContentConfiguration()
            content.text = "Name"
            content.secondaryText = "Ada"
            cell.contentConfiguration = content
            cell.layoutIfNeeded()
            let labels = cell.contentView.subviews.first?.subviews.compactMap { $0 as? UILabel } ?? []
            #expect(labels.map(\.text) == ["Name", "Ada"])
            #expect(labels.first?.frame.minX == 16)
            // The same configuration type updates the content view in place.
            let view = cell.contentView.subviews.first
            content.text = "Full name"
            cell.contentConfiguration = content
            #expect(cell.contentView.subviews.first === view)
            #expect(labels.first?.text == "Full name")
        }
    }

    @Test("Grouped lists [U]: 35 pt above each section; inset-grouped rows are inset 16 pt from each side")
    func groupedLayout() {
        SimulationLock.run {
            _ = Simulator(device: .iPhone16)
            let layout = UICollectionViewCompositionalLayout.list(using: UICollectionLayoutListConfiguration(appearance: .insetGrouped))
            let result = layout.itemFrames(counts: [2, 1], width: 393, in: UICollectionView(frame: .zero, collectionViewLayout: layout))
            #expect(result.frames[0][0] == CGRect(x: 16, y: 35, width: 361, height: 44))
            #expect(result.frames[1][0].minY == 158)
            #expect(result.contentHeight == 237)
        }
    }
}
