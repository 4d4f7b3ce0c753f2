import SwiftUI
import Testing
import UIKitModel
import UIKitSimulator

/// Records what a SwiftUI screen's actions saw, in order.
final class Log {
    var lines: [String] = []
    func callAsFunction(_ line: String) { lines.append(line) }
}

private enum Field: Hashable { case name, email }

private struct SignUpForm: View {
    let log: Log
    @State private var name = ""
    @State private var email = ""
    @FocusState private var focus: Field?

    var body: some View {
        VStack {
            TextField("Name", text: $name)
                .focused($focus, equals: .name)
                .submitLabel(.next)
                .onSubmit { log("submit name, focus \(String(describing: focus))"); focus = .email }
            TextField("Email", text: $email, prompt: Text("you@example.com"))
                .focused($focus, equals: .email)
                .submitLabel(.done)
                .onSubmit { log("submit email") }
            Button("Clear") { name = ""; email = "" }
        }
        .padding()
        .onChange(of: name) { old, new in log("name \(old) -> \(new)") }
        .onChange(of: focus) { old, new in log("focus \(String(describing: old)) -> \(String(describing: new))") }
    }
}

@Suite("SwiftUI text entry and focus")
struct TextEntryFocusTests {
    @Test("S2: typing into a TextField writes the binding once per keystroke, so onChange sees a, ab, abc")
    func bindingPerKeystroke() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SignUpForm(log: log)))
            app.tap(field: "Name")
            app.type("abc")
            #expect(log.lines.filter { $0.hasPrefix("name") } == ["name  -> a", "name a -> ab", "name ab -> abc"])
        }
    }

    @Test("S4, S21, S22: a field is found by its prompt, or its title without one; tapping it focuses it and brings up the keyboard")
    func tapByPlaceholder() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SignUpForm(log: log)))
            #expect(!app.isKeyboardVisible)
            app.tap(field: "you@example.com")
            #expect(app.isKeyboardVisible)
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.placeholder == "you@example.com")
            #expect(field.returnKeyType == .done)
            #expect(log.lines.count == 1 && log.lines[0].hasSuffix("email)"))
        }
    }

    @Test("S28, S29: Return runs onSubmit while the focus state still names the field; assigning the next field moves focus there with the keyboard up")
    func returnMovesFocus() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SignUpForm(log: log)))
            app.tap(field: "Name")
            log.lines.removeAll()
            app.type("\n")
            #expect(log.lines.first?.hasPrefix("submit name, focus Optional(") == true)
            #expect(log.lines.first?.hasSuffix("name)") == true)
            #expect(app.isKeyboardVisible)
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.placeholder == "you@example.com")
            // One change, .name → .email (focusMoveTransitions = .direct, S26).
            #expect(log.lines.filter { $0.hasPrefix("focus") }.count == 1)
        }
    }

    @Test("S28: Return in the last field runs its onSubmit, ends editing, blanks the focus state and hides the keyboard")
    func returnEndsEditing() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SignUpForm(log: log)))
            app.tap(field: "you@example.com")
            app.type("a@b\n")
            #expect(log.lines.contains("submit email"))
            #expect(log.lines.last?.hasSuffix("-> nil") == true)
            #expect(!app.isKeyboardVisible)
            #expect(app.firstResponder == nil)
        }
    }

    @Test("S36, S59: tapping a Button runs its action and leaves the field focused with the keyboard up")
    func buttonKeepsFocus() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: SignUpForm(log: log)))
            app.tap(field: "Name")
            app.type("xy")
            app.tap(button: "Clear")
            #expect(app.isKeyboardVisible)
            #expect((app.firstResponder as? UITextField)?.placeholder == "Name")
            #expect((app.firstResponder as? UITextField)?.text == "")
            #expect(log.lines.last == "name xy -> ")
        }
    }
}
