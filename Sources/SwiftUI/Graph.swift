import Foundation
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
    /// The identity of the lazy stack row this view is in: it appears only while the row is on screen (S77).
    var lazyRow: String?
    /// The children resolved next are a lazy stack's rows (`ForEach` items, a block's views).
    var lazyChildren = false

    /// The context of a child that is one of a lazy stack's rows when `lazyChildren` is set.
    func row(_ component: String) -> ResolveContext {
        var copy = child(component)
        if lazyChildren {
            copy.lazyRow = copy.path
            copy.lazyChildren = false
        }
        return copy
    }

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
    /// `scrollPosition(id:anchor:)` for the next scroll view.
    var scrollPosition: ScrollPositionSpec?
    /// The `.keyboard` toolbar items of enclosing `toolbar` modifiers (a `nil` title is flexible space).
    var keyboardItems: [(title: String?, action: (() -> Void)?)] = []
    /// What `@Environment` properties read.
    var environment = EnvironmentValues()
    /// `disabled(true)` on an enclosing view: controls and fields do not respond.
    var isDisabled = false
    /// The view is inside a `NavigationStack` (for `keyboardToolbarNeedsNavigationContainer`, S46).
    var insideNavigationStack = false
    /// A `searchable` applied around a `NavigationStack`: the field its root screen shows when it has none of its own.
    var searchAroundStack: (@MainActor (ResolveContext) -> Element)?
    /// `foregroundStyle`: `nil` is the label color.
    var foreground: UIColor?
    /// `labelStyle`: which parts of a `Label` show.
    var labelStyle = _LabelParts.titleAndIcon
    /// The `NavigationStack` the view is in, for its links.
    var navigation: NavigationHandle?
    /// `textFieldStyle`: the border of the fields inside.
    var fieldBorder = UITextField.BorderStyle.none
    /// `pickerStyle`: `nil` is `.automatic`.
    var pickerStyle: PickerStyleKind?
    /// `buttonStyle`: `nil` is `.automatic`.
    var buttonStyle: ButtonStyleKind?
    /// `tint`: `nil` is the accent color.
    var tint: UIColor?
    /// `multilineTextAlignment`: how the text fields and texts inside align their text.
    var textAlignment = NSTextAlignment.natural
    /// `allowsHitTesting(false)` on an enclosing view: what is inside takes no touches, which reach the views behind.
    var allowsHitTesting = true
    /// `scrollContentBackground`: `.hidden` leaves a list's, form's or text editor's background clear.
    var scrollContentBackground = Visibility.automatic
    /// `scrollIndicators(_:axes:)`: the axes whose indicators the scroll views, lists and editors inside hide.
    var hiddenScrollIndicators: Axis.Set = []
    /// `scrollDisabled(true)`: the scroll views, lists and editors inside do not scroll for the user.
    var scrollDisabled = false
    /// `scrollBounceBehavior(_:axes:)`: whether the scroll views inside bounce when their content fits, per axis
    /// (`nil`: the view's default).
    var bouncesVertically: Bool?
    var bouncesHorizontally: Bool?
    /// `listStyle`: how the next list lays out its rows; `nil` is the default.
    var listStyle: ListStyleKind?
    /// `shadow(color:radius:x:y:)`: the shadow what is inside draws (its views' layer shadow).
    var shadow: ShadowSpec?
    /// `searchSuggestions` around a `searchable`: what its field suggests while the user searches.
    var searchSuggestions: (@MainActor (ResolveContext) -> Element)?
    /// `searchSuggestions(_:for:)` with `.content`: `true` hides the suggestions of a `searchable` inside.
    var searchSuggestionsHidden: Bool?
    /// `searchScopes` around a `searchable`: the scope bar below its field.
    var searchScopes: SearchScopesSpec?
    /// `searchFocused` around a `searchable`: the focus bindings of its field.
    var searchFocusTargets: [FocusTarget] = []
    /// The views inside are a search field's suggestions: `searchCompletion` makes them buttons that fill the field.
    var completingSearch: SearchSession?
    /// `labelsHidden()`: controls inside draw no label.
    var labelsHidden = false
    /// `listRowInsets(_:)`: the insets of the list rows inside, in place of the style's.
    var listRowInsets: EdgeInsets?
}

