import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Limited: View {
    let log: Log
    @State private var code = ""
    var body: some View {
        TextField("Code", text: $code)
            .onChange(of: code) { _, new in
                log("onChange \(new)")
                if new.count > 3 { code = String(new.prefix(3)) }
            }
    }
}

private struct AppearFocus: View {
    @State private var name = ""
    @FocusState private var focused: Bool
    let deferred: Bool
    var body: some View {
        TextField("Name", text: $name)
            .focused($focused)
            .onAppear {
                if deferred {
                    DispatchQueue.main.async { focused = true }
                } else {
                    focused = true
                }
            }
    }
}

private struct TwoFields: View {
    enum Field: Hashable { case a, b }
    let log: Log
    @State private var a = ""
    @State private var b = ""
    @FocusState private var focus: Field?
    var body: some View {
        VStack {
            TextField("A", text: $a).focused($focus, equals: .a)
            TextField("B", text: $b).focused($focus, equals: .b)
        }
        .onChange(of: focus) { old, new in log("\(String(describing: old)) -> \(String(describing: new))") }
    }
}

@Observable final class Draft {
    var title = ""
    var body = ""
}

private struct DraftEditor: View {
    @Bindable var draft: Draft
    let log: Log
    var body: some View {
        VStack {
            TextField("Title", text: $draft.title)
            Text(draft.title.isEmpty ? "Untitled" : draft.title)
        }
        .onChange(of: draft.title) { _, new in log("title \(new)") }
    }
}

/// A wrapped UITextField with a coordinator as its delegate, as the representable corpus writes it.
private struct WrappedField: UIViewRepresentable {
    @Binding var text: String
    let log: Log

    func makeCoordinator() -> Coordinator {
        log("makeCoordinator")
        return Coordinator(text: $text)
    }

    func makeUIView(context: Context) -> UITextField {
        log("makeUIView")
        let field = UITextField()
        field.placeholder = "Wrapped"
        field.delegate = context.coordinator
        let coordinator = context.coordinator
        field.addAction(UIAction { _ in coordinator.changed(field) }, for: .editingChanged)
        return field
    }

    func updateUIView(_ uiView: UITextField, context: Context) {
        log("updateUIView \(text)")
        if uiView.text != text { uiView.text = text }
    }

    final class Coordinator: NSObject, UITextFieldDelegate {
        var text: Binding<String>
        init(text: Binding<String>) { self.text = text }
        func changed(_ sender: UITextField) { text.wrappedValue = sender.text ?? "" }
    }
}

private struct RepresentableHost: View {
    let log: Log
    @State private var text = ""
    var body: some View {
        VStack {
            WrappedField(text: $text, log: log)
            Text("count \(text.count)")
        }
    }
}

