import Foundation
import UIKitModel

// MARK: Edit mode, deleting and moving rows

/// A mode that says whether the user can edit a view's content, as SwiftUI's `EditMode`.
public enum EditMode: Hashable, Sendable {
    case inactive, transient, active

    /// Whether the mode is anything but `inactive`.
    public var isEditing: Bool { self != .inactive }
}

extension EnvironmentValues {
    /// The edit mode binding that `.environment(\.editMode, $mode)` puts in the environment; `nil` otherwise (the
    /// model's lists and navigation stacks keep no edit mode of their own).
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

/// A `ForEach` with delete or move actions: the model has no swipe or reordering gesture, so they are kept, never run.
public struct _EditableContent<Base: DynamicViewContent>: DynamicViewContent, PrimitiveView {
    public typealias Body = Never
    let base: Base
    let onDelete: ((IndexSet) -> Void)?
    let onMove: ((IndexSet, Int) -> Void)?

    public var data: Base.Data { base.data }

    func resolve(in context: ResolveContext) -> Element { resolveView(base, in: context) }
}

extension DynamicViewContent {
    /// Sets the action for deleting rows (swiping a row, or its delete button in edit mode), which the model's driver
    /// cannot do: the action is kept and never run.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self, onDelete: action, onMove: nil)
    }

    /// Sets the action for moving rows (dragging a row's handle in edit mode), which the model's driver cannot do: the
    /// action is kept and never run.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent {
        _EditableContent(base: self, onDelete: nil, onMove: action)
    }
}

/// A button that switches the environment's edit mode, titled "Edit" or "Done", as SwiftUI's `EditButton`.
///
/// It reads the binding `.environment(\.editMode, $mode)` gives; tapping it without one stops the program, saying so,
/// because the model's lists keep no edit mode of their own.
public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    public init() {}

    public var body: some View {
        let mode = editMode
        Button(mode?.wrappedValue.isEditing == true ? "Done" : "Edit") {
            guard let mode else {
                fatalError("tutorbuild: EditButton without .environment(\\.editMode, $mode) around it: the model's List keeps no edit mode of its own")
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
