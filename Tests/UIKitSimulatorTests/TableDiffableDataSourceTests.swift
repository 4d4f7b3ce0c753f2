import Testing
import UIKitModel
import UIKitSimulator

/// A list of editable names in a table fed by a diffable data source, each row a cell with a text field.
private final class NamesScreen: UIViewController {
    nonisolated enum Section: Hashable, Sendable { case main }
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    var dataSource: UITableViewDiffableDataSource<Section, String>!
    var madeCells = 0

    final class FieldCell: UITableViewCell {
        let field = UITextField()
        override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            field.frame = CGRect(x: 16, y: 6, width: 280, height: 32)
            contentView.addSubview(field)
        }
        required init?(coder: NSCoder) { nil }
    }

    override func viewDidLoad() {
        view.addSubview(tableView)
        tableView.register(FieldCell.self, forCellReuseIdentifier: "field")
        dataSource = UITableViewDiffableDataSource<Section, String>(tableView: tableView) { [unowned self] tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FieldCell
            cell.field.placeholder = name
            madeCells += 1
            return cell
        }
    }

    func show(_ names: [String]) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
        snapshot.appendSections([.main])
        snapshot.appendItems(names)
        dataSource.apply(snapshot, animatingDifferences: false)
    }

    func field(_ row: Int) -> UITextField { (tableView.cellForRow(at: IndexPath(row: row, section: 0)) as! FieldCell).field }
}

@Suite("UITableViewDiffableDataSource (Apple's apply(_:animatingDifferences:completion:) and reconfigureItems docs)")
struct TableDiffableDataSourceTests {
    @Test("The data source answers the table from the snapshot: sections, rows, identifiers and index paths")
    func answersFromSnapshot() {
        withSimulator { app in
            let screen = NamesScreen()
            app.show(screen)
            screen.show(["Ada", "Grace", "Alan"])
            #expect(screen.tableView.numberOfSections == 1 && screen.tableView.numberOfRows(inSection: 0) == 3)
            #expect(screen.dataSource.itemIdentifier(for: IndexPath(row: 1, section: 0)) == "Grace")
            #expect(screen.dataSource.indexPath(for: "Alan") == IndexPath(row: 2, section: 0))
            #expect(screen.field(2).placeholder == "Alan")
            #expect(screen.dataSource.snapshot().itemIdentifiers == ["Ada", "Grace", "Alan"])
        }
    }

    @Test("apply keeps the cells of rows still there, so the field being edited stays first responder")
    func keepsEditedCell() {
        withSimulator { app in
            let screen = NamesScreen()
            app.show(screen)
            screen.show(["Ada", "Grace", "Alan"])
            let grace = screen.field(1)
            app.tap(grace)
            let made = screen.madeCells
            screen.show(["Grace", "Alan"])
            #expect(screen.field(0) === grace)
            #expect(grace.isFirstResponder && app.isKeyboardVisible)
            #expect(screen.madeCells == made)
            #expect(grace.superview?.superview?.frame.minY == 0)
        }
    }

    @Test("reloadItems makes the row again with the cell provider; reconfigureItems hands the row its own cell")
    func reloadAndReconfigure() {
        withSimulator { app in
            let screen = NamesScreen()
            app.show(screen)
            screen.show(["Ada", "Grace"])
            let ada = screen.field(0)
            var snapshot = screen.dataSource.snapshot()
            snapshot.reconfigureItems(["Ada"])
            screen.dataSource.apply(snapshot, animatingDifferences: false)
            #expect(screen.field(0) === ada)
            snapshot = screen.dataSource.snapshot()
            snapshot.reloadItems(["Ada"])
            let made = screen.madeCells
            screen.dataSource.apply(snapshot, animatingDifferences: false)
            #expect(screen.madeCells == made + 1)
        }
    }

    @Test("The completion runs after the animation on the virtual clock")
    func completionAfterAnimation() {
        withSimulator { app in
            let screen = NamesScreen()
            app.show(screen)
            var snapshot = NSDiffableDataSourceSnapshot<NamesScreen.Section, String>()
            snapshot.appendSections([.main])
            snapshot.appendItems(["Ada"])
            var done = false
            screen.dataSource.apply(snapshot, animatingDifferences: true) { done = true }
            #expect(!done)
            app.advance(by: 0.3)
            #expect(done)
        }
    }
}
