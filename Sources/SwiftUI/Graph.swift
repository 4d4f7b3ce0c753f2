import Observation
import UIKitBehavior
import UIKitModel

/// What a view's ancestors set for it while it resolves: its identity (a path) and the inherited configuration.
@MainActor struct ResolveContext {
    unowned let graph: ViewGraph
    /// The view's identity: the structural path from the root, with the types of composite views.
    var path: String
    /// Enclosing `onSubmit` actions, outermost first; `nil` marks a scope (`submitScope`, a `.search` action).
    var submitActions: [SubmitAction] = []
    var focusTargets: [FocusTarget] = []
    var traits = TextTraits()
    /// Whether the enclosing composite view's body was reused, not evaluated again, in this update.
    var bodyReused = false

    func child(_ component: String) -> ResolveContext {
        var copy = self
        copy.path += "/" + component
        return copy
    }
}

/// An `onSubmit` action with the triggers it answers.
struct SubmitAction {
    let triggers: SubmitTriggers
    let action: () -> Void
}

/// Input traits the text modifiers set for the text views inside them (S8, S9).
struct TextTraits {
    var submitLabel = SubmitLabel.return
    var keyboardType = UIKeyboardType.default
    var textContentType: UITextContentType?
    var autocapitalization: TextInputAutocapitalization?
    var autocorrectionDisabled = false
    /// `lineLimit`: the fewest and most lines a vertical field shows.
    var lineLimit: (min: Int?, max: Int?) = (nil, nil)
    /// `scrollDismissesKeyboard`: `nil` is `.automatic`.
    var scrollDismissal: SwiftUIBehavior.ScrollDismissal?
    /// `font`: `nil` is the body font.
    var font: Font?
    /// `defaultScrollAnchor`: `nil` is the top.
    var scrollAnchor: UnitPoint?
    /// The `.keyboard` toolbar items of enclosing `toolbar` modifiers (a `nil` title is flexible space).
    var keyboardItems: [(title: String?, action: (() -> Void)?)] = []
    /// What `@Environment` properties read.
    var environment = EnvironmentValues()
    /// `disabled(true)` on an enclosing view: controls and fields do not respond.
    var isDisabled = false
    /// The view is inside a `NavigationStack` (for `keyboardToolbarNeedsNavigationContainer`, S46).
    var insideNavigationStack = false
}

/// A resolved view: what the model lays out and mounts as UIKit views.
struct Element {
    indirect enum Kind {
        case empty
        case group([Element])
        case text(String, UIFont)
        case textField(TextFieldSpec)
        case textView(TextViewSpec)
        case button(ButtonSpec)
        case spacer(minLength: CGFloat?)
        case stack(StackSpec, [Element])
        case padding(EdgeInsets, Element)
        case frame(FrameSpec, Element)
        case scroll(ScrollSpec, Element)
        case list(ListSpec, [Element])
        case section(header: String?, footer: String?, [Element])
        case representable(RepresentableSpec)
        case safeAreaInset(edge: VerticalEdge, spacing: CGFloat, base: Element, inset: Element)
        case zstack(Alignment, [Element])
        case ignoresSafeArea(SafeAreaRegions, Edge.Set, Element)
        case identified(AnyHashable, Element)
        case tapTarget(TapSpec, Bool, Element)
        case contentShaped(Element)
        case navigation(NavigationBarSpec, Element)
    }

    var kind: Kind
    var path: String

    init(_ kind: Kind, _ context: ResolveContext) {
        self.kind = kind
        path = context.path
    }

    /// The elements a stack lays out for this one: groups are flattened, empty views dropped.
    var flattened: [Element] {
        switch kind {
        case .empty: return []
        case .group(let children): return children.flatMap(\.flattened)
        default: return [self]
        }
    }
}

/// Resolves any view: a primitive resolves itself; a composite view gets its state linked and its body resolved.
@MainActor func resolveView<V: View>(_ view: V, in context: ResolveContext) -> Element {
    if let primitive = view as? any PrimitiveView { return primitive.resolve(in: context) }
    if let representable = view as? any UIViewRepresentable { return resolveRepresentable(representable, in: context) }
    if let representable = view as? any UIViewControllerRepresentable {
        return resolveControllerRepresentable(representable, in: context)
    }
    var context = context.child(_typeName(V.self, qualified: false))
    for child in Mirror(reflecting: view).children {
        (child.value as? any EnvironmentReading)?.read(context.traits.environment)
        guard let property = child.value as? any GraphLinkedProperty else { continue }
        property.link(to: context.graph, key: context.path + "#" + (child.label ?? "?"))
    }
    let (body, reused) = context.graph.body(of: view, at: context.path)
    context.bodyReused = reused
    return resolveView(body, in: context)
}

/// A view input SwiftUI compares by the value it reads (a binding), not by its storage.
protocol ComparedByValue {
    var comparedValue: Any { get }
}

