import Foundation

/// A row action a swipe reveals, as the driver sees it: its title and what tapping it does.
package struct _RowSwipeAction {
    package let title: String
    package let perform: @MainActor () -> Void

    package init(title: String, perform: @escaping @MainActor () -> Void) {
        self.title = title
        self.perform = perform
    }
}

/// A scroll view whose rows the user can swipe or drag to another place (SwiftUI's `List` rows with `onDelete`,
/// `onMove` or `swipeActions`); the driver's `swipe(row:from:andTap:)` and `moveRow(_:to:)` act through it.
@MainActor package protocol _EditableRowsView: UIScrollView {
    /// The actions a swipe from the leading (or trailing) edge reveals on the row at `point` (in this view's
    /// coordinates), the one a full swipe runs first, and whether a full swipe runs it; `nil` when the row has none.
    func _swipeActions(at point: CGPoint, leading: Bool) -> (actions: [_RowSwipeAction], fullSwipe: Bool)?
    /// Moves the row at `source` to the place of the row at `destination`; a message saying why not, or `nil` when
    /// it moved.
    func _moveRow(from source: CGPoint, to destination: CGPoint) -> String?
}
