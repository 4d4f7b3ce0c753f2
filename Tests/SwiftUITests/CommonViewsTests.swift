import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Composer: View {
    @State private var text = ""
    @State private var sent = 0
    var body: some View {
        VStack {
            TextField("Message", text: $text)
                .padding(8)
                .background(RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1))
            Button { sent += 1 } label: { Label("Send", systemImage: "paperplane") }
            Text("sent \(sent)").foregroundColor(.red)
            Color.blue.frame(width: 100, height: 40).clipShape(Capsule())
        }
    }
}

private enum Priority: String, CaseIterable, Identifiable {
    case low, normal, high
    var id: Self { self }
}

private struct PickerForm: View {
    let style: PickerStyleKind
    @State private var priority = Priority.normal
    @State private var title = ""
    var body: some View {
        VStack {
            TextField("Title", text: $title)
            picker
            Text("priority \(priority.rawValue)")
        }
    }

    @ViewBuilder var picker: some View {
        let picker = Picker("Priority", selection: $priority) {
            ForEach(Priority.allCases) { Text($0.rawValue.capitalized).tag($0) }
        }
        switch style {
        case .segmented: picker.pickerStyle(.segmented)
        case .menu: picker.pickerStyle(.menu)
        case .inline: picker.pickerStyle(.inline)
        }
    }
}

private struct Contact: Hashable {
    let name: String
}

private struct ContactsScreen: View {
    @State private var search = ""
    @FocusState private var searching: Bool
    var body: some View {
        NavigationStack {
            VStack {
                TextField("Search", text: $search).focused($searching)
                NavigationLink("Mika", value: Contact(name: "Mika"))
                NavigationLink("Settings") { Text("Settings screen").navigationTitle("Settings") }
                Text(searching ? "searching" : "idle")
            }
            .navigationTitle("Contacts")
            .navigationDestination(for: Contact.self) { contact in
                ContactDetail(contact: contact)
            }
        }
    }
}

private struct ContactDetail: View {
    let contact: Contact
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("Detail \(contact.name)")
            Button("Close") { dismiss() }
        }
        .navigationTitle(contact.name)
    }
}

private struct PathScreen: View {
    @State private var path: [Int] = []
    @State private var showsHelp = false
    var body: some View {
        NavigationStack(path: $path) {
            VStack {
                Button("Open 3") { path.append(3) }
                Button("Help") { showsHelp = true }
            }
            .navigationDestination(for: Int.self) { Text("Number \($0)") }
            .navigationDestination(isPresented: $showsHelp) { Text("Help screen") }
        }
    }
}

private struct FieldNameKey: FocusedValueKey {
    typealias Value = String
}

extension FocusedValues {
    fileprivate var fieldName: String? {
        get { self[FieldNameKey.self] }
        set { self[FieldNameKey.self] = newValue }
    }
}

private struct FocusedReader: View {
    @FocusedValue(\.fieldName) private var fieldName
    var body: some View { Text("focused \(fieldName ?? "none")") }
}

private struct FocusedValueForm: View {
    @State private var first = ""
    @State private var second = ""
    var body: some View {
        VStack {
            FocusedReader()
            VStack {
                TextField("First", text: $first).focusedValue(\.fieldName, "inner")
                TextField("Second", text: $second)
            }
            .focusedValue(\.fieldName, "outer")
        }
    }
}

private struct PositionedList: View {
    @State private var position = ScrollPosition(idType: Int.self)
    var body: some View {
        VStack {
            HStack {
                Button("Bottom") { position.scrollTo(edge: .bottom) }
                Button("Row 20") { position.scrollTo(id: 20, anchor: .top) }
            }
            ScrollView {
                VStack {
                    ForEach(0..<40) { Text("Row \($0)").frame(height: 40) }
                }
                .scrollTargetLayout()
            }
            .scrollPosition($position)
            Text("top \(position.viewID(type: Int.self).map(String.init) ?? "-")")
        }
    }
}

private struct LongFields: View {
    @State private var values = Array(repeating: "", count: 14)
    var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                ForEach(0..<14) { TextField("Item \($0)", text: $values[$0]) }
            }
        }
    }
}

/// What the screen shows in words: labels' texts and buttons' titles.
private func labels(_ host: UIViewController) -> [String] {
    views(UILabel.self, in: host.view).compactMap(\.text) + views(UIButton.self, in: host.view).compactMap(\.currentTitle)
}

