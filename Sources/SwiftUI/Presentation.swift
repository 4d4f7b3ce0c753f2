import Combine
import Observation
import UIKitModel

/// Values a view reads from its ancestors, as SwiftUI's `EnvironmentValues`; the model has `dismiss`.
public struct EnvironmentValues {
    /// Dismisses the sheet the view is in (nothing outside a sheet).
    @available(iOS 15.0, *)
    public var dismiss: DismissAction { DismissAction(controller: presentedController, pop: navigationPop) }
    weak var presentedController: UIViewController?
    /// Pops the pushed screen the view is on (`dismiss` then goes back instead of dismissing a sheet).
    var navigationPop: (@MainActor () -> Void)?
    /// The objects put in the environment with `environmentObject(_:)` and `environment(_:)`, by type.
    var objects: [ObjectIdentifier: AnyObject] = [:]
    /// What `editMode` holds.
    var editModeBinding: Binding<EditMode>?
    /// The `searchable` field around the view: what `isSearching` and `dismissSearch` read.
    var search: SearchSession?

    public init() {}
}

/// Dismisses the presentation a view is in, as SwiftUI's `DismissAction`; call it as `dismiss()`.
@available(iOS 15.0, *)
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
    let value: (EnvironmentValues) -> Value
    let box = Box()

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { value = { $0[keyPath: keyPath] } }

    /// The `@Observable` object of this type an ancestor put in the environment; without one the program stops, as
    /// SwiftUI's does.
    @available(iOS 17.0, *)
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {
        value = { values in
            guard let object = values.objects[ObjectIdentifier(Value.self)] as? Value else {
                fatalError("No Observable object of type \(Value.self) found. A View.environment(_:) for \(Value.self) may be missing as an ancestor of this view.")
            }
            return object
        }
    }

    /// The `@Observable` object of this type an ancestor put in the environment, or `nil`.
    @available(iOS 17.0, *)
    public init<T: AnyObject & Observable>(_ objectType: T.Type) where Value == T? {
        value = { $0.objects[ObjectIdentifier(T.self)] as? T }
    }

    public var wrappedValue: Value { value(box.values) }
}

/// An `ObservableObject` an ancestor put in the environment with `environmentObject(_:)`, as SwiftUI's
/// `EnvironmentObject`; a change to a `@Published` property updates the view, and reading it without an ancestor
/// that provides one stops the program, as SwiftUI's does.
@propertyWrapper public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty
where ObjectType.ObjectWillChangePublisher == ObservableObjectPublisher {
    final class Box {
        var object: ObjectType?
    }
    let box = Box()

    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = box.object else {
            fatalError("No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view.")
        }
        return object
    }

    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Bindings to the object's properties, made by `$object.property`.
    @dynamicMemberLookup public struct Wrapper {
        let object: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = self.object
            return Binding(location: { object[keyPath: keyPath] }, write: { object[keyPath: keyPath] = $0 })
        }
    }
}

extension EnvironmentObject: EnvironmentReading, GraphLinkedProperty {
    func read(_ values: EnvironmentValues) { box.object = values.objects[ObjectIdentifier(ObjectType.self)] as? ObjectType }

    @MainActor func link(to graph: ViewGraph, key: String) {
        if let object = box.object { graph.watch(object, key: key) }
    }
}

extension View {
    /// Puts `object` in the environment of this view for `@EnvironmentObject` properties of its type.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        applying(.traits { $0.environment.objects[ObjectIdentifier(T.self)] = object })
    }

    /// Puts an `@Observable` object in the environment of this view for `@Environment(T.self)` properties.
    @available(iOS 17.0, *)
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        applying(.traits { $0.environment.objects[ObjectIdentifier(T.self)] = object })
    }
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
    /// `fullScreenCover`: the hosting controller covers the screen (`.fullScreen`).
    var coversScreen = false
    /// `alert` and `confirmationDialog`: a UIKit alert controller instead of a hosting controller.
    var alert: (@MainActor () -> UIAlertController)?
}

