import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Settings: View {
    let log: Log
    @State private var notify = false
    var body: some View {
        Form {
            Toggle("Notifications", isOn: $notify)
        }
        .onChange(of: notify) { log("notify \(notify)") }
    }
}

private struct IconButton: View {
    let log: Log
    @State private var draft = ""
    var body: some View {
        HStack {
            TextField("Item", text: $draft)
            Button {
                log("add \(draft)")
            } label: {
                HStack {
                    Image(systemName: "plus.circle.fill")
                    Text("Add")
                }
                .foregroundStyle(.secondary)
            }
        }
        .padding()
        .background(Color(.secondarySystemBackground))
    }
}

private struct Rows: View {
    let log: Log
    let lazy: Bool
    var body: some View {
        ScrollView {
            if lazy {
                LazyVStack {
                    ForEach(0..<100, id: \.self) { index in
                        Text("Row \(index)")
                            .frame(height: 40)
                            .onAppear { log("appear \(index)") }
                            .onDisappear { log("disappear \(index)") }
                    }
                }
            } else {
                VStack {
                    ForEach(0..<100, id: \.self) { index in
                        Text("Row \(index)")
                            .frame(height: 40)
                            .onAppear { log("appear \(index)") }
                    }
                }
            }
        }
    }
}

private struct Positioned: View {
    let log: Log
    @State private var position: Int?
    var body: some View {
        VStack {
            Button("Jump") { position = 30 }
            ScrollView {
                VStack {
                    ForEach(0..<60, id: \.self) { Text("Item \($0)").frame(height: 40) }
                }
                .scrollTargetLayout()
            }
            .scrollPosition(id: $position)
        }
        .onChange(of: position) { log("position \(String(describing: position))") }
    }
}

private struct Measured: View {
    let log: Log
    @State private var text = ""
    var body: some View {
        GeometryReader { proxy in
            TextField("Field", text: $text)
                .onChange(of: proxy.size.height) { old, new in log(new < old ? "shrank" : "grew") }
        }
    }
}

private struct Editor: View {
    @Binding var saved: String
    @State private var draft = ""
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        NavigationStack {
            Form { TextField("Title", text: $draft) }
                .navigationTitle("New Item")
                .toolbar {
                    ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                    ToolbarItem(placement: .confirmationAction) { Button("Save") { saved = draft; dismiss() } }
                }
        }
    }
}

private struct SheetHost: View {
    let log: Log
    @State private var showing = false
    @State private var saved = ""
    var body: some View {
        Button("New") { showing = true }
            .sheet(isPresented: $showing) { Editor(saved: $saved) }
            .onChange(of: saved) { log("saved \(saved)") }
    }
}

private struct Runaway: View {
    let log: Log
    @State private var count = 0
    var body: some View {
        Button("Start") { count = 1 }
            .onChange(of: count) {
                log("count \(count)")
                count += 1
            }
    }
}

private struct FocusedNote: View {
    let log: Log
    @State private var text = ""
    @FocusState private var focused: Bool
    var body: some View {
        TextField("Note", text: $text)
            .focused($focused)
            .onChange(of: focused) { log("focused \(focused)") }
    }
}

private struct BottomField: View {
    @State private var text = ""
    var body: some View {
        VStack {
            Spacer()
            TextField("Message", text: $text)
        }
    }
}

