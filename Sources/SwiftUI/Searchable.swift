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
        searchField(SearchFieldSpec(text: text, prompt: prompt?.string))
    }

    @available(iOS 15.0, *)
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String) -> some View {
        searchField(SearchFieldSpec(text: text, prompt: prompt))
    }

    @available(iOS 15.0, *)
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        searchField(SearchFieldSpec(text: text, prompt: String(prompt)))
    }

    /// A search field whose presentation follows `isPresented` (iOS 17): setting it to true focuses the field and
    /// starts the search, false ends it as `dismissSearch` does; the user's tap on the field sets it to true.
    @available(iOS 17.0, *)
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View {
        searchField(SearchFieldSpec(text: text, prompt: prompt?.string, isPresented: isPresented))
    }

    @available(iOS 17.0, *)
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: String
    ) -> some View {
        searchField(SearchFieldSpec(text: text, prompt: prompt, isPresented: isPresented))
    }

    @available(iOS 17.0, *)
    public func searchable<S: StringProtocol>(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        searchField(SearchFieldSpec(text: text, prompt: String(prompt), isPresented: isPresented))
    }

    /// The iOS 15 form with the suggestions in a closure; Apple deprecates it for `searchSuggestions(_:)`, which it
    /// behaves as.
    @available(iOS, introduced: 15.0, deprecated: 100000.0, message: "Use the searchable modifier with the searchSuggestions modifier")
    public func searchable<S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil, @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchSuggestions(suggestions).searchField(SearchFieldSpec(text: text, prompt: prompt?.string))
    }

    @available(iOS, introduced: 15.0, deprecated: 100000.0, message: "Use the searchable modifier with the searchSuggestions modifier")
    public func searchable<V: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String, @ViewBuilder suggestions: () -> V
    ) -> some View {
        searchSuggestions(suggestions).searchField(SearchFieldSpec(text: text, prompt: prompt))
    }

    @available(iOS, introduced: 15.0, deprecated: 100000.0, message: "Use the searchable modifier with the searchSuggestions modifier")
    public func searchable<V: View, S: StringProtocol>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S, @ViewBuilder suggestions: () -> V
    ) -> some View {
        searchSuggestions(suggestions).searchField(SearchFieldSpec(text: text, prompt: String(prompt)))
    }

    /// A search field with tokens (iOS 16): each element of `tokens` shows before the text, drawn by `token`; the
    /// Delete key at the start of the text selects the last token, and a second press removes it from `tokens`.
    @available(iOS 16.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt?.string, tokens: SearchTokens(tokens, token)))
    }

    @available(iOS 16.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic, prompt: String,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt, tokens: SearchTokens(tokens, token)))
    }

    @available(iOS 16.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, placement: SearchFieldPlacement = .automatic, prompt: S,
        @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: String(prompt), tokens: SearchTokens(tokens, token)))
    }

    /// A search field with tokens and suggested tokens (iOS 16): while the search is active and its text is empty,
    /// the suggested tokens are offered as suggestions, and choosing one appends it to `tokens`.
    @available(iOS 16.0, *)
    public func searchable<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(
            text: text, prompt: prompt?.string, tokens: SearchTokens(tokens, token, suggested: suggestedTokens)))
    }

    @available(iOS 16.0, *)
    public func searchable<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: String, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt, tokens: SearchTokens(tokens, token, suggested: suggestedTokens)))
    }

    @available(iOS 16.0, *)
    public func searchable<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, suggestedTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: S, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(
            text: text, prompt: String(prompt), tokens: SearchTokens(tokens, token, suggested: suggestedTokens)))
    }

    /// A search field with tokens whose views get a binding to each token (iOS 17), e.g. to edit it in place; shown
    /// and deleted as the `tokens:` form's.
    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt?.string, tokens: SearchTokens(editable: editableTokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: String, @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt, tokens: SearchTokens(editable: editableTokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, editableTokens: Binding<C>, placement: SearchFieldPlacement = .automatic,
        prompt: S, @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: String(prompt), tokens: SearchTokens(editable: editableTokens, token)))
    }

    /// Editable tokens with the search's presentation bound to `isPresented` (iOS 17).
    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: Text? = nil,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(
            text: text, prompt: prompt?.string, isPresented: isPresented, tokens: SearchTokens(editable: editableTokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: String,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(
            text: text, prompt: prompt, isPresented: isPresented, tokens: SearchTokens(editable: editableTokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, editableTokens: Binding<C>, isPresented: Binding<Bool>,
        placement: SearchFieldPlacement = .automatic, prompt: S,
        @ViewBuilder token: @escaping (Binding<C.Element>) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(
            text: text, prompt: String(prompt), isPresented: isPresented, tokens: SearchTokens(editable: editableTokens, token)))
    }

    /// Tokens with the search's presentation bound to `isPresented` (iOS 17).
    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: Text? = nil, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt?.string, isPresented: isPresented, tokens: SearchTokens(tokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: String, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: prompt, isPresented: isPresented, tokens: SearchTokens(tokens, token)))
    }

    @available(iOS 17.0, *)
    public func searchable<C: RandomAccessCollection & RangeReplaceableCollection, T: View, S: StringProtocol>(
        text: Binding<String>, tokens: Binding<C>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic,
        prompt: S, @ViewBuilder token: @escaping (C.Element) -> T
    ) -> some View where C.Element: Identifiable {
        searchField(SearchFieldSpec(text: text, prompt: String(prompt), isPresented: isPresented, tokens: SearchTokens(tokens, token)))
    }

    /// Shows or hides the search suggestions inside this view in the given placements (iOS 16). On iPhone the
    /// suggestions are a list over the content (`.automatic` is `.content` there), so hiding them for `.content`
    /// leaves the content showing, and a setting for `.menu` alone changes nothing.
    @available(iOS 16.0, *)
    public func searchSuggestions(_ visibility: Visibility, for placements: SearchSuggestionsPlacement.Set) -> some View {
        let hidden = visibility == .hidden && placements.contains(.content)
        return applying(.wrap { context, element in
            // Inside a suggestion list the suggestions this modifies are dropped; around a `searchable` it is a trait.
            guard hidden, context.traits.completingSearch != nil else { return element }
            return Element(.empty, context)
        })
        .applying(.traits { traits in
            if placements.contains(.content), visibility != .automatic { traits.searchSuggestionsHidden = hidden }
        })
    }

    /// Suggestions for the enclosing (or enclosed) `searchable` field (iOS 16): while the user is searching and the
    /// content is not empty, it is shown as a list in place of the screen's content; a suggestion with a
    /// `searchCompletion` is tapped to fill the field, one without does not react (Apple's searchSuggestions page).
    @available(iOS 16.0, *)
    public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View {
        let content = suggestions()
        let make: @MainActor (ResolveContext) -> Element = { resolveView(content, in: $0) }
        // Applied outside `searchable` the field reads it from its traits; inside, the session it is in takes it.
        return applying(.register { context in context.traits.environment.search?.suggestions = make })
            .applying(.traits { $0.searchSuggestions = make })
    }

    /// The text that choosing this suggestion puts in the search field (iOS 15); outside a suggestion list it does
    /// nothing, as Apple says.
    @available(iOS 15.0, *)
    public func searchCompletion(_ completion: String) -> some View {
        applying(.wrap { context, element in
            guard let session = context.traits.completingSearch else { return element }
            return SearchSession.suggestionButton(element, context: context) { session.complete(text: completion) }
        })
    }

    /// The token that choosing this suggestion adds to the search field's tokens (iOS 16).
    @available(iOS 16.0, *)
    public func searchCompletion<T: Identifiable>(_ token: T) -> some View {
        applying(.wrap { context, element in
            guard let session = context.traits.completingSearch else { return element }
            return SearchSession.suggestionButton(element, context: context) { session.complete(token: token) }
        })
    }

    /// Scopes for the enclosing `searchable` field (iOS 16): a segmented picker below the field, writing `scope`; on
    /// iOS it shows once the user types in the field (`SearchScopeActivation.automatic` is `.onTextEntry`) and hides
    /// when the search ends.
    @available(iOS 16.0, *)
    public func searchScopes<V: Hashable, S: View>(_ scope: Binding<V>, @ViewBuilder scopes: () -> S) -> some View {
        searchScopes(scope, spec: SearchScopesSpec.make(scope, onTextEntry: true, scopes()))
    }

    /// Scopes shown as `activation` says (iOS 16.4): `.onSearchPresentation` from the moment the search starts,
    /// `.onTextEntry` (and `.automatic`, on iOS) once the user types.
    @available(iOS 16.4, *)
    public func searchScopes<V: Hashable, S: View>(
        _ scope: Binding<V>, activation: SearchScopeActivation, @ViewBuilder _ scopes: () -> S
    ) -> some View {
        searchScopes(scope, spec: SearchScopesSpec.make(scope, onTextEntry: activation.onTextEntry, scopes()))
    }

    private func searchScopes<V: Hashable>(_ scope: Binding<V>, spec: SearchScopesSpec) -> some View {
        applying(.register { context in context.traits.environment.search?.scopes = spec })
            .applying(.traits { $0.searchScopes = spec })
    }

    /// Binds the focus of the nearest enclosing `searchable` field to `condition` (iOS 18), as `focused(_:)` binds a
    /// text field's: true while the field is being edited, and setting it focuses or unfocuses the field.
    @available(iOS 18.0, *)
    public func searchFocused(_ condition: FocusState<Bool>.Binding) -> some View {
        applying(.contextTraits { context, traits in
            if let target = context.target(for: condition, value: true) { traits.searchFocusTargets.append(target) }
        })
    }

    /// Binds the focus of the nearest enclosing `searchable` field to `binding`, which holds `value` while it is
    /// being edited (iOS 18).
    @available(iOS 18.0, *)
    public func searchFocused<V: Hashable>(_ binding: FocusState<V>.Binding, equals value: V) -> some View {
        applying(.contextTraits { context, traits in
            if let target = context.target(for: binding, value: value) { traits.searchFocusTargets.append(target) }
        })
    }

    fileprivate func searchField(_ spec: SearchFieldSpec) -> some View {
        let field: @MainActor (ResolveContext) -> Element = { context in spec.resolve(in: context) }
        // Inside a stack's screen the field goes to that screen's bar; applied to the stack, to its root screen's.
        return applying(.register { context in
            context.graph.navigationSearch = field(context)
            context.graph.navigationSearchSession = context.traits.environment.search
        })
            .applying(.traits { $0.searchAroundStack = field })
            // The views inside (and the field) share the search's state, kept under this modifier's identity.
            .applying(.contextTraits { context, traits in
                let session = context.graph.storage(for: context.path + "#search") { SearchSession() }
                session.graph = context.graph
                traits.environment.search = session
            })
    }
}

