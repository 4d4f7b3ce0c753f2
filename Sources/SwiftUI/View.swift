import UIKitModel

/// A piece of user interface, as SwiftUI's `View`: a value whose `body` describes what it shows.
@preconcurrency @MainActor public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("Never has no body") }
}

/// A view the model draws itself; its body is never asked for.
@MainActor protocol PrimitiveView {
    /// The resolved element of this view, given what its ancestors set.
    func resolve(in context: ResolveContext) -> Element
}

extension View where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A view that shows nothing.
public struct EmptyView: View {
    public typealias Body = Never
    public init() {}
}

extension EmptyView: PrimitiveView {
    func resolve(in context: ResolveContext) -> Element { Element(.empty, context) }
}

/// The views of a `@ViewBuilder` block, in order.
public struct TupleView<T>: View {
    public typealias Body = Never
    public var value: T

    public init(_ value: T) { self.value = value }
}

extension TupleView: PrimitiveView {
    func resolve(in context: ResolveContext) -> Element {
        // The tuple's arity is not known statically: its elements are read back as views.
        var elements: [Element] = []
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            guard let view = child.value as? any View else { continue }
            // A `ForEach` among a lazy stack's views gives each of its elements a row of its own (S77).
            let component = "\(index)"
            elements.append(resolveView(view, in: view is any LazyRowSource ? context.child(component) : context.row(component)))
        }
        return Element(.group(elements), context)
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    func resolve(in context: ResolveContext) -> Element {
        switch self {
        case .some(let view): return resolveView(view, in: context.child("some"))
        case .none: return Element(.empty, context)
        }
    }
}

/// The result of an `if`/`else` in a `@ViewBuilder`: one of two views, each with its own identity.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
}

extension _ConditionalContent: PrimitiveView {
    func resolve(in context: ResolveContext) -> Element {
        switch storage {
        case .trueContent(let view): return resolveView(view, in: context.child("true"))
        case .falseContent(let view): return resolveView(view, in: context.child("false"))
        }
    }
}

/// A view of any type, as SwiftUI's `AnyView`; changing the wrapped type changes the identity.
public struct AnyView: View {
    public typealias Body = Never
    let resolver: @MainActor (ResolveContext) -> Element
    let typeName: String

    public init<V: View>(_ view: V) {
        typeName = String(reflecting: V.self)
        resolver = { context in resolveView(view, in: context) }
    }

    public init<V: View>(erasing view: V) { self.init(view) }
}

extension AnyView: PrimitiveView {
    func resolve(in context: ResolveContext) -> Element { resolver(context.child(typeName)) }
}

/// A group of views that its container lays out, as SwiftUI's `Group`.
public struct Group<Content>: View {
    public typealias Body = Never
    let content: Content
}

extension Group where Content: View {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension Group: PrimitiveView where Content: View {
    func resolve(in context: ResolveContext) -> Element { resolveView(content, in: context.child("group")) }
}

/// Builds views from the statements of a closure, as SwiftUI's result builder: blocks, `if`, `if`/`else`,
/// `switch` and `if #available`; loops are not accepted (use `ForEach`).
@resultBuilder public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }

    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
