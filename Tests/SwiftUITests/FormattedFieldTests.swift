import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct AgeForm: View {
    let log: Log
    @State private var age = 30
    @State private var height: Int?
    var body: some View {
        VStack {
            TextField("Age", value: $age, format: .number)
            TextField("Height", value: $height, format: .number)
        }
        .onChange(of: age) { _, new in log("age \(new)") }
        .onChange(of: height) { _, new in log("height \(String(describing: new))") }
    }
}

@Suite("SwiftUI formatted fields")
struct FormattedFieldTests {
    @Test("S11, S13: a number field shows its value formatted and writes the parsed value on Return, not while typing (default)")
    func commitsOnReturn() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: AgeForm(log: log)))
            app.tap(field: "Age")
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.text == "30")
            app.deleteBackward()
            app.deleteBackward()
            app.type("42")
            #expect(log.lines.isEmpty)
            app.type("\n")
            #expect(log.lines == ["age 42"])
        }
    }

    @Test("S12: unparsable text leaves a non-optional value as it was and shows it again; an optional value becomes nil")
    func unparsable() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            app.show(UIHostingController(rootView: AgeForm(log: log)))
            app.tap(field: "Age")
            let age = try #require(app.firstResponder as? UITextField)
            app.deleteBackward()
            app.deleteBackward()
            app.type("abc\n")
            #expect(log.lines.isEmpty)
            #expect(age.text == "30")
            app.tap(field: "Height")
            app.type("180\n")
            #expect(log.lines == ["height Optional(180)"])
            app.tap(field: "Height")
            for _ in 0..<3 { app.deleteBackward() }
            app.type("x\n")
            #expect(log.lines.last == "height nil")
        }
    }

    @Test("S13 switch: formattedFieldWritesWhileTyping = true writes each parsable state of the text")
    func writesWhileTyping() {
        SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.formattedFieldWritesWhileTyping = true
            let app = Simulator(device: .iPhone4, profile: profile)
            let log = Log()
            app.show(UIHostingController(rootView: AgeForm(log: log)))
            app.tap(field: "Height")
            app.type("17")
            #expect(log.lines == ["height Optional(1)", "height Optional(17)"])
        }
    }
}