extension View {
    /// Presents `content` in a sheet while `isPresented` is true; dismissing the sheet sets it to false.
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        applying(.sheet(SheetSpec(isPresented: isPresented, onDismiss: onDismiss, content: { AnyView(content()) })))
    }

    /// Presents `content` for `item` in a sheet while `item` is not `nil`; dismissing the sheet sets it to `nil`
    /// [approximation: a different item while presented replaces the content without dismissing the sheet].
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        let shown = item.wrappedValue
        let isPresented = Binding<Bool>(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
        return applying(.sheet(SheetSpec(isPresented: isPresented, onDismiss: onDismiss, content: {
            guard let current = item.wrappedValue ?? shown else { return AnyView(EmptyView()) }
            return AnyView(content(current))
        })))
    }

    /// Presents `content` over the whole screen while `isPresented` is true (iOS 14); the covered screen's views
    /// leave the window, as under UIKit's `.fullScreen` presentation.
    @available(iOS 14.0, *)
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        var spec = SheetSpec(isPresented: isPresented, onDismiss: onDismiss, content: { AnyView(content()) })
        spec.coversScreen = true
        return applying(.sheet(spec))
    }
}

/// The hosting controller of a sheet: it tells its presenter when it goes, however it was dismissed.
final class SheetHostingController: UIHostingController<AnyView>, UISheetPresentationControllerDelegate {
    var onGone: (() -> Void)?
    /// `presentationDetents(_:selection:)`'s binding, which the user's drag writes.
    var detentSelection: Binding<PresentationDetent>?

    func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
        guard let identifier = sheet.selectedDetentIdentifier ?? sheet.detents.first?.identifier else { return }
        let detent = PresentationDetent(identifier: identifier)
        if detentSelection?.wrappedValue != detent { detentSelection?.wrappedValue = detent }
    }

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
            if let makeAlert = spec.alert {
                applyAlert(holder, wanted: wanted, makeAlert, presenter: presenter)
                continue
            }
            if wanted, holder.controller == nil {
                let controller = SheetHostingController(rootView: spec.content())
                if spec.coversScreen { controller.modalPresentationStyle = .fullScreen }
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
    var alert: UIAlertController?
}

extension ViewGraph {
    /// Presents the alert while its binding is true and dismisses it when code sets the binding to false; its
    /// actions set the binding to false before they run.
    fileprivate func applyAlert(
        _ holder: SheetHolder, wanted: Bool, _ makeAlert: @MainActor () -> UIAlertController, presenter: UIViewController
    ) {
        if let alert = holder.alert, alert.presentingViewController == nil, !alert.isBeingPresented { holder.alert = nil }
        if wanted, holder.alert == nil {
            let alert = makeAlert()
            holder.alert = alert
            presenter.present(alert, animated: true)
        } else if wanted, let alert = holder.alert {
            // A button's `disabled` follows the state while the alert shows (an OK enabled once a name is typed).
            let fresh = makeAlert()
            for (action, updated) in zip(alert.actions, fresh.actions) where action.isEnabled != updated.isEnabled {
                action.isEnabled = updated.isEnabled
            }
        } else if !wanted, let alert = holder.alert {
            holder.alert = nil
            if alert.presentingViewController != nil, !alert.isBeingDismissed { alert.dismiss(animated: true) }
        }
    }
}

/// Whether a presentation's title shows, as SwiftUI's `Visibility`.
@available(iOS 15.0, *)
public enum Visibility: Hashable, CaseIterable, Sendable {
    case automatic, visible, hidden
}

