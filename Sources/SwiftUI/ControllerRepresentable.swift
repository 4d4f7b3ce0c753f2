import UIKitModel

/// A UIKit view controller shown in SwiftUI, as SwiftUI's `UIViewControllerRepresentable`; its view is placed like a
/// representable's view (S60–S62 hold as for `UIViewRepresentable`).
@preconcurrency @MainActor public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>

    /// Called once, when the view is first shown (S60).
    func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    /// Called after `makeUIViewController` and on every later update of the containing view (S61).
    func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
    static func dismantleUIViewController(_ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)
    /// Called before `makeUIViewController`, once (S60).
    func makeCoordinator() -> Self.Coordinator
    @available(iOS 16.0, *)
    func sizeThatFits(
        _ proposal: ProposedViewSize, uiViewController: Self.UIViewControllerType, context: Self.Context
    ) -> CGSize?
}

extension UIViewControllerRepresentable {
    public static func dismantleUIViewController(
        _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator
    ) {}
    @available(iOS 16.0, *)
    public func sizeThatFits(
        _ proposal: ProposedViewSize, uiViewController: Self.UIViewControllerType, context: Self.Context
    ) -> CGSize? {
        nil
    }
}

extension UIViewControllerRepresentable where Coordinator == Void {
    public func makeCoordinator() -> Coordinator { () }
}

/// What a view controller representable's methods receive, as SwiftUI's `UIViewControllerRepresentableContext`.
@preconcurrency @MainActor public struct UIViewControllerRepresentableContext<
    Representable: UIViewControllerRepresentable
> {
    /// The coordinator `makeCoordinator()` made; the same one for the view's whole life (S60).
    public let coordinator: Representable.Coordinator
    public var transaction: Transaction { Transaction() }
}

/// The controller a representable made, kept under the view's identity while its view is shown.
final class ControllerBox {
    var controller: UIViewController?
}

@MainActor func resolveControllerRepresentable<R: UIViewControllerRepresentable>(
    _ view: R, in context: ResolveContext
) -> Element {
    let context = context.child(_typeName(R.self, qualified: false))
    for child in Mirror(reflecting: view).children {
        guard let property = child.value as? any GraphLinkedProperty else { continue }
        property.link(to: context.graph, key: context.path + "#" + (child.label ?? "?"))
    }
    let box = context.graph.storage(for: context.path + "#coordinator") { CoordinatorBox(view.makeCoordinator()) }
    let controllers = context.graph.storage(for: context.path + "#controller") { ControllerBox() }
    let representableContext = UIViewControllerRepresentableContext<R>(coordinator: box.value as! R.Coordinator)
    func controller(of uiView: UIView) -> R.UIViewControllerType? {
        guard let controller = controllers.controller as? R.UIViewControllerType, controller.viewIfLoaded === uiView else {
            return nil
        }
        return controller
    }
    var spec = RepresentableSpec(
        make: {
            let controller = view.makeUIViewController(context: representableContext)
            controllers.controller = controller
            return controller.view
        },
        update: { uiView in
            guard let controller = controller(of: uiView) else { return }
            view.updateUIViewController(controller, context: representableContext)
        },
        size: { proposal, uiView in
            guard let controller = controller(of: uiView) else { return nil }
            return view.sizeThatFits(
                ProposedViewSize(width: proposal.width, height: proposal.height), uiViewController: controller,
                context: representableContext)
        },
        dismantle: { uiView in
            guard let controller = controller(of: uiView) else { return }
            R.dismantleUIViewController(controller, coordinator: representableContext.coordinator)
            controllers.controller = nil
        })
    spec.isNew = !context.bodyReused
    return Element(.representable(spec), context)
}
