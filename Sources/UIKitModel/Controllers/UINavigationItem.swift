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

    public init(title: String) {
        storedTitle = title.isEmpty ? nil : title
        super.init()
    }
}
