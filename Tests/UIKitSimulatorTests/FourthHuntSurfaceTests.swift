import Testing
import UIKitModel
import UIKitSimulator

/// What the fourth survey of unseen UIKit code needed (scroll offsets at rest, the end of a drag, pull-down button
/// menus, keyboard-styled accessory views, a search results inset), each checked against UIKit's behaviour.
@Suite("UIKit surface for the fourth survey: offsets at rest, scrollViewWillEndDragging, button menus, UIInputView")
struct FourthHuntSurfaceTests {
    final class DragLog: NSObject, UIScrollViewDelegate {
        var log: [String] = []
        var snap: ((CGFloat) -> CGFloat)?

        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            log.append("willEnd v=\(velocity.y) target=\(targetContentOffset.pointee.y)")
            if let snap { targetContentOffset.pointee.y = snap(targetContentOffset.pointee.y) }
        }

        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.append("didEnd decelerate=\(decelerate)")
        }

        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            log.append("settled \(scrollView.contentOffset.y)")
        }
    }

    private func scrollScreen(_ app: Simulator) -> UIScrollView {
        let controller = UIViewController()
        let scrollView = UIScrollView(frame: controller.view.bounds)
        scrollView.contentInsetAdjustmentBehavior = .never
        scrollView.contentSize = CGSize(width: controller.view.bounds.width, height: 3000)
        controller.view.addSubview(scrollView)
        app.show(controller)
        return scrollView
    }

    @Test("uikit-behaviour #44: content pulled past a zero top inset settles at offset 0.0, never -0.0 (the minimum is -top)")
    func restingOffsetIsPositiveZero() {
        withSimulator(device: .iPhone16) { app in
            let scrollView = scrollScreen(app)
            app.drag(scrollView, by: 120)
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y == 0)
            #expect(scrollView.contentOffset.y.sign == .plus)
            #expect("\(scrollView.contentOffset.y)" == "0.0")
        }
    }

    @Test("uikit-behaviour #44: content at rest follows a top inset that goes back to zero to offset 0.0, not -0.0")
    func insetBackToZeroIsPositiveZero() {
        withSimulator(device: .iPhone16) { app in
            let scrollView = scrollScreen(app)
            scrollView.contentInset.top = 20
            scrollView.setNeedsLayout()
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y == -20)
            scrollView.contentInset.top = 0
            scrollView.setNeedsLayout()
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y.sign == .plus)
        }
    }

    @Test("Apple doc scrollViewWillEndDragging: asked before scrollViewDidEndDragging with the landing offset; the simulated finger stops, so the velocity is zero [U]")
    func willEndDraggingAskedFirst() {
        withSimulator(device: .iPhone16) { app in
            let scrollView = scrollScreen(app)
            let delegate = DragLog()
            scrollView.delegate = delegate
            app.drag(scrollView, by: -130)
            app.runUntilIdle()
            #expect(delegate.log == ["willEnd v=0.0 target=130.0", "didEnd decelerate=false"])
            #expect(scrollView.contentOffset.y == 130)
        }
    }

    @Test("Apple doc scrollViewWillEndDragging: a delegate that moves targetContentOffset makes the content decelerate to it, within the scrollable range")
    func willEndDraggingRetargets() {
        withSimulator(device: .iPhone16) { app in
            let scrollView = scrollScreen(app)
            let delegate = DragLog()
            delegate.snap = { ($0 / 100).rounded() * 100 }
            scrollView.delegate = delegate
            app.drag(scrollView, by: -130)
            app.runUntilIdle()
            #expect(delegate.log == ["willEnd v=0.0 target=130.0", "didEnd decelerate=true", "settled 100.0"])
            delegate.log = []
            delegate.snap = { _ in -500 }
            app.drag(scrollView, by: -50)
            app.runUntilIdle()
            #expect(scrollView.contentOffset.y == 0)
        }
    }

    @Test("Apple doc showsMenuAsPrimaryAction: the menu shows on touch down and no tap is sent; choosing in a single-selection menu turns that item on")
    func buttonMenuAsPrimaryAction() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            var log: [String] = []
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 20, y: 200, width: 120, height: 44)
            button.addAction(UIAction { _ in log.append("tapped") }, for: .touchUpInside)
            button.addAction(UIAction { _ in log.append("down") }, for: .touchDown)
            button.menu = UIMenu(options: .singleSelection, children: [
                UIAction(title: "Digits", state: .on) { _ in log.append("digits") },
                UIAction(title: "Text") { _ in log.append("text") },
            ])
            button.showsMenuAsPrimaryAction = true
            button.changesSelectionAsPrimaryAction = true
            controller.view.addSubview(button)
            app.show(controller)
            app.tap(button)
            #expect(log == ["down"])
            #expect(app.editMenuItems == ["Digits", "Text"])
            app.chooseEditMenuItem("Text")
            #expect(log == ["down", "text"])
            #expect(button.menu!.children.map { ($0 as! UIAction).state } == [.off, .on])
            #expect(app.editMenuItems == nil)
            button.showsMenuAsPrimaryAction = false
            app.tap(button)
            #expect(log.suffix(2) == ["down", "tapped"])
        }
    }

    @Test("Apple doc UIInputView: the style is the one given at creation; as an accessory view its frame's height adds to the keyboard's (#64)")
    func inputViewAccessory() {
        withSimulator(device: .iPhone16) { app in
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 300, height: 40))
            // UIInputView predates concurrency as every UIKit view does, so nonisolated test code makes it directly.
            let bar = UIInputView(frame: CGRect(x: 0, y: 0, width: 393, height: 44), inputViewStyle: .keyboard)
            field.inputAccessoryView = bar
            controller.view.addSubview(field)
            app.show(controller)
            app.tap(field)
            #expect(bar.inputViewStyle == .keyboard)
            #expect(app.keyboardFrame?.height == 380)
        }
    }

    final class LibraryController: UITableViewController, UISearchResultsUpdating {
        let searchController = UISearchController(searchResultsController: nil)
        var overlaps: [CGFloat] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            searchController.searchResultsUpdater = self
            searchController.obscuresBackgroundDuringPresentation = false
            navigationItem.searchController = searchController
            observer = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: nil
            ) { [weak self] note in MainActor.assumeIsolated { self?.keyboardWillChangeFrame(note) } }
        }

        var observer: NSObjectProtocol?

        func updateSearchResults(for searchController: UISearchController) {}

        func keyboardWillChangeFrame(_ notification: Notification) {
            guard let frame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
            let overlap = max(0, view.bounds.maxY - view.convert(frame, from: nil).minY - view.safeAreaInsets.bottom)
            overlaps.append(overlap)
            tableView.contentInset.bottom = overlap
        }
    }

    @Test("uikit-behaviour-2 #70, #107: under a search bar, view.convert(end, from: nil) in a table view controller measures 336 − 34 = 302 pt; the controller's own keyboard inset (#63) then adds 302 more after DidShow")
    func searchResultsKeyboardOverlap() {
        withSimulator(device: .iPhone16) { app in
            let library = LibraryController()
            app.show(UINavigationController(rootViewController: library))
            app.tap(library.searchController.searchBar)
            #expect(library.overlaps == [302])
            #expect(library.tableView.contentInset.bottom == 604)
        }
    }
}