/// Builds the UIKit alert of an `alert` or `confirmationDialog`: one action per `Button` of `actions` (its role
/// giving the action's style), an OK button when there are none (alerts) and a Cancel button when no button has the
/// cancel role (dialogs, as on iPhone).
@MainActor func makeAlert<A: View, M: View>(
    title: String?, isPresented: Binding<Bool>, actions: A, message: M?, style: UIAlertController.Style, graph: ViewGraph
) -> UIAlertController {
    let context = ResolveContext(graph: graph, path: "#alert")
    let elements = resolveView(actions, in: context.child("actions")).flattened
    let buttons = elements.compactMap { element -> ButtonSpec? in
        if case .button(let spec) = element.kind { return spec }
        return nil
    }
    let fields = elements.compactMap { element -> TextFieldSpec? in
        if case .textField(let spec) = element.kind { return spec }
        return nil
    }
    let text = message.map { Button<Text>.texts(in: resolveView($0, in: context.child("message"))).joined(separator: "\n") }
    let alert = UIAlertController(title: title, message: text, preferredStyle: style)
    func add(_ title: String, _ role: ButtonRole?, _ action: @escaping () -> Void) {
        let actionStyle: UIAlertAction.Style = role == .cancel ? .cancel : role == .destructive ? .destructive : .default
        alert.addAction(UIAlertAction(title: title, style: actionStyle) { _ in
            if isPresented.wrappedValue { isPresented.wrappedValue = false }
            action()
        })
    }
    // The `TextField`s and `SecureField`s among the actions become the alert's text fields (iOS 16), in order: the
    // placeholder is the prompt or title, the keyboard traits are the field's, and each edit writes the binding.
    for spec in fields where style == .alert {
        alert.addTextField { field in
            field.placeholder = spec.placeholder
            field.text = spec.text.wrappedValue
            field.isSecureTextEntry = spec.isSecure
            field.keyboardType = spec.traits.keyboardType
            if let type = spec.traits.textContentType { field.textContentType = type }
            // The field's input traits carry over as they do to a field on screen.
            if let autocapitalization = spec.traits.autocapitalization { field.autocapitalizationType = autocapitalization.type }
            if spec.traits.autocorrectionDisabled { field.autocorrectionType = .no }
            let text = spec.text
            field.addAction(UIAction { [weak field] _ in text.wrappedValue = field?.text ?? "" }, for: .editingChanged)
        }
    }
    for spec in buttons {
        add(spec.title ?? spec.spokenTitle, spec.role, spec.action)
        alert.actions.last?.isEnabled = spec.isEnabled
    }
    if style == .alert, buttons.isEmpty { add("OK", .cancel) {} }
    if style == .actionSheet, !buttons.contains(where: { $0.role == .cancel }) { add("Cancel", .cancel) {} }
    return alert
}

