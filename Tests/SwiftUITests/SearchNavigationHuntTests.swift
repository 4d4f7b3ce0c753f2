import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// Records what the views saw; a class, so the view's copies share it.
private final class HuntSeen: @unchecked Sendable { var lines: [String] = [] }

private func labels(_ host: UIViewController) -> [String] {
    views(UILabel.self, in: host.view).compactMap(\.text) + views(UIButton.self, in: host.view).compactMap(\.currentTitle)
}

private func searchField(_ host: UIViewController) -> UITextField? {
    views(UITextField.self, in: host.view).first
}

/// Apple's searchSuggestions example: emoji suggestions with completions, and one suggestion without.
private struct SuggestingSearch: View {
    @State private var text = ""
    var body: some View {
        NavigationStack {
            Text("Results for \(text)")
                .navigationTitle("Produce")
                .searchable(text: $text)
                .searchSuggestions {
                    Text("🍎").searchCompletion("apple")
                    Text("🍐").searchCompletion("pear")
                    Text("No completion")
                }
        }
    }
}

private enum Scope: Hashable { case fruit, vegetable }

private struct ScopedSearch: View {
    let activation: SearchScopeActivation
    let seen: HuntSeen
    @State private var text = ""
    @State private var scope = Scope.fruit
    var body: some View {
        NavigationStack {
            Text("Scope \(scope == .fruit ? "fruit" : "vegetable")")
                .navigationTitle("Produce")
                .searchable(text: $text)
                .searchScopes($scope, activation: activation) {
                    Text("Fruit").tag(Scope.fruit)
                    Text("Vegetable").tag(Scope.vegetable)
                }
                .onChange(of: scope) { _, now in seen.lines.append("scope \(now)") }
        }
    }
}

private struct Fruit: Identifiable, Equatable {
    let id: String
}

private struct TokenSearch: View {
    let seen: HuntSeen
    @State private var text = ""
    @State private var tokens: [Fruit] = [Fruit(id: "kiwi")]
    @State private var suggested: [Fruit] = [Fruit(id: "fig"), Fruit(id: "lime")]
    var body: some View {
        NavigationStack {
            Text("Content")
                .navigationTitle("Fruit")
                .searchable(text: $text, tokens: $tokens, suggestedTokens: $suggested, prompt: "Fruit") { token in
                    Text("#" + token.id)
                }
                .onChange(of: tokens) { _, now in seen.lines.append(now.map(\.id).joined(separator: ",")) }
        }
    }
}

private struct PresentedSearch: View {
    let seen: HuntSeen
    @State private var text = ""
    @State private var presented = false
    var body: some View {
        NavigationStack {
            VStack {
                Button("Present") { presented = true }
                Button("Hide") { presented = false }
            }
            .navigationTitle("Books")
            .searchable(text: $text, isPresented: $presented)
            .onChange(of: presented) { _, now in seen.lines.append("presented \(now)") }
        }
    }
}

private struct FocusedSearch: View {
    let seen: HuntSeen
    @State private var text = ""
    @FocusState private var focused: Bool
    var body: some View {
        NavigationStack {
            Button("Focus") { focused = true }
                .navigationTitle("Books")
                .searchable(text: $text)
                .searchFocused($focused)
                .onChange(of: focused) { _, now in seen.lines.append("focused \(now)") }
        }
    }
}

