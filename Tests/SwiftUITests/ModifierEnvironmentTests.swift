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
