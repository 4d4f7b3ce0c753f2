import Testing
import UIKitModel
import UIKitSimulator

/// A cell with a text field filling its content view, as form tables have.
final class FieldCell: UITableViewCell {
    let field = UITextField(frame: CGRect(x: 16, y: 6, width: 288, height: 32))
    var resetsOnReuse = false

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(field)
    }

    required init?(coder: NSCoder) { nil }

    override func prepareForReuse() {
        super.prepareForReuse()
        if resetsOnReuse { field.text = nil }
    }
}

/// A UITableViewController with 20 rows of text fields.
class FormController: UITableViewController {
    var texts = Array(repeating: "", count: 20)
    var setsTextFromModel = true
    var resetsOnReuse = false
    let log = Log()

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(FieldCell.self, forCellReuseIdentifier: "field")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FieldCell
        cell.field.accessibilityIdentifier = "field\(indexPath.row)"
        cell.resetsOnReuse = resetsOnReuse
        if setsTextFromModel { cell.field.text = texts[indexPath.row] }
        log.add("cellForRowAt \(indexPath.row)")
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        log.add("didSelectRowAt \(indexPath.row)")
    }

    func field(_ row: Int) -> UITextField? { (tableView.cellForRow(at: IndexPath(row: row, section: 0)) as? FieldCell)?.field }
}

/// Skips `super.viewWillAppear` (the "workaround" that turns the automatic keyboard handling off, #106).
final class NoSuperFormController: FormController {
    override func viewWillAppear(_ animated: Bool) {}
}

/// Adds the keyboard's height to the bottom inset itself, as plain-controller tutorials do (#107).
final class DoubleFormController: FormController {
    var token: NSObjectProtocol?
    override func viewDidLoad() {
        super.viewDidLoad()
        token = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) {
            [weak self] note in
            guard let self, let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
            self.tableView.contentInset.bottom += frame.height
        }
    }
    deinit { token.map(NotificationCenter.default.removeObserver) }
}

/// A plain controller with a table view it is data source and delegate of; it does nothing for the keyboard.
final class PlainTableController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
    var didScrollCount = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(FieldCell.self, forCellReuseIdentifier: "field")
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "field", for: indexPath) as! FieldCell
        cell.field.accessibilityIdentifier = "field\(indexPath.row)"
        return cell
    }
    func scrollViewDidScroll(_ scrollView: UIScrollView) { didScrollCount += 1 }
}

/// The row's frame in window coordinates.
private func onScreen(_ cell: UITableViewCell?) -> CGRect? {
    cell.map { $0.convert($0.bounds, to: nil) }
}

