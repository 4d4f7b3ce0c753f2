import UIKitModel

/// Where a search field goes, as SwiftUI's `SearchFieldPlacement`; on iPhone every placement is the navigation bar.
@available(iOS 15.0, *)
public struct SearchFieldPlacement: Sendable {
    let name: String
    public static let automatic = SearchFieldPlacement(name: "automatic")
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement {
        SearchFieldPlacement(name: "navigationBarDrawer")
    }
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")

    /// Whether a navigation bar drawer's search field stays or hides when scrolling.
    public enum NavigationBarDrawerDisplayMode: Sendable {
        case automatic, always
    }
}

extension View {
    /// Puts a search field in the navigation bar of the screen this view is in (iOS 15): a text field below the
    /// title, placeholder `prompt` (else "Search"), writing `text` on every edit; its Return key is Search and runs the
    /// enclosing `onSubmit(of: .search)` actions, then ends editing. Outside a `NavigationStack` nothing shows, as on
    /// iOS. The views inside read `isSearching` (true from the moment the field is tapped until `dismissSearch`) and
    /// `dismissSearch` [approximation: no Cancel button, the field never hides when scrolling].
    @available(iOS 15.0, *)
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        searchField(text, prompt?.string)
    }

    @available(iOS 15.0, *)
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String) -> some View {
        searchField(text, prompt)
    }

    @available(iOS 15.0, *)
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        searchField(text, String(prompt))
    }

    private func searchField(_ text: Binding<String>, _ prompt: String?) -> some View {
        let field: @MainActor (ResolveContext) -> Element = { context in
            let search = context.traits.environment.search
            search?.text = text
            var traits = TextTraits()
            traits.submitLabel = .search
            traits.fieldBorder = .roundedRect
            traits.environment = context.traits.environment
            // The field's Return runs the `.search` actions around the searchable view, as a field's runs `.text` ones.
            let actions = context.submitActions.filter { $0.triggers.contains(.search) }
                .map { SubmitAction(triggers: .text, action: $0.action) }
            let spec = TextFieldSpec(
                title: prompt ?? "Search", prompt: nil, text: text, isSecure: false, submitActions: actions,
                focusTargets: [], traits: traits,
                onEditingChanged: { [weak search] began in if began { search?.setSearching(true) } })
            let element = Element(.textField(spec), context.child("search"))
            search?.fieldPath = element.path
            return element
        }
        // Inside a stack's screen the field goes to that screen's bar; applied to the stack, to its root screen's.
        return applying(.register { context in context.graph.navigationSearch = field(context) })
            .applying(.traits { $0.searchAroundStack = field })
            // The views inside (and the field) share the search's state, kept under this modifier's identity.
            .applying(.contextTraits { context, traits in
                let session = context.graph.storage(for: context.path + "#search") { SearchSession() }
                session.graph = context.graph
                traits.environment.search = session
            })
    }
}

/// The state of one `searchable` field that the views inside it read: whether the user is searching, and its text.
final class SearchSession {
    weak var graph: ViewGraph?
    var text: Binding<String>?
    /// The search field's identity, for resigning it.
    var fieldPath: String?
    private(set) var isSearching = false

    /// Starts or ends the search; the views reading `isSearching` update at the next turn.
    @MainActor func setSearching(_ searching: Bool) {
        guard searching != isSearching else { return }
        isSearching = searching
        graph?.stateDidChange(owner: nil)
    }

    /// What `dismissSearch` does: clears the text, ends the field's editing and the search.
    @MainActor func dismiss() {
        guard isSearching else { return }
        setSearching(false)
        if text?.wrappedValue.isEmpty == false { text?.wrappedValue = "" }
        if let path = fieldPath, let field = graph?.mounter.mountedView(at: path), field.isFirstResponder {
            _ = field.resignFirstResponder()
        }
    }
}

extension EnvironmentValues {
    /// Whether the user is searching in the `searchable` field of an enclosing view (iOS 15): true once the field is
    /// tapped, until `dismissSearch` ends the search. The view that applies `searchable` reads its own ancestors'
    /// value, not this one, as in SwiftUI.
    @available(iOS 15.0, *)
    public var isSearching: Bool { search?.isSearching ?? false }

    /// Ends the search of the enclosing `searchable` field (iOS 15): clears its text, ends its editing and sets
    /// `isSearching` to false; nothing happens while the user is not searching.
    @available(iOS 15.0, *)
    public var dismissSearch: DismissSearchAction { DismissSearchAction(session: search) }
}

/// Ends the current search, as SwiftUI's `DismissSearchAction`; call it as `dismissSearch()`.
@available(iOS 15.0, *)
@MainActor public struct DismissSearchAction {
    weak var session: SearchSession?

    public func callAsFunction() { session?.dismiss() }
}
