import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct NestedSubmit: View {
    let log: Log
    let scoped: Bool
    @State private var text = ""
    var body: some View {
        VStack {
            if scoped {
                TextField("Inner", text: $text)
                    .onSubmit { log("field") }
                    .submitScope()
            } else {
                TextField("Inner", text: $text)
                    .onSubmit { log("field") }
            }
        }
        .onSubmit { log("form") }
    }
}

private struct IdentityChanges: View {
    @State private var text = ""
    @FocusState private var focused: Bool
    var body: some View {
        TextField("Name", text: $text)
            .focused($focused)
            .id(text)
    }
}

private struct InitFocus: View {
    @State private var text = ""
    @FocusState private var focused: Bool
    init() { focused = true }
    var body: some View {
        TextField("Name", text: $text).focused($focused)
    }
}

private struct Messages: View {
    @State private var messages = (1...30).map { "Message \($0)" }
    @State private var draft = ""
    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                VStack {
                    ForEach(messages, id: \.self) { message in
                        Text(message).id(message)
                    }
                }
            }
            .onChange(of: messages.count) {
                if let last = messages.last { proxy.scrollTo(last, anchor: .bottom) }
            }
            .safeAreaInset(edge: .bottom) {
                TextField("Message", text: $draft)
                    .onSubmit {
                        messages.append(draft)
                        draft = ""
                    }
            }
        }
    }
}

private struct Loader: View {
    let log: Log
    var body: some View {
        Text("Loading")
            .task {
                log("task started")
                do {
                    try await Task.sleep(for: .seconds(1))
                    log("task finished")
                } catch {
                    log("task cancelled")
                }
            }
    }
}

private struct Switcher: View {
    let log: Log
    @State private var showLoader = true
    var body: some View {
        VStack {
            if showLoader { Loader(log: log) }
            Button("Hide") { showLoader = false }
        }
    }
}

private struct IgnoresKeyboard: View {
    @State private var text = ""
    var body: some View {
        ZStack {
            VStack {
                Spacer()
                TextField("Bottom", text: $text)
            }
        }
        .ignoresSafeArea(.keyboard)
    }
}

@Suite("SwiftUI submission scopes, identity and tasks")
struct IdentityAndSubmitTests {
    @Test("S30, S31: Return runs every enclosing onSubmit, the outermost first; submitScope() stops it reaching those above")
    func nestedSubmit() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: NestedSubmit(log: log, scoped: false)))
            app.tap(field: "Inner")
            app.type("\n")
            #expect(log.lines == ["form", "field"])
            let scopedApp = Simulator(device: .iPhone4)
            let scopedLog = Log()
            scopedApp.show(UIHostingController(rootView: NestedSubmit(log: scopedLog, scoped: true)))
            scopedApp.tap(field: "Inner")
            scopedApp.type("\n")
            #expect(scopedLog.lines == ["field"])
        }
    }

    @Test("S31 switch: nestedSubmitOrder = .innerFirst runs the field's action before the form's")
    func innerFirst() {
        SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.nestedSubmitOrder = .innerFirst
            let app = Simulator(device: .iPhone4, profile: profile)
            let log = Log()
            app.show(UIHostingController(rootView: NestedSubmit(log: log, scoped: false)))
            app.tap(field: "Inner")
            app.type("\n")
            #expect(log.lines == ["field", "form"])
        }
    }

    @Test("S27: an id that changes with every keystroke destroys the focused field: focus is lost after the first character and the keyboard goes")
    func identityChangeLosesFocus() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: IdentityChanges()))
            app.tap(field: "Name")
            app.type("a")
            #expect(app.firstResponder == nil)
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("S23: assigning the focus state in the view's initializer focuses nothing")
    func initAssignment() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: InitFocus()))
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("S52: scrollTo(_:anchor: .bottom) from onChange aligns the new last message with the bottom of the scroll view")
    func scrollToBottom() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Messages())
            app.show(host)
            app.tap(field: "Message")
            app.type("Hello\n")
            let scroll = try #require(views(UIScrollView.self, in: host.view).first)
            let last = try #require(views(UILabel.self, in: scroll).first { $0.text == "Hello" })
            let frame = last.convert(last.bounds, to: scroll)
            #expect(abs(frame.maxY - (scroll.contentOffset.y + scroll.bounds.height)) < 0.5)
        }
    }

    @Test("S76: task starts when the view appears and is cancelled when it disappears")
    func taskLifetime() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Switcher(log: log)))
            app.runUntilIdle()
            #expect(log.lines == ["task started", "task finished"])
            let other = Simulator(device: .iPhone4)
            let cancelled = Log()
            other.show(UIHostingController(rootView: Switcher(log: cancelled)))
            other.tap(button: "Hide")
            other.runUntilIdle()
            #expect(cancelled.lines == ["task started", "task cancelled"])
        }
    }

    @Test("S39: .ignoresSafeArea(.keyboard) keeps the layout where it was when the keyboard comes up")
    func ignoresKeyboard() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: IgnoresKeyboard())
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            let before = field.convert(field.bounds, to: nil)
            app.tap(field: "Bottom")
            #expect(app.isKeyboardVisible)
            #expect(field.convert(field.bounds, to: nil) == before)
        }
    }
}