@Suite("SwiftUI update timing and UIKit interop")
struct UpdateTimingTests {
    @Test("S16: truncating the observed value inside its own onChange runs the action again with the truncated value, then stops")
    func onChangeRerun() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Limited(log: log)))
            app.tap(field: "Code")
            app.type("abcd")
            #expect(log.lines == ["onChange a", "onChange ab", "onChange abc", "onChange abcd", "onChange abc"])
            #expect((app.firstResponder as? UITextField)?.text == "abc")
        }
    }

    @Test("S33: a focus assignment in onAppear of an appearing view is dropped by default; one made a run-loop turn later focuses")
    func appearFocus() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: AppearFocus(deferred: false)))
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
            let later = Simulator(device: .iPhone4)
            later.show(UIHostingController(rootView: AppearFocus(deferred: true)))
            later.runUntilIdle()
            #expect(later.isKeyboardVisible)
        }
    }

    @Test("S33 switch: with appearFocusAssignment = .honoured the assignment in onAppear focuses the field")
    func appearFocusHonoured() {
        SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.appearFocusAssignment = .honoured
            let app = Simulator(device: .iPhone4, profile: profile)
            app.show(UIHostingController(rootView: AppearFocus(deferred: false)))
            app.runUntilIdle()
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("S25, S26: tapping a second field moves the enum focus state in one change by default, through nil with .viaNil")
    func focusMoveTransitions() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: TwoFields(log: log)))
            app.tap(field: "A")
            app.tap(field: "B")
            #expect(log.lines.suffix(1).first?.hasSuffix(".a) -> Optional(SwiftUITests.TwoFields.Field.b)") == true
                || log.lines.last?.contains(".a) -> ") == true)
            #expect(log.lines.count == 2)
            #expect(app.isKeyboardVisible)
            var profile = BehaviorProfile.current
            profile.swiftUI.focusMoveTransitions = .viaNil
            let other = Simulator(device: .iPhone4, profile: profile)
            let viaNil = Log()
            other.show(UIHostingController(rootView: TwoFields(log: viaNil)))
            other.tap(field: "A")
            other.tap(field: "B")
            #expect(viaNil.lines.count == 3)
            #expect(viaNil.lines[1].hasSuffix("-> nil"))
        }
    }

    @Test("S18: with a Pinyin keyboard the binding sees the provisional letters by default, and only the chosen Hanzi with bindingReceivesMarkedText = false")
    func markedText() {
        SimulationLock.run {
            for receives in [true, false] {
                var profile = BehaviorProfile.current
                profile.swiftUI.bindingReceivesMarkedText = receives
                let app = Simulator(device: .iPhone4, profile: profile)
                let log = Log()
                app.show(UIHostingController(rootView: Limited(log: log)))
                app.tap(field: "Code")
                app.switchKeyboard(to: .pinyin)
                app.type("ni")
                let sawLetters = log.lines.contains("onChange ni")
                #expect(sawLetters == receives)
                app.chooseCandidate(at: 0)
                let committed = log.lines.last.map { String($0.dropFirst("onChange ".count)) }
                #expect(committed == "你")
            }
        }
    }

    @Test("S71, S78: @Bindable gives a TextField a binding to an @Observable property; a write from outside reads back at once and reaches views at the next update")
    func observation() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let draft = Draft()
            let host = UIHostingController(rootView: DraftEditor(draft: draft, log: log))
            app.show(host)
            app.tap(field: "Title")
            app.type("Hi")
            #expect(draft.title == "Hi")
            #expect(log.lines == ["title H", "title Hi"])
            draft.title = "Bye"
            #expect(log.lines.count == 2)
            let label = try #require(views(UILabel.self, in: host.view).first)
            #expect(label.text == "Hi")
            app.runUntilIdle()
            #expect(label.text == "Bye")
            #expect(log.lines.last == "title Bye")
            #expect((app.firstResponder as? UITextField)?.text == "Bye")
        }
    }

    @Test("S60, S61, S62: makeCoordinator, then makeUIView once; the coordinator forwards edits to the binding and every update calls updateUIView")
    func representable() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: RepresentableHost(log: log))
            app.show(host)
            #expect(log.lines == ["makeCoordinator", "makeUIView", "updateUIView "])
            app.tap(field: "Wrapped")
            app.type("ok")
            #expect(log.lines == ["makeCoordinator", "makeUIView", "updateUIView ", "updateUIView o", "updateUIView ok"])
            let label = try #require(views(UILabel.self, in: host.view).first)
            #expect(label.text == "count 2")
        }
    }
}

@Observable final class Book {
    var title = "Sample"
    var isAvailable = true
}

private struct TitleView: View {
    let book: Book
    let log: Log
    var body: some View {
        log("title body")
        return Text(book.title)
    }
}

private struct AvailabilityView: View {
    let book: Book
    let log: Log
    var body: some View {
        log("availability body")
        return Text(book.isAvailable ? "Available" : "Out")
    }
}

private struct Shelf: View {
    let book: Book
    let log: Log
    @State private var count = 0
    var body: some View {
        VStack {
            TitleView(book: book, log: log)
            AvailabilityView(book: book, log: log)
            Button("Count \(count)") { count += 1 }
        }
    }
}

@Suite("SwiftUI dependencies")
struct DependencyTests {
    @Test("S71: changing an @Observable property runs again only the bodies that read it")
    func observationDependencies() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let book = Book()
            app.show(UIHostingController(rootView: Shelf(book: book, log: log)))
            #expect(log.lines == ["title body", "availability body"])
            log.lines.removeAll()
            book.title = "New"
            app.runUntilIdle()
            #expect(log.lines == ["title body"])
        }
    }

    @Test("S70: a state change runs its owner's body; a child whose input did not change keeps its body")
    func stateOwnerOnly() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Shelf(book: Book(), log: log)))
            log.lines.removeAll()
            app.tap(button: "Count 0")
            #expect(log.lines.isEmpty)
            app.tap(button: "Count 1")
        }
    }
}
