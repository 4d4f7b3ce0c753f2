import Foundation
import UIKitModel

// MARK: Edit mode, deleting and moving rows

/// A mode that says whether the user can edit a view's content, as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active

    /// Whether the mode is anything but `inactive`.
    public var isEditing: Bool { self != .inactive }
}

/// The edit mode a `NavigationStack` keeps for its screens.
final class EditModeBox {
    var mode = EditMode.inactive
}

extension EnvironmentValues {
    /// The edit mode binding that `.environment(\.editMode, $mode)` puts in the environment, else the enclosing
    /// `NavigationStack`'s own; `nil` outside both.
    public var editMode: Binding<EditMode>? {
        get { editModeBinding }
        set { editModeBinding = newValue }
    }
}

extension View {
    /// Sets an environment value for this view and the views inside it.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        applying(.traits { $0.environment[keyPath: keyPath] = value })
    }
}

/// A view that makes views from a collection, as SwiftUI's `DynamicViewContent`.
public protocol DynamicViewContent<Data>: View {
    associatedtype Data: Collection
    var data: Self.Data { get }
}

extension ForEach: DynamicViewContent {}

/// A `ForEach` with delete or move actions: each of its rows in a `List` can be swiped away (`app.swipe(row:)`,
/// a full swipe from the trailing edge runs `onDelete`) or dragged to another place (`app.moveRow(_:to:)`, in edit
/// mode by its handle or, as since iOS 16, by a long press), which runs `onMove`.
public struct _EditableContent<Base: DynamicViewContent>: DynamicViewContent, PrimitiveView {
    public typealias Body = Never
    let base: Base
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?

    public var data: Base.Data { base.data }

    func resolve(in context: ResolveContext) -> Element {
        RowActionsSpec.editable(resolveView(base, in: context), in: context, onDelete: onDelete, onMove: onMove)
    }
}

extension RowActionsSpec {
    /// A `ForEach`'s element with each of its rows knowing its offset and the delete and move actions (an inner
    /// modifier's kept where this one has none).
    @MainActor static func editable(
        _ element: Element, in context: ResolveContext, onDelete: ((IndexSet) -> Void)?, onMove: ((IndexSet, Int) -> Void)?
    ) -> Element {
        guard case .group(let items) = element.kind else { return element }
        // Each element of the ForEach is a row that knows its offset and the actions (an inner modifier's first).
        let rows = items.enumerated().map { offset, item -> Element in
            var spec = RowActionsSpec(group: context.path)
            var content = item
            if case .rowActions(let inner, let child) = item.kind {
                spec = inner
                content = child
            }
            spec.group = context.path
            spec.offset = offset
            if let onDelete { spec.onDelete = onDelete }
            if let onMove { spec.onMove = onMove }
            var row = item
            row.kind = .rowActions(spec, content)
            return row
        }
        var result = element
        result.kind = .group(rows)
        return result
    }
}

extension DynamicViewContent {
    /// Sets the action for deleting rows: in a `List`, a full swipe from the trailing edge of a row (or tapping the
    /// Delete button the swipe reveals) runs it with the row's offset.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self, onDelete: action, onMove: nil)
    }

    /// Sets the action for moving rows: in a `List`, dragging a row to another row's place runs it with the row's
    /// offset and the offset it goes before (past the target when moving down), as `move(fromOffsets:toOffset:)`
    /// takes them.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self, onDelete: nil, onMove: action)
    }
}

/// What a list row can do when swiped or dragged.
struct RowActionsSpec {
    /// The `ForEach` the row belongs to (rows move only within it).
    var group: String
    /// The row's offset in its `ForEach`, when it is one of its rows.
    var offset: Int?
    var onDelete: ((IndexSet) -> Void)?
    var onMove: ((IndexSet, Int) -> Void)?
    /// `swipeActions(edge:allowsFullSwipe:content:)`: the buttons on each edge.
    var leading: SwipeButtons?
    var trailing: SwipeButtons?

    struct SwipeButtons {
        var buttons: [ButtonSpec]
        var allowsFullSwipe: Bool
    }

    /// The actions a swipe reveals on a row, given the specs of the rows around the point (outermost first): the
    /// innermost `swipeActions` for that edge, else, from the trailing edge, Delete when the row has `onDelete`
    /// (SwiftUI's swipe actions replace the delete swipe).
    @MainActor static func swipeActions(of specs: [RowActionsSpec], leading: Bool) -> (actions: [_RowSwipeAction], fullSwipe: Bool)? {
        if let buttons = specs.reversed().lazy.compactMap({ leading ? $0.leading : $0.trailing }).first {
            let actions = buttons.buttons.filter(\.isEnabled).map { button in
                _RowSwipeAction(title: button.title ?? button.spokenTitle, perform: button.action)
            }
            return actions.isEmpty ? nil : (actions, buttons.allowsFullSwipe)
        }
        // "When you set a swipe action on a row, SwiftUI no longer synthesizes the Delete action" (Apple).
        guard !leading, !specs.contains(where: { $0.leading != nil || $0.trailing != nil }),
            let row = specs.last(where: { $0.onDelete != nil }), let offset = row.offset, let delete = row.onDelete
        else { return nil }
        return ([_RowSwipeAction(title: "Delete") { delete(IndexSet(integer: offset)) }], true)
    }
}