/// When the scopes of a `searchScopes` show, as SwiftUI's `SearchScopeActivation` (iOS 16.4).
@available(iOS 16.4, *)
public struct SearchScopeActivation: Sendable {
    let onTextEntry: Bool
    /// On iOS, `.onTextEntry`.
    public static var automatic: SearchScopeActivation { SearchScopeActivation(onTextEntry: true) }
    /// Shown when the search starts, hidden when it ends.
    public static var onSearchPresentation: SearchScopeActivation { SearchScopeActivation(onTextEntry: false) }
    /// Shown when the user starts typing in the field, hidden when the search ends.
    public static var onTextEntry: SearchScopeActivation { SearchScopeActivation(onTextEntry: true) }
}

/// Where search suggestions show, as SwiftUI's `SearchSuggestionsPlacement` (iOS 16): on iPhone, in the content.
@available(iOS 16.0, *)
public struct SearchSuggestionsPlacement: Equatable, Sendable {
    let name: String
    /// On iOS, a list over the main content.
    public static var automatic: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "automatic") }
    /// In the main content.
    public static var content: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "content") }
    /// In a menu attached to the search field.
    public static var menu: SearchSuggestionsPlacement { SearchSuggestionsPlacement(name: "menu") }

    /// A set of placements, for `searchSuggestions(_:for:)`.
    public struct Set: OptionSet, Sendable {
        public var rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Suggestions in the main content.
        public static var content: Set { Set(rawValue: 1) }
        /// Suggestions in a menu.
        public static var menu: Set { Set(rawValue: 2) }
    }
}

