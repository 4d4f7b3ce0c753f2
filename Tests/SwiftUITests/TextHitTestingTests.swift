import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// A placeholder `Text` laid over a field, as lessons write it, with or without `allowsHitTesting(false)`.
private struct Placeholder: View {
    let editor: Bool
    let passes: Bool
    @State private var text = ""
    var body: some View {
        ZStack(alignment: .leading) {
            if editor { TextEditor(text: $text).frame(height: 150) } else { TextField("", text: $text) }
            if text.isEmpty {
                if passes { Text("Write something").allowsHitTesting(false) } else { Text("Write something") }
            }
        }
    }
}

/// Counts taps on a tap gesture; a class, so the view's copies share it.
private final class Taps: @unchecked Sendable { var count = 0 }

/// A `Text` over a field inside a container with a tap gesture, or with the gesture on the `Text` itself.
private struct TappableOverField: View {
    let onText: Bool
    let taps: Taps
    @State private var text = ""
    var body: some View {
        if onText {
            ZStack { TextField("", text: $text); Text("Tap me").onTapGesture { taps.count += 1 } }
        } else {
            ZStack { TextField("", text: $text); Text("Tap me") }.onTapGesture { taps.count += 1 }
        }
    }
}

/// A button whose label is a `Text` (and an image): the button, not its label, takes the tap.
private struct TextButton: View {
    let taps: Taps
    var body: some View {
        Button { taps.count += 1 } label: { HStack { Image(systemName: "star"); Text("Go") } }
    }
}

private func label(_ text: String, in host: UIViewController) throws -> UILabel {
    try #require(views(UILabel.self, in: host.view).first { $0.text == text })
}

@Suite("SwiftUI Text and Image take the taps on them (S58)")
struct TextHitTestingTests {
    // swiftui-behaviour S58 (drawn content, which includes Text, takes taps); docs/model.md, allowsHitTesting row.
    @Test("A Text over a field takes the tap, so the field is not focused; allowsHitTesting(false) lets it through",
          arguments: [(false, false), (false, true), (true, false), (true, true)])
    func placeholderOverField(editor: Bool, passes: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Placeholder(editor: editor, passes: passes))
            app.show(host)
            app.tap(try label("Write something", in: host))
            #expect((app.firstResponder != nil) == passes, "editor: \(editor), allowsHitTesting(false): \(passes)")
            #expect(app.isKeyboardVisible == passes)
        }
    }

    // swiftui-behaviour S58: a tap gesture fires for taps on drawn content, Text included.
    @Test("onTapGesture fires when its Text is tapped, on the Text or on its container, and the field under it is not focused",
          arguments: [true, false])
    func tapGestureOnText(onText: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let taps = Taps()
            let host = UIHostingController(rootView: TappableOverField(onText: onText, taps: taps))
            app.show(host)
            app.tap(try label("Tap me", in: host))
            #expect(taps.count == 1)
            #expect(app.firstResponder == nil)
        }
    }

    // swiftui-behaviour S58: a button's label is part of the control, which takes the tap.
    @Test("A tap on a Button's Text or Image label runs the button's action")
    func buttonLabel() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let taps = Taps()
            let host = UIHostingController(rootView: TextButton(taps: taps))
            app.show(host)
            app.tap(try label("Go", in: host))
            app.tap(try #require(views(UIImageView.self, in: host.view).first))
            #expect(taps.count == 2)
        }
    }
}
