import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

/// Records what the views saw; a class, so the view's copies share it.
private final class Seen: @unchecked Sendable { var lines: [String] = [] }

private func labels(_ host: UIViewController) -> [String] {
    views(UILabel.self, in: host.view).compactMap(\.text) + views(UIButton.self, in: host.view).compactMap(\.currentTitle)
}

private func frameInWindow(_ view: UIView) -> CGRect { view.convert(view.bounds, to: nil) }

private func profile(_ change: (inout SwiftUIBehavior) -> Void) -> BehaviorProfile {
    var profile = BehaviorProfile.current
    change(&profile.swiftUI)
    return profile
}

/// Apple's SearchSuggestionsPlacement example: suggestions hidden for some placements.
private struct PlacedSuggestions: View {
    let placements: SearchSuggestionsPlacement.Set
    let visibility: Visibility
    @State private var text = ""
    var body: some View {
        NavigationStack {
            Text("Content")
                .navigationTitle("Fruit")
                .searchable(text: $text) {
                    Text("Suggested apple").searchCompletion("apple")
                        .searchSuggestions(visibility, for: placements)
                }
        }
    }
}

private struct Topic: Identifiable, Equatable {
    let id: Int
    var name: String
}

private struct TokenField: View {
    let seen: Seen
    let editable: Bool
    @State private var text = ""
    @State private var topics = [Topic(id: 1, name: "swift"), Topic(id: 2, name: "ios")]
    var body: some View {
        NavigationStack {
            Text("Text \(text)")
                .navigationTitle("Topics")
                .modifier(TokenSearchModifier(text: $text, topics: $topics, editable: editable))
                .onChange(of: topics) { _, now in seen.lines.append(now.map(\.name).joined(separator: ",")) }
        }
    }
}

/// The `tokens:` or the `editableTokens:` form, whose token views rename a token through its binding.
private struct TokenSearchModifier: ViewModifier {
    @Binding var text: String
    @Binding var topics: [Topic]
    let editable: Bool
    @ViewBuilder func body(content: Content) -> some View {
        if editable {
            content.searchable(text: $text, editableTokens: $topics, prompt: "Topics") { $topic in
                Button("#" + topic.name) { topic.name = topic.name.uppercased() }
            }
        } else {
            content.searchable(text: $text, tokens: $topics, prompt: "Topics") { topic in Text("#" + topic.name) }
        }
    }
}

@Suite("Search suggestion placements, editable tokens and the Delete key, list row insets, builder titles")
struct SearchTokensAndRowsTests {
    // Apple searchSuggestions(_:for:) and SearchSuggestionsPlacement.automatic: "In iOS and iPadOS, suggestions
    // render as a list overlaying the main content", so on iPhone hiding them for .content hides them.
    @Test("searchSuggestions(.hidden, for: .content) hides the suggestion list on iPhone; .menu alone or .visible keeps it",
          arguments: [
              (SearchSuggestionsPlacement.Set.content, Visibility.hidden, false),
              ([.content, .menu], .hidden, false),
              (.menu, .hidden, true),
              (.content, .visible, true),
          ] as [(SearchSuggestionsPlacement.Set, Visibility, Bool)])
    func suggestionPlacements(placements: SearchSuggestionsPlacement.Set, visibility: Visibility, shows: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: PlacedSuggestions(placements: placements, visibility: visibility))
            app.show(host)
            app.tap(field: "Search")
            #expect(labels(host).contains("Suggested apple") == shows)
            #expect(labels(host).contains("Content") != shows, "the list covers the content while it shows")
        }
    }

    // UISearchTextField (Apple: tokens are deleted by the user when allowsDeletingTokens); the press count is [U],
    // the switch searchTokenDeleteSelectsFirst.
    @Test("Delete at the start of a searchable field's text selects the last token, a second press removes it (one press with the switch off); tokens: and editableTokens: alike",
          arguments: [(true, false), (true, true), (false, false)])
    func deleteRemovesTokens(selectsFirst: Bool, editable: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.searchTokenDeleteSelectsFirst = selectsFirst })
            let seen = Seen()
            let host = UIHostingController(rootView: TokenField(seen: seen, editable: editable))
            app.show(host)
            app.tap(field: "Topics")
            app.type("a")
            app.deleteBackward()
            #expect(seen.lines.isEmpty, "the first Delete erases the text")
            app.deleteBackward()
            #expect(seen.lines == (selectsFirst ? [] : ["swift"]))
            app.deleteBackward()
            #expect(seen.lines == (selectsFirst ? ["swift"] : ["swift", ""]))
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("typing while the Delete key has selected a token replaces the token with the text")
    func typingReplacesSelectedToken() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = Seen()
            let host = UIHostingController(rootView: TokenField(seen: seen, editable: false))
            app.show(host)
            app.tap(field: "Topics")
            app.deleteBackward()
            app.type("x")
            #expect(seen.lines == ["swift"])
            #expect(labels(host).contains("Text x"))
        }
    }

    // Apple searchable(text:editableTokens:placement:prompt:token:) (iOS 17): the token closure gets a binding.
    @Test("editableTokens: each token's view gets a binding that writes the element back into the collection")
    func editableTokenBinding() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = Seen()
            let host = UIHostingController(rootView: TokenField(seen: seen, editable: true))
            app.show(host)
            #expect(labels(host).contains("#ios"))
            app.tap(button: "#ios")
            #expect(seen.lines == ["swift,IOS"])
            #expect(labels(host).contains("#IOS"))
        }
    }
}

private struct InsetRows: View {
    let insets: EdgeInsets?
    @State private var a = ""
    @State private var b = ""
    var body: some View {
        Form {
            TextField("Plain", text: $a)
            TextField("Inset", text: $b).listRowInsets(insets)
        }
    }
}

private struct BuilderTitle: View {
    @State private var subject = ""
    var body: some View {
        NavigationStack {
            Form { TextField("Subject", text: $subject) }
                .navigationTitle {
                    Text(subject.isEmpty ? "New Message" : subject)
                }
        }
    }
}

@Suite("listRowInsets and navigationTitle with a view builder")
struct RowInsetsAndTitleTests {
    // Apple listRowInsets(_:): "Use listRowInsets(_:) to change the default padding of the content of list items."
    @Test("listRowInsets replaces a row's padding: its content starts `leading` from the row's edge; nil keeps the default",
          arguments: [(EdgeInsets(), -16.0), (EdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 0), 24.0), (nil, 0.0)]
            as [(EdgeInsets?, CGFloat)])
    func rowInsets(insets: EdgeInsets?, shift: CGFloat) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: InsetRows(insets: insets))
            app.show(host)
            let fields = views(UITextField.self, in: host.view)
            let plain = try #require(fields.first { $0.placeholder == "Plain" })
            let inset = try #require(fields.first { $0.placeholder == "Inset" })
            #expect(frameInWindow(inset).minX - frameInWindow(plain).minX == shift)
            // A row stays at least 44 points high even with no vertical insets.
            #expect(frameInWindow(inset).minY - frameInWindow(plain).minY >= 44)
            app.tap(field: "Inset")
            app.type("ok")
            #expect(inset.text == "ok")
        }
    }

    @Test("navigationTitle { Text } shows the builder's text in the bar and follows the state it reads")
    func builderTitle() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: BuilderTitle())
            app.show(host)
            #expect(labels(host).contains("New Message"))
            app.tap(field: "Subject")
            app.type("Lunch")
            #expect(labels(host).contains("Lunch"))
            #expect(!labels(host).contains("New Message"))
        }
    }
}
