import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct LongForm: View {
    @State private var values = Array(repeating: "", count: 12)
    var body: some View {
        Form {
            Section("Details") {
                ForEach(0..<12) { index in
                    TextField("Field \(index)", text: $values[index])
                }
            }
        }
    }
}

private struct LongScroll: View {
    @State private var values = Array(repeating: "", count: 12)
    let mode: ScrollDismissesKeyboardMode?
    var body: some View {
        if let mode {
            content.scrollDismissesKeyboard(mode)
        } else {
            content
        }
    }

    var content: some View {
        ScrollView {
            VStack(spacing: 20) {
                ForEach(0..<12) { index in
                    TextField("Item \(index)", text: $values[index])
                }
            }
        }
    }
}

@Suite("SwiftUI scrolling, dismissal and pictures")
struct ScrollingTests {
    @Test("S47: focusing a field that the keyboard would cover scrolls the Form so the field is above the keyboard")
    func focusedFieldScrolledIntoView() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: LongForm())
            app.show(host)
            // The lowest field the user can see, in the area the keyboard will cover.
            let fields = views(UITextField.self, in: host.view).filter { $0.convert($0.bounds, to: nil).maxY <= 480 }
            let last = try #require(fields.last)
            #expect(last.convert(last.bounds, to: nil).minY > 264)
            app.tap(last)
            #expect(app.firstResponder === last)
            let keyboard = try #require(app.keyboardFrame)
            let onScreen = last.convert(last.bounds, to: nil)
            #expect(onScreen.maxY <= keyboard.minY)
            #expect(onScreen.minY >= 0)
        }
    }

    @Test("S49, S50: under .automatic a Form (a List) dismisses the keyboard as soon as it is dragged, and the focus state goes blank")
    func formDismissesOnDrag() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: LongForm())
            app.show(host)
            app.tap(field: "Field 0")
            let scroll = try #require(views(UIScrollView.self, in: host.view).first)
            app.drag(scroll, by: -60)
            #expect(!app.isKeyboardVisible)
            #expect(app.firstResponder == nil)
        }
    }

    @Test("S48, S49: a ScrollView keeps the keyboard when dragged under .automatic (switch: never) and dismisses it under .immediately")
    func scrollViewDismissal() throws {
        try SimulationLock.run {
            for (mode, dismisses) in [(nil, false), (ScrollDismissesKeyboardMode.immediately, true)] {
                let app = Simulator(device: .iPhone4)
                let host = UIHostingController(rootView: LongScroll(mode: mode))
                app.show(host)
                app.tap(field: "Item 0")
                let scroll = try #require(views(UIScrollView.self, in: host.view).first)
                app.drag(scroll, by: -60)
                #expect(app.isKeyboardVisible == !dismisses)
            }
        }
    }

    @Test("Snapshots draw SwiftUI's text fields, texts and buttons from the UIKit views under them")
    func snapshotDrawsSwiftUI() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: LongForm()))
            let svg = app.snapshotSVG()
            #expect(svg.contains("Field 0"))
            #expect(svg.contains("DETAILS"))
        }
    }
}
