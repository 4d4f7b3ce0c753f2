import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct TapToDismiss: View {
    let filled: Bool
    @State private var text = ""
    @FocusState private var focused: Bool
    var body: some View {
        if filled {
            content.contentShape(Rectangle()).onTapGesture { focused = false }
        } else {
            content.onTapGesture { focused = false }
        }
    }

    var content: some View {
        VStack {
            Text("Header")
            Spacer()
            TextField("Field", text: $text).focused($focused)
        }
    }
}

@Suite("SwiftUI tap gestures")
struct TapGestureTests {
    @Test("S58: onTapGesture fires for taps on drawn content, not on a Spacer's empty area unless contentShape(Rectangle()) is applied")
    func tapsOnDrawnContent() throws {
        try SimulationLock.run {
            for filled in [false, true] {
                let app = Simulator(device: .iPhone4)
                let host = UIHostingController(rootView: TapToDismiss(filled: filled))
                app.show(host)
                app.tap(field: "Field")
                #expect(app.isKeyboardVisible)
                app.tap(at: CGPoint(x: 160, y: 150))
                #expect(app.isKeyboardVisible == !filled, "empty area, filled: \(filled)")
                let header = try #require(views(UILabel.self, in: host.view).first)
                app.tap(header)
                #expect(!app.isKeyboardVisible)
            }
        }
    }
}