@Suite("Search suggestions, scopes, tokens and presentation")
struct SearchSuggestionsScopesTokensTests {
    // Apple searchSuggestions(_:): "The interface presents the suggestion views as a list of choices when someone
    // activates the search interface"; "When someone chooses a suggestion, SwiftUI replaces the text in the search
    // field with the search completion string. If you omit the search completion modifier for a particular
    // suggestion view, SwiftUI displays the suggestion, but the suggestion view doesn't react to taps".
    @Test("suggestions show only while searching; a completion fills the field, one without a completion is no button")
    func suggestions() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: SuggestingSearch())
            app.show(host)
            #expect(!labels(host).contains("🍐"))
            #expect(labels(host).contains("Results for "))
            app.tap(field: "Search")
            #expect(labels(host).contains("🍐"))
            #expect(!labels(host).contains("Results for "), "the suggestions replace the content")
            #expect(views(UIButton.self, in: host.view).contains { $0.currentTitle == "🍐" })
            #expect(!views(UIButton.self, in: host.view).contains { $0.currentTitle == "No completion" })
            app.tap(button: "🍐")
            #expect(searchField(host)?.text == "pear")
            #expect(labels(host).contains("Results for pear"))
            #expect(!app.isKeyboardVisible)
        }
    }

    // Apple SearchScopeActivation.automatic: "By default, this is onTextEntry in iOS"; onSearchPresentation shows the
    // scopes "after presenting search". The scope bar is a picker, which never takes focus (swiftui-behaviour S36).
    @Test("scopes show on typing (automatic) or at once (onSearchPresentation); choosing one keeps the keyboard (S36)",
          arguments: [(SearchScopeActivation.automatic, false), (.onSearchPresentation, true)])
    func scopes(activation: SearchScopeActivation, showsAtTap: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: ScopedSearch(activation: activation, seen: seen))
            app.show(host)
            #expect(!labels(host).contains("Vegetable"))
            app.tap(field: "Search")
            #expect(labels(host).contains("Vegetable") == showsAtTap)
            app.type("c")
            #expect(labels(host).contains("Vegetable"))
            app.tap(button: "Vegetable")
            #expect(seen.lines == ["scope vegetable"])
            #expect(labels(host).contains("Scope vegetable"))
            #expect(app.isKeyboardVisible)
        }
    }

    // Apple searchable(text:tokens:suggestedTokens:placement:prompt:token:): tokens show in the field; the suggested
    // tokens are offered as suggestions, and choosing one adds it.
    @Test("tokens show in the bar; a suggested token, offered while the text is empty, is appended when chosen")
    func tokens() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: TokenSearch(seen: seen))
            app.show(host)
            #expect(labels(host).contains("#kiwi"))
            #expect(!labels(host).contains("#lime"))
            app.tap(field: "Fruit")
            #expect(labels(host).contains("#lime"))
            app.tap(button: "#lime")
            #expect(seen.lines == ["kiwi,lime"])
            app.type("x")
            #expect(!labels(host).contains("#fig"), "suggested tokens are offered only while the text is empty")
        }
    }

    // Apple searchable(text:isPresented:placement:prompt:): "A Binding that controls the presented state of search".
    @Test("isPresented set in code focuses the field; false ends the search; the binding follows the user's tap")
    func isPresented() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: PresentedSearch(seen: seen))
            app.show(host)
            app.tap(button: "Present")
            #expect(app.isKeyboardVisible)
            app.type("dune")
            app.tap(button: "Hide")
            #expect(!app.isKeyboardVisible)
            #expect(searchField(host)?.text == "")
            app.tap(field: "Search")
            app.runUntilIdle()
            #expect(seen.lines == ["presented true", "presented false", "presented true"])
        }
    }

    // Apple searchFocused(_:): binds the search field's focus as focused(_:) binds a field's (swiftui-behaviour S21,
    // S22); Return in a search field ends editing (S28).
    @Test("searchFocused: true focuses the search field (S22); Return ends editing and clears it (S21, S28)")
    func searchFocused() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: FocusedSearch(seen: seen))
            app.show(host)
            app.tap(button: "Focus")
            #expect(app.isKeyboardVisible)
            #expect(app.firstResponder === searchField(host))
            app.type("x\n")
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
            #expect(seen.lines == ["focused true", "focused false"])
        }
    }
}

private struct Item: Identifiable, Hashable {
    let id: Int
    var name: String
}

private struct ItemEditor: View {
    @Binding var item: Item
    var body: some View {
        TextField("Name", text: $item.name)
            .navigationTitle(item.name)
            .navigationBarTitleDisplayMode(.inline)
    }
}

private struct ItemList: View {
    @State private var items = [Item(id: 1, name: "Pen")]
    @State private var path: [Int] = []
    let byLink: Bool
    var body: some View {
        NavigationStack(path: $path) {
            List {
                ForEach($items) { $item in
                    if byLink {
                        NavigationLink(item.name) { ItemEditor(item: $item) }
                    } else {
                        NavigationLink(item.name, value: item.id)
                    }
                }
                Text("Depth \(path.count)")
            }
            .navigationTitle("Items")
            .navigationDestination(for: Int.self) { id in
                ItemEditor(item: $items[items.firstIndex { $0.id == id }!])
            }
        }
    }
}

private struct HiddenBack: View {
    var body: some View {
        NavigationStack {
            NavigationLink("Open") {
                Text("Inside").navigationBarBackButtonHidden(true).navigationTitle("Detail")
            }
            .navigationTitle("Home")
        }
    }
}

private struct ItemDestination: View {
    let seen: HuntSeen
    @State private var selected: Item?
    var body: some View {
        NavigationStack {
            Button("Pick") { selected = Item(id: 7, name: "Cup") }
                .navigationTitle("Home")
                .navigationDestination(item: $selected) { item in Text("Showing \(item.name)") }
                .onChange(of: selected) { _, now in seen.lines.append(now?.name ?? "nil") }
        }
    }
}