/// A `searchScopes` modifier: its activation and its segmented picker.
struct SearchScopesSpec {
    let onTextEntry: Bool
    let picker: @MainActor (ResolveContext) -> Element

    @MainActor static func make<V: Hashable, S: View>(_ scope: Binding<V>, onTextEntry: Bool, _ scopes: S) -> SearchScopesSpec {
        let picker = Picker(selection: scope, content: { scopes }, label: { EmptyView() })
        return SearchScopesSpec(onTextEntry: onTextEntry) { context in
            var context = context
            context.traits.pickerStyle = .segmented
            return resolveView(picker, in: context)
        }
    }
}

/// A `searchable` field's tokens: how to draw each one and to add one, and the suggested tokens.
struct SearchTokens {
    let draw: @MainActor (ResolveContext) -> [Element]
    let append: (Any) -> Bool
    /// How many tokens there are now.
    let count: () -> Int
    /// Removes the token at an index (the user deleted it).
    let remove: (Int) -> Void
    var suggested: (@MainActor (ResolveContext, SearchSession) -> Element)?

    init<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        _ tokens: Binding<C>, _ token: @escaping (C.Element) -> T
    ) where C.Element: Identifiable {
        draw = { context in
            tokens.wrappedValue.enumerated().map { index, element in resolveView(token(element), in: context.child("token\(index)")) }
        }
        append = { value in
            guard let element = value as? C.Element else { return false }
            tokens.wrappedValue.append(element)
            return true
        }
        count = { tokens.wrappedValue.count }
        remove = { offset in Self.remove(at: offset, from: tokens) }
    }

    /// `editableTokens`: each token's view gets a binding that replaces the element in the collection.
    init<C: RandomAccessCollection & RangeReplaceableCollection, T: View>(
        editable tokens: Binding<C>, _ token: @escaping (Binding<C.Element>) -> T
    ) where C.Element: Identifiable {
        draw = { context in
            tokens.wrappedValue.indices.enumerated().map { offset, index in
                let element = Binding<C.Element>(location: { tokens.wrappedValue[index] }, write: { value in
                    tokens.wrappedValue.replaceSubrange(index..<tokens.wrappedValue.index(after: index), with: [value])
                })
                return resolveView(token(element), in: context.child("token\(offset)"))
            }
        }
        append = { value in
            guard let element = value as? C.Element else { return false }
            tokens.wrappedValue.append(element)
            return true
        }
        count = { tokens.wrappedValue.count }
        remove = { offset in Self.remove(at: offset, from: tokens) }
    }

    private static func remove<C: RangeReplaceableCollection>(at offset: Int, from tokens: Binding<C>) {
        let index = tokens.wrappedValue.index(tokens.wrappedValue.startIndex, offsetBy: offset)
        tokens.wrappedValue.remove(at: index)
    }

    init<C: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, T: View>(
        _ tokens: Binding<C>, _ token: @escaping (C.Element) -> T, suggested: Binding<C>
    ) where C.Element: Identifiable {
        self.init(tokens, token)
        self.suggested = { context, session in
            let rows = suggested.wrappedValue.enumerated().map { index, element in
                let rowContext = context.child("suggestedToken\(index)")
                return SearchSession.suggestionButton(resolveView(token(element), in: rowContext), context: rowContext) {
                    session.complete(token: element)
                }
            }
            return Element(.group(rows), context)
        }
    }
}