extension View {
    /// Shows an alert titled `titleKey` while `isPresented` is true (iOS 15); tapping one of its buttons sets the
    /// binding to false and runs the button's action.
    @available(iOS 15.0, *)
    public func alert<A: View>(_ titleKey: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alertModifier(titleKey, isPresented, actions(), nil as EmptyView?, style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alertModifier(String(title), isPresented, actions(), nil as EmptyView?, style: .alert)
    }

    /// Shows an alert with a message below its title (iOS 15).
    @available(iOS 15.0, *)
    public func alert<A: View, M: View>(
        _ titleKey: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        alertModifier(titleKey, isPresented, actions(), message(), style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        alertModifier(String(title), isPresented, actions(), message(), style: .alert)
    }

    /// Shows an alert titled by a `Text` (iOS 15).
    @available(iOS 15.0, *)
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        alertModifier(title.string, isPresented, actions(), nil as EmptyView?, style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        alertModifier(title.string, isPresented, actions(), message(), style: .alert)
    }

    /// Shows an alert about `data` while `isPresented` is true and `data` is not `nil`, as Apple documents it (iOS 15).
    @available(iOS 15.0, *)
    public func alert<A: View, T>(
        _ titleKey: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View {
        alertModifier(titleKey, Self.presented(isPresented, data), data.map(actions), nil as EmptyView?, style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A
    ) -> some View {
        alertModifier(String(title), Self.presented(isPresented, data), data.map(actions), nil as EmptyView?, style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<A: View, M: View, T>(
        _ titleKey: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View {
        alertModifier(titleKey, Self.presented(isPresented, data), data.map(actions), data.map(message), style: .alert)
    }

    @available(iOS 15.0, *)
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View {
        alertModifier(String(title), Self.presented(isPresented, data), data.map(actions), data.map(message), style: .alert)
    }

    /// `isPresented`, read as false while there is no data to present.
    private static func presented<T>(_ isPresented: Binding<Bool>, _ data: T?) -> Binding<Bool> {
        let hasData = data != nil
        return Binding(location: { isPresented.wrappedValue && hasData }, write: { isPresented.wrappedValue = $0 })
    }

    /// Shows an action sheet of `actions` while `isPresented` is true (iOS 15); the title shows only with
    /// `titleVisibility: .visible` [approximation: `.automatic` hides it], and a Cancel button is added when no
    /// button has the cancel role.
    @available(iOS 15.0, *)
    public func confirmationDialog<A: View>(
        _ titleKey: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        alertModifier(titleVisibility == .visible ? titleKey : nil, isPresented, actions(), nil as EmptyView?, style: .actionSheet)
    }

    @available(iOS 15.0, *)
    public func confirmationDialog<A: View, M: View>(
        _ titleKey: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        alertModifier(titleVisibility == .visible ? titleKey : nil, isPresented, actions(), message(), style: .actionSheet)
    }

    private func alertModifier<A: View, M: View>(
        _ title: String?, _ isPresented: Binding<Bool>, _ actions: A, _ message: M?, style: UIAlertController.Style
    ) -> some View {
        applying(.register { context in
            weak var graph = context.graph
            var spec = SheetSpec(isPresented: isPresented, onDismiss: nil, content: { AnyView(EmptyView()) })
            spec.alert = {
                makeAlert(title: title, isPresented: isPresented, actions: actions, message: message, style: style, graph: graph!)
            }
            context.graph.noteSheet(path: context.path, spec: spec)
        })
    }
}

/// A height a sheet rests at, as SwiftUI's `PresentationDetent` (iOS 16); the model has the system's two (custom
/// fractions and heights are not modelled: a compile error).
@available(iOS 16.0, *)
public struct PresentationDetent: Hashable, Sendable {
    let identifier: UISheetPresentationController.Detent.Identifier
    /// About half the screen.
    public static let medium = PresentationDetent(identifier: .medium)
    /// The full height.
    public static let large = PresentationDetent(identifier: .large)

    @MainActor var detent: UISheetPresentationController.Detent {
        identifier == .medium ? .medium() : .large()
    }
}

extension View {
    /// The heights the sheet this view is the content of rests at, as the sheet's `UISheetPresentationController`
    /// `detents` (the smallest first, so it opens at the smallest); outside a sheet nothing changes, as in SwiftUI.
    @available(iOS 16.0, *)
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        applying(.register { context in
            guard let sheet = context.traits.environment.presentedController?.sheetPresentationController else { return }
            let wanted = [PresentationDetent.medium, .large].filter(detents.contains)
            if sheet.detents.map(\.identifier) != wanted.map(\.identifier) { sheet.detents = wanted.map(\.detent) }
        })
    }

    /// As `presentationDetents(_:)`, with the detent the sheet rests at bound to `selection`: setting it moves the
    /// sheet, and the user's drag (`app.dragSheet`) writes it.
    @available(iOS 16.0, *)
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>) -> some View {
        presentationDetents(detents).applying(.register { context in
            guard let controller = context.traits.environment.presentedController as? SheetHostingController,
                let sheet = controller.sheetPresentationController
            else { return }
            controller.detentSelection = selection
            if sheet.delegate == nil { sheet.delegate = controller }
            let wanted = selection.wrappedValue.identifier
            if (sheet.selectedDetentIdentifier ?? sheet.detents.first?.identifier) != wanted {
                sheet.selectedDetentIdentifier = wanted
            }
        })
    }

    /// Whether the sheet this view is the content of shows its grabber (`prefersGrabberVisible`); `.automatic` shows it
    /// when the sheet has more than one detent.
    @available(iOS 16.0, *)
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        applying(.register { context in
            guard let sheet = context.traits.environment.presentedController?.sheetPresentationController else { return }
            sheet.prefersGrabberVisible = visibility == .visible || (visibility == .automatic && sheet.detents.count > 1)
        })
    }

    /// The background of the sheet this view is the content of (iOS 16.4): the sheet's view is filled with the style
    /// (a material is the model's opaque fill); outside a sheet nothing changes.
    @available(iOS 16.4, *)
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View {
        let color = style._uiColor
        return applying(.register { context in
            context.traits.environment.presentedController?.view.backgroundColor = color
        })
    }

    /// The corner radius of the sheet this view is the content of (iOS 16.4), as its `UISheetPresentationController`
    /// `preferredCornerRadius` (`nil`: the system's).
    @available(iOS 16.4, *)
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View {
        applying(.register { context in
            guard let sheet = context.traits.environment.presentedController?.sheetPresentationController else { return }
            if sheet.preferredCornerRadius != cornerRadius { sheet.preferredCornerRadius = cornerRadius }
        })
    }

    /// Keeps the user from dismissing the sheet this view is the content of by swiping it down
    /// (`isModalInPresentation`); the sheet's own `dismiss` still works.
    @available(iOS 15.0, *)
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        applying(.register { context in
            context.traits.environment.presentedController?.isModalInPresentation = isDisabled
        })
    }
}
