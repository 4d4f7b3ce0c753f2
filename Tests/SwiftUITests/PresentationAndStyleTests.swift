import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// A sheet at the medium detent, its selection bound, with a grabber.
private struct DetentSheet: View {
    @State private var showing = true
    @State private var detent = PresentationDetent.medium
    var body: some View {
        Text(detent == .medium ? "medium" : "large")
            .sheet(isPresented: $showing) {
                TextField("Note", text: .constant(""))
                    .presentationDetents([.medium, .large], selection: $detent)
                    .presentationDragIndicator(.visible)
                    .interactiveDismissDisabled()
            }
    }
}

private struct StyledList: View {
    let plain: Bool
    var body: some View {
        if plain {
            List { Text("Row") }.listStyle(.plain)
        } else {
            List { Text("Row") }
        }
    }
}

private struct QuietScroll: View {
    var body: some View {
        VStack {
            ScrollView { Text("content") }
            TextEditor(text: .constant("notes"))
        }
        .scrollIndicators(.hidden, axes: .vertical)
    }
}

private struct ShadowedCard: View {
    var body: some View {
        Text("Card").shadow(color: .black, radius: 10, x: 0, y: 4)
    }
}

private struct ReservedBio: View {
    let reserves: Bool
    @State private var bio = ""
    var body: some View {
        TextField("Bio", text: $bio, axis: .vertical).lineLimit(3, reservesSpace: reserves)
    }
}

private struct InlineTitle: View {
    var body: some View {
        NavigationStack {
            Text("body").navigationTitle("Profile").toolbarTitleDisplayMode(.inline)
        }
    }
}

/// Records the committed values; a class, so the view's copies share it.
private final class AgeValues: @unchecked Sendable { var ages: [Int] = [] }

private struct AgeField: View {
    let values: AgeValues
    @State private var age = 7
    private let formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()
    var body: some View {
        TextField("Age", value: $age, formatter: formatter)
            .onChange(of: age) { _, now in values.ages.append(now) }
    }
}

@Suite("Sheet detents, list styles, scroll indicators, shadows, reserved lines, inline titles, formatter fields")
struct PresentationAndStyleTests {
    // Apple presentationDetents(_:selection:), presentationDragIndicator(_:), interactiveDismissDisabled(_:): the
    // sheet's UISheetPresentationController rests at the detents, the user's drag writes the selection.
    @Test("presentationDetents gives the sheet its detents; dragging it to large writes the selection")
    func detents() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: DetentSheet())
            app.show(host)
            app.runUntilIdle()
            let sheet = try #require(host.presentedViewController)
            let presentation = try #require(sheet.sheetPresentationController)
            #expect(presentation.detents.map(\.identifier) == [.medium, .large])
            #expect(presentation.prefersGrabberVisible)
            #expect(sheet.isModalInPresentation)
            app.dragSheet(of: sheet, to: .large)
            app.runUntilIdle()
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "large" })
        }
    }

    // Apple PlainListStyle / InsetGroupedListStyle: plain rows reach the list's edges on the plain background.
    @Test("listStyle(.plain) puts rows at the list's edges on the plain background; the default is inset grouped",
          arguments: [true, false])
    func plainList(plain: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StyledList(plain: plain))
            app.show(host)
            let list = try #require(views(UIScrollView.self, in: host.view).first)
            let row = try #require(views(UILabel.self, in: host.view).first { $0.text == "Row" })
            #expect(row.convert(row.bounds, to: list).minX == (plain ? 16 : 36))
            #expect(list.backgroundColor == (plain ? UIColor.systemBackground : UIColor.systemGroupedBackground))
        }
    }

    // Apple scrollIndicators(_:axes:): applies to any scrollable content inside, ScrollView and TextEditor alike.
    @Test("scrollIndicators(.hidden, axes: .vertical) hides the vertical indicators of the scroll views and editors inside")
    func hiddenIndicators() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: QuietScroll())
            app.show(host)
            let scrollables = views(UIScrollView.self, in: host.view)
            #expect(scrollables.count == 2)
            #expect(scrollables.allSatisfy { !$0.showsVerticalScrollIndicator && $0.showsHorizontalScrollIndicator })
        }
    }

    // Apple shadow(color:radius:x:y:): what the view draws gets the shadow.
    @Test("shadow(color:radius:x:y:) gives the text's view the layer shadow")
    func shadow() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ShadowedCard())
            app.show(host)
            let label = try #require(views(UILabel.self, in: host.view).first { $0.text == "Card" })
            #expect(label.layer.shadowRadius == 10)
            #expect(label.layer.shadowOffset == CGSize(width: 0, height: 4))
            #expect(label.layer.shadowOpacity == 1)
        }
    }

    // swiftui-behaviour S5; Apple lineLimit(_:reservesSpace:): with reservesSpace the empty field is three lines high.
    @Test("lineLimit(3, reservesSpace: true) makes an empty vertical field three lines high; false, one", arguments: [true, false])
    func reservesSpace(reserves: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ReservedBio(reserves: reserves))
            app.show(host)
            let field = try #require(views(UITextView.self, in: host.view).first)
            let line = UIFont.preferredFont(forTextStyle: .body).lineHeight
            #expect(abs(field.frame.height - (reserves ? 3 : 1) * line) < 1)
        }
    }

    // Apple toolbarTitleDisplayMode(_:) (iOS 17): .inline shows the title in the 44-point bar, not large.
    @Test("toolbarTitleDisplayMode(.inline) shows the root screen's title inline")
    func inlineTitle() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: InlineTitle())
            app.show(host)
            let title = try #require(views(UILabel.self, in: host.view).first { $0.text == "Profile" })
            #expect(title.font.pointSize == 17)
        }
    }

    // swiftui-behaviour S11, S12 (formatter variant: "the text field doesn't modify binding.value"); Apple
    // init(_:value:formatter:prompt:).
    @Test("TextField(value:formatter:) commits a number on Return and keeps the value for text that does not parse")
    func formatterField() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let values = AgeValues()
            let host = UIHostingController(rootView: AgeField(values: values))
            app.show(host)
            app.tap(field: "Age")
            app.deleteBackward()
            app.type("42\n")
            app.runUntilIdle()
            app.tap(field: "Age")
            app.type("x\n")
            app.runUntilIdle()
            #expect(values.ages == [42])
            #expect(views(UITextField.self, in: host.view).first?.text == "42")
        }
    }
}
