import Testing
import UIKitModel
import UIKitSimulator

/// What the fifth survey of unseen UIKit code needed (pop-up and toggle buttons, collection view controllers, the
/// status-bar scroll to top, `closestPosition(to:)`), each checked against Apple's documented behaviour.
@Suite("UIKit surface for the fifth survey: pop-up and toggle buttons, collection view controllers, scroll to top, closestPosition")
struct FifthHuntSurfaceTests {
    private func popUpScreen(_ app: Simulator, states: [UIMenuElement.State], log: @escaping (String) -> Void) -> UIButton {
        let controller = UIViewController()
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 200, width: 160, height: 44)
        button.setTitle("Sort", for: .normal)
        button.menu = UIMenu(children: zip(["Name", "Date", "Size"], states).map { title, state in
            UIAction(title: title, state: state) { action in log(action.title) }
        })
        button.showsMenuAsPrimaryAction = true
        button.changesSelectionAsPrimaryAction = true
        controller.view.addSubview(button)
        app.show(controller)
        return button
    }

    @Test("Apple doc changesSelectionAsPrimaryAction: a pop-up button's title is its selected item's and follows the user's choice; selectedElements holds it")
    func popUpTitleFollowsSelection() {
        withSimulator(device: .iPhone16) { app in
            var log: [String] = []
            let button = popUpScreen(app, states: [.off, .on, .off]) { log.append($0) }
            #expect(button.currentTitle == "Date")
            #expect(button.titleLabel?.text == "Date")
            app.tap(button)
            #expect(app.editMenuItems == ["Name", "Date", "Size"])
            app.chooseEditMenuItem("Size")
            #expect(log == ["Size"])
            #expect(button.currentTitle == "Size")
            #expect(button.titleLabel?.text == "Size")
            #expect(button.menu!.selectedElements.map(\.title) == ["Size"])
            // The menu need not be .singleSelection: the pop-up keeps one item on.
            #expect(!button.menu!.options.contains(.singleSelection))
        }
    }

    @Test("Apple doc changesSelectionAsPrimaryAction [U]: a pop-up button with no item on shows its first item, turned on; with several on, only the first stays on",
          arguments: [([UIMenuElement.State.off, .off, .off], "Name"), ([.off, .on, .on], "Date")])
    func popUpDefaultSelection(states: [UIMenuElement.State], shown: String) {
        withSimulator(device: .iPhone16) { app in
            let button = popUpScreen(app, states: states) { _ in }
            #expect(button.currentTitle == shown)
            #expect(button.menu!.selectedElements.map(\.title) == [shown])
        }
    }

    @Test("Apple doc changesSelectionAsPrimaryAction: a button shown a pull-down menu (no changesSelection) keeps its own title")
    func pullDownKeepsTitle() {
        withSimulator(device: .iPhone16) { app in
            let button = popUpScreen(app, states: [.off, .on, .off]) { _ in }
            button.changesSelectionAsPrimaryAction = false
            #expect(button.currentTitle == "Sort")
            app.tap(button)
            app.chooseEditMenuItem("Name")
            #expect(button.currentTitle == "Sort")
        }
    }

    @Test("Apple doc changesSelectionAsPrimaryAction: without a menu a tap toggles isSelected, which the primary action already sees [U: the order]")
    func toggleButton() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            var seen: [Bool] = []
            let button = UIButton(type: .system, primaryAction: UIAction(title: "Bold") { action in
                seen.append((action.sender as! UIButton).isSelected)
            })
            button.frame = CGRect(x: 20, y: 200, width: 80, height: 44)
            controller.view.addSubview(button)
            app.show(controller)
            app.tap(button)
            #expect(seen == [false] && !button.isSelected)
            button.changesSelectionAsPrimaryAction = true
            app.tap(button)
            app.tap(button)
            #expect(seen == [false, true, false])
            #expect(!button.isSelected)
        }
    }

    final class Grid: UICollectionViewController {
        var log: [String] = []

        override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 60 }

        override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
            collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        }

        override func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
            log.append("select \(indexPath.item)")
        }

        override func scrollViewDidScroll(_ scrollView: UIScrollView) {
            if log.last != "scroll" { log.append("scroll") }
        }
    }

    @Test("Apple doc UICollectionViewController: its view is a collection view with the given layout, whose data source and delegate it is; a subclass's overrides are called")
    func collectionViewController() {
        withSimulator(device: .iPhone16) { app in
            let layout = UICollectionViewFlowLayout()
            layout.itemSize = CGSize(width: 100, height: 100)
            let grid = Grid(collectionViewLayout: layout)
            grid.collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
            app.show(grid)
            #expect(grid.collectionView === grid.view)
            #expect(grid.collectionViewLayout === layout)
            #expect(grid.collectionView.dataSource === grid)
            #expect(grid.collectionView.delegate === grid)
            #expect(grid.collectionView.numberOfItems(inSection: 0) == 60)
            grid.log.removeAll()
            app.tap(grid.collectionView.cellForItem(at: IndexPath(item: 4, section: 0))!)
            app.drag(grid.collectionView, by: -200)
            app.runUntilIdle()
            #expect(grid.log == ["select 4", "scroll"])
        }
    }

    @Test("Apple doc UICollectionViewController.collectionView: an assigned collection view without a data source or delegate gets the controller")
    func assignedCollectionView() {
        withSimulator(device: .iPhone16) { _ in
            let grid = Grid(collectionViewLayout: UICollectionViewFlowLayout())
            let other = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            grid.collectionView = other
            #expect(grid.view === other)
            #expect(other.dataSource === grid && other.delegate === grid)
        }
    }

    final class TopLog: NSObject, UIScrollViewDelegate {
        var allow = true
        var log: [String] = []
        func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
            log.append("should")
            return allow
        }
        func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { log.append("did \(scrollView.contentOffset.y)") }
    }

    @Test("Apple doc scrollsToTop: a status-bar tap scrolls the content to its top and tells the delegate; the delegate or scrollsToTop can refuse",
          arguments: [(true, true, ["should", "did -59.0"], -59.0), (false, true, ["should"], 400.0), (true, false, [], 400.0)])
    func scrollToTop(allow: Bool, scrollsToTop: Bool, expected: [String], offset: CGFloat) {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let scrollView = UIScrollView(frame: controller.view.bounds)
            scrollView.contentSize = CGSize(width: 393, height: 3000)
            let delegate = TopLog()
            delegate.allow = allow
            scrollView.delegate = delegate
            scrollView.scrollsToTop = scrollsToTop
            controller.view.addSubview(scrollView)
            app.show(controller)
            scrollView.contentOffset.y = 400
            app.tapStatusBar()
            app.runUntilIdle()
            #expect(delegate.log == expected)
            #expect(scrollView.contentOffset.y == offset)
        }
    }

    @Test("Apple doc scrollsToTop: on iPhone the status-bar tap does nothing when two on-screen scroll views have scrollsToTop set")
    func scrollToTopAmbiguous() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let scrollView = UIScrollView(frame: controller.view.bounds)
            scrollView.contentSize = CGSize(width: 393, height: 3000)
            let textView = UITextView(frame: CGRect(x: 0, y: 600, width: 393, height: 100))
            controller.view.addSubview(scrollView)
            controller.view.addSubview(textView)
            app.show(controller)
            scrollView.contentOffset.y = 400
            app.tapStatusBar()
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y == 400)
            textView.scrollsToTop = false
            app.tapStatusBar()
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y == -59)
        }
    }

    @Test("docs/model.md Text metrics: closestPosition(to:) is the character boundary whose caret is nearest the point, on the nearest line",
          arguments: [(CGPoint(x: 36, y: 15), 3), (CGPoint(x: 39, y: 15), 3), (CGPoint(x: 41, y: 15), 4), (CGPoint(x: 300, y: 15), 11),
                      (CGPoint(x: 0, y: 15), 0), (CGPoint(x: 26, y: 40), 14)])
    func closestPositionInTextView(point: CGPoint, expected: Int) {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let textView = UITextView(frame: CGRect(x: 0, y: 100, width: 393, height: 200))
            textView.font = .systemFont(ofSize: 20)
            textView.text = "hello world\nab"
            controller.view.addSubview(textView)
            app.show(controller)
            let position = textView.closestPosition(to: point)!
            #expect(textView.offset(from: textView.beginningOfDocument, to: position) == expected)
            let within = textView.textRange(
                from: textView.position(from: textView.beginningOfDocument, offset: 6)!, to: textView.endOfDocument)!
            let clamped = textView.closestPosition(to: point, within: within)!
            #expect(textView.offset(from: textView.beginningOfDocument, to: clamped) >= 6)
        }
    }

    @Test("docs/model.md Text metrics: a field's closestPosition(to:) follows its caret geometry")
    func closestPositionInField() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 34))
            field.font = .systemFont(ofSize: 20)
            field.text = "abcdef"
            controller.view.addSubview(field)
            app.show(controller)
            let caret2 = field.caretRect(for: field.position(from: field.beginningOfDocument, offset: 2)!)
            let position = field.closestPosition(to: CGPoint(x: caret2.minX + 2, y: caret2.midY))!
            #expect(field.offset(from: field.beginningOfDocument, to: position) == 2)
            #expect(field.offset(from: field.beginningOfDocument, to: field.closestPosition(to: CGPoint(x: 299, y: 17))!) == 6)
        }
    }
}
