import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private enum Target: Hashable { case field, card }

private struct FocusableCard: View {
    let log: Log
    @State private var text = ""
    @FocusState private var focus: Target?
    var body: some View {
        VStack {
            TextField("Name", text: $text).focused($focus, equals: .field)
            Text("Card").focusable().focused($focus, equals: .card)
            Button("Select card") { focus = .card }
        }
        .onChange(of: focus) { log("focus \(focus.map { "\($0)" } ?? "nil")") }
    }
}

private struct InsetChat: View {
    @State private var text = ""
    var body: some View {
        ScrollView {
            VStack {
                ForEach(0..<40, id: \.self) { Text("Row \($0)") }
            }
        }
        .scrollDismissesKeyboard(.interactively)
        .safeAreaInset(edge: .bottom) {
            TextField("Message", text: $text)
        }
    }
}

private struct ImmediateScroll: View {
    @State private var text = ""
    @FocusState private var active: Bool
    var body: some View {
        ScrollViewReader { proxy in
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    ForEach(0..<20, id: \.self) { Text("Message \($0)").id($0) }
                }
            }
            .safeAreaInset(edge: .bottom) {
                TextField("Reply", text: $text).focused($active)
            }
            .onChange(of: active) {
                if active { proxy.scrollTo(19, anchor: .bottom) }
            }
        }
    }
}

private struct NaiveField: UIViewRepresentable {
    @Binding var text: String

    final class Coordinator {
        var text: Binding<String>
        init(text: Binding<String>) { self.text = text }
    }

    func makeCoordinator() -> Coordinator { Coordinator(text: $text) }

    func makeUIView(context: Context) -> UITextField {
        let field = UITextField()
        field.placeholder = "Naive"
        let coordinator = context.coordinator
        field.addAction(UIAction { [unowned field] _ in coordinator.text.wrappedValue = field.text ?? "" }, for: .editingChanged)
        return field
    }

    func updateUIView(_ field: UITextField, context: Context) {
        context.coordinator.text = $text
        if field.text != text { field.text = text }
    }
}

private struct NaiveScreen: View {
    let log: Log
    @State private var text = ""
    var body: some View {
        NaiveField(text: $text)
            .frame(height: 30)
            .onChange(of: text) { log("binding \(text)") }
    }
}

/// A UIKit screen whose field uses a hosting controller's view as its accessory bar (fatbobman's helper does this).
private final class AccessoryScreen: UIViewController {
    let field = UITextField()
    let bar = UIHostingController(rootView: Text("Bar"))

    override func viewDidLoad() {
        super.viewDidLoad()
        bar.view.frame = CGRect(x: 0, y: 0, width: 393, height: 44)
        field.inputAccessoryView = bar.view
        field.frame = CGRect(x: 20, y: 100, width: 300, height: 34)
        view.addSubview(field)
    }
}

@Suite("SwiftUI switches for uncertain statements S36, S51, S55, S64, S69")
struct MoreUncertainSwitchTests {
    private func profile(_ change: (inout SwiftUIBehavior) -> Void) -> BehaviorProfile {
        var profile = BehaviorProfile.current
        change(&profile.swiftUI)
        return profile
    }

    @Test("S36: focus assigned to a focusable() Text is dropped on iPhone by default (the field keeps it); focusableViewsTakeFocus = true moves it there and the keyboard hides",
          arguments: [false, true])
    func focusableView(takesFocus: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.focusableViewsTakeFocus = takesFocus })
            let log = Log()
            let host = UIHostingController(rootView: FocusableCard(log: log))
            app.show(host)
            app.tap(field: "Name")
            app.runUntilIdle()
            app.tap(button: "Select card")
            app.runUntilIdle()
            if takesFocus {
                #expect(log.lines == ["focus field", "focus card"])
                #expect(!app.isKeyboardVisible)
                #expect(app.firstResponder is SwiftUIFocusableView)
            } else {
                // The write reads back until the update that drops it, so onChange sees it come and go.
                #expect(log.lines == ["focus field", "focus card", "focus field"])
                #expect(app.isKeyboardVisible)
                #expect(app.firstResponder is UITextField)
            }
        }
    }

    @Test("S51: while the finger drags the keyboard down, a bottom safeAreaInset field stays put by default; contentFollowsInteractiveKeyboardDrag = true makes it follow",
          arguments: [false, true])
    func insetDuringDrag(follows: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.contentFollowsInteractiveKeyboardDrag = follows })
            let host = UIHostingController(rootView: InsetChat())
            app.show(host)
            app.tap(field: "Message")
            let field = try #require(views(UITextField.self, in: host.view).first)
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first)
            #expect(field.convert(field.bounds, to: nil).maxY == 264)
            app.drag(in: scrollView, from: CGPoint(x: 160, y: 100), to: CGPoint(x: 160, y: 330), lift: false)
            #expect(app.keyboardFrame?.minY == 330)
            #expect(field.convert(field.bounds, to: nil).maxY == (follows ? 330 : 264))
            app.liftFinger()
            app.runUntilIdle()
            #expect(field.convert(field.bounds, to: nil).maxY == 264)
        }
    }

    @Test("S55: by default the keyboard's area is applied before onChange(of: focus) runs, so scrollTo there shows the last message; keyboardAvoidanceAfterFocusChange = true (S55's report) applies it after, leaving the message under the keyboard",
          arguments: [false, true])
    func scrollBeforeAvoidance(afterFocusChange: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.keyboardAvoidanceAfterFocusChange = afterFocusChange })
            let host = UIHostingController(rootView: ImmediateScroll())
            app.show(host)
            app.tap(field: "Reply")
            app.runUntilIdle()
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first { !($0 is UITextView) })
            let last = try #require(views(UILabel.self, in: scrollView).first { $0.text == "Message 19" })
            let visible = last.frame.maxY - scrollView.contentOffset.y <= scrollView.bounds.height + 0.5
            #expect(visible == !afterFocusChange)
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("S64: a coordinator's write reaches updateUIView in the next update by default; updateUIViewSeesStaleBinding = true reads the old value there and puts it back",
          arguments: [false, true])
    func staleBinding(stale: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.updateUIViewSeesStaleBinding = stale })
            let log = Log()
            let host = UIHostingController(rootView: NaiveScreen(log: log))
            app.show(host)
            app.tap(field: "Naive")
            app.type("a")
            app.runUntilIdle()
            let field = try #require(views(UITextField.self, in: host.view).first)
            #expect(log.lines == ["binding a"])
            #expect(field.text == (stale ? "" : "a"))
            app.type("b")
            app.runUntilIdle()
            #expect(field.text == (stale ? "a" : "ab"))
        }
    }

    @Test("S69: a hosting controller's view as an input accessory keeps its frame's height by default; hostingAccessoryViewTooTall = true adds the bottom safe-area inset",
          arguments: [false, true])
    func accessoryHeight(tooTall: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone16, profile: profile { $0.hostingAccessoryViewTooTall = tooTall })
            let screen = AccessoryScreen()
            app.show(screen)
            app.tap(screen.field)
            #expect(screen.bar.view.frame.height == (tooTall ? 78 : 44))
            // The keyboard's frame holds the bar at that height: its keys start below it.
            let keyboard = try #require(app.keyboardFrame)
            #expect(keyboard.height.rounded() == CGFloat(336 + (tooTall ? 78 : 44)), "\(keyboard)")
        }
    }
}
