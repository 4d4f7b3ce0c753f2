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
}
