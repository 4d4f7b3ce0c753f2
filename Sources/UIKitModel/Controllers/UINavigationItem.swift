import Foundation

/// What a navigation bar shows for a controller: a title and bar button items.
@preconcurrency @MainActor open class UINavigationItem: NSObject {
    private var storedTitle: String?
    package weak var owner: UIViewController?

    /// The title; defaults to the controller's `title`.
    open var title: String? {
        get { storedTitle ?? owner?.title }
        set { storedTitle = newValue }
    }
    open var leftBarButtonItem: UIBarButtonItem?
    open var rightBarButtonItem: UIBarButtonItem?
    open var hidesBackButton = false
    /// A view shown in the middle of the bar instead of the title (a search bar there spans the free width).
    open var titleView: UIView? {
        didSet { owner?.navigationController?.navigationBar.searchAreaChanged() }
    }
    /// The search controller whose bar shows under the navigation bar while this item is on top (iOS 11).
    @available(iOS 11.0, *)
    open var searchController: UISearchController? {
        didSet { owner?.navigationController?.navigationBar.searchAreaChanged() }
    }
    /// Whether the search bar hides as the content scrolls (stored, default true; the model keeps it shown).
    @available(iOS 11.0, *)
    open var hidesSearchBarWhenScrolling = true

    public init(title: String) {
        storedTitle = title.isEmpty ? nil : title
        super.init()
    }
}