@Suite("Table views and the keyboard (§A4)")
struct TableViewTests {
    @Test("UITableView: register and dequeue create the registered class; only visible rows have cells; indexPath(for:)")
    func basics() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            let table = try #require(controller.tableView)
            #expect(table.numberOfRows(inSection: 0) == 20)
            #expect(table.contentSize.height == 880)
            #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 132, width: 320, height: 44))
            // Under the 20-pt status bar: rows 0…10 are visible.
            #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(0...10))
            #expect(table.cellForRow(at: IndexPath(row: 15, section: 0)) == nil)
            let cell = try #require(table.cellForRow(at: IndexPath(row: 4, section: 0)))
            #expect(cell is FieldCell)
            #expect(table.indexPath(for: cell) == IndexPath(row: 4, section: 0))
            #expect(cell.reuseIdentifier == "field")
            #expect(onScreen(cell) == CGRect(x: 0, y: 196, width: 320, height: 44))
        }
    }

    @Test("UITableView: a tap on a row calls didSelectRowAt; indexPathForSelectedRow")
    func selection() {
        withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            let cell = controller.tableView.cellForRow(at: IndexPath(row: 2, section: 0))!
            app.tap(at: CGPoint(x: 310, y: cell.convert(cell.bounds, to: nil).midY))
            #expect(controller.log.entries.last == "didSelectRowAt 2")
            #expect(controller.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
            #expect(cell.isSelected)
        }
    }

    @Test("UITableView: scrolling recycles cells; dequeue hands a scrolled-out cell to the new row after prepareForReuse")
    func reuse() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            let first = try #require(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
            app.drag(controller.tableView, by: -300)
            #expect(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
            #expect(controller.tableView.cellForRow(at: IndexPath(row: 11, section: 0)) === first)
            #expect(app.trace.contains { $0.text == "FieldCell.prepareForReuse()" })
        }
    }

    @Test("uikit-behaviour-2 #111: a reused cell shows the text typed into another row unless cellForRowAt resets it", arguments: [
        (false, false, "Ada"), (true, false, ""), (false, true, ""),
    ])
    func reuseShowsOldText(setsText: Bool, prepareResets: Bool, expected: String) throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            controller.setsTextFromModel = setsText
            controller.resetsOnReuse = prepareResets
            app.show(controller)
            let field = try #require(controller.field(0))
            app.tap(field)
            app.type("Ada")
            field.resignFirstResponder()
            app.runUntilIdle()
            app.drag(controller.tableView, by: -300)
            let reused = try #require(controller.field(11))
            #expect(reused === field)
            #expect(reused.text == expected)
        }
    }

    @Test("uikit-behaviour-2 #105: a UITableViewController enlarges the bottom inset and scrolls the editing cell above the keyboard")
    func tableViewControllerAdjusts() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            let field = try #require(controller.field(8))
            #expect(try #require(onScreen(controller.tableView.cellForRow(at: IndexPath(row: 8, section: 0)))).maxY > 264)
            app.tap(field)
            #expect(controller.tableView.contentInset.bottom == 216)
            let row = try #require(onScreen(controller.tableView.cellForRow(at: IndexPath(row: 8, section: 0))))
            #expect(row.maxY == 264)
            field.resignFirstResponder()
            app.runUntilIdle()
            #expect(controller.tableView.contentInset.bottom == 0)
        }
    }

    @Test("uikit-behaviour-2 #106: a UITableViewController whose viewWillAppear skips super does nothing for the keyboard")
    func noSuperNoAdjustment() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = NoSuperFormController(style: .plain)
            app.show(controller)
            app.tap(try #require(controller.field(8)))
            #expect(controller.tableView.contentInset.bottom == 0)
            let row = try #require(onScreen(controller.tableView.cellForRow(at: IndexPath(row: 8, section: 0))))
            #expect(row.maxY > 264)
        }
    }

    @Test("uikit-behaviour-2 #106 (switch): with tableViewControllerKeyboardHandling .off nothing is adjusted")
    func handlingOff() throws {
        var profile = BehaviorProfile.current
        profile.tableViewControllerKeyboardHandling = .off
        try withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            app.tap(try #require(controller.field(8)))
            #expect(controller.tableView.contentInset.bottom == 0)
        }
    }

    @Test("uikit-behaviour-2 #107: a UITableViewController that also adds the keyboard height ends up with it twice")
    func doubleCounting() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = DoubleFormController(style: .plain)
            app.show(controller)
            app.tap(try #require(controller.field(8)))
            #expect(controller.tableView.contentInset.bottom == 432)
        }
    }

    @Test("uikit-behaviour-2 #108: in a plain controller scrollToRow(.none) leaves a row behind the keyboard until the inset is enlarged")
    func plainTableDoesNothing() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = PlainTableController()
            app.show(controller)
            let table = controller.tableView
            let ip = IndexPath(row: 8, section: 0)
            app.tap(try #require((table.cellForRow(at: ip) as? FieldCell)?.field))
            #expect(table.contentInset.bottom == 0)
            let before = table.contentOffset
            table.scrollToRow(at: ip, at: .none, animated: false)
            #expect(table.contentOffset == before)
            #expect(try #require(onScreen(table.cellForRow(at: ip))).maxY > 264)
            table.contentInset.bottom = 216
            table.scrollToRow(at: ip, at: .none, animated: false)
            #expect(try #require(onScreen(table.cellForRow(at: ip))).maxY == 264)
        }
    }

    @Test("uikit-behaviour-2 #109: scrollToRow positions: .none leaves a visible row, acts as .top above and .bottom below", arguments: [
        (UITableView.ScrollPosition.top, 5, CGFloat(200)), (.middle, 5, -8), (.bottom, 15, 224), (.none, 5, -20), (.none, 15, 224), (.top, 19, 400),
    ])
    func scrollPositions(position: UITableView.ScrollPosition, row: Int, offset: CGFloat) {
        withSimulator(device: .iPhone4) { app in
            let controller = PlainTableController()
            app.show(controller)
            controller.tableView.scrollToRow(at: IndexPath(row: row, section: 0), at: position, animated: false)
            #expect(controller.tableView.contentOffset.y == offset)
        }
    }

    @Test("uikit-behaviour-2 #109: .none for a row above the visible area scrolls like .top")
    func noneAbove() {
        withSimulator(device: .iPhone4) { app in
            let controller = PlainTableController()
            app.show(controller)
            let table = controller.tableView
            table.contentOffset.y = 400
            table.scrollToRow(at: IndexPath(row: 3, section: 0), at: .none, animated: false)
            #expect(table.contentOffset.y == CGFloat(132 - 20))
        }
    }

    @Test("uikit-behaviour-2 #110: scrollToRow does not call scrollViewDidScroll (setContentOffset does)", arguments: [false, true])
    func scrollToRowNoDidScroll(switchOn: Bool) {
        var profile = BehaviorProfile.current
        profile.scrollToRowCallsDidScroll = switchOn
        withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = PlainTableController()
            app.show(controller)
            controller.didScrollCount = 0
            controller.tableView.scrollToRow(at: IndexPath(row: 15, section: 0), at: .top, animated: false)
            controller.tableView.scrollToRow(at: IndexPath(row: 2, section: 0), at: .top, animated: true)
            app.runUntilIdle()
            #expect(controller.didScrollCount == (switchOn ? 2 : 0))
            controller.tableView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
            #expect(controller.didScrollCount == (switchOn ? 3 : 1))
        }
    }

    @Test("§A4: a first-responder cell scrolled out of view is kept (the keyboard stays); with the switch off it is reused and the field resigns", arguments: [true, false])
    func firstResponderCellOnScroll(kept: Bool) throws {
        var profile = BehaviorProfile.current
        profile.firstResponderCellKeptOnScroll = kept
        try withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = PlainTableController()
            app.show(controller)
            let field = try #require((controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)) as? FieldCell)?.field)
            app.tap(field)
            app.drag(controller.tableView, by: -300)
            #expect(field.isFirstResponder == kept)
            #expect(app.isKeyboardVisible == kept)
        }
    }

    @Test("UITableView: a header view pushes the rows down, an empty footer takes no room; insertRows shows the data source's new row")
    func headerFooterInsert() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            app.show(controller)
            let table = try #require(controller.tableView)
            table.tableHeaderView = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: 100))
            table.tableFooterView = UIView()
            #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 100)
            #expect(table.contentSize.height == 980)
            controller.texts.append("new")
            table.insertRows(at: [IndexPath(row: 20, section: 0)], with: .automatic)
            #expect(table.numberOfRows(inSection: 0) == 21)
            table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .bottom, animated: false)
            #expect(controller.field(20)?.text == "new")
        }
    }

    @Test("UITableView: a short table still bounces vertically, so it sits under the status bar like a long one")
    func shortTableBounces() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = FormController(style: .plain)
            controller.texts = ["a", "b"]
            app.show(controller)
            let table = try #require(controller.tableView)
            #expect(table.alwaysBounceVertical)
            #expect(table.adjustedContentInset.top == 20)
            #expect(table.contentOffset.y == -20)
        }
    }
}
