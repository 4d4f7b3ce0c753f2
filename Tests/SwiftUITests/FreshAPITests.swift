import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct StoredName: View {
    @AppStorage("ph-test-name") private var name = ""
    var body: some View {
        TextField("Name", text: $name)
    }
}

private struct StoredNameScreen: View {
    var body: some View {
        VStack {
            StoredName()
            StoredEcho()
        }
    }
}

private struct StoredEcho: View {
    @AppStorage("ph-test-name") private var name = ""
    var body: some View { Text("echo \(name)") }
}

private struct EditModeScreen: View {
    @State private var mode = EditMode.inactive
    var body: some View {
        VStack {
            EditButton()
            Text(mode.isEditing ? "editing" : "browsing")
        }
        .environment(\.editMode, $mode)
    }
}

private struct StyledTexts: View {
    var body: some View {
        VStack {
            Text("title").font(.title).bold()
            (Text("a").bold() + Text("b")).font(.caption)
            Text("plain").foregroundStyle(.red)
        }
        .font(.footnote)
    }
}

private struct MixedSizes: View {
    var body: some View { Text("big").font(.title) + Text("small") }
}

private struct Overlaid: View {
    let passes: Bool
    @State private var text = ""
    var body: some View {
        ZStack {
            TextField("Behind", text: $text)
            Button("Cover") {}.allowsHitTesting(!passes)
        }
    }
}

private struct ClearForm: View {
    let hidden: Bool
    @State private var text = ""
    var body: some View {
        Form { TextField("F", text: $text) }
            .scrollContentBackground(hidden ? .hidden : .automatic)
    }
}

private func texts(_ host: UIViewController) -> [UILabel] { views(UILabel.self, in: host.view) }

@Suite("SwiftUI API seen in fresh code: AppStorage, edit mode, Text styling, hit testing, content backgrounds")
struct FreshAPITests {
    @Test("@AppStorage starts from the stored value, writes every edit to UserDefaults and updates views of the same key")
    func appStorage() throws {
        try SimulationLock.run {
            UserDefaults.standard.set("Ann", forKey: "ph-test-name")
            defer { UserDefaults.standard.removeObject(forKey: "ph-test-name") }
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StoredNameScreen())
            app.show(host)
            #expect(texts(host).map(\.text).contains("echo Ann"))
            app.tap(field: "Name")
            app.type("e")
            app.runUntilIdle()
            #expect(UserDefaults.standard.string(forKey: "ph-test-name") == "Anne")
            #expect(texts(host).map(\.text).contains("echo Anne"))
        }
    }

    @Test("EditButton toggles the edit mode binding the environment gives, titled Edit, then Done")
    func editButton() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: EditModeScreen())
            app.show(host)
            app.tap(button: "Edit")
            app.runUntilIdle()
            #expect(texts(host).map(\.text).contains("editing"))
            app.tap(button: "Done")
            app.runUntilIdle()
            #expect(texts(host).map(\.text).contains("browsing"))
        }
    }

    @Test("remove(atOffsets:) and move(fromOffsets:toOffset:) change a collection as SwiftUI's extensions do", arguments: [
        ([1], 0, ["b", "a", "c", "d"]), ([0], 4, ["b", "c", "d", "a"]), ([0, 2], 4, ["b", "d", "a", "c"]), ([3], 1, ["a", "d", "b", "c"]),
    ])
    func moveAndRemove(source: [Int], destination: Int, expected: [String]) {
        var letters = ["a", "b", "c", "d"]
        letters.move(fromOffsets: IndexSet(source), toOffset: destination)
        #expect(letters == expected)
        letters.remove(atOffsets: IndexSet([0, 3]))
        #expect(letters == Array(expected[1...2]))
    }

    @Test("Text's own font and weight win over the environment's; a joined text takes its first run's, under the outer font")
    func textStyling() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StyledTexts())
            app.show(host)
            let labels = Dictionary(texts(host).map { ($0.text ?? "", $0) }, uniquingKeysWith: { a, _ in a })
            #expect(labels["title"]?.font.pointSize == 28)
            #expect(labels["title"]?.font.weight == .bold)
            #expect(labels["ab"]?.font.pointSize == 12)
            #expect(labels["ab"]?.font.weight == .bold)
            #expect(labels["plain"]?.font.pointSize == 13)
            #expect(Font.system(.title, design: .monospaced) == Font.title)
        }
    }

    @Test("allowsHitTesting(false) lets a tap through a button on top to the field behind it", arguments: [true, false])
    func hitTesting(passes: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Overlaid(passes: passes))
            app.show(host)
            let cover = try #require(views(UIButton.self, in: host.view).first)
            let point = cover.convert(CGPoint(x: cover.bounds.midX, y: cover.bounds.midY), to: host.view)
            #expect((host.view.hitTest(point, with: nil) is UITextField) == passes)
        }
    }

    @Test("scrollContentBackground(.hidden) clears a form's background", arguments: [true, false])
    func contentBackground(hidden: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ClearForm(hidden: hidden))
            app.show(host)
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first)
            #expect((scrollView.backgroundColor == .clear) == hidden)
        }
    }
}
