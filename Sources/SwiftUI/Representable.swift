import UIKitModel

/// A size proposed to a view, as SwiftUI's `ProposedViewSize`; `nil` asks for the ideal size.
@available(iOS 16.0, *)
public struct ProposedViewSize: Equatable, Sendable {
    public var width: CGFloat?
    public var height: CGFloat?
    public init(width: CGFloat?, height: CGFloat?) {
        self.width = width
        self.height = height
    }
    public static let zero = ProposedViewSize(width: 0, height: 0)
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    public static let unspecified = ProposedViewSize(width: nil, height: nil)
}

/// A UIKit view shown in SwiftUI, as SwiftUI's `UIViewRepresentable` (S60–S66).
@preconcurrency @MainActor public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>

    /// Called once, when the view is first shown (S60).
    func makeUIView(context: Self.Context) -> Self.UIViewType
    /// Called after `makeUIView` and on every later update of the containing view (S61).
    func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)
    /// Called before `makeUIView`, once (S60).
    func makeCoordinator() -> Self.Coordinator
    @available(iOS 16.0, *)
    func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize?
}

extension UIViewRepresentable {
    public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
    @available(iOS 16.0, *)
    public func sizeThatFits(_ proposal: ProposedViewSize, uiView: Self.UIViewType, context: Self.Context) -> CGSize? {
        nil
    }
}

extension UIViewRepresentable where Coordinator == Void {
    public func makeCoordinator() -> Coordinator { () }
}

/// What a representable's methods receive, as SwiftUI's `UIViewRepresentableContext`.
@preconcurrency @MainActor public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// The coordinator `makeCoordinator()` made; the same one for the view's whole life (S60).
    public let coordinator: Representable.Coordinator
    public var transaction: Transaction { Transaction() }
}

/// A representable's coordinator, kept under the view's identity.
final class CoordinatorBox {
    let value: Any
    init(_ value: Any) { self.value = value }
}

/// The type-erased calls a mounted representable needs.
struct RepresentableSpec {
    let make: @MainActor () -> UIView
    let update: @MainActor (UIView) -> Void
    let size: @MainActor (ProposedSize, UIView) -> CGSize?
    let dismantle: @MainActor (UIView) -> Void
    /// Whether the containing body ran in this update, which calls `updateUIView` (S61).
    var isNew = true
}

@MainActor func resolveRepresentable<R: UIViewRepresentable>(_ view: R, in context: ResolveContext) -> Element {
    let context = context.child(_typeName(R.self, qualified: false))
    for child in Mirror(reflecting: view).children {
        guard let property = child.value as? any GraphLinkedProperty else { continue }
        property.link(to: context.graph, key: context.path + "#" + (child.label ?? "?"))
    }
    let box = context.graph.storage(for: context.path + "#coordinator") { CoordinatorBox(view.makeCoordinator()) }
    let representableContext = UIViewRepresentableContext<R>(coordinator: box.value as! R.Coordinator)
    var spec = RepresentableSpec(
        make: { view.makeUIView(context: representableContext) },
        update: { uiView in
            guard let uiView = uiView as? R.UIViewType else { return }
            // S64 [U]: bindings may still read the value from before the coordinator's write.
            StaleBindingReads.active = UIKitSystem.shared.behavior.swiftUI.updateUIViewSeesStaleBinding
            defer { StaleBindingReads.active = false }
            view.updateUIView(uiView, context: representableContext)
        },
        size: { proposal, uiView in
            guard let uiView = uiView as? R.UIViewType else { return nil }
            return view.sizeThatFits(
                ProposedViewSize(width: proposal.width, height: proposal.height), uiView: uiView,
                context: representableContext)
        },
        dismantle: { uiView in
            guard let uiView = uiView as? R.UIViewType else { return }
            R.dismantleUIView(uiView, coordinator: representableContext.coordinator)
        })
    spec.isNew = !context.bodyReused
    return Element(.representable(spec), context)
}
