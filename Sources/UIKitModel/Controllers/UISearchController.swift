import Foundation

/// The object a search controller asks to update the results (Apple: "The system calls this method when the search
/// bar becomes the first responder or the search bar's text changes").
@preconcurrency @MainActor public protocol UISearchResultsUpdating: NSObjectProtocol {
    func updateSearchResults(for searchController: UISearchController)
}

/// The search controller's delegate; every method is optional.
@preconcurrency @MainActor public protocol UISearchControllerDelegate: NSObjectProtocol {
    func willPresentSearchController(_ searchController: UISearchController)
    func didPresentSearchController(_ searchController: UISearchController)
    func willDismissSearchController(_ searchController: UISearchController)
    func didDismissSearchController(_ searchController: UISearchController)
    func presentSearchController(_ searchController: UISearchController)
}

extension UISearchControllerDelegate {
    public func willPresentSearchController(_ searchController: UISearchController) { DelegateProbe.markDefault() }
    public func didPresentSearchController(_ searchController: UISearchController) { DelegateProbe.markDefault() }
    public func willDismissSearchController(_ searchController: UISearchController) { DelegateProbe.markDefault() }
    public func didDismissSearchController(_ searchController: UISearchController) { DelegateProbe.markDefault() }
    public func presentSearchController(_ searchController: UISearchController) { DelegateProbe.markDefault() }
}

/// A search bar that drives a search, as UIKit's `UISearchController` (docs/model.md "Search").
///
/// The search becomes active when its bar becomes first responder (a tap) or when code sets `isActive`: the delegate
/// hears `willPresentSearchController`, the Cancel button shows (`automaticallyShowsCancelButton`), the scope bar
/// shows (`automaticallyShowsScopeBar`), and `didPresentSearchController` follows after the presentation's 0.3 s [U].
/// The updater is called when the bar becomes first responder and whenever its text changes, by the user or by code
/// (Apple doc `updateSearchResults(for:)`). Cancel, or `isActive = false`, ends it: the bar resigns, the text is
/// cleared on Cancel, `willDismissSearchController` then `didDismissSearchController` 0.3 s later [U].
/// `obscuresBackgroundDuringPresentation`, `hidesNavigationBarDuringPresentation` and `showsSearchResultsController`
/// are stored: the model draws no dimming layer, keeps the navigation bar and never shows the results controller's
/// view (the results controller is kept and reachable through `searchResultsController`).
open class UISearchController: UIViewController {
    /// The bar the search is typed in; put it in `navigationItem.searchController`, a table header or a title view.
    public let searchBar = UISearchBar(frame: CGRect(x: 0, y: 0, width: 0, height: 56))
    /// The controller that would show the results (nil: the searched controller shows them itself).
    open private(set) var searchResultsController: UIViewController?
    open weak var searchResultsUpdater: UISearchResultsUpdating?
    open weak var delegate: UISearchControllerDelegate?
    /// Whether the search content is dimmed during a search (stored; the model draws no dimming layer).
    @available(iOS 9.1, *)
    open var obscuresBackgroundDuringPresentation = true
    /// Deprecated name of `obscuresBackgroundDuringPresentation`.
    @available(iOS, introduced: 8.0, deprecated: 12.0, renamed: "obscuresBackgroundDuringPresentation")
    open var dimsBackgroundDuringPresentation: Bool {
        get { obscuresBackgroundDuringPresentation }
        set { obscuresBackgroundDuringPresentation = newValue }
    }
    /// Whether the navigation bar hides during a search (stored, default true; the model keeps the bar).
    open var hidesNavigationBarDuringPresentation = true
    /// Whether the controller shows and hides the bar's Cancel button; setting the bar's `showsCancelButton` turns it
    /// off (Apple doc).
    @available(iOS 13.0, *)
    open var automaticallyShowsCancelButton = true
    /// Whether the controller shows the scope bar while searching.
    @available(iOS 13.0, *)
    open var automaticallyShowsScopeBar = true
    /// Whether the results controller's view would show (stored; set by code).
    @available(iOS 13.0, *)
    open var showsSearchResultsController = false
    /// Whether the controller shows the results controller when the text is not empty (stored).
    @available(iOS 13.0, *)
    open var automaticallyShowsSearchResultsController = true

    private var active = false

    public init(searchResultsController: UIViewController?) {
        self.searchResultsController = searchResultsController
        super.init(nibName: nil, bundle: nil)
        searchBar.searchController = self
    }

    public override convenience init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        self.init(searchResultsController: nil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        searchBar.searchController = self
    }

    /// Whether the search is shown; setting it presents or dismisses the search, without making the bar first
    /// responder (Apple's answers make it first responder in `didPresentSearchController`).
    open var isActive: Bool {
        get { active }
        set {
            if newValue { activate() } else { deactivate(clearing: false) }
        }
    }

    private func activate() {
        guard !active else { return }
        let system = UIKitSystem.shared
        if let delegate {
            _ = system.callDelegate("willPresentSearchController(\(traceName(self)))") { delegate.willPresentSearchController(self) }
        }
        active = true
        system.trace(.control, "\(traceName(self)).isActive = true")
        if automaticallyShowsCancelButton { searchBar.setCancelButtonShown(true) }
        if automaticallyShowsScopeBar, !(searchBar.scopeButtonTitles ?? []).isEmpty { searchBar.setScopeBarShown(true) }
        system.clock.schedule(after: 0.3) { [weak self] in
            guard let self, self.active, let delegate = self.delegate else { return }
            _ = system.callDelegate("didPresentSearchController(\(traceName(self)))") { delegate.didPresentSearchController(self) }
        }
    }

    private func deactivate(clearing: Bool) {
        guard active else { return }
        let system = UIKitSystem.shared
        if let delegate {
            _ = system.callDelegate("willDismissSearchController(\(traceName(self)))") { delegate.willDismissSearchController(self) }
        }
        active = false
        if searchBar.isFirstResponder { searchBar.resignFirstResponder() }
        if clearing, !(searchBar.text ?? "").isEmpty { searchBar.text = "" }
        system.trace(.control, "\(traceName(self)).isActive = false")
        if automaticallyShowsCancelButton { searchBar.setCancelButtonShown(false) }
        if automaticallyShowsScopeBar, !(searchBar.scopeButtonTitles ?? []).isEmpty { searchBar.setScopeBarShown(false) }
        system.clock.schedule(after: 0.3) { [weak self] in
            guard let self, !self.active, let delegate = self.delegate else { return }
            _ = system.callDelegate("didDismissSearchController(\(traceName(self)))") { delegate.didDismissSearchController(self) }
        }
    }

    private func updateResults() {
        guard let updater = searchResultsUpdater else { return }
        _ = UIKitSystem.shared.callDelegate("updateSearchResults(for: \(traceName(self)))") {
            updater.updateSearchResults(for: self)
        }
    }

    // MARK: The bar's events

    package func searchBarWillBeginEditing() { activate() }

    package func searchBarTextDidChange() { updateResults() }

    package func searchBarCancelled() { deactivate(clearing: true) }
}
