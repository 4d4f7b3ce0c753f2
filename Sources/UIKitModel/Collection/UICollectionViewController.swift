import Foundation

/// A controller whose view is a collection view, as UIKit's `UICollectionViewController`: it is the collection
/// view's data source and delegate.
///
/// Swift imports the members of the protocols an Objective-C class adopts as members of the class, so a subclass
/// writes `override func collectionView(_:didSelectItemAt:)` and `override func scrollViewDidScroll(_:)`, as it does
/// for `UITableViewController`; the model declares them `open` here for that reason. Unlike `UITableViewController`,
/// it does not move its content out from under the keyboard.
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private var layout: UICollectionViewLayout?

    /// Whether the selected items are deselected when the view appears (selection is not modelled, so nothing is
    /// selected to deselect).
    open var clearsSelectionOnViewWillAppear = true

    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(nibName: nil, bundle: nil)
    }

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    /// A storyboard's collection view controller, with the flow layout Interface Builder gives it by default.
    public required init?(coder: NSCoder) {
        layout = UICollectionViewFlowLayout()
        super.init(coder: coder)
    }

    /// The layout given at creation; it does not follow later changes to the collection view's layout.
    open var collectionViewLayout: UICollectionViewLayout {
        guard let layout else {
            raiseUncaughtException(
                "NSInvalidArgumentException",
                reason: "UICollectionView must be initialized with a non-nil layout parameter")
        }
        return layout
    }

    /// The controller's view; a collection view assigned without a data source or delegate gets the controller.
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set {
            if let newValue {
                if newValue.dataSource == nil { newValue.dataSource = self }
                if newValue.delegate == nil { newValue.delegate = self }
            }
            view = newValue
        }
    }

    open override func loadView() {
        let collection = UICollectionView(frame: UIScreen.main.bounds, collectionViewLayout: collectionViewLayout)
        collection.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collection.dataSource = self
        collection.delegate = self
        view = collection
    }

    // MARK: Data source and delegate (subclasses override these, as in UIKit)

    open func numberOfSections(in collectionView: UICollectionView) -> Int {
        DelegateProbe.markDefault()
        return 1
    }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// A subclass that reports items must override this; UIKit has no cell to give and raises.
    open func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    ) -> UICollectionViewCell {
        raiseUncaughtException(
            "NSInternalInconsistencyException",
            reason: "the collection view's data source (\(traceName(self))) did not return a valid cell from "
                + "-collectionView:cellForItemAtIndexPath: for index path \(indexPath)")
    }

    open func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
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
}
