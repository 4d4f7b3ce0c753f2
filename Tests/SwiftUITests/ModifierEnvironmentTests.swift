import Combine
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// A keyboard-adaptive modifier of one's own, as blog posts write it: its `@State` follows the keyboard notifications.
private struct KeyboardPadding: ViewModifier {
    let log: Log
    @State private var height: CGFloat = 0

    func body(content: Content) -> some View {
        VStack {
            content
            Text("keyboard \(Int(height))")
        }
        .onReceive(NotificationCenter.default.publisher(for: UIResponder.keyboardWillShowNotification)) { note in
            let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
            log("will show")
            height = frame?.height ?? -1
        }
        .onReceive(NotificationCenter.default.publisher(for: UIResponder.keyboardWillHideNotification)) { _ in
            log("will hide")
            height = 0
        }
    }
}

private struct PaddedField: View {
    let log: Log
    @State private var name = ""
    var body: some View {
        TextField("Name", text: $name)
            .modifier(KeyboardPadding(log: log))
    }
}

private final class Settings: ObservableObject {
    @Published var nickname = ""
}

private struct NicknameField: View {
    @EnvironmentObject var settings: Settings
    var body: some View {
        TextField("Nickname", text: $settings.nickname)
    }
}

private struct SettingsScreen: View {
    @StateObject private var settings = Settings()
    var body: some View {
        VStack {
            Text("nickname \(settings.nickname)")
            NicknameField()
        }
        .environmentObject(settings)
    }
}

@Observable private final class Profile {
    var name = ""
}

private struct ProfileField: View {
    @Environment(Profile.self) private var profile
    var body: some View {
        @Bindable var profile = profile
        TextField("Profile name", text: $profile.name)
    }
}

private struct OptionalProfileText: View {
    @Environment(Profile.self) private var profile: Profile?
    var body: some View {
        Text(profile == nil ? "no profile" : "has profile")
    }
}

private struct ProfileScreen: View {
    @State private var profile = Profile()
    var body: some View {
        VStack {
            Text("hello \(profile.name)")
            ProfileField()
        }
        .environment(profile)
    }
}

/// What the screen shows in words.
private func texts(_ host: UIViewController) -> [String] {
    views(UILabel.self, in: host.view).compactMap(\.text)
}

@Suite("SwiftUI modifiers of one's own, onReceive and environment objects")
struct ModifierEnvironmentTests {
    @Test("S1, S70: a ViewModifier's own @State lives with the view, and onReceive runs for the keyboard notifications posted underneath")
    func keyboardModifier() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: PaddedField(log: log))
            app.show(host)
            #expect(texts(host).contains("keyboard 0"))
            app.tap(field: "Name")
            app.runUntilIdle()
            let height = try #require(app.keyboardFrame?.height)
            #expect(texts(host).contains("keyboard \(Int(height))"))
            app.dismissKeyboard()
            app.runUntilIdle()
            #expect(texts(host).contains("keyboard 0"))
            #expect(log.lines == ["will show", "will hide"])
        }
    }

    @Test("S70: an @EnvironmentObject gives a descendant bindings to the ancestor's object, and its changes update the ancestor")
    func environmentObject() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: SettingsScreen())
            app.show(host)
            app.tap(field: "Nickname")
            app.type("Ace")
            app.runUntilIdle()
            #expect(texts(host).contains("nickname Ace"))
        }
    }

    @Test("S71: @Environment(Type.self) reads the @Observable object an ancestor put in with environment(_:); the optional form reads nil without one")
    func observableEnvironment() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ProfileScreen())
            app.show(host)
            app.tap(field: "Profile name")
            app.type("Ada")
            app.runUntilIdle()
            #expect(texts(host).contains("hello Ada"))
            let bare = UIHostingController(rootView: OptionalProfileText())
            app.show(bare)
            #expect(texts(bare) == ["no profile"])
            let given = UIHostingController(rootView: OptionalProfileText().environment(Profile()))
            app.show(given)
            #expect(texts(given) == ["has profile"])
        }
    }
}

private struct DebouncedSearch: View {
    let log: Log
    @State private var query = ""
    var body: some View {
        TextField("Query", text: $query)
            .task(id: query) {
                do {
                    try await Task.sleep(for: .milliseconds(300))
                } catch {
                    log("cancelled")
                    return
                }
                log("search '\(query)'")
            }
    }
}

private struct StackSearch: View {
    @State private var text = ""
    var body: some View {
        NavigationStack {
            Text("typed \(text)")
                .navigationTitle("Contacts")
        }
        .searchable(text: $text, prompt: "Find")
    }
}

private struct Folder: Identifiable {
    let id: Int
    let name: String
}

private struct RenameAlert: View {
    let log: Log
    @State private var folder: Folder?
    var body: some View {
        Button("Rename") { folder = Folder(id: 1, name: "Inbox") }
            .alert("Rename", isPresented: .constant(folder != nil), presenting: folder) { folder in
                Button("Rename \(folder.name)") { log("renamed \(folder.name)") }
            }
    }
}

@Suite("SwiftUI task(id:), a searchable stack and alerts presenting data")
struct TaskSearchAlertTests {
    @Test("S76: task(id:) starts when the view appears and is cancelled and started again when its id changes")
    func taskID() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: DebouncedSearch(log: log)))
            app.advance(by: 1)
            app.tap(field: "Query")
            app.type("a")
            app.advance(by: 0.1)
            app.type("b")
            app.advance(by: 1)
            #expect(log.lines == ["search ''", "cancelled", "search 'ab'"])
        }
    }

    @Test("Apple's searchable examples: applied to the NavigationStack, the field shows in the root screen's bar and writes the binding")
    func searchableOnStack() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StackSearch())
            app.show(host)
            app.tap(field: "Find")
            app.type("jo")
            app.runUntilIdle()
            #expect(texts(host).contains("typed jo"))
        }
    }

    @Test("Apple alert(_:isPresented:presenting:actions:): the actions are made from the data, shown once it is not nil")
    func alertPresenting() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: RenameAlert(log: log))
            app.show(host)
            #expect(host.presentedViewController == nil)
            app.tap(button: "Rename")
            app.runUntilIdle()
            let alert = host.presentedViewController as? UIAlertController
            #expect(alert?.actions.map(\.title) == ["Rename Inbox"])
        }
    }
}

private struct Post: Identifiable, Equatable {
    let id: Int
}

/// A feed whose lazy stack holds a `ForEach` and a loading row after it, as infinite-scrolling answers write it.
private struct Feed: View {
    let log: Log
    @State private var posts = (0..<20).map { Post(id: $0) }
    @State private var isLoading = false
    var body: some View {
        ScrollView {
            LazyVStack(spacing: 12) {
                ForEach(posts) { post in
                    Text("Post \(post.id)")
                        .padding()
                        .onAppear { log("appear \(post.id)") }
                }
                if isLoading {
                    ProgressView()
                }
            }
        }
    }
}

@Suite("SwiftUI lazy rows beside other views")
struct LazyRowsBesideViewsTests {
    @Test("S77: a ForEach followed by another view in a LazyVStack still makes each element a row that appears only on screen")
    func forEachBesideOptional() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Feed(log: log)))
            app.runUntilIdle()
            #expect(!log.lines.isEmpty)
            #expect(!log.lines.contains("appear 19"))
        }
    }
}