@Suite("SwiftUI controls, lazy rows, scroll position and geometry")
struct ControlsAndLazyTests {
    @Test("Toggle: a UISwitch at the row's trailing edge; the user's tap flips it and writes the binding")
    func toggle() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Settings(log: log))
            app.show(host)
            let control = try #require(views(UISwitch.self, in: host.view).first)
            #expect(control.bounds.size == CGSize(width: 51, height: 31))
            #expect(!control.isOn)
            app.tap(control)
            app.runUntilIdle()
            #expect(control.isOn)
            #expect(log.lines == ["notify true"])
        }
    }

    @Test("S36, S59: a button whose label is an icon and a text is found by the text; tapping it keeps the field focused")
    func iconButton() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: IconButton(log: log)))
            app.tap(field: "Item")
            app.type("milk")
            app.tap(button: "Add")
            #expect(log.lines == ["add milk"])
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("S77: LazyVStack rows appear as they come on screen and disappear as they leave; a VStack's all appear at once")
    func lazyRows() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Rows(log: log, lazy: true))
            app.show(host)
            app.runUntilIdle()
            #expect(log.lines.contains("appear 0"))
            #expect(!log.lines.contains("appear 50"))
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first)
            log.lines.removeAll()
            scrollView.contentOffset = CGPoint(x: 0, y: 48 * 50)
            app.runUntilIdle()
            #expect(log.lines.contains("appear 50"))
            #expect(log.lines.contains("disappear 0"))

            let eagerLog = Log()
            app.show(UIHostingController(rootView: Rows(log: eagerLog, lazy: false)))
            app.runUntilIdle()
            #expect(eagerLog.lines.contains("appear 99"))
        }
    }

    @Test("S77 switch: lazyRowsAppearWhileOnScreen = false makes every row appear at once")
    func lazyRowsSwitch() {
        SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.lazyRowsAppearWhileOnScreen = false
            let app = Simulator(device: .iPhone4, profile: profile)
            let log = Log()
            app.show(UIHostingController(rootView: Rows(log: log, lazy: true)))
            app.runUntilIdle()
            #expect(log.lines.contains("appear 99"))
        }
    }

    @Test("S53: setting the scrollPosition binding scrolls to that row; scrolling by hand writes the top-most row's id")
    func scrollPosition() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Positioned(log: log))
            app.show(host)
            app.tap(button: "Jump")
            app.runUntilIdle()
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first)
            let label = try #require(views(UILabel.self, in: scrollView).first { $0.text == "Item 30" })
            #expect(abs(label.convert(label.bounds, to: scrollView).minY - scrollView.contentOffset.y) < 20)
            #expect(log.lines == ["position Optional(30)"])
            app.drag(scrollView, by: -200)
            app.runUntilIdle()
            #expect(log.lines.count == 2)
            #expect(log.lines.last != "position Optional(30)")
        }
    }

    @Test("S40: a GeometryReader's height shrinks while the keyboard is up and grows back after")
    func geometryReader() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Measured(log: log)))
            app.runUntilIdle()
            #expect(log.lines.isEmpty)
            app.tap(field: "Field")
            app.runUntilIdle()
            app.type("\n")
            app.runUntilIdle()
            #expect(log.lines == ["shrank", "grew"])
        }
    }

    @Test("Toolbar items of a sheet's NavigationStack sit in its bar; Save writes and dismisses")
    func barItems() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SheetHost(log: log)))
            app.tap(button: "New")
            app.runUntilIdle()
            app.tap(field: "Title")
            app.type("Milk")
            app.tap(button: "Save")
            app.runUntilIdle()
            #expect(log.lines == ["saved Milk"])
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("S16: an onChange action that keeps changing its value is cut off after onChangeRoundsPerFrame updates")
    func runawayOnChange() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Runaway(log: log)))
            app.tap(button: "Start")
            app.runUntilIdle()
            #expect(log.lines.count == BehaviorProfile.current.swiftUI.onChangeRoundsPerFrame)
        }
    }

    @Test("S42: the hosting view follows keyboardWillShow/Hide; removing it as an observer turns avoidance off")
    func avoidanceFromNotifications() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: BottomField())
            app.show(host)
            NotificationCenter.default.removeObserver(host.view as Any)
            let field = try #require(views(UITextField.self, in: host.view).first)
            let before = field.convert(field.bounds, to: nil)
            app.tap(field: "Message")
            app.runUntilIdle()
            #expect(field.convert(field.bounds, to: nil) == before)
        }
    }

    @Test("show: a new screen ends the old screen's editing, so its focus state goes blank and the keyboard hides")
    func showReplacesFirstResponder() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: FocusedNote(log: log)))
            app.tap(field: "Note")
            app.show(UIHostingController(rootView: Text("Second")))
            app.runUntilIdle()
            #expect(log.lines == ["focused true", "focused false"])
            #expect(!app.isKeyboardVisible)
        }
    }
}

private struct ResettingQuery: View {
    let log: Log
    @State private var query = ""
    @FocusState private var focused: Bool
    var body: some View {
        VStack {
            TextField("Query", text: $query)
                .focused($focused)
                .id(query)
        }
        .onChange(of: focused) { log("focused \(focused)") }
    }
}

private struct OptionalWeight: View {
    let log: Log
    @State private var weight: Double? = 70
    var body: some View {
        Form {
            TextField("Weight", value: $weight, format: .number)
        }
        .onChange(of: weight) { log("weight \(String(describing: weight))") }
    }
}

@Suite("SwiftUI probes of swiftui-behaviour.md")
struct BehaviourProbeTests {
    @Test("S27: when the focused field's identity changes, onChange sees its focus state go false")
    func identityChangeBlanksFocus() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: ResettingQuery(log: log)))
            app.tap(field: "Query")
            app.type("a")
            app.runUntilIdle()
            #expect(log.lines == ["focused true", "focused false"])
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("S12, S73: onChange of an optional value does not fire when the view appears; unparsable text sets it to nil")
    func optionalOnChange() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: OptionalWeight(log: log)))
            app.runUntilIdle()
            #expect(log.lines.isEmpty)
            app.tap(field: "Weight")
            app.deleteBackward()
            app.deleteBackward()
            app.type("zz\n")
            app.runUntilIdle()
            #expect(log.lines == ["weight nil"])
        }
    }
}
