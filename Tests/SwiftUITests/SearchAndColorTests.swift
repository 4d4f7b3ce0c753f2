import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// Records what the views saw; a class, so the view's copies share it.
private final class SearchSeen: @unchecked Sendable { var lines: [String] = [] }

/// Apple's DismissSearchAction example, reduced: a child of the searchable view reads isSearching and can end it.
private struct SearchScreen: View {
    let seen: SearchSeen
    @State private var query = ""
    @Environment(\.isSearching) private var outerIsSearching
    var body: some View {
        NavigationStack {
            SearchStatus(seen: seen).navigationTitle("Places")
        }
        .searchable(text: $query, prompt: "City")
        .onChange(of: query) { _, now in seen.lines.append("query \(now)") }
        .onChange(of: outerIsSearching) { _, now in seen.lines.append("outer \(now)") }
    }
}

private struct SearchStatus: View {
    let seen: SearchSeen
    @Environment(\.isSearching) private var isSearching
    @Environment(\.dismissSearch) private var dismissSearch
    var body: some View {
        VStack {
            Text(isSearching ? "Searching" : "Idle")
            Button("Cancel search") { dismissSearch() }
        }
        .onChange(of: isSearching) { _, now in seen.lines.append("isSearching \(now)") }
    }
}

/// A search with no results: ContentUnavailableView.search names the query.
private struct EmptySearch: View {
    @State private var query = ""
    var body: some View {
        NavigationStack {
            List([String](), id: \.self) { Text($0) }
                .overlay { if !query.isEmpty { ContentUnavailableView.search } }
                .searchable(text: $query)
        }
    }
}

/// A field with a colour or shape over it, as a locked form or a dimming layer writes it.
private struct CoveredField: View {
    enum Cover { case color, clear, filledShape, strokedShape, colorPassing }
    let cover: Cover
    @State private var text = ""
    var body: some View {
        ZStack {
            TextField("Name", text: $text)
            switch cover {
            case .color: Color.gray.opacity(0.4)
            case .clear: Color.clear
            case .filledShape: RoundedRectangle(cornerRadius: 8).fill(Color.black.opacity(0.2))
            case .strokedShape: RoundedRectangle(cornerRadius: 8).stroke(Color.gray, lineWidth: 1)
            case .colorPassing: Color.gray.opacity(0.4).allowsHitTesting(false)
            }
        }
        .frame(height: 44)
    }
}

/// Counts taps; a class, so the view's copies share it.
private final class ColorTaps: @unchecked Sendable { var count = 0 }

/// A tap gesture on a colour laid over a field.
private struct TappableColor: View {
    let taps: ColorTaps
    @State private var text = ""
    var body: some View {
        ZStack {
            TextField("Name", text: $text)
            Color.blue.opacity(0.3).onTapGesture { taps.count += 1 }
        }
        .frame(height: 44)
    }
}

@Suite("isSearching, dismissSearch and ContentUnavailableView.search")
struct SearchEnvironmentTests {
    // Apple EnvironmentValues.isSearching, DismissSearchAction ("Sets isSearching to false. Clears any text from the
    // search field. Removes focus from the search field."); the view applying searchable reads its ancestors' value.
    @Test("isSearching turns true when the field is tapped; dismissSearch clears the text, ends editing and the search")
    func isSearchingAndDismiss() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = SearchSeen()
            let host = UIHostingController(rootView: SearchScreen(seen: seen))
            app.show(host)
            app.tap(field: "City")
            app.type("Pa")
            app.runUntilIdle()
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "Searching" })
            app.tap(button: "Cancel search")
            app.runUntilIdle()
            #expect(seen.lines == ["isSearching true", "query P", "query Pa", "isSearching false", "query "])
            #expect(!app.isKeyboardVisible)
            #expect(views(UILabel.self, in: host.view).contains { $0.text == "Idle" })
        }
    }

    // Apple ContentUnavailableView.search: "enables the search query to be parsed into the view's description".
    @Test("ContentUnavailableView.search shows the searchable field's query")
    func searchPlaceholder() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: EmptySearch())
            app.show(host)
            app.tap(field: "Search")
            app.type("kiwi")
            app.runUntilIdle()
            let texts = views(UILabel.self, in: host.view).compactMap(\.text)
            #expect(texts.contains("No Results for \u{201C}kiwi\u{201D}"))
            #expect(texts.contains("Check the spelling or try a new search."))
        }
    }
}

@Suite("SwiftUI colours and filled shapes take the taps on them (S58)")
struct ColorHitTestingTests {
    // swiftui-behaviour S58 (taps reach drawn content); SwiftUI's colours and filled shapes are hit-testable, a clear
    // colour and a stroked outline's inside are not, and allowsHitTesting(false) lets taps through.
    @Test("A visible colour or filled shape over a field takes the tap; a clear colour, a stroke or allowsHitTesting(false) let it through",
          arguments: [(CoveredField.Cover.color, false), (.filledShape, false), (.clear, true), (.strokedShape, true), (.colorPassing, true)])
    fileprivate func coveredField(cover: CoveredField.Cover, reachesField: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: CoveredField(cover: cover))
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            app.tap(at: field.convert(CGPoint(x: field.bounds.midX, y: field.bounds.midY), to: nil))
            #expect(app.isKeyboardVisible == reachesField, "\(cover)")
        }
    }

    // swiftui-behaviour S58: a tap gesture on drawn content fires, a colour included.
    @Test("onTapGesture on a colour over a field fires and the field stays unfocused")
    func tapGestureOnColor() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let taps = ColorTaps()
            let host = UIHostingController(rootView: TappableColor(taps: taps))
            app.show(host)
            let field = try #require(views(UITextField.self, in: host.view).first)
            app.tap(at: field.convert(CGPoint(x: field.bounds.midX, y: field.bounds.midY), to: nil))
            #expect(taps.count == 1)
            #expect(app.firstResponder == nil)
        }
    }
}
