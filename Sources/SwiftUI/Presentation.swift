import UIKitModel

/// Values a view reads from its ancestors, as SwiftUI's `EnvironmentValues`; the model has `dismiss`.
public struct EnvironmentValues {
    /// Dismisses the sheet the view is in (nothing outside a sheet).
    public var dismiss: DismissAction { DismissAction(controller: presentedController, pop: navigationPop) }
    weak var presentedController: UIViewController?
    /// Pops the pushed screen the view is on (`dismiss` then goes back instead of dismissing a sheet).
    var navigationPop: (@MainActor () -> Void)?

    public init() {}
}

/// Dismisses the presentation a view is in, as SwiftUI's `DismissAction`; call it as `dismiss()`.
@MainActor public struct DismissAction {
    weak var controller: UIViewController?
    var pop: (@MainActor () -> Void)?

    public func callAsFunction() {
        if let pop { return pop() }
        controller?.dismiss(animated: true)
    }
}

/// A value read from the environment, as SwiftUI's `Environment` (key paths into `EnvironmentValues`).
@propertyWrapper public struct Environment<Value>: DynamicProperty {
    final class Box {
        var values = EnvironmentValues()
    }
    let keyPath: KeyPath<EnvironmentValues, Value>
    let box = Box()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }

    public var wrappedValue: Value { box.values[keyPath: keyPath] }
}

/// An environment property, given its ancestors' values before the body runs.
protocol EnvironmentReading {
    func read(_ values: EnvironmentValues)
}

extension Environment: EnvironmentReading {
    func read(_ values: EnvironmentValues) { box.values = values }
}

/// A sheet a view presents while its binding is true.
struct SheetSpec {
    let isPresented: Binding<Bool>
    let onDismiss: (() -> Void)?
    let content: @MainActor () -> AnyView
}

extension View {
    /// Presents `content` in a sheet while `isPresented` is true; dismissing the sheet sets it to false.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        applying(.sheet(SheetSpec(isPresented: isPresented, onDismiss: onDismiss, content: { AnyView(content()) })))
    }
}

/// The hosting controller of a sheet: it tells its presenter when it goes, however it was dismissed.
final class SheetHostingController: UIHostingController<AnyView> {
    var onGone: (() -> Void)?

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if presentingViewController == nil { onGone?() }
    }
}

extension ViewGraph {
    /// Presents, updates or dismisses the sheets the update resolved (one per identity).
    func applySheets(_ sheets: [(path: String, spec: SheetSpec)]) {
        guard let presenter = host?.owningViewController else { return }
        for (path, spec) in sheets {
            let holder = storage(for: path + "#sheet") { SheetHolder() }
            let wanted = spec.isPresented.wrappedValue
            if wanted, holder.controller == nil {
                let controller = SheetHostingController(rootView: spec.content())
                controller.environment.presentedController = controller
                controller.onGone = { [weak holder] in
                    holder?.controller = nil
                    if spec.isPresented.wrappedValue { spec.isPresented.wrappedValue = false }
                    spec.onDismiss?()
                }
                holder.controller = controller
                presenter.present(controller, animated: true)
            } else if let controller = holder.controller {
                if wanted {
                    controller.rootView = spec.content()
                } else if controller.presentingViewController != nil, !controller.isBeingDismissed {
                    controller.dismiss(animated: true)
                }
            }
        }
    }
}

/// The sheet a view presents now.
final class SheetHolder {
    var controller: SheetHostingController?
}