/// What a `searchable` modifier was given.
struct SearchFieldSpec {
    let text: Binding<String>
    let prompt: String?
    var isPresented: Binding<Bool>? = nil
    var tokens: SearchTokens? = nil

    /// The field (with its tokens before it) the screen's bar shows; it also brings the session up to date with this
    /// update's suggestions, scopes and presentation.
    @MainActor func resolve(in context: ResolveContext) -> Element {
        let search = context.traits.environment.search
        search?.text = text
        search?.suggestions = context.traits.searchSuggestions
        search?.suggestionsHidden = context.traits.searchSuggestionsHidden ?? false
        search?.scopes = context.traits.searchScopes
        search?.tokens = tokens
        search?.presented = isPresented
        var traits = TextTraits()
        traits.submitLabel = .search
        traits.fieldBorder = .roundedRect
        traits.environment = context.traits.environment
        // The field's Return runs the `.search` actions around the searchable view, as a field's runs `.text` ones.
        let actions = context.submitActions.filter { $0.triggers.contains(.search) }
            .map { SubmitAction(triggers: .text, action: $0.action) }
        let text = text
        // The user's edits also show the scopes that wait for typing and bring the suggestions back.
        let typed = Binding<String>(location: { text.wrappedValue }, write: { [weak search] value in
            text.wrappedValue = value
            search?.noteTyped()
        })
        // The Delete key at the start of the text goes to the tokens, when there are any.
        var deleteAtStart: (@MainActor () -> Bool)?
        if tokens != nil { deleteAtStart = { [weak search] in search?.deleteAtStart() ?? false } }
        let spec = TextFieldSpec(
            title: prompt ?? "Search", prompt: nil, text: typed, isSecure: false, submitActions: actions,
            focusTargets: context.traits.searchFocusTargets, traits: traits,
            onEditingChanged: { [weak search] began in
                if began { search?.setSearching(true) } else { search?.selectedToken = nil }
            },
            deleteAtStart: deleteAtStart)
        let element = Element(.textField(spec), context.child("search"))
        search?.fieldPath = element.path
        search?.presentIfAsked(graph: context.graph)
        guard let tokens else { return element }
        let drawn = tokens.draw(context.child("tokens"))
        guard !drawn.isEmpty else { return element }
        return Element(.stack(StackSpec(axis: .horizontal, crossAlignment: 0.5, spacing: 4), drawn + [element]), context.child("searchRow"))
    }
}