/// A drop shadow, as `shadow(color:radius:x:y:)` sets it.
struct ShadowSpec {
    let color: UIColor
    let radius: CGFloat
    let offset: CGSize
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
        /// A view made `focusable()`: a responder behind it carries the `focused` bindings around it (S36).
        case focusable(FocusableSpec, Element)
        case navigation(NavigationBarSpec, Element)
        case toggle(ToggleSpec)
        case image(systemName: String, UIFont)
        case color(UIColor)
        /// A view drawn behind `base`, sized to its frame.
        case background(base: Element, background: Element)
        /// A shape filled or stroked (a shape view, or a color clipped to a shape).
        case shape(ShapeDrawing)
        /// A view with the label VoiceOver reads for it (`accessibilityLabel`, an icon-only `Label`'s title).
        case accessibilityLabelled(String, Element)
        /// A picker's option and its tag.
        case tagged(AnyHashable, Element)
        /// A view drawn in front of `base`, sized to its frame.
        case overlay(base: Element, overlay: Element)
        /// A `GeometryReader`'s content, placed at the top-leading corner of all the space offered.
        case geometry(Element)
        /// A list row the user can swipe or move (`onDelete`, `onMove`, `swipeActions`).
        case rowActions(RowActionsSpec, Element)
    }

    var kind: Kind
    var path: String
    /// The `foregroundStyle` text and symbols draw with; `nil` is the label color.
    var foreground: UIColor?
    /// The `multilineTextAlignment` its text draws with.
    var textAlignment = NSTextAlignment.natural
    /// `false` inside `allowsHitTesting(false)`: its UIKit view takes no touches.
    var allowsHitTesting = true
    /// `scrollContentBackground(.hidden)` around it: a list or text editor draws no background of its own.
    var hidesScrollContentBackground = false
    /// `scrollIndicators(.hidden)` around it: the axes whose indicators its scroll view does not show.
    var hiddenScrollIndicators: Axis.Set = []
    /// `scrollDisabled(true)` around it: its scroll view does not scroll for the user.
    var scrollDisabled = false
    /// `scrollBounceBehavior` around it: `alwaysBounceVertical`/`…Horizontal` for its scroll view (`nil`: default).
    var bouncesVertically: Bool?
    var bouncesHorizontally: Bool?
    /// The shadow its view draws.
    var shadow: ShadowSpec?
    /// `listRowInsets(_:)` around it: as a list row, its content is inset by these instead of the row padding.
    var rowInsets: EdgeInsets?

    @MainActor init(_ kind: Kind, _ context: ResolveContext) {
        self.kind = kind
        path = context.path
        foreground = context.traits.foreground
        textAlignment = context.traits.textAlignment
        allowsHitTesting = context.traits.allowsHitTesting
        hidesScrollContentBackground = context.traits.scrollContentBackground == .hidden
        hiddenScrollIndicators = context.traits.hiddenScrollIndicators
        scrollDisabled = context.traits.scrollDisabled
        bouncesVertically = context.traits.bouncesVertically
        bouncesHorizontally = context.traits.bouncesHorizontally
        shadow = context.traits.shadow
        rowInsets = context.traits.listRowInsets
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

/// A view input as it was when a body ran: values kept, objects by identity, bindings by the value they read then
/// (a binding reads its source's current value, so comparing the bindings themselves later would always find them
/// equal, and a pushed screen's `navigationTitle(item.title)` would keep the title of its first body).
indirect enum InputSnapshot {
    case value(any Equatable)
    case object(ObjectIdentifier)
    case children(Any.Type, [InputSnapshot])
    /// A closure or a value too deep to compare: never the same.
    case opaque

    init(_ input: Any, depth: Int = 0) {
        guard depth < 8 else { self = .opaque; return }
        if let compared = input as? ComparedByValue {
            self = .children(type(of: input), [InputSnapshot(compared.comparedValue, depth: depth + 1)])
            return
        }
        if let value = input as? any Equatable { self = .value(value); return }
        if type(of: input) is AnyClass { self = .object(ObjectIdentifier(input as AnyObject)); return }
        let mirror = Mirror(reflecting: input)
        // A function has neither children nor a display style: it cannot be compared.
        guard mirror.displayStyle != nil else { self = .opaque; return }
        self = .children(type(of: input), mirror.children.map { InputSnapshot($0.value, depth: depth + 1) })
    }

    /// Whether two inputs are the same, as SwiftUI decides whether a view's body must run again: equal values, the
    /// same objects, bindings reading equal values; closures (which cannot be compared) always differ.
    func isSame(as other: InputSnapshot) -> Bool {
        switch (self, other) {
        case (.value(let a), .value(let b)): return type(of: a) == type(of: b) && equal(a, b)
        case (.object(let a), .object(let b)): return a == b
        case (.children(let a, let left), .children(let b, let right)):
            return a == b && left.count == right.count && zip(left, right).allSatisfy { $0.isSame(as: $1) }
        default: return false
        }
    }
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
    private var bodies: [String: (input: InputSnapshot, body: any View)] = [:]
    private var liveBodies: Set<String> = []
    /// Views whose state, focus state, observed objects or observable reads changed since their body last ran.
    private var dirty: Set<String> = []
    /// Every body runs again (the root view was replaced).
    var everythingDirty = true
    /// What was dirty when the current update began; state written while it renders and mounts (a field that
    /// loses focus as its identity goes, S27) stays dirty for the next update.
    private var renderingDirty: Set<String> = []
    private var renderingEverything = false
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
    /// The `searchable` field of the screen just resolved, shown in its navigation bar, and its session.
    var navigationSearch: Element?
    var navigationSearchSession: SearchSession?
    /// `navigationBarBackButtonHidden(true)` in the screen just resolved.
    var navigationBackButtonHidden = false
    /// The `.principal` toolbar items of the screen just resolved, shown in place of its title.
    var navigationPrincipal: [Element] = []
    /// The `.bottomBar` toolbar items of the screen just resolved.
    var navigationBottomBar: [Element] = []
    /// Work that needs the UIKit views of this update (a search field presented in code becoming first responder).
    var afterMount: [() -> Void] = []
    /// The navigation-bar `toolbar` items resolved inside a `NavigationStack`'s root (leading end or trailing end).
    var navigationBarItems: [(leading: Bool, element: Element)] = []
    /// The `navigationDestination(for:)` registrations resolved inside a `NavigationStack`, each giving the destination of
    /// a value of its type.
    var navigationDestinations: [(AnyHashable) -> (@MainActor (ResolveContext) -> Element)?] = []
    /// The `navigationDestination(isPresented:)` destinations whose binding is true, in the screen just resolved.
    var presentedDestinations: [(resolve: @MainActor (ResolveContext) -> Element, pop: @MainActor () -> Void)] = []
    /// The latest destination of each destination-based `NavigationLink`, by the link's identity.
    var linkDestinations: [String: @MainActor (ResolveContext) -> Element] = [:]

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
    /// The appearance modifiers inside lazy stack rows that the last update resolved (S77).
    private var lazyAppearances: [(path: String, row: String, onAppear: (() -> Void)?, onDisappear: (() -> Void)?)] = []
    private var lazyRefreshScheduled = false
    /// The update's actions are running; a state write then makes the next update part of the same frame (S16).
    private var runningActions = false
    private var chainedWrite = false
    /// How many updates in a row were asked for by the previous update's actions.
    private var frameRound = 0
    let mounter = Mounter()
    /// `focusedValue` publishers and whether views read them (S37).
    let focusPublishers = FocusedValuePublishers()

    init(render: @escaping @MainActor (ResolveContext) -> Element) {
        self.render = render
        mounter.onScroll = { [unowned self] in lazyRowsMayHaveMoved() }
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
        if !everythingDirty, !renderingEverything, !dirty.contains(path), !renderingDirty.contains(path),
            let cached = bodies[path], cached.input.isSame(as: InputSnapshot(view))
        {
            return (cached.body, true)
        }
        let graph = UncheckedGraph(graph: self)
        let body = withObservationTracking({ view.body }) {
            MainQueue.shared.enqueue { onModelThread { graph.graph?.stateDidChange(owner: path) } }
        }
        bodies[path] = (InputSnapshot(view), body)
        return (body, false)
    }

    // MARK: Updates

    /// State owned by the view at `owner` changed: its body runs again at the next update.
    func stateDidChange(owner: String?) {
        if let owner { dirty.insert(owner) } else { everythingDirty = true }
        stateDidChange()
    }

    /// A `@State` (or a binding to one) was written: while a body or a representable's `makeUIView`/`updateUIView`
    /// runs, SwiftUI logs its runtime warning to the console (S65).
    func warnIfUpdating() {
        guard isUpdating else { return }
        RuntimeWarning.log("Modifying state during view update, this will cause undefined behavior.")
    }

    /// State changed: the graph updates at its next update (S78), or at once with `updateDelivery = .immediate`.
    func stateDidChange() {
        if runningActions { chainedWrite = true }
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
        // An update asked for by the previous update's actions belongs to the same frame (S16).
        frameRound = chainedWrite ? frameRound + 1 : 0
        chainedWrite = false
        isUpdating = true
        renderingDirty = dirty
        renderingEverything = everythingDirty
        dirty = []
        everythingDirty = false
        // A GeometryReader whose size changed resolves again in the same update, as if the first pass never ran.
        let changesBefore = changeValues
        var passes = 0
        repeat {
            changeValues = changesBefore
            pendingActions = []
            appearedNow = [:]
            defaultFocusEvaluations = []
            liveBodies = []
            sheets = []
            lazyAppearances = []
            navigationBarItems = []
            afterMount = []
            passes += 1
            tracking {
                var context = ResolveContext(graph: self, path: "")
                context.traits.environment = environment
                let element = render(context)
                root = element
                mounter.mount(element, in: host, updating: true)
            }
        } while mounter.geometryChanged && passes < 3
        applyLazyVisibility()
        // S64: the stale values were for this update's `updateUIView` calls only.
        let stale = staleStates
        staleStates = []
        for clear in stale { clear() }
        renderingDirty = []
        renderingEverything = false
        bodies = bodies.filter { liveBodies.contains($0.key) }
        isUpdating = false
        settleFocusedValues()
        settleAppearances()
        applyFocus()
        let mounted = afterMount
        afterMount = []
        for action in mounted { action() }
        applySheets(sheets)
        host.applyDeferredKeyboardFrame()
    }

    /// Clears the stale values states keep for the next update's `updateUIView` calls (S64).
    var staleStates: [() -> Void] = []
    /// Whether an update is running now.
    var isUpdatingNow: Bool { isUpdating }

    /// An update is scheduled for the end of the run-loop turn (S78).
    var hasPendingUpdate: Bool { updateScheduled }

    /// Lays the last resolved tree out again (the hosting view's size or safe area changed).
    func relayout() {
        guard let host, let root, !isUpdating else { return }
        mounter.mount(root, in: host, updating: false)
        if mounter.geometryChanged {
            update()
            return
        }
        lazyRowsMayHaveMoved()
    }

    // MARK: What resolving records

    /// A view with `onAppear`/`onDisappear` was resolved; a first appearance queues its action (S76). In a lazy
    /// stack's row it appears when the row is on screen after mounting (S77).
    func noteAppearance(path: String, lazyRow: String? = nil, onAppear: (() -> Void)?, onDisappear: (() -> Void)?) {
        if let lazyRow, behavior.lazyRowsAppearWhileOnScreen {
            lazyAppearances.append((path, lazyRow, onAppear, onDisappear))
            return
        }
        let isNew = appeared[path] == nil && appearedNow[path] == nil
        appearedNow[path] = onDisappear ?? .some(nil)
        guard isNew, let onAppear else { return }
        pendingActions.append { [unowned self] in
            runningAppearActions = true
            onAppear()
            runningAppearActions = false
        }
    }

    /// Records the lazy rows on screen as appeared (queueing the first appearance's action); the others are not.
    private func applyLazyVisibility() {
        var visible: [String: Bool] = [:]
        for entry in lazyAppearances {
            let onScreen = visible[entry.row] ?? mounter.isOnScreen(row: entry.row)
            visible[entry.row] = onScreen
            guard onScreen else { continue }
            let isNew = appeared[entry.path] == nil && appearedNow[entry.path] == nil
            appearedNow[entry.path] = entry.onDisappear ?? .some(nil)
            guard isNew, let onAppear = entry.onAppear else { continue }
            pendingActions.append { [unowned self] in
                runningAppearActions = true
                onAppear()
                runningAppearActions = false
            }
        }
    }

    /// A scroll view scrolled or the tree was laid out again: at the next turn, lazy rows that came on screen
    /// appear and those that left disappear (S77).
    func lazyRowsMayHaveMoved() {
        guard !lazyAppearances.isEmpty, !lazyRefreshScheduled else { return }
        lazyRefreshScheduled = true
        let graph = UncheckedGraph(graph: self)
        MainQueue.shared.enqueue { onModelThread { graph.graph?.refreshLazyRows() } }
    }

    private func refreshLazyRows() {
        lazyRefreshScheduled = false
        guard !isUpdating, !updateScheduled, root != nil else { return }
        let lazyPaths = Set(lazyAppearances.map { $0.path })
        appearedNow = appeared.filter { !lazyPaths.contains($0.key) }
        pendingActions = []
        applyLazyVisibility()
        settleAppearances()
    }

    /// Runs the `onDisappear` actions of what left the screen, then the actions queued meanwhile (`onAppear`, `task`).
    private func settleAppearances() {
        let disappeared = appeared.filter { appearedNow[$0.key] == nil }
        appeared = appearedNow
        for (_, action) in disappeared.sorted(by: { $0.key < $1.key }) { action?() }
        let actions = pendingActions
        pendingActions = []
        runningActions = true
        for action in actions { action() }
        runningActions = false
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
        // A missing entry must not cast to a `nil` optional value: only a recorded value is an old one.
        guard let stored = changeValues[path], let old = stored as? V else {
            changeValues[path] = value
            if initial { pendingActions.append { action(value, value) } }
            return
        }
        guard old != value else { return }
        changeValues[path] = value
        if frameRound >= behavior.onChangeRoundsPerFrame {
            RuntimeWarning.log("onChange(of: \(V.self)) action tried to update multiple times per frame.")
            return
        }
        pendingActions.append { action(old, value) }
    }

    // MARK: Focus

    /// A value written in code that several bound views answer to focuses the first; SwiftUI logs a runtime warning
    /// (S24; the wording is the model's, Apple's documentation gives none).
    private func warnAboutAmbiguousFocus() {
        var candidates: [ObjectIdentifier: Int] = [:]
        for field in mounter.textFields {
            for target in field.focusTargets where target.storage.needsApplying && !target.storage.isBlank && target.isSelected() {
                candidates[ObjectIdentifier(target.storage), default: 0] += 1
            }
        }
        if candidates.values.contains(where: { $0 > 1 }) {
            RuntimeWarning.log("Ambiguous focus binding: several views are bound to the focus state's value; focusing the first of them.")
        }
    }

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
        warnAboutAmbiguousFocus()
        for field in mounter.textFields {
            for target in field.focusTargets where target.storage.needsApplying {
                if target.isSelected() {
                    if !field.isFirstResponder { field.becomeFirstResponder() }
                    if field is SwiftUIFocusableView, !field.isFirstResponder {
                        // S36 [U]: a focusable view that cannot take focus drops the assignment.
                        target.storage.dropWrite()
                        stateDidChange(owner: nil)
                    } else {
                        target.storage.markApplied()
                    }
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

/// SwiftUI's runtime warnings: Xcode shows them in the console (stderr), not in what the program prints.
enum RuntimeWarning {
    static func log(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