@Suite("Pushed screens: titles, the back button and navigationDestination(item:)")
struct PushedScreenTests {
    // swiftui-behaviour S70/S71: a body runs again when its input differs; a binding input differs when the value it
    // reads differs from the value it read when the body last ran.
    @Test("a pushed screen's navigationTitle(item.name) follows its binding as the user types (S70)", arguments: [false, true])
    func titleFollowsBinding(byLink: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ItemList(byLink: byLink))
            app.show(host)
            app.tap(button: "Pen")
            app.tap(field: "Name")
            app.type("cil")
            app.runUntilIdle()
            #expect(labels(host).contains("Pencil"))
        }
    }

    // uikit-behaviour #117: a field leaving the window ends editing; the back button pops a path-bound stack by
    // removing its last value, a link's screen by forgetting it.
    @Test("tapBackButton pops a path-bound and a link-pushed screen and ends the editing on it (uikit #117)",
          arguments: [false, true])
    func backButton(byLink: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ItemList(byLink: byLink))
            app.show(host)
            app.tap(button: "Pen")
            app.tap(field: "Name")
            #expect(app.isKeyboardVisible)
            #expect(!labels(host).contains { $0.hasPrefix("Depth") }, "the list's screen is covered")
            app.tapBackButton()
            #expect(!app.isKeyboardVisible)
            #expect(labels(host).contains("Depth 0"))
            #expect(labels(host).contains("Items"))
        }
    }

    @Test("navigationBarBackButtonHidden removes the back button, so tapBackButton does nothing")
    func hiddenBackButton() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: HiddenBack())
            app.show(host)
            app.tap(button: "Open")
            #expect(!labels(host).contains("Home"))
            app.tapBackButton()
            #expect(labels(host).contains("Inside"))
        }
    }

    // Apple navigationDestination(item:destination:): "When the item is non-nil, SwiftUI passes the item's value to
    // the destination closure"; going back sets it to nil.
    @Test("navigationDestination(item:) pushes a non-nil item; going back sets the item to nil")
    func destinationItem() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: ItemDestination(seen: seen))
            app.show(host)
            app.tap(button: "Pick")
            #expect(labels(host).contains("Showing Cup"))
            app.tapBackButton()
            app.runUntilIdle()
            #expect(!labels(host).contains("Showing Cup"))
            #expect(seen.lines == ["Cup", "nil"])
        }
    }
}

private struct AlertFields: View {
    let seen: HuntSeen
    @State private var asking = false
    @State private var name = ""
    @State private var secret = ""
    var body: some View {
        Button("Ask") { asking = true }
            .alert("Account", isPresented: $asking) {
                TextField("Name", text: $name)
                SecureField("Secret", text: $secret)
                Button("OK") { seen.lines.append("ok \(name) \(secret.count)") }.disabled(name.isEmpty)
                Button("Cancel", role: .cancel) {}
            }
            .onChange(of: name) { _, now in seen.lines.append("name \(now)") }
    }
}

private struct BarPlacements: View {
    @State private var count = 0
    var body: some View {
        NavigationStack {
            Text("Body")
                .toolbar {
                    ToolbarItem(placement: .principal) { Text("Centre \(count)") }
                    ToolbarItemGroup(placement: .bottomBar) {
                        Spacer()
                        Button("Add") { count += 1 }
                    }
                }
        }
    }
}

private struct HiddenLabels: View {
    @State private var on = false
    @State private var choice = "A"
    var body: some View {
        Form {
            Toggle("Switch label", isOn: $on)
            Picker("Picker label", selection: $choice) { Text("A").tag("A") }
        }
        .labelsHidden()
    }
}

@Suite("Alert text fields, bar placements and hidden labels")
struct AlertFieldsAndBarTests {
    // swiftui-behaviour S2, S3: a field bound to a String writes it once per edit; a SecureField too. Apple's alert
    // documentation (iOS 16) lists text fields among an alert's actions.
    @Test("an alert's TextField and SecureField are its text fields; edits write the bindings (S2, S3); disabled follows state")
    func alertFields() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = HuntSeen()
            let host = UIHostingController(rootView: AlertFields(seen: seen))
            app.show(host)
            app.tap(button: "Ask")
            let alert = try #require(host.presentedViewController as? UIAlertController)
            #expect(alert.textFields?.map(\.placeholder) == ["Name", "Secret"])
            #expect(alert.textFields?.map(\.isSecureTextEntry) == [false, true])
            #expect(app.isKeyboardVisible)
            let ok = try #require(alert.actions.first { $0.title == "OK" })
            #expect(!ok.isEnabled)
            app.type("Al")
            app.runUntilIdle()
            #expect(ok.isEnabled)
            app.tap(field: "Secret")
            app.type("xyz")
            app.tap(ok)
            app.runUntilIdle()
            #expect(seen.lines == ["name A", "name Al", "ok Al 3"])
        }
    }

    @Test("principal items replace the title; bottomBar items sit in a bar at the bottom")
    func placements() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: BarPlacements())
            app.show(host)
            app.tap(button: "Add")
            #expect(labels(host).contains("Centre 1"))
            let add = try #require(views(UIButton.self, in: host.view).first { $0.currentTitle == "Add" })
            #expect(add.convert(add.bounds, to: nil).maxY > 400)
        }
    }

    @Test("labelsHidden removes the labels of a toggle and a picker, not their controls")
    func labelsHidden() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: HiddenLabels())
            app.show(host)
            #expect(!labels(host).contains("Switch label"))
            #expect(!labels(host).contains("Picker label"))
            #expect(!views(UISwitch.self, in: host.view).isEmpty)
            #expect(labels(host).contains("A"))
        }
    }
}