/// The state of one `searchable` field that the views inside it read: whether the user is searching, its text, and
/// what this update gave it (suggestions, scopes, tokens, the presentation binding).
final class SearchSession {
    weak var graph: ViewGraph?
    var text: Binding<String>?
    /// The search field's identity, for focusing and resigning it.
    var fieldPath: String?
    private(set) var isSearching = false
    /// The user typed in the field since the search began (`.onTextEntry` scopes show from then).
    private(set) var typedSinceBegan = false
    /// A suggestion was chosen: the suggestions stay hidden until the user edits the text again [U].
    private(set) var suggestionsDismissed = false
    var suggestions: (@MainActor (ResolveContext) -> Element)?
    /// `searchSuggestions(.hidden, for: .content)` around the field: no suggestion list on iPhone.
    var suggestionsHidden = false
    var scopes: SearchScopesSpec?
    /// The token the user's Delete selected (the next Delete removes it, typing replaces it).
    var selectedToken: Int?
    var tokens: SearchTokens?
    /// `searchable(isPresented:)`: the binding the search's start and end write.
    var presented: Binding<Bool>?

    /// Starts or ends the search; the views reading `isSearching` update at the next turn.
    @MainActor func setSearching(_ searching: Bool) {
        guard searching != isSearching else { return }
        isSearching = searching
        typedSinceBegan = false
        suggestionsDismissed = false
        if let presented, presented.wrappedValue != searching { presented.wrappedValue = searching }
        graph?.stateDidChange(owner: nil)
    }

