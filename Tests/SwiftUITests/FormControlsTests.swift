import Foundation
import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Quantity: View {
    let log: Log
    @State private var name = ""
    @State private var quantity = 9
    var body: some View {
        Form {
            TextField("Name", text: $name)
            Stepper("Quantity \(quantity)", value: $quantity, in: 1...10, step: 2) { editing in
                log("editing \(editing)")
            }
        }
        .onChange(of: quantity) { log("quantity \(quantity)") }
    }
}

private struct Styled: View {
    let log: Log
    let style: BuiltInButtonLook
    var body: some View {
        VStack {
            switch style {
            case .bordered: Button("Go") { log("go") }.buttonStyle(.bordered)
            case .borderedProminent: Button("Go") { log("go") }.buttonStyle(.borderedProminent).tint(.green)
            case .plain: Button("Go") { log("go") }.buttonStyle(.plain)
            case .borderless: Button("Go") { log("go") }.buttonStyle(.borderless)
            case .automatic: Button("Go", role: .destructive) { log("go") }
            }
        }
    }
}

private struct Pill: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(10)
            .background(configuration.isPressed ? Color.gray : Color.orange)
    }
}

private struct CustomStyled: View {
    let log: Log
    @State private var text = ""
    var body: some View {
        VStack {
            TextField("Code", text: $text)
            Button("Continue") { log("continue \(text)") }.buttonStyle(Pill())
        }
    }
}

private struct Underline: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.minX + 10, y: rect.maxY - 2))
            path.addLine(to: CGPoint(x: rect.maxX - 10, y: rect.maxY))
        }
    }
}

private struct ShapeScreen: View {
    var body: some View {
        Underline().fill(Color.red).frame(width: 100, height: 40)
    }
}

private enum Pane: Hashable { case notes, about }

private struct Tabs: View {
    let log: Log
    @State private var pane = Pane.notes
    @State private var note = ""
    @FocusState private var focused: Bool
    var body: some View {
        TabView(selection: $pane) {
            VStack {
                TextField("Note", text: $note).focused($focused)
                Button("Show about") { pane = .about }
            }
            .tabItem { Label("Notes", systemImage: "note") }
            .tag(Pane.notes)
            Text("About this app")
                .tabItem { Label("About", systemImage: "info") }
                .tag(Pane.about)
        }
        .onChange(of: focused) { log("focused \(focused)") }
    }
}

private struct UnboundTabs: View {
    var body: some View {
        TabView {
            Counter().tabItem { Text("Count") }
            Text("Second page").tabItem { Text("Other") }
        }
    }
}

private struct Counter: View {
    @State private var count = 0
    var body: some View {
        Button("Tapped \(count)") { count += 1 }
    }
}

private struct Due: View {
    let log: Log
    @State private var due = Date(timeIntervalSince1970: 0)
    var body: some View {
        Form {
            DatePicker("Due", selection: $due, in: Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 1000),
                       displayedComponents: .date)
        }
        .onChange(of: due) { log("due \(Int(due.timeIntervalSince1970))") }
    }
}

private struct Alerting: View {
    let log: Log
    let dialog: Bool
    @State private var asking = false
    var body: some View {
        Button("Ask") { asking = true }
            .alert("Delete?", isPresented: dialog ? .constant(false) : $asking) {
                Button("Delete", role: .destructive) { log("deleted") }
                Button("Keep", role: .cancel) { log("kept") }
            } message: {
                Text("This cannot be undone.")
            }
            .confirmationDialog("Share", isPresented: dialog ? $asking : .constant(false), titleVisibility: .visible) {
                Button("Copy link") { log("copied") }
            }
            .onChange(of: asking) { log("asking \(asking)") }
    }
}

private struct Item: Identifiable {
    let id: Int
}

private struct ItemSheet: View {
    let log: Log
    @State private var item: Item?
    var body: some View {
        Button("Open 7") { item = Item(id: 7) }
            .sheet(item: $item, onDismiss: { log("dismissed") }) { item in
                Text("Item \(item.id)")
            }
            .onChange(of: item?.id) { log("item \(String(describing: item?.id))") }
    }
}

private struct Sorting: View {
    let log: Log
    @State private var filter = ""
    var body: some View {
        HStack {
            TextField("Filter", text: $filter).multilineTextAlignment(.center)
            Menu("Sort") {
                Button("Name") { log("name") }
                Button("Date") { log("date") }
            }
        }
    }
}

private struct SymbolButtons: View {
    let log: Log
    var body: some View {
        VStack {
            Button("Add", systemImage: "plus") { log("add") }
            Button("Remove", systemImage: "trash", role: .destructive) { log("remove") }
            Menu("More", systemImage: "ellipsis") { Button("Archive") { log("archive") } }
        }
    }
}

private struct Searching: View {
    let log: Log
    let inStack: Bool
    @State private var query = ""
    var body: some View {
        if inStack {
            NavigationStack { list.navigationTitle("Fruit") }
        } else {
            list
        }
    }

