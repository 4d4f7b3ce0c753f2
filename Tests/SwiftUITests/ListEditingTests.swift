import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// Records what the row actions received; a class, so the view's copies share it.
private final class RowLog: @unchecked Sendable { var lines: [String] = [] }

/// Apple's EditButton example: a ForEach with onDelete and onMove in a NavigationStack.
private struct Fruits: View {
    let log: RowLog
    @State private var fruits = ["Apple", "Banana", "Papaya", "Mango"]
    var body: some View {
        NavigationStack {
            List {
                ForEach(fruits, id: \.self) { Text($0) }
                    .onDelete { offsets in
                        log.lines.append("delete \(Array(offsets))")
                        fruits.remove(atOffsets: offsets)
                    }
                    .onMove { source, destination in
                        log.lines.append("move \(Array(source)) \(destination)")
                        fruits.move(fromOffsets: source, toOffset: destination)
                    }
            }
            .toolbar { EditButton() }
            .onChange(of: fruits) { _, now in log.lines.append(now.joined(separator: ",")) }
        }
    }
}

/// A row with swipe actions of its own on both edges, in a ForEach that also has onDelete.
private struct Mail: View {
    let log: RowLog
    let fullSwipe: Bool
    @State private var items = ["Invoice", "Newsletter"]
    var body: some View {
        List {
            ForEach(items, id: \.self) { item in
                Text(item)
                    .swipeActions(edge: .trailing, allowsFullSwipe: fullSwipe) {
                        Button("Archive") { log.lines.append("archive \(item)") }
                        Button(role: .destructive) { log.lines.append("trash \(item)") } label: {
                            Label("Trash", systemImage: "trash")
                        }
                    }
                    .swipeActions(edge: .leading) {
                        Button("Pin") { log.lines.append("pin \(item)") }
                    }
            }
            .onDelete { _ in log.lines.append("onDelete") }
        }
    }
}

/// iOS 16's editActions on a bound collection.
private struct Guests: View {
    let log: RowLog
    @State private var names = ["Ana", "Ben", "Chloe"]
    var body: some View {
        List($names, id: \.self, editActions: .all) { $name in Text(name) }
            .onChange(of: names) { _, now in log.lines.append(now.joined(separator: ",")) }
    }
}

/// A plain list (no onDelete): a swipe has nothing to reveal.
private struct PlainRows: View {
    var body: some View {
        List { ForEach(["One", "Two"], id: \.self) { Text($0) } }
    }
}

/// Reads the edit mode the NavigationStack keeps.
private struct EditModeReader: View {
    @Environment(\.editMode) private var editMode
    var body: some View { Text(editMode?.wrappedValue.isEditing == true ? "editing" : "browsing") }
}

private struct StackEditMode: View {
    var body: some View {
        NavigationStack {
            EditModeReader().toolbar { EditButton() }
        }
    }
}

private func texts(in host: UIViewController) -> [String] { views(UILabel.self, in: host.view).compactMap(\.text) }

@Suite("Deleting and moving list rows: onDelete, onMove, swipeActions, editActions")
struct ListEditingTests {
    // Apple onDelete(perform:) ("deleting rows … swiping"), remove(atOffsets:): a full swipe from the trailing edge runs
    // the ForEach's onDelete with the row's offset.
    @Test("A full swipe on a row runs onDelete with its offset; the row goes", arguments: ["Apple", "Papaya", "Mango"])
    func swipeDeletes(row: String) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = RowLog()
            let host = UIHostingController(rootView: Fruits(log: log))
            app.show(host)
            app.swipe(row: row)
            app.runUntilIdle()
            let offset = ["Apple", "Banana", "Papaya", "Mango"].firstIndex(of: row)!
            #expect(log.lines.first == "delete [\(offset)]")
            #expect(!texts(in: host).contains(row))
            #expect(texts(in: host).contains("Banana"))
        }
    }

    // Apple onMove(perform:): the destination offset is where the row goes before the move, past the target when
    // moving down (as move(fromOffsets:toOffset:) takes it).
    @Test("Dragging a row onto another runs onMove with SwiftUI's offsets", arguments: [
        ("Apple", "Papaya", "move [0] 3", "Banana,Papaya,Apple,Mango"),
        ("Mango", "Banana", "move [3] 1", "Apple,Mango,Banana,Papaya"),
    ])
    func moveRow(row: String, target: String, call: String, order: String) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = RowLog()
            app.show(UIHostingController(rootView: Fruits(log: log)))
            app.moveRow(row, to: target)
            app.runUntilIdle()
            #expect(log.lines == [call, order])
        }
    }

    // Apple EditButton ("toggles the edit mode"): inside a NavigationStack it needs no .environment(\.editMode).
    @Test("EditButton in a NavigationStack's toolbar switches the stack's edit mode")
    func stackEditMode() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StackEditMode())
            app.show(host)
            #expect(texts(in: host).contains("browsing"))
            app.tap(button: "Edit")
            app.runUntilIdle()
            #expect(texts(in: host).contains("editing"))
            app.tap(button: "Done")
            app.runUntilIdle()
            #expect(texts(in: host).contains("browsing"))
        }
    }

    // Apple swipeActions(edge:allowsFullSwipe:content:): a full swipe runs the first action; "When you set a swipe
    // action on a row, SwiftUI no longer synthesizes the Delete action".
    @Test("swipeActions: a full swipe runs the first button, tapping runs the named one, and onDelete's Delete is gone")
    func swipeActions() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = RowLog()
            app.show(UIHostingController(rootView: Mail(log: log, fullSwipe: true)))
            app.swipe(row: "Invoice")
            app.swipe(row: "Newsletter", andTap: "Trash")
            app.swipe(row: "Invoice", from: .leading)
            app.runUntilIdle()
            #expect(log.lines == ["archive Invoice", "trash Newsletter", "pin Invoice"])
        }
    }

    // Apple swipeActions(edge:allowsFullSwipe:content:): with allowsFullSwipe false a full swipe only reveals them.
    @Test("With allowsFullSwipe: false a full swipe stops the program, saying to tap an action")
    func noFullSwipe() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                let app = Simulator(device: .iPhone4)
                app.show(UIHostingController(rootView: Mail(log: RowLog(), fullSwipe: false)))
                app.swipe(row: "Invoice")
            }
        }
    }

    // Apple onDelete(perform:): without it (or swipe actions) a row cannot be swiped away.
    @Test("A swipe on a row without actions stops the program")
    func nothingToSwipe() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                let app = Simulator(device: .iPhone4)
                app.show(UIHostingController(rootView: PlainRows()))
                app.swipe(row: "One")
            }
        }
    }

    // Apple EditActions, List(_:id:editActions:rowContent:) (iOS 16): the list deletes and moves the bound elements.
    @Test("editActions: .all removes a swiped element from the binding and moves a dragged one")
    func editActions() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = RowLog()
            app.show(UIHostingController(rootView: Guests(log: log)))
            app.swipe(row: "Ben")
            app.runUntilIdle()
            app.moveRow("Ana", to: "Chloe")
            app.runUntilIdle()
            #expect(log.lines == ["Ana,Chloe", "Chloe,Ana"])
        }
    }
}
