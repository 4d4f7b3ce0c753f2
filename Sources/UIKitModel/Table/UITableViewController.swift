import Foundation
import UIKitBehavior

/// A controller whose view is a table view, as UIKit's `UITableViewController`.
///
/// It is the table's data source and delegate, and since iOS 3 it moves its table out from under the keyboard by
/// itself: after the keyboard appears it adds the part of the table the keyboard covers to the bottom content inset
/// and scrolls the first responder's cell into view; it takes the inset away when the keyboard hides (#105). The
/// handling is set up in `viewWillAppear(_:)`, so a subclass that does not call `super` there gets none (#106), and
/// it adds to whatever inset the app set, so an app adjusting the inset too counts the keyboard twice (#107).
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    private let tableStyle: UITableView.Style
    /// Whether the selected row is deselected when the controller's view appears.
    open var clearsSelectionOnViewWillAppear = true
    private var keyboardObservers: [NSObjectProtocol] = []
    /// The bottom inset this controller added for the keyboard.
    private var keyboardInset: CGFloat = 0

    public init(style: UITableView.Style) {
        tableStyle = style
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        tableStyle = .plain
        super.init(coder: coder)
    }

    /// The controller's view.
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }

    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
        table.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        table.dataSource = self
        table.delegate = self
        view = table
    }

    open override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if clearsSelectionOnViewWillAppear, let selected = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selected, animated: animated)
        }
        if UIKitSystem.shared.behavior.tableViewControllerKeyboardHandling == .requiresSuperViewWillAppear {
            startKeyboardHandling()
        }
    }

    open override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        stopKeyboardHandling()
    }

    // MARK: Data source and delegate (subclasses override these, as in UIKit)

    open func numberOfSections(in tableView: UITableView) -> Int {
        DelegateProbe.markDefault()
        return 1
    }

    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }

    /// A subclass that reports rows must override this; UIKit has no cell to give and raises.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        raiseUncaughtException(
            "NSInternalInconsistencyException",
            reason: "UITableView (\(traceName(tableView))) failed to obtain a cell from its dataSource (\(traceName(self)))")
    }

    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        DelegateProbe.markDefault()
        return nil
    }

    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        DelegateProbe.markDefault()
        return tableView.rowHeight
    }

    open func tableView(_ tableView: UITableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        DelegateProbe.markDefault()
        return indexPath
    }

    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { DelegateProbe.markDefault() }

    open func tableView(_ tableView: UITableView, didDeselectRowAt indexPath: IndexPath) { DelegateProbe.markDefault() }

    open func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        DelegateProbe.markDefault()
    }

    open func tableView(
        _ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath
    ) {
        DelegateProbe.markDefault()
    }

    open func scrollViewDidScroll(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        DelegateProbe.markDefault()
    }
    open func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        DelegateProbe.markDefault()
    }
    open func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }
    open func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    open func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { DelegateProbe.markDefault() }

    // MARK: The keyboard

    private func startKeyboardHandling() {
        guard keyboardObservers.isEmpty else { return }
        let center = NotificationCenter.default
        keyboardObservers = [
            center.addObserver(forName: UIResponder.keyboardDidShowNotification, object: nil, queue: nil) {
                [weak self] note in onModelThread { self?.keyboardDidShow(note) }
            },
            center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: nil) {
                [weak self] _ in onModelThread { self?.keyboardWillHide() }
            },
        ]
    }

    private func stopKeyboardHandling() {
        keyboardObservers.forEach(NotificationCenter.default.removeObserver)
        keyboardObservers.removeAll()
    }

    private func keyboardDidShow(_ note: Notification) {
        guard let table = viewIfLoaded as? UITableView, table.window != nil,
            let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
        else { return }
        let inTable = UIScreen.main.coordinateSpace.convert(end, to: table)
        let covered = min(max(0, table.bounds.maxY - inTable.minY), table.bounds.height)
        // The safe area under the keyboard is already in adjustedContentInset.
        let safeBottom = table.adjustedContentInset.bottom - table.contentInset.bottom
        let inset = max(0, covered - safeBottom)
        let delta = inset - keyboardInset
        keyboardInset = inset
        if delta != 0 {
            table.contentInset.bottom += delta
            table.verticalScrollIndicatorInsets.bottom += delta
        }
        if let responder = table.window?.firstResponder as? UIView, responder.isDescendant(of: table),
            let cell = table.cellContaining(responder)
        {
            table.scrollRectToVisible(cell.frame, animated: true)
        }
    }

    private func keyboardWillHide() {
        guard keyboardInset != 0, let table = viewIfLoaded as? UITableView else { return }
        table.contentInset.bottom -= keyboardInset
        table.verticalScrollIndicatorInsets.bottom -= keyboardInset
        keyboardInset = 0
    }
}

extension UITableView {
    /// The cell that contains `view`, among the cells the table shows.
    package func cellContaining(_ view: UIView) -> UITableViewCell? {
        var candidate: UIView? = view
        while let current = candidate, current !== self {
            if let cell = current as? UITableViewCell, cell.superview === self { return cell }
            candidate = current.superview
        }
        return nil
    }
}