/// The editing a list gives the rows of a bound collection, as SwiftUI's `EditActions` (iOS 16).
@available(iOS 16.0, *)
public struct EditActions<Data>: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

@available(iOS 16.0, *)
extension EditActions where Data: RangeReplaceableCollection {
    /// Swiping a row removes its element.
    public static var delete: EditActions<Data> { EditActions(rawValue: 1) }
}

@available(iOS 16.0, *)
extension EditActions where Data: MutableCollection {
    /// Dragging a row moves its element.
    public static var move: EditActions<Data> { EditActions(rawValue: 2) }
}

@available(iOS 16.0, *)
extension EditActions where Data: MutableCollection & RangeReplaceableCollection {
    /// Both.
    public static var all: EditActions<Data> { EditActions(rawValue: 3) }
}

extension EditActions where Data: MutableCollection {
    /// The row actions these edit actions give the rows of `data`.
    func actions(on data: Binding<Data>) -> (onDelete: ((IndexSet) -> Void)?, onMove: ((IndexSet, Int) -> Void)?) {
        let onDelete: ((IndexSet) -> Void)? = rawValue & 1 == 0 ? nil : { offsets in
            // `.delete` exists only for range-replaceable collections, so the value is one.
            guard let collection = data.wrappedValue as? any RangeReplaceableCollection else { return }
            data.wrappedValue = Self.removing(offsets, from: collection) as! Data
        }
        let onMove: ((IndexSet, Int) -> Void)? = rawValue & 2 == 0 ? nil : { source, destination in
            data.wrappedValue.move(fromOffsets: source, toOffset: destination)
        }
        return (onDelete, onMove)
    }

    private static func removing<C: RangeReplaceableCollection>(_ offsets: IndexSet, from collection: C) -> C {
        var result = collection
        for offset in offsets.reversed() { result.remove(at: result.index(result.startIndex, offsetBy: offset)) }
        return result
    }
}

/// An edge along the horizontal axis, as SwiftUI's `HorizontalEdge`.
public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    case leading, trailing
}

extension View {
    /// Buttons a swipe on this list row reveals from `edge` (iOS 15): `app.swipe(row:from:andTap:)` taps one, and a
    /// full swipe runs the first when `allowsFullSwipe`; on the trailing edge they replace the `onDelete` swipe.
    @available(iOS 15.0, *)
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        let content = content()
        return applying(.wrap { context, element in
            let buttons = resolveView(content, in: context.child("swipe")).flattened.compactMap { element -> ButtonSpec? in
                if case .button(let spec) = element.kind { return spec }
                return nil
            }
            var spec = RowActionsSpec(group: context.path)
            var inner = element
            if case .rowActions(let existing, let child) = element.kind {
                spec = existing
                inner = child
            }
            let swipe = RowActionsSpec.SwipeButtons(buttons: buttons, allowsFullSwipe: allowsFullSwipe)
            if edge == .leading { spec.leading = swipe } else { spec.trailing = swipe }
            return Element(.rowActions(spec, inner), context)
        })
    }
}

/// A button that switches the environment's edit mode, titled "Edit" or "Done", as SwiftUI's `EditButton`.
///
/// It reads the binding `.environment(\.editMode, $mode)` gives, or the enclosing `NavigationStack`'s edit mode;
/// tapping it outside both stops the program, saying so.
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    public init() {}

    public var body: some View {
        let mode = editMode
        Button(mode?.wrappedValue.isEditing == true ? "Done" : "Edit") {
            guard let mode else {
                fatalError("tutorbuild: EditButton outside a NavigationStack and without .environment(\\.editMode, $mode) around it: the model has no edit mode for it to switch")
            }
            mode.wrappedValue = mode.wrappedValue.isEditing ? .inactive : .active
        }
    }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (the `IndexSet` an `onDelete` action receives), as SwiftUI's extension.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    /// Moves the elements at `source` to before the element at `destination` (offsets of the collection before the
    /// move), as SwiftUI's extension does for an `onMove` action.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[index(startIndex, offsetBy: $0)] }
        var rest: [Element] = []
        for (offset, element) in enumerated() where !source.contains(offset) { rest.append(element) }
        let insertAt = destination - source.filter { $0 < destination }.count
        rest.insert(contentsOf: moving, at: Swift.max(0, Swift.min(insertAt, rest.count)))
        for (offset, element) in rest.enumerated() { self[index(startIndex, offsetBy: offset)] = element }
    }
}
