import Foundation

/// The bar of a navigation controller: back button, title and the top controller's bar button items.
open class UINavigationBar: UIView {
    package weak var navigationController: UINavigationController?

    /// The top controller's item.
    open var topItem: UINavigationItem? { navigationController?.topViewController?.navigationItem }

    /// The item below the top one (its title labels the back button).
    open var backItem: UINavigationItem? {
        guard let controllers = navigationController?.viewControllers, controllers.count > 1 else { return nil }
        return controllers[controllers.count - 2].navigationItem
    }

    /// The back button's title, when a back button shows.
    package var backTitle: String? {
        guard let backItem, let topItem, !topItem.hidesBackButton, topItem.leftBarButtonItem == nil else { return nil }
        return "‹ " + (backItem.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Back")
    }

    private static func width(of title: String) -> CGFloat { TextMetrics.width(of: title, pointSize: 17) + 16 }

    /// The back button's frame in the bar.
    package var backButtonFrame: CGRect? {
        backTitle.map { CGRect(x: 8, y: 0, width: Self.width(of: $0), height: bounds.height) }
    }

    /// The frame of `item` in the bar, if the bar shows it.
    package func frame(of item: UIBarButtonItem) -> CGRect? {
        if let left = topItem?.leftBarButtonItem, left === item {
            return CGRect(x: 8, y: 0, width: Self.width(of: left.displayTitle), height: bounds.height)
        }
        if let right = topItem?.rightBarButtonItem, right === item {
            let width = Self.width(of: right.displayTitle)
            return CGRect(x: bounds.width - 8 - width, y: 0, width: width, height: bounds.height)
        }
        return nil
    }

    /// The top item's search bar, shown under the 44-point bar.
    package var searchBarShown: UISearchBar? { topItem?.searchController?.searchBar }

    /// The height the search bar adds under the bar: 52 points [U], and the scope bar's 44 while it shows.
    package var searchAreaHeight: CGFloat {
        guard let bar = searchBarShown else { return 0 }
        return bar.showsScopeBar ? 96 : 52
    }

    /// The top item's title view or search bar changed (or the search bar's height): lay the bar out again.
    package func searchAreaChanged() {
        navigationController?.viewIfLoaded?.setNeedsLayout()
        navigationController?.viewIfLoaded?.layoutIfNeeded()
        setNeedsLayout()
        layoutIfNeeded()
    }

    /// Puts the top item's title view in the middle and its search bar underneath, removing those of other items.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let titleView = topItem?.titleView
        let searchBar = searchBarShown
        for view in placedViews where view !== titleView && view !== searchBar && view.superview === self {
            view.removeFromSuperview()
        }
        placedViews = [titleView, searchBar].compactMap { $0 }
        if let titleView {
            if titleView.superview !== self { addSubview(titleView) }
            let left = backButtonFrame?.maxX ?? topItem?.leftBarButtonItem.flatMap { frame(of: $0)?.maxX } ?? 0
            let right = topItem?.rightBarButtonItem.flatMap { frame(of: $0)?.minX } ?? bounds.width
            let free = CGRect(x: left + 8, y: 0, width: max(0, right - left - 16), height: 44)
            let width = titleView is UISearchBar || titleView.frame.width <= 0 ? free.width : min(titleView.frame.width, free.width)
            let height = min(titleView.frame.height > 0 ? titleView.frame.height : 44, 44)
            titleView.frame = CGRect(x: free.midX - width / 2, y: (44 - height) / 2, width: width, height: height)
        }
        if let searchBar {
            if searchBar.superview !== self { addSubview(searchBar) }
            searchBar.frame = CGRect(x: 0, y: 44, width: bounds.width, height: searchAreaHeight)
        }
    }

    private var placedViews: [UIView] = []

    /// The user tapped the bar at `point` (bar coordinates).
    package func userTap(at point: CGPoint) {
        if let back = backButtonFrame, back.contains(point) {
            UIKitSystem.shared.trace(.control, "back button tapped")
            navigationController?.popViewController(animated: true)
            return
        }
        for item in [topItem?.leftBarButtonItem, topItem?.rightBarButtonItem].compactMap({ $0 }) {
            if let frame = frame(of: item), frame.contains(point) {
                item.userTap()
                return
            }
        }
    }
}
