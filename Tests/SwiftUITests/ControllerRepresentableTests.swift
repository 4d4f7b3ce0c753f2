import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private final class CodeEntryController: UIViewController {
    let field = UITextField()
    override func viewDidLoad() {
        super.viewDidLoad()
        field.placeholder = "Code"
        field.frame = CGRect(x: 0, y: 0, width: 200, height: 34)
        view.addSubview(field)
    }
}

private struct CodeEntry: UIViewControllerRepresentable {
    let log: Log
    @Binding var code: String

    func makeCoordinator() -> Coordinator {
        log("makeCoordinator")
        return Coordinator(code: $code)
    }

    func makeUIViewController(context: Context) -> CodeEntryController {
        log("makeUIViewController")
        let controller = CodeEntryController()
        controller.loadViewIfNeeded()
        let coordinator = context.coordinator
        controller.field.addAction(UIAction { [unowned controller] _ in coordinator.changed(controller.field) }, for: .editingChanged)
        return controller
    }

    func updateUIViewController(_ controller: CodeEntryController, context: Context) {
        log("update \(code.debugDescription)")
    }

    final class Coordinator: NSObject {
        let code: Binding<String>
        init(code: Binding<String>) { self.code = code }
        func changed(_ sender: UITextField) { code.wrappedValue = sender.text ?? "" }
    }
}

private struct CodeScreen: View {
    let log: Log
    @State private var code = ""
    var body: some View {
        VStack {
            CodeEntry(log: log, code: $code)
                .frame(height: 44)
            Text(code.isEmpty ? "No code" : code)
        }
    }
}

@Suite("SwiftUI UIViewControllerRepresentable")
struct ControllerRepresentableTests {
    @Test("S60, S61, S62: makeCoordinator, then makeUIViewController once; the coordinator writes the binding and each body run calls updateUIViewController")
    func lifecycle() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let log = Log()
            let host = UIHostingController(rootView: CodeScreen(log: log))
            app.show(host)
            app.tap(field: "Code")
            app.type("42")
            app.runUntilIdle()
            #expect(log.lines == [
                "makeCoordinator", "makeUIViewController", #"update """#, #"update "4""#, #"update "42""#,
            ])
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "42" })
        }
    }
}