@Suite("SwiftUI views common on text screens: Label, Picker, NavigationLink, shapes, FocusedValue, ScrollPosition")
struct CommonViewsTests {
    @Test("Label in a Button is found by its title; foregroundColor colors text; shapes stroke and clipShape round")
    func labelShapesAndColors() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Composer())
            app.show(host)
            #expect(!views(UIImageView.self, in: host.view).isEmpty)
            app.tap(button: "Send")
            let sent = try #require(views(UILabel.self, in: host.view).first { $0.text == "sent 1" })
            #expect(sent.textColor == .systemRed)
            let border = try #require(views(UIView.self, in: host.view).first { $0.layer.borderWidth == 1 })
            #expect(border.layer.cornerRadius == 8)
            let capsule = try #require(views(UIView.self, in: host.view).first { $0.backgroundColor == .systemBlue })
            #expect(capsule.layer.cornerRadius == 20)
        }
    }

    @Test("S36: a segmented picker's segments write the selection and leave the field focused", arguments: [PickerStyleKind.segmented, .inline])
    func segmentedPicker(style: PickerStyleKind) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: PickerForm(style: style))
            app.show(host)
            app.tap(field: "Title")
            app.tap(button: "High")
            #expect(labels(host).contains("priority high"))
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("A menu picker shows the chosen option; tapping it lists the options, tapping one chooses it and closes the menu")
    func menuPicker() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: PickerForm(style: .menu))
            app.show(host)
            #expect(!labels(host).contains("Low"))
            app.tap(button: "Normal")
            #expect(labels(host).contains("Low"))
            app.tap(button: "Low")
            #expect(labels(host).contains("priority low"))
            #expect(!labels(host).contains("High"))
        }
    }

    @Test("A value link pushes its navigationDestination, ending the editing on the screen it covers; back and dismiss() pop, state kept")
    func valueLinkPushes() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ContactsScreen())
            app.show(host)
            app.tap(field: "Search")
            app.type("Mi")
            #expect(labels(host).contains("searching"))
            app.tap(button: "Mika")
            #expect(labels(host).contains("Detail Mika"))
            #expect(!app.isKeyboardVisible)
            app.tap(button: "Contacts")
            #expect(labels(host).contains("idle"))
            let field = try #require(views(UITextField.self, in: host.view).first)
            #expect(field.text == "Mi")
            app.tap(button: "Mika")
            app.tap(button: "Close")
            #expect(labels(host).contains("Contacts"))
            app.tap(button: "Settings")
            #expect(labels(host).contains("Settings screen"))
        }
    }

    @Test("A bound path pushes the values appended in code; navigationDestination(isPresented:) pushes while true and back sets it false")
    func pathAndPresented() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: PathScreen())
            app.show(host)
            app.tap(button: "Open 3")
            #expect(labels(host).contains("Number 3"))
            app.tap(button: "Back")
            #expect(!labels(host).contains("Number 3"))
            app.tap(button: "Help")
            #expect(labels(host).contains("Help screen"))
            app.tap(button: "Back")
            #expect(!labels(host).contains("Help screen"))
            app.tap(button: "Help")
            #expect(labels(host).contains("Help screen"))
        }
    }

    @Test("S37: @FocusedValue reads the value published closest to the focused view, nil when nothing has focus")
    func focusedValue() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: FocusedValueForm())
            app.show(host)
            #expect(labels(host).contains("focused none"))
            app.tap(field: "First")
            #expect(labels(host).contains("focused inner"))
            app.tap(field: "Second")
            #expect(labels(host).contains("focused outer"))
            _ = app.firstResponder?.resignFirstResponder()
            app.runUntilIdle()
            #expect(labels(host).contains("focused none"))
        }
    }

    @Test("S53: ScrollPosition scrolls to an edge or an id set in code, and the user's scrolling writes the top-most id")
    func scrollPosition() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: PositionedList())
            app.show(host)
            let scroll = try #require(views(UIScrollView.self, in: host.view).first)
            app.tap(button: "Bottom")
            #expect(scroll.contentOffset.y > 0)
            #expect(abs(scroll.contentOffset.y - (scroll.contentSize.height + scroll.adjustedContentInset.bottom - scroll.bounds.height)) < 1)
            app.tap(button: "Row 20")
            let row = try #require(views(UILabel.self, in: host.view).first { $0.text == "Row 20" })
            // The identified view is the 40-point frame; its text sits centred in it.
            let rowTop = row.convert(row.bounds, to: scroll).minY - (40 - row.bounds.height) / 2
            #expect(abs(rowTop - scroll.contentOffset.y) < 1)
            app.drag(scroll, by: 100)
            app.runUntilIdle()
            #expect(labels(host).contains { $0.hasPrefix("top ") && $0 != "top -" && $0 != "top 20" })
        }
    }

    @Test("tap(field:) taps the visible part of a field and stops the program for a field scrolled out of view")
    func tapFieldOutOfView() async throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: LongFields()))
            app.tap(field: "Item 0")
            #expect(app.isKeyboardVisible)
        }
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                let app = Simulator(device: .iPhone4)
                app.show(UIHostingController(rootView: LongFields()))
                app.tap(field: "Item 13")
            }
        }
    }
}
