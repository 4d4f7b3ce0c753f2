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
