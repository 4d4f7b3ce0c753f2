import Foundation
import UIKitModel

/// The edge a swipe on a list row starts from.
public enum SwipeEdge: Sendable {
    /// From the left, revealing the leading actions.
    case leading
    /// From the right, revealing the trailing actions (SwiftUI's Delete of `onDelete`).
    case trailing
}

// Swiping and moving the rows of a SwiftUI `List` (`onDelete`, `onMove`, `swipeActions`), finding a row by a text
// it shows.
extension Simulator {
    /// Swipes the list row that shows `title` from `edge`. Without `action` it is a full swipe, which runs the first
    /// action on that edge (Delete for a `ForEach` with `onDelete`) when the row allows a full swipe; with `action` the
    /// swipe stops where the actions show and the user taps the one titled `action`. Stops the program when no list
    /// row shows `title`, when the row has no actions on that edge, when a full swipe is not allowed, or when no
    /// action has that title.
    public func swipe(row title: String, from edge: SwipeEdge = .trailing, andTap action: String? = nil) {
        let call = "swipe(row: \(quoted(title))\(edge == .leading ? ", from: .leading" : "")\(action.map { ", andTap: \(quoted($0))" } ?? ""))"
        let (list, point) = listRow(showing: title, call: call)
        guard let (actions, fullSwipe) = list._swipeActions(at: point, leading: edge == .leading), let first = actions.first else {
            fatalError("app.\(call): the row has no swipe actions on its \(edge == .leading ? "leading" : "trailing") edge (give its ForEach onDelete, or the row swipeActions)")
        }
        guard let action else {
            guard fullSwipe else {
                fatalError("app.\(call): the row's swipe actions do not allow a full swipe (allowsFullSwipe: false); tap one with app.swipe(row:from:andTap:)")
            }
            user("full swipe on the row \(quoted(title)) from the \(edge == .leading ? "leading" : "trailing") edge: \(quoted(first.title))")
            first.perform()
            settle()
            return
        }
        guard let chosen = actions.first(where: { $0.title == action }) else {
            fatalError("app.\(call): the swipe shows \(actions.map { quoted($0.title) }.joined(separator: ", ")), no \(quoted(action))")
        }
        user("swipe on the row \(quoted(title)) from the \(edge == .leading ? "leading" : "trailing") edge, tap \(quoted(action))")
        chosen.perform()
        settle()
    }

    /// Drags the list row that shows `title` to the place of the row that shows `destination` (by its reorder handle in
    /// edit mode, or by a long press), which runs its `ForEach`'s `onMove`. Stops the program when either row is not
    /// on screen or the rows cannot be moved there.
    public func moveRow(_ title: String, to destination: String) {
        let call = "moveRow(\(quoted(title)), to: \(quoted(destination)))"
        let (list, from) = listRow(showing: title, call: call)
        let (other, to) = listRow(showing: destination, call: call)
        guard other === list else { fatalError("app.\(call): the two rows are in different lists") }
        user("drag the row \(quoted(title)) to the place of \(quoted(destination))")
        if let problem = list._moveRow(from: from, to: to) { fatalError("app.\(call): \(problem)") }
        settle()
    }

    /// The list holding a label, button or text field that reads `title`, and its centre in the list's coordinates.
    private func listRow(showing title: String, call: String) -> (any _EditableRowsView, CGPoint) {
        var found: [(any _EditableRowsView, CGPoint)] = []
        func walk(_ view: UIView, list: (any _EditableRowsView)?) {
            guard !view.isHidden else { return }
            let list = (view as? any _EditableRowsView) ?? list
            let shown = (view as? UILabel)?.text ?? (view as? UIButton)?.currentTitle ?? (view as? UITextField)?.text
            if let list, shown == title {
                found.append((list, view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: list)))
            }
            for subview in view.subviews { walk(subview, list: list) }
        }
        if let window = system.keyWindow { walk(window, list: nil) }
        guard let row = found.first else { fatalError("app.\(call): no list row showing \(quoted(title)) is on screen") }
        return row
    }
}