    private var list: some View {
        List(["Apple", "Banana"], id: \.self) { Text($0) }
            .searchable(text: $query, prompt: "Find")
            .onSubmit(of: .search) { log("search \(query)") }
            .onSubmit(of: .text) { log("text \(query)") }
            .onChange(of: query) { log("query \(query)") }
    }
}

private struct Progress: View {
    var body: some View {
        ProgressView(value: 0.25).frame(width: 200)
    }
}

@Suite("SwiftUI form controls: Stepper, button styles, shapes, TabView, DatePicker, alerts, sheets, Menu")
struct FormControlsTests {
    @Test("Stepper: steps by its step, clamps to its bounds, disables the button at a bound, reports editing; S36: the field keeps focus")
    func stepper() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Quantity(log: log))
            app.show(host)
            app.tap(field: "Name")
            app.tap(button: "Increment")
            app.runUntilIdle()
            #expect(log.lines == ["editing true", "editing false", "quantity 10"])
            let increment = try #require(views(UIButton.self, in: host.view).first { $0.accessibilityLabel == "Increment" })
            #expect(!increment.isEnabled)
            app.tap(button: "Decrement")
            app.runUntilIdle()
            #expect(log.lines.last == "quantity 8")
            #expect(app.isKeyboardVisible)
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "Quantity 8" })
        }
    }

    @Test("buttonStyle: bordered looks fill with the tint (translucent, or solid with a white title); plain uses the label color; a destructive role is red; all still run their action",
          arguments: [BuiltInButtonLook.bordered, .borderedProminent, .plain, .borderless, .automatic])
    @MainActor func builtInStyles(look: BuiltInButtonLook) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Styled(log: log, style: look))
            app.show(host)
            let button = try #require(views(UIButton.self, in: host.view).first { $0.currentTitle == "Go" })
            switch look {
            case .bordered:
                #expect(button.backgroundColor == UIColor.systemBlue.withAlphaComponent(0.15))
                let text = Layout.textSize("Go", width: nil, font: Layout.bodyFont)
                #expect(button.bounds.size == CGSize(width: text.width + 24, height: text.height + 14))
            case .borderedProminent:
                #expect(button.backgroundColor == UIColor.systemGreen)
                #expect(button.titleColor(for: .normal) == .white)
            case .plain:
                #expect(button.backgroundColor == nil)
                #expect(button.titleColor(for: .normal) == .label)
            case .borderless:
                #expect(button.titleColor(for: .normal) == .systemBlue)
            case .automatic:
                #expect(button.titleColor(for: .normal) == .systemRed)
            }
            app.tap(button: "Go")
            #expect(log.lines == ["go"])
        }
    }

    @Test("a ButtonStyle's body draws the label (its background inside the button); the button runs its action and, S36, leaves the field focused")
    func customStyle() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: CustomStyled(log: log))
            app.show(host)
            app.tap(field: "Code")
            app.type("42")
            let button = try #require(views(UIButton.self, in: host.view).first { $0.accessibilityLabel == "Continue" })
            #expect(button.currentTitle == nil)
            #expect(views(UIView.self, in: button).contains { $0.backgroundColor == UIColor.systemOrange })
            #expect(views(UILabel.self, in: button).map(\.text) == ["Continue"])
            app.tap(button: "Continue")
            #expect(log.lines == ["continue 42"])
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("a Shape of one's own builds a Path in path(in:); the model draws the path's bounding box in the frame")
    func customShape() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ShapeScreen())
            app.show(host)
            let drawn = try #require(views(UIView.self, in: host.view).first { $0.backgroundColor == UIColor.systemRed })
            #expect(drawn.bounds.size == CGSize(width: 80, height: 2))
            var path = Path()
            path.addEllipse(in: CGRect(x: 5, y: 5, width: 10, height: 20))
            path.addLine(to: CGPoint(x: 40, y: 0))
            #expect(path.boundingRect == CGRect(x: 5, y: 0, width: 35, height: 25))
            #expect(Path().isEmpty)
        }
    }

    @Test("TabView(selection:): switching tabs in code takes the field out of the window, which ends its editing (uikit #117); the tab bar sits behind the keyboard")
    func tabSwitchEndsEditing() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Tabs(log: log))
            app.show(host)
            app.tap(field: "Note")
            app.type("hi")
            app.runUntilIdle()
            let aboutTab = try #require(views(UIButton.self, in: host.view).first { $0.accessibilityLabel == "About" })
            let keyboardTop = try #require(app.keyboardFrame).minY
            #expect(aboutTab.convert(aboutTab.bounds, to: nil).minY >= keyboardTop, "the keyboard covers the tab bar")
            app.tap(button: "Show about")
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
            #expect(log.lines == ["focused true", "focused false"])
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "About this app" })
            app.tap(button: "Notes")
            app.runUntilIdle()
            #expect(views(UITextField.self, in: host.view).first?.text == "hi")
        }
    }

    @Test("TabView without a selection: tapping a tab shows its content; a tab's state lives on while another is shown")
    func unboundTabs() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: UnboundTabs())
            app.show(host)
            app.tap(button: "Tapped 0")
            app.runUntilIdle()
            app.tap(button: "Other")
            app.runUntilIdle()
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "Second page" })
            app.tap(button: "Count")
            app.runUntilIdle()
            #expect(views(UIButton.self, in: host.view).contains { $0.currentTitle == "Tapped 1" })
        }
    }

    @Test("DatePicker: a compact UIDatePicker whose pick writes the binding, clamped to the range")
    func datePicker() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Due(log: log))
            app.show(host)
            let picker = try #require(views(UIDatePicker.self, in: host.view).first)
            #expect(picker.datePickerMode == .date)
            #expect(picker.preferredDatePickerStyle == .compact)
            app.pick(Date(timeIntervalSince1970: 500), in: picker)
            app.runUntilIdle()
            app.pick(Date(timeIntervalSince1970: 5000), in: picker)
            app.runUntilIdle()
            #expect(log.lines == ["due 500", "due 1000"])
        }
    }

    @Test("alert: presented while the binding is true, with the message and a button per Button; tapping one sets the binding to false and runs it")
    func alert() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Alerting(log: log, dialog: false))
            app.show(host)
            app.tap(button: "Ask")
            app.runUntilIdle()
            let alert = try #require(host.presentedViewController as? UIAlertController)
            #expect(alert.title == "Delete?")
            #expect(alert.message == "This cannot be undone.")
            #expect(alert.preferredStyle == .alert)
            #expect(alert.actions.map(\.title) == ["Delete", "Keep"])
            #expect(alert.actions.map(\.style) == [.destructive, .cancel])
            app.tap(alert.actions[0])
            app.runUntilIdle()
            #expect(log.lines == ["asking true", "deleted", "asking false"])
            #expect(host.presentedViewController == nil)
        }
    }

    @Test("confirmationDialog: an action sheet with the visible title and a Cancel button added when none has the cancel role")
    func confirmationDialog() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Alerting(log: log, dialog: true))
            app.show(host)
            app.tap(button: "Ask")
            app.runUntilIdle()
            let sheet = try #require(host.presentedViewController as? UIAlertController)
            #expect(sheet.preferredStyle == .actionSheet)
            #expect(sheet.title == "Share")
            #expect(sheet.actions.map(\.title) == ["Copy link", "Cancel"])
            app.tap(sheet.actions[1])
            app.runUntilIdle()
            #expect(log.lines == ["asking true", "asking false"])
        }
    }

    @Test("sheet(item:): presented for the item; dismissing it sets the item to nil and runs onDismiss")
    func sheetItem() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: ItemSheet(log: log))
            app.show(host)
            app.tap(button: "Open 7")
            app.runUntilIdle()
            let sheet = try #require(host.presentedViewController)
            #expect(views(UILabel.self, in: sheet.view).contains { $0.text == "Item 7" })
            app.swipeDownToDismiss(sheet)
            app.runUntilIdle()
            #expect(host.presentedViewController == nil)
            #expect(log.lines == ["item Optional(7)", "dismissed", "item nil"])
        }
    }

    @Test("Menu: its label opens the buttons below it; choosing one runs it and closes the list; S36: the field keeps focus; multilineTextAlignment centres the field's text")
    func menu() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Sorting(log: log))
            app.show(host)
            #expect(views(UITextField.self, in: host.view).first?.textAlignment == .center)
            app.tap(field: "Filter")
            #expect(!views(UIButton.self, in: host.view).contains { $0.currentTitle == "Date" })
            app.tap(button: "Sort")
            app.runUntilIdle()
            app.tap(button: "Date")
            app.runUntilIdle()
            #expect(log.lines == ["date"])
            #expect(!views(UIButton.self, in: host.view).contains { $0.currentTitle == "Date" })
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("Button(_:systemImage:action:), with a role, and Menu(_:systemImage:content:) show a Label and are found by their titles")
    func symbolButtons() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SymbolButtons(log: log)))
            app.tap(button: "Add")
            app.tap(button: "Remove")
            app.tap(button: "More")
            app.runUntilIdle()
            app.tap(button: "Archive")
            #expect(log.lines == ["add", "remove", "archive"])
        }
    }

    @Test("searchable: a field below the large title writes the binding per edit; its Search key runs onSubmit(of: .search), not .text, and ends editing; outside a NavigationStack no field shows")
    func searchable() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Searching(log: log, inStack: true))
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            #expect(field.placeholder == "Find")
            #expect(field.convert(field.bounds, to: nil).minY.rounded() == CGFloat(20 + 96 + 8))
            app.tap(field: "Find")
            #expect(field.returnKeyType == .search)
            app.type("ba")
            app.runUntilIdle()
            app.tapReturn()
            #expect(log.lines == ["query b", "query ba", "search ba"])
            #expect(!app.isKeyboardVisible)
            let bare = UIHostingController(rootView: Searching(log: log, inStack: false))
            app.show(bare)
            #expect(views(UITextField.self, in: bare.view).isEmpty)
        }
    }

    @Test("ProgressView(value:): the tinted part of the bar is value/total of its width")
    func progress() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Progress())
            app.show(host)
            let filled = try #require(views(UIView.self, in: host.view).first { $0.backgroundColor == UIColor.systemBlue })
            #expect(filled.bounds.size == CGSize(width: 50, height: 4))
        }
    }
}