/// Whether two view inputs are the same, as SwiftUI decides whether a view's body must run again: equal values,
/// the same objects, bindings reading equal values; closures (which cannot be compared) always differ.
func sameInput(_ a: Any, _ b: Any, depth: Int = 0) -> Bool {
    guard depth < 8, type(of: a) == type(of: b) else { return false }
    if let a = a as? ComparedByValue, let b = b as? ComparedByValue {
        return sameInput(a.comparedValue, b.comparedValue, depth: depth + 1)
    }
    if let a = a as? any Equatable { return equal(a, b) }
    if type(of: a) is AnyClass { return (a as AnyObject) === (b as AnyObject) }
    let left = Mirror(reflecting: a)
    let right = Mirror(reflecting: b)
    // A function has neither children nor a display style: it cannot be compared.
    guard left.displayStyle != nil, left.children.count == right.children.count else { return false }
    return zip(left.children, right.children).allSatisfy { sameInput($0.value, $1.value, depth: depth + 1) }
}

private func equal<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    guard let b = b as? T else { return false }
    return a == b
}

/// The view graph of one hosting view: state storage, the last resolved tree, the UIKit views that show it, and
/// the update cycle (resolve, mount, then the actions the update produced).
@MainActor final class ViewGraph {
    private var storages: [String: AnyObject] = [:]
    /// Each composite view's last input and body, reused while neither its input nor what it depends on changed.
    private var bodies: [String: (view: Any, body: any View)] = [:]
    private var liveBodies: Set<String> = []
    /// Views whose state, focus state, observed objects or observable reads changed since their body last ran.
    private var dirty: Set<String> = []
    /// Every body runs again (the root view was replaced).
    var everythingDirty = true
    weak var host: _UIHostingView?
    let render: @MainActor (ResolveContext) -> Element
    private(set) var root: Element?
    private var updateScheduled = false
    /// An update was asked for while the hosting view was in no window.
    private(set) var needsRender = false
    private var isUpdating = false
    /// The title and display mode `navigationTitle` set while a `NavigationStack`'s root resolved.
    var navigationTitle: String?
    var navigationTitleLarge = true

    /// The sheets the current update resolved.
    private var sheets: [(path: String, spec: SheetSpec)] = []
    /// The environment of the root view (a sheet's knows its controller).
    var environment = EnvironmentValues()

    func noteSheet(path: String, spec: SheetSpec) {
        sheets.append((path, spec))
    }

    /// Actions the current update queued (onAppear, onChange), run after the UIKit views are mounted.
    private var pendingActions: [() -> Void] = []
    private var appeared: [String: (() -> Void)?] = [:]
    private var appearedNow: [String: (() -> Void)?] = [:]
    private var changeValues: [String: Any] = [:]
    /// Focus storages written while the appear actions of newly appearing views ran (S33).
    private var appearFocusWrites: [AnyFocusStorage] = []
    /// `defaultFocus` regions that appeared in this update, evaluated when focus is applied (S34).
    private var defaultFocusEvaluations: [() -> Void] = []
    private var runningAppearActions = false
    let mounter = Mounter()

    init(render: @escaping @MainActor (ResolveContext) -> Element) {
        self.render = render
    }

    var behavior: SwiftUIBehavior { UIKitSystem.shared.behavior.swiftUI }

    /// The storage for `key`, made by `make` the first time the key is seen.
    func storage<S: AnyObject>(for key: String, make: () -> S) -> S {
        if let existing = storages[key] as? S { return existing }
        let made = make()
        storages[key] = made
        return made
    }

    /// Runs `body`, asking for an update when an observable property read in it changes (S71; the model
    /// tracks the whole update, so any read counts, not only a body's).
    private func tracking<T>(_ body: () -> T) -> T {
        let graph = UncheckedGraph(graph: self)
        return withObservationTracking(body) {
            MainQueue.shared.enqueue { onModelThread { graph.graph?.stateDidChange() } }
        }
    }

    /// The body of the composite view at `path`: the last one when its input is the same and nothing it depends on
    /// changed (S70, S71, S74), else a new one, evaluated while tracking the observable properties it reads.
    func body<V: View>(of view: V, at path: String) -> (body: any View, reused: Bool) {
        liveBodies.insert(path)
        if !everythingDirty, !dirty.contains(path), let cached = bodies[path], sameInput(cached.view, view) {
            return (cached.body, true)
        }
        let graph = UncheckedGraph(graph: self)
        let body = withObservationTracking({ view.body }) {
            MainQueue.shared.enqueue { onModelThread { graph.graph?.stateDidChange(owner: path) } }
        }
        bodies[path] = (view, body)
        return (body, false)
    }

    // MARK: Updates

    /// State owned by the view at `owner` changed: its body runs again at the next update.
    func stateDidChange(owner: String?) {
        if let owner { dirty.insert(owner) } else { everythingDirty = true }
        stateDidChange()
    }

