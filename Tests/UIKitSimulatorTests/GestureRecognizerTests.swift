import Testing
import UIKitModel
import UIKitSimulator

/// A controller with a field, a button and a plain area, logging touches, actions and recognizer calls.
private final class GestureScreen: UIViewController, UIGestureRecognizerDelegate {
    var log: [String] = []
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    let button = UIButton(frame: CGRect(x: 20, y: 150, width: 100, height: 44))
    let area = TouchArea(frame: CGRect(x: 20, y: 200, width: 280, height: 50))
    var refuse = false

    override func viewDidLoad() {
        super.viewDidLoad()
        area.screen = self
        view.addSubview(field)
        view.addSubview(button)
        view.addSubview(area)
        button.addAction(UIAction { [unowned self] _ in log.append("button action") }, for: .touchUpInside)
    }

    func tapped(_ recognizer: UITapGestureRecognizer) {
        log.append("tap \(recognizer.state)")
        view.endEditing(true)
    }

    func panned(_ recognizer: UIPanGestureRecognizer) {
        log.append("pan \(recognizer.state) \(recognizer.translation(in: view).y)")
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { !refuse }

    static let tapSelector = Selector(_tutorbuildMethod: GestureScreen.tapped(_:), swift: "tapped(_:)")
    static let panSelector = Selector(_tutorbuildMethod: GestureScreen.panned(_:), swift: "panned(_:)")
}

private final class TouchArea: UIView {
    weak var screen: GestureScreen?
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { screen?.log.append("touchesBegan") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { screen?.log.append("touchesMoved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { screen?.log.append("touchesEnded") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { screen?.log.append("touchesCancelled") }
}

@Suite("Gesture recognizers (uikit-behaviour-2 §A3)")
struct GestureRecognizerTests {
    private func withScreen(_ profile: BehaviorProfile = .current, _ body: (Simulator, GestureScreen, UITapGestureRecognizer) -> Void) {
        withSimulator(device: .iPhone4, profile: profile) { app in
            let screen = GestureScreen()
            app.show(screen)
            let tap = UITapGestureRecognizer(target: screen, action: GestureScreen.tapSelector)
            screen.view.addGestureRecognizer(tap)
            body(app, screen, tap)
        }
    }

    @Test("uikit-behaviour-2 #92: defaults are cancelsTouchesInView true, delaysTouchesBegan false, delaysTouchesEnded true")
    func defaults() {
        let tap = UITapGestureRecognizer()
        #expect(tap.cancelsTouchesInView && !tap.delaysTouchesBegan && tap.delaysTouchesEnded)
        #expect(tap.numberOfTapsRequired == 1 && tap.numberOfTouchesRequired == 1 && tap.state == .possible)
        let view = UIView()
        view.addGestureRecognizer(tap)
        #expect(view.gestureRecognizers?.count == 1 && tap.view === view)
        view.removeGestureRecognizer(tap)
        #expect(view.gestureRecognizers == nil && tap.view == nil)
    }

    @Test("uikit-behaviour-2 #92: a recognized tap cancels the view's touches; with cancelsTouchesInView false they end")
    func cancelsTouches() {
        withScreen { app, screen, tap in
            app.tap(screen.area)
            #expect(screen.log == ["touchesBegan", "touchesCancelled", "tap ended"])
            screen.log = []
            tap.cancelsTouchesInView = false
            app.tap(screen.area)
            #expect(screen.log == ["touchesBegan", "tap ended", "touchesEnded"])
        }
    }

    @Test("uikit-behaviour-2 #94/#95: a button's own tap wins over the superview's recognizer, which does not end editing")
    func buttonWins() {
        withScreen { app, screen, _ in
            app.tap(screen.field)
            app.tap(screen.button)
            #expect(screen.log == ["button action"])
            #expect(screen.field.isFirstResponder)
            app.tap(screen.area)
            #expect(!screen.field.isFirstResponder)
        }
    }

    @Test("with controlActionsBeatSuperviewTap false (iOS 5) the superview's recognizer takes the button's tap")
    func iOS5() {
        var profile = BehaviorProfile.current
        profile.controlActionsBeatSuperviewTap = false
        withScreen(profile) { app, screen, _ in
            app.tap(screen.button)
            #expect(screen.log == ["tap ended"])
        }
    }

    @Test("uikit-behaviour-2 #96: a cancelling tap recognizer above a table swallows the row's selection; not cancelling, both run")
    func tableRowSwallowed() {
        final class Rows: UIViewController, UITableViewDataSource, UITableViewDelegate {
            let table = UITableView(frame: CGRect(x: 0, y: 100, width: 320, height: 300))
            var log: [String] = []
            override func viewDidLoad() {
                super.viewDidLoad()
                table.register(UITableViewCell.self, forCellReuseIdentifier: "row")
                table.dataSource = self
                table.delegate = self
                view.addSubview(table)
            }
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 3 }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
            }
            func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { log.append("select \(indexPath.row)") }
            func tapped() { log.append("tap") }
        }
        for cancels in [true, false] {
            withSimulator(device: .iPhone4) { app in
                let rows = Rows()
                app.show(rows)
                let tap = UITapGestureRecognizer(target: rows, action: Selector(_tutorbuildMethod: Rows.tapped, swift: "tapped"))
                tap.cancelsTouchesInView = cancels
                rows.view.addGestureRecognizer(tap)
                guard let cell = rows.table.cellForRow(at: IndexPath(row: 1, section: 0)) else {
                    Issue.record("no cell for row 1")
                    return
                }
                app.tap(cell)
                #expect(rows.log.contains("tap"))
                #expect(rows.log.contains("select 1") == !cancels)
            }
        }
    }

    @Test("a disabled recognizer, or one whose delegate refuses the touch, leaves the touch to the view")
    func disabledAndDelegate() {
        withScreen { app, screen, tap in
            tap.isEnabled = false
            app.tap(screen.area)
            #expect(screen.log == ["touchesBegan", "touchesEnded"])
            screen.log = []
            tap.isEnabled = true
            tap.delegate = screen
            screen.refuse = true
            app.tap(screen.area)
            #expect(screen.log == ["touchesBegan", "touchesEnded"])
        }
    }

    @Test("uikit-behaviour-2 #93: a pan cancels the view's touches before its first action; without cancelling the view sees them end")
    func pan() {
        withScreen { app, screen, tap in
            screen.view.removeGestureRecognizer(tap)
            let pan = UIPanGestureRecognizer(target: screen, action: GestureScreen.panSelector)
            screen.area.addGestureRecognizer(pan)
            app.pan(screen.area, by: CGPoint(x: 0, y: 30))
            #expect(screen.log == ["touchesBegan", "touchesMoved", "touchesCancelled", "pan began 10.0", "pan changed 20.0", "pan changed 30.0", "pan ended 30.0"])
            screen.log = []
            pan.cancelsTouchesInView = false
            app.pan(screen.area, by: CGPoint(x: 0, y: 20), steps: 2)
            #expect(screen.log == ["touchesBegan", "touchesMoved", "pan began 10.0", "touchesMoved", "pan changed 20.0", "pan ended 20.0", "touchesEnded"])
        }
    }
}
