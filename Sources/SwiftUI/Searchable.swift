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
    /// iOS [approximation: no Cancel button, no `isSearching`, the field never hides when scrolling].
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
            var traits = TextTraits()
            traits.submitLabel = .search
            traits.fieldBorder = .roundedRect
            traits.environment = context.traits.environment
            // The field's Return runs the `.search` actions around the searchable view, as a field's runs `.text` ones.
            let actions = context.submitActions.filter { $0.triggers.contains(.search) }
                .map { SubmitAction(triggers: .text, action: $0.action) }
            let spec = TextFieldSpec(
                title: prompt ?? "Search", prompt: nil, text: text, isSecure: false, submitActions: actions,
                focusTargets: [], traits: traits)
            return Element(.textField(spec), context.child("search"))
        }
        // Inside a stack's screen the field goes to that screen's bar; applied to the stack, to its root screen's.
        return applying(.register { context in context.graph.navigationSearch = field(context) })
            .applying(.traits { $0.searchAroundStack = field })
    }
}