    /// The Delete key at the start of the field's text: the last token is selected (unless the profile says a press
    /// removes it at once), and a selected token is removed. `false` when there are no tokens.
    @MainActor func deleteAtStart() -> Bool {
        guard let tokens, tokens.count() > 0 else { return false }
        let last = tokens.count() - 1
        if selectedToken == nil, graph?.behavior.searchTokenDeleteSelectsFirst ?? true {
            selectedToken = last
            return true
        }
        tokens.remove(min(selectedToken ?? last, last))
        selectedToken = nil
        graph?.stateDidChange(owner: nil)
        return true
    }

    /// The user edited the field's text.
    @MainActor func noteTyped() {
        // Typing replaces a selected token, as typing replaces any selection.
        if let selected = selectedToken, let tokens {
            selectedToken = nil
            if selected < tokens.count() { tokens.remove(selected) }
        }
        guard !typedSinceBegan || suggestionsDismissed else { return }
        typedSinceBegan = true
        suggestionsDismissed = false
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

    /// `isPresented` written in code: true focuses the field once it is mounted, false ends the search.
    @MainActor func presentIfAsked(graph: ViewGraph) {
        guard let presented, presented.wrappedValue != isSearching else { return }
        let wanted = presented.wrappedValue
        graph.afterMount.append { [weak self, weak graph] in
            guard let self, let graph else { return }
            guard wanted else { return dismiss() }
            if let path = fieldPath, let field = graph.mounter.mountedView(at: path), !field.isFirstResponder {
                _ = field.becomeFirstResponder()
            }
            setSearching(true)
        }
    }

    /// A suggestion's completion was chosen: it replaces the text, the suggestions hide and the field ends editing
    /// (the search stays active) [U: Apple documents only the replacement].
    @MainActor func complete(text completion: String) {
        if text?.wrappedValue != completion { text?.wrappedValue = completion }
        suggestionsDismissed = true
        if let path = fieldPath, let field = graph?.mounter.mountedView(at: path), field.isFirstResponder {
            _ = field.resignFirstResponder()
        }
        graph?.stateDidChange(owner: nil)
    }

    /// A token suggestion was chosen: it is added to the field's tokens; a token of another type stops the program,
    /// as it could never be added.
    @MainActor func complete<T>(token: T) {
        guard let tokens else { preconditionFailure("searchCompletion(_:) with a token: the searchable field has no tokens") }
        precondition(tokens.append(token), "searchCompletion(_:): the token's type \(T.self) is not the searchable field's token type")
        graph?.stateDidChange(owner: nil)
    }

    /// Whether the scope bar shows now.
    var showsScopes: Bool {
        guard isSearching, let scopes else { return false }
        return !scopes.onTextEntry || typedSinceBegan
    }

    /// The suggestions list that replaces the screen's content while searching, if there is something to suggest.
    @MainActor func suggestionList(in context: ResolveContext) -> Element? {
        guard isSearching, !suggestionsDismissed, !suggestionsHidden else { return nil }
        var inner = context.child("rows")
        inner.traits.completingSearch = self
        var rows: [Element] = []
        if text?.wrappedValue.isEmpty ?? true, let suggested = tokens?.suggested {
            rows += suggested(inner.child("tokens"), self).flattened
        }
        if let suggestions { rows += suggestions(inner.child("suggestions")).flattened }
        guard !rows.isEmpty else { return nil }
        return Element(.list(ListSpec(dismissal: context.graph.behavior.automaticScrollDismissalList, style: .plain), rows), context)
    }

    /// A suggestion made a button that runs `choose`, found by the user by its texts.
    @MainActor static func suggestionButton(_ element: Element, context: ResolveContext, choose: @escaping () -> Void) -> Element {
        var title: String?
        if case .text(let string, _) = element.kind { title = string }
        return Element(.button(ButtonSpec(
            title: title, label: element, action: choose, spokenTitle: Button<Text>.texts(in: element).joined(separator: " "))),
            context.child("completion"))
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
