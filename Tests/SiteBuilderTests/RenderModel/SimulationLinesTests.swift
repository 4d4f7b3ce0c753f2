import Testing
@testable import SiteBuilder

/// Lines that drive the simulated user are marked on the page; UIKit code is not (issue 17 item 2).
@Suite("Simulation-only lines")
struct SimulationLinesTests {
    @Test("which lines are simulation only", arguments: [
        ("let app = Simulator(device: .iPhone4)", true),
        ("app.tap(field)", true),
        ("    app.snapshot(\"x\", zh: \"y\")", true),
        ("var profile = BehaviorProfile.current", true),
        ("import UIKitSimulator", true),
        ("field.becomeFirstResponder()", false),
        ("myapp.run()", false),
        ("controller.app.tap(x)", false),
        ("print(\"app.tap is simulation\") // app.tap", true),
        ("let happ = 1 // calls app.tap later", false),
    ])
    func classify(line: String, simulation: Bool) {
        #expect(SimulationLines.isSimulation(line[...]) == simulation)
    }

    @Test("a call over several lines is marked to its closing parenthesis, and the text is unchanged")
    func runs() {
        let code = "view.addSubview(field)\napp.snapshot(\"The form\",\n             zh: \"表单\")\nprint(field.text)"
        let runs = SimulationLines.runs(code)
        #expect(runs.map(\.simulation) == [false, true, false])
        #expect(runs.map(\.text).joined(separator: "\n") == code)
    }

    @Test("lines the compiler marked are the shaded runs, whatever they are named")
    func marked() {
        let code = "let phone = Simulator()\nlet user = phone\nuser.tap(field)\nfield.becomeFirstResponder()\nprint(1)"
        let runs = SimulationLines.runs(code, marked: [0, 1, 2, 4])
        #expect(runs.map(\.simulation) == [true, false, true])
        #expect(runs.map(\.text).joined(separator: "\n") == code)
    }

    @Test("marked lines of the whole code are counted again in the code shown, without the hidden region")
    func shown() {
        let code = "a\n// snippet.hide\nb\n// snippet.show\nc\nd"
        let (full, shown) = SimulationLines.shown([2, 5], in: code)
        #expect(full == [2, 5])
        #expect(shown == [2])
    }
}
