import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct RenameSheet: View {
    @Binding var name: String
    @Environment(\.dismiss) private var dismiss
    @State private var draft = ""

    var body: some View {
        VStack {
            TextField("New name", text: $draft)
            Button("Save") {
                name = draft
                dismiss()
            }
        }
    }
}

private struct Account: View {
    let log: Log
    @State private var name = "Kim"
    @State private var renaming = false
    var body: some View {
        VStack {
            Text(name)
            Button("Rename") { renaming = true }
        }
        .sheet(isPresented: $renaming) {
            RenameSheet(name: $name)
        }
        .onChange(of: renaming) { _, new in log("renaming \(new)") }
        .onChange(of: name) { _, new in log("name \(new)") }
    }
}

@Suite("SwiftUI sheets")
struct SheetTests {
    @Test("sheet(isPresented:) presents a hosting controller; the sheet's field takes the keyboard; dismiss() closes it and resets the binding")
    func sheetRoundTrip() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Account(log: log))
            app.show(host)
            app.tap(button: "Rename")
            #expect(host.presentedViewController != nil)
            app.tap(field: "New name")
            #expect(app.isKeyboardVisible)
            app.type("Lee")
            app.tap(button: "Save")
            app.runUntilIdle()
            #expect(host.presentedViewController == nil)
            #expect(!app.isKeyboardVisible)
            #expect(log.lines == ["renaming true", "name Lee", "renaming false"])
        }
    }
}

private struct Appearing: View {
    let log: Log
    var body: some View {
        Text("Hello").onAppear { log("appeared") }
    }
}

@Suite("SwiftUI hosting off screen")
struct OffScreenTests {
    @Test("S76: a hosting controller that is not on screen renders nothing, even after its root view changes; onAppear runs when it is shown")
    func noAppearOffScreen() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Appearing(log: log))
            host.rootView = Appearing(log: log)
            app.runUntilIdle()
            #expect(log.lines.isEmpty)
            app.show(host)
            #expect(log.lines == ["appeared"])
        }
    }
}

private struct TitledForm: View {
    @State private var name = ""
    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
            }
            .navigationTitle("Profile")
        }
    }
}

@Suite("SwiftUI navigation stacks")
struct NavigationTests {
    @Test("A NavigationStack shows its root's navigationTitle in a bar (large on the root) and lays the root out below it")
    func titleAndLayout() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: TitledForm())
            app.show(host)
            let title = try #require(views(UILabel.self, in: host.view).first { $0.text == "Profile" })
            #expect(title.font.pointSize == 34)
            let field = try #require(views(UITextField.self, in: host.view).first)
            #expect(field.convert(field.bounds, to: nil).minY > 20 + 96)
            app.tap(field: "Name")
            #expect(app.isKeyboardVisible)
        }
    }
}
