import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// Every view of `root`'s tree of type `V`, in tree order.
func views<V: UIView>(_ type: V.Type, in root: UIView?) -> [V] {
    guard let root else { return [] }
    return ((root as? V).map { [$0] } ?? []) + root.subviews.flatMap { views(type, in: $0) }
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

private struct DoneBar: View {
    @State private var amount = ""
    @FocusState private var amountFocused: Bool
    var body: some View {
        VStack {
            TextField("Amount", text: $amount)
                .keyboardType(.decimalPad)
                .focused($amountFocused)
        }
        .toolbar {
            ToolbarItemGroup(placement: .keyboard) {
                Spacer()
                Button("Done") { amountFocused = false }
            }
        }
    }
}

private struct Notes: View {
    let log: Log
    @State private var notes = ""
    @State private var caption = ""
    var body: some View {
        VStack {
            TextEditor(text: $notes)
            TextField("Caption", text: $caption, axis: .vertical)
                .lineLimit(1...3)
                .onSubmit { log("submit caption") }
        }
        .onChange(of: notes) { _, new in log("notes \(new.debugDescription)") }
        .onChange(of: caption) { _, new in log("caption \(new.debugDescription)") }
    }
}

@Suite("SwiftUI keyboard, safe area and multi-line text")
struct KeyboardLayoutTests {
    @Test("S38: a field at the bottom of the safe area moves above the keyboard while it is up, and back after")
    func keyboardSafeArea() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: BottomField())
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            let resting = field.convert(field.bounds, to: nil)
            #expect(resting.maxY == 480)
            app.tap(field: "Message")
            let raised = field.convert(field.bounds, to: nil)
            let keyboard = try #require(app.keyboardFrame)
            #expect(raised.maxY == keyboard.minY)
            field.resignFirstResponder()
            app.runUntilIdle()
            #expect(field.convert(field.bounds, to: nil) == resting)
        }
    }

    @Test("S38, S41, S68: with safeAreaRegions = .container the hosting controller no longer moves its content for the keyboard")
    func safeAreaRegionsContainer() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: BottomField())
            host.safeAreaRegions = .container
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            let resting = field.convert(field.bounds, to: nil)
            app.tap(field: "Message")
            #expect(app.isKeyboardVisible)
            #expect(field.convert(field.bounds, to: nil) == resting)
        }
    }

    @Test("iOS 13 profile (keyboardSafeArea = false): nothing moves for the keyboard (S38)")
    func iOS13NoAvoidance() throws {
        try SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.keyboardSafeArea = false
            let app = Simulator(device: .iPhone4, profile: profile)
            let host = UIHostingController(rootView: BottomField())
            app.show(host)
            app.tap(field: "Message")
            let field = try #require(views(UITextField.self, in: host.view).first)
            #expect(field.convert(field.bounds, to: nil).maxY == 480)
        }
    }

    @Test("S45, S22: a .keyboard ToolbarItemGroup puts a bar above the keyboard; its Done button blanks the focus state and the keyboard hides")
    func keyboardToolbarDone() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: DoneBar()))
            app.tap(field: "Amount")
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.keyboardType == .decimalPad)
            #expect(field.inputAccessoryView is UIToolbar)
            let keyboard = try #require(app.keyboardFrame)
            #expect(abs(keyboard.height - 260) < 0.5, "the keys and the 44-point bar")
            app.tap(button: "Done")
            #expect(!app.isKeyboardVisible)
            #expect(app.firstResponder == nil)
        }
    }

    @Test("S7: Return in a TextEditor puts a line break into the binding and the editor keeps focus")
    func textEditorReturn() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: Notes(log: log))
            app.show(host)
            let editor = try #require(views(UITextView.self, in: host.view).first)
            app.tap(editor)
            app.type("a\nb")
            #expect(log.lines == [#"notes "a""#, #"notes "a\n""#, #"notes "a\nb""#])
            #expect(app.firstResponder === editor)
        }
    }

    @Test("S6: a vertical TextField inserts a line break on the software keyboard's Return; a hardware Return submits and ends editing")
    func verticalFieldReturn() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: Notes(log: log)))
            app.tap(field: "Caption")
            app.type("x\n")
            #expect(log.lines == [#"caption "x""#, #"caption "x\n""#])
            app.connectHardwareKeyboard(true)
            app.type("\n")
            #expect(log.lines.last == "submit caption")
            #expect(app.firstResponder == nil)
        }
    }

    @Test("S5: a vertical field with lineLimit(1...3) starts one line high and grows to three lines")
    func verticalFieldGrows() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Notes(log: Log()))
            app.show(host)
            let caption = try #require(views(UITextView.self, in: host.view).last)
            let line = UIFont.systemFont(ofSize: 17).lineHeight
            #expect(caption.bounds.height == (line).rounded(.up))
            app.tap(field: "Caption")
            app.type("one\ntwo\nthree\nfour")
            app.runUntilIdle()
            #expect(caption.bounds.height == (3 * line).rounded(.up))
        }
    }
}