    /// State changed: the graph updates at its next update (S78), or at once with `updateDelivery = .immediate`.
    func stateDidChange() {
        if behavior.updateDelivery == .immediate, !isUpdating {
            update()
            return
        }
        guard !updateScheduled else { return }
        updateScheduled = true
        let graph = UncheckedGraph(graph: self)
        MainQueue.shared.enqueue { onModelThread { graph.graph?.scheduledUpdate() } }
    }

    private func scheduledUpdate() {
        guard updateScheduled else { return }
        update()
    }

    /// Code wrote a focus state.
    func focusWritten(_ storage: AnyFocusStorage, owner: String) {
        if runningAppearActions { appearFocusWrites.append(storage) }
        stateDidChange(owner: owner)
    }

    /// A focused view lost focus and its state went blank; with `.viaNil` the change is seen on its own (S26).
    func focusCleared(owner: String) {
        dirty.insert(owner)
        if behavior.focusMoveTransitions == .viaNil, !isUpdating, root != nil {
            update()
        } else {
            stateDidChange()
        }
    }

    /// Resolves the tree, mounts it into the hosting view, moves focus to what code assigned, then runs the actions.
    func update() {
        guard let host, !isUpdating else { return }
        updateScheduled = false
        // Off screen nothing renders (no onAppear before the view appears); the next layout in a window does.
        guard host.window != nil else {
            needsRender = true
            return
        }
        needsRender = false
        isUpdating = true
        pendingActions = []
        appearedNow = [:]
        defaultFocusEvaluations = []
        liveBodies = []
        sheets = []
        tracking {
            var context = ResolveContext(graph: self, path: "")
            context.traits.environment = environment
            let element = render(context)
            root = element
            mounter.mount(element, in: host, updating: true)
        }
        dirty = []
        everythingDirty = false
        bodies = bodies.filter { liveBodies.contains($0.key) }
        let disappeared = appeared.filter { appearedNow[$0.key] == nil }
        appeared = appearedNow
        isUpdating = false
        for (_, action) in disappeared.sorted(by: { $0.key < $1.key }) { action?() }
        let actions = pendingActions
        pendingActions = []
        for action in actions { action() }
        applyFocus()
        applySheets(sheets)
    }

    /// Lays the last resolved tree out again (the hosting view's size or safe area changed).
    func relayout() {
        guard let host, let root, !isUpdating else { return }
        mounter.mount(root, in: host, updating: false)
    }

    // MARK: What resolving records

    /// A view with `onAppear`/`onDisappear` was resolved; a first appearance queues its action (S76).
    func noteAppearance(path: String, onAppear: (() -> Void)?, onDisappear: (() -> Void)?) {
        let isNew = appeared[path] == nil && appearedNow[path] == nil
        appearedNow[path] = onDisappear ?? .some(nil)
        guard isNew, let onAppear else { return }
        pendingActions.append { [unowned self] in
            runningAppearActions = true
            onAppear()
            runningAppearActions = false
        }
    }

    /// A `defaultFocus` region was resolved; its first appearance evaluates default focus (S34).
    func noteDefaultFocus(path: String, evaluate: @escaping () -> Void) {
        let key = path + "#defaultFocus"
        let isNew = appeared[key] == nil && appearedNow[key] == nil
        appearedNow[key] = .some(nil)
        if isNew { defaultFocusEvaluations.append(evaluate) }
    }

    /// An `onChange` modifier saw `value`; a change from the last update queues the action (S73, S75).
    func noteChange<V: Equatable>(path: String, value: V, initial: Bool, action: @escaping (V, V) -> Void) {
        guard let old = changeValues[path] as? V else {
            changeValues[path] = value
            if initial { pendingActions.append { action(value, value) } }
            return
        }
        guard old != value else { return }
        changeValues[path] = value
        pendingActions.append { action(old, value) }
    }

    // MARK: Focus

    /// Moves UIKit's first responder to what code assigned to focus states since the last update (S22, S56).
    private func applyFocus() {
        let dropped = appearFocusWrites
        appearFocusWrites = []
        if behavior.appearFocusAssignment == .ignoredUntilLaidOut {
            for storage in dropped where storage.needsApplying { storage.dropWrite() }
        }
        let defaults = defaultFocusEvaluations
        defaultFocusEvaluations = []
        for evaluate in defaults { evaluate() }
        for field in mounter.textFields {
            for target in field.focusTargets where target.storage.needsApplying {
                if target.isSelected() {
                    if !field.isFirstResponder { field.becomeFirstResponder() }
                    target.storage.markApplied()
                }
            }
        }
        for field in mounter.textFields where field.isFirstResponder {
            for target in field.focusTargets where target.storage.needsApplying && !target.isSelected() {
                field.resignFirstResponder()
                target.storage.markApplied()
            }
        }
        // A value naming no view: nothing to focus.
        for field in mounter.textFields {
            for target in field.focusTargets where target.storage.needsApplying { target.storage.markApplied() }
        }
    }
}

/// Lets the observation and main-queue closures carry the graph; both run on the model's one thread.
struct UncheckedGraph: @unchecked Sendable {
    weak var graph: ViewGraph?
}
