import UIKitModel

/// A placeholder for content that cannot show, as SwiftUI's `ContentUnavailableView` (iOS 17): the label's icon
/// large and secondary, its title in the title-2 font, bold, the description secondary, then the actions, in a
/// centred column that takes the space offered.
@available(iOS 17.0, *)
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View, PrimitiveView {
    public typealias Body = Never
    let label: Label
    let description: Description
    let actions: Actions

    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    func resolve(in context: ResolveContext) -> Element {
        let column = VStack(spacing: 8) {
            label.font(.title2).applying(.traits { $0.labelStyle = .iconAboveTitle })
            description.foregroundStyle(.secondary).multilineTextAlignment(.center)
            actions
        }
        .padding()
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        return resolveView(column, in: context)
    }
}

@available(iOS 17.0, *)
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// A placeholder titled `title` with the symbol `name` and an optional description.
    public init(_ title: String, systemImage name: String, description: Text? = nil) {
        self.init(label: { SwiftUI.Label(title: { Text(title).bold() }, icon: { Image(systemName: name) }) },
                  description: { description })
    }

    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(String(title), systemImage: name, description: description)
    }
}

/// The parts of the search placeholder, as SwiftUI's `SearchUnavailableContent` (iOS 17).
@available(iOS 17.0, *)
public struct SearchUnavailableContent {
    /// "No Results" (with the query when there is one) under a magnifying glass.
    public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let text: String?

        func resolve(in context: ResolveContext) -> Element {
            let query = text ?? context.traits.environment.search?.text?.wrappedValue ?? ""
            let title = query.isEmpty ? "No Results" : "No Results for \u{201C}\(query)\u{201D}"
            return resolveView(
                SwiftUI.Label(title: { Text(title).bold() }, icon: { Image(systemName: "magnifyingglass") }), in: context)
        }
    }

    /// "Check the spelling or try a new search."
    public struct Description: View, PrimitiveView {
        public typealias Body = Never

        func resolve(in context: ResolveContext) -> Element {
            resolveView(Text("Check the spelling or try a new search."), in: context)
        }
    }

    /// No actions.
    public struct Actions: View, PrimitiveView {
        public typealias Body = Never

        func resolve(in context: ResolveContext) -> Element { Element(.empty, context) }
    }
}

@available(iOS 17.0, *)
extension ContentUnavailableView
where Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions
{
    /// The search placeholder: "No Results for “query”", the query being the enclosing `searchable` field's text.
    public static var search: ContentUnavailableView<Label, Description, Actions> { search(nil) }

    /// The search placeholder for the query `text`.
    public static func search(text: String) -> ContentUnavailableView<Label, Description, Actions> { search(text) }

    private static func search(_ text: String?) -> Self {
        Self(
            label: { SearchUnavailableContent.Label(text: text) }, description: { SearchUnavailableContent.Description() },
            actions: { SearchUnavailableContent.Actions() })
    }
}
