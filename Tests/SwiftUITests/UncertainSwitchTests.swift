import Testing
import UIKitModel
import UIKitBehavior
import UIKitSimulator
@testable import SwiftUI

private struct EditedByCode: View {
    @State private var text = ""
    var body: some View {
        VStack {
            TextField("Note", text: $text)
            Button("Prefix") { text = ">" + text }
        }
    }
}

private struct TapInClearArea: View {
    @FocusState private var focused: Bool
    @State private var text = ""
    var body: some View {
        VStack {
            Text("Header")
            Spacer()
            TextField("Field", text: $text).focused($focused)
        }
        .onTapGesture { focused = false }
    }
}

private struct CountField: View {
    @State private var count = 7
    var body: some View {
        VStack {
            TextField("Count", value: $count, format: .number)
            Text("count \(count)")
        }
    }
}

private struct TwoKeyboards: View {
    @State private var amount = ""
    @State private var name = ""
    var body: some View {
        VStack {
            TextField("Amount", text: $amount).keyboardType(.numberPad)
            TextField("Name", text: $name)
        }
    }
}

private struct InsetUnderToolbar: View {
    @State private var draft = ""
    var body: some View {
        ScrollView { Text("Messages") }
            .safeAreaInset(edge: .bottom) {
                TextField("Message", text: $draft)
            }
            .toolbar {
                ToolbarItemGroup(placement: .keyboard) { Button("Done") {} }
            }
    }
}

@Suite("SwiftUI switches for uncertain statements")
struct UncertainSwitchTests {
    private func profile(_ change: (inout SwiftUIBehavior) -> Void) -> BehaviorProfile {
        var profile = BehaviorProfile.current
        change(&profile.swiftUI)
        return profile
    }

    @Test("S17: code changing the text being edited moves the caret to the end; externalTextChangeMovesCaretToEnd = false keeps its offset",
        arguments: [(true, 4), (false, 1)])
    func caretAfterCodeChange(movesToEnd: Bool, caret: Int) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.externalTextChangeMovesCaretToEnd = movesToEnd })
            let host = UIHostingController(rootView: EditedByCode())
            app.show(host)
            app.tap(field: "Note")
            app.type("abc")
            let field = try #require(app.firstResponder as? UITextField)
            let start = try #require(field.position(from: field.beginningOfDocument, offset: 1))
            field.selectedTextRange = field.textRange(from: start, to: start)
            app.tap(button: "Prefix")
            #expect(field.text == ">abc")
            let range = try #require(field.selectedTextRange)
            #expect(field.offset(from: field.beginningOfDocument, to: range.start) == caret)
        }
    }

    @Test("S58: a tap on a clear area reaches onTapGesture only with tapGestureTakesWholeFrame (default false)",
        arguments: [false, true])
    func tapOnClearArea(wholeFrame: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.tapGestureTakesWholeFrame = wholeFrame })
            app.show(UIHostingController(rootView: TapInClearArea()))
            app.tap(field: "Field")
            app.tap(at: CGPoint(x: 160, y: 150))
            #expect(app.isKeyboardVisible == !wholeFrame)
        }
    }

    @Test("S14: by default 20 digits in an Int field do not parse and the value stays (S12)")
    func integerOverflowDefault() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: CountField())
            app.show(host)
            app.tap(field: "Count")
            app.type(String(repeating: "9", count: 20) + "\n")
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "count 7" })
        }
    }

    @Test("S14: with integerFieldOverflowCrashes (iOS 15) committing 20 digits into an Int field stops the program")
    func integerOverflowCrashes() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                var profile = BehaviorProfile.current
                profile.swiftUI.integerFieldOverflowCrashes = true
                let app = Simulator(device: .iPhone4, profile: profile)
                app.show(UIHostingController(rootView: CountField()))
                app.tap(field: "Count")
                app.type(String(repeating: "9", count: 20) + "\n")
            }
        }
    }

    @Test("S10: on iPad a number-pad field and a default field share one keyboard (padIgnoresKeyboardType); off, the keyboard is replaced",
        arguments: [(true, 0), (false, 1)])
    func padKeyboardType(ignores: Bool, shows: Int) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPad, profile: profile { $0.padIgnoresKeyboardType = ignores })
            app.show(UIHostingController(rootView: TwoKeyboards()))
            app.tap(field: "Amount")
            app.clearTrace()
            app.tap(field: "Name")
            let willShow = app.trace.filter { $0.description.contains("keyboardWillShow") }
            #expect(willShow.count == shows)
        }
    }

    @Test("S80: bottom safeAreaInset content sits above a .keyboard toolbar; safeAreaInsetUnderKeyboardToolbar (iOS 27 seed 3) puts it behind",
        arguments: [false, true])
    func insetAndKeyboardToolbar(overlaps: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.safeAreaInsetUnderKeyboardToolbar = overlaps })
            let host = UIHostingController(rootView: InsetUnderToolbar())
            app.show(host)
            app.tap(field: "Message")
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.inputAccessoryView is UIToolbar)
            // The keyboard's frame starts at the top of its accessory toolbar.
            let top = try #require(app.keyboardFrame).minY
            #expect((field.convert(field.bounds, to: nil).maxY > top + 0.5) == overlaps)
        }
    }
}

private struct LongFormForMargin: View {
    @State private var values = Array(repeating: "", count: 12)
    var body: some View {
        Form {
            ForEach(0..<12) { index in
                TextField("Field \(index)", text: $values[index])
            }
        }
    }
}

@Suite("SwiftUI switch for S47's offset")
struct FocusedFieldMarginTests {
    @Test("S47: a focused field is scrolled above the keyboard with focusedFieldKeyboardMargin points between them",
        arguments: [CGFloat(0), 30])
    func marginAboveKeyboard(margin: CGFloat) throws {
        try SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.focusedFieldKeyboardMargin = margin
            let app = Simulator(device: .iPhone4, profile: profile)
            let host = UIHostingController(rootView: LongFormForMargin())
            app.show(host)
            let fields = views(UITextField.self, in: host.view).filter { $0.convert($0.bounds, to: nil).maxY <= 480 }
            let last = try #require(fields.last)
            app.tap(last)
            let keyboard = try #require(app.keyboardFrame)
            let gap = keyboard.minY - last.convert(last.bounds, to: nil).maxY
            #expect(abs(gap - margin) < 0.5)
        }
    }
}

private struct Row: Identifiable {
    let id: Int
    var text: String
}

private struct RemovableRows: View {
    @State private var rows = [Row(id: 0, text: "a"), Row(id: 1, text: "b")]
    var body: some View {
        VStack {
            ForEach($rows) { $row in
                TextField("Row \(row.id)", text: $row.text)
            }
            Button("Remove last") { rows.removeLast() }
            Text("\(rows.count) rows")
        }
    }
}

@Suite("SwiftUI switch for S79")
struct RemovedRowWriteTests {
    @Test("S79: by default removing the focused row of a ForEach($rows) ends its editing without writing to the binding")
    func removedRowDefault() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: RemovableRows())
            app.show(host)
            app.tap(field: "Row 1")
            app.tap(button: "Remove last")
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "1 rows" })
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("S79: with fieldWritesBindingWhenEditingEnds the removed row's field writes through its stale index and the program stops")
    func removedRowWrites() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                var profile = BehaviorProfile.current
                profile.swiftUI.fieldWritesBindingWhenEditingEnds = true
                let app = Simulator(device: .iPhone4, profile: profile)
                app.show(UIHostingController(rootView: RemovableRows()))
                app.tap(field: "Row 1")
                app.tap(button: "Remove last")
            }
        }
    }
}
