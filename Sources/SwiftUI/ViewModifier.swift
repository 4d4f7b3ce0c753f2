import UIKitModel
import Combine

// MARK: Modifiers of one's own

/// A modifier of one's own, as SwiftUI's `ViewModifier`: its body wraps the view it is applied to, and its own
/// `@State`, `@Environment` and observed properties live under that view's identity, as a view's do.
@preconcurrency @MainActor public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor func body(content: Self.Content) -> Self.Body
}

/// The view a `ViewModifier` is applied to, standing for it inside the modifier's body.
@preconcurrency @MainActor public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public typealias Body = Never
    let content: AnyView
}

extension _ViewModifier_Content: PrimitiveView {
    func resolve(in context: ResolveContext) -> Element { resolveView(content, in: context.child("content")) }
}

/// A view (or a modifier) with a modifier applied, as SwiftUI's `ModifiedContent`.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier

    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: Equatable where Content: Equatable, Modifier: Equatable {}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    func resolve(in context: ResolveContext) -> Element {
        // The modifier is resolved as a view would be: its properties linked to storage under its identity, its
        // body run again only when its own state or input changed.
        var context = context.child(_typeName(Modifier.self, qualified: false))
        for child in Mirror(reflecting: modifier).children {
            (child.value as? any EnvironmentReading)?.read(context.traits.environment)
            guard let property = child.value as? any GraphLinkedProperty else { continue }
            property.link(to: context.graph, key: context.path + "#" + (child.label ?? "?"))
        }
        let host = ModifierBody(modifier: modifier, content: _ViewModifier_Content(content: AnyView(content)))
        let (body, reused) = context.graph.body(of: host, at: context.path)
        context.bodyReused = reused
        return resolveView(body, in: context)
    }
}

/// The body of a `ViewModifier` around its content, as the graph runs and reuses bodies.
struct ModifierBody<Modifier: ViewModifier>: View {
    let modifier: Modifier
    let content: _ViewModifier_Content<Modifier>
    var body: Modifier.Body { modifier.body(content: content) }
}

extension View {
    /// Applies a `ViewModifier` of one's own to this view.
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: Publishers

/// The subscription of an `onReceive` modifier, kept with the view's identity; the action is the latest body's.
final class ReceiveHolder {
    var action: (Any) -> Void = { _ in }
    var subscription: AnyCancellable?
}

extension View {
    /// Runs `action` with each value `publisher` sends while the view is shown, on the thread that sends it (a
    /// notification's publisher: at once, inside `post`); subscribed when the view appears, cancelled when it
    /// disappears.
    public func onReceive<P: Publisher>(
        _ publisher: P, perform action: @escaping (P.Output) -> Void
    ) -> some View where P.Failure == Never {
        applying(.register { context in
            let holder = context.graph.storage(for: context.path + "#onReceive") { ReceiveHolder() }
            holder.action = { action($0 as! P.Output) }
            context.graph.noteAppearance(
                path: context.path, lazyRow: context.lazyRow,
                onAppear: { holder.subscription = publisher.sink { holder.action($0) } },
                onDisappear: { holder.subscription = nil })
        })
    }
}

// MARK: Previews

/// Xcode's previews of a view (`struct X_Previews: PreviewProvider`), as DeveloperToolsSupport declares them: the
/// canvas alone shows them, so a running app (and the model) never asks for `previews`.
@preconcurrency @MainActor public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor static var previews: Self.Previews { get }
}
