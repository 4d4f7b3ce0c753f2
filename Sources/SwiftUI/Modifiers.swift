import UIKitModel
import UIKitBehavior

/// What a modifier does to the view it wraps.
enum ModifierKind {
    case focus(@MainActor (ResolveContext) -> FocusTarget?)
    case padding(EdgeInsets)
    case frame(FrameSpec)
    case onSubmit(SubmitTriggers, () -> Void)
    case submitScope(Bool)
    case traits((inout TextTraits) -> Void)
    /// Changes what the views inside inherit, given the modifier's context (`searchable`'s state).
    case contextTraits(@MainActor (ResolveContext, inout TextTraits) -> Void)
    case onChange(@MainActor (ResolveContext) -> Void, afterContent: Bool)
    case lifecycle(onAppear: (() -> Void)?, onDisappear: (() -> Void)?)
    case toolbar(@MainActor (ResolveContext) -> [ToolbarEntry])
    case ignoresSafeArea(SafeAreaRegions, Edge.Set)
    case task((TaskHolder) -> Void)
    case sheet(SheetSpec)
    case tap(Int, () -> Void)
    case navigationTitle(String?, NavigationBarItem.TitleDisplayMode?)
    case contentShape
    case id(AnyHashable)
    case safeAreaInset(VerticalEdge, CGFloat?, @MainActor (ResolveContext) -> Element)
    case defaultFocus(() -> Void)
    case background(@MainActor (ResolveContext) -> Element)
    case overlay(@MainActor (ResolveContext) -> Element)
    /// Records something with the graph while the view resolves (`navigationDestination`).
    case register(@MainActor (ResolveContext) -> Void)
    /// Resolves the content, then changes its element (`clipShape`).
    case transform(@MainActor (Element) -> Element)
    /// Resolves the content, then wraps its element, given the modifier's context (`tabItem`).
    case wrap(@MainActor (ResolveContext, Element) -> Element)
}

/// A view with a modifier applied; the modifier's name is part of the identity of what it wraps.
struct ModifiedView<Content: View>: View, PrimitiveView {
    typealias Body = Never
    let content: Content
    let kind: ModifierKind

    func resolve(in context: ResolveContext) -> Element {
        var inner = context.child("m")
        switch kind {
        case .focus(let make):
            if let target = make(context) { inner.focusTargets.append(target) }
        case .padding(let insets):
            return Element(.padding(insets, resolveView(content, in: inner)), context)
        case .frame(let spec):
            return Element(.frame(spec, resolveView(content, in: inner)), context)
        case .onSubmit(let triggers, let action):
            inner.submitActions.append(SubmitAction(triggers: triggers, action: action))
        case .submitScope(let isBlocking):
            if isBlocking { inner.submitActions.append(SubmitAction(triggers: [], action: {})) }
        case .traits(let change):
            change(&inner.traits)
        case .contextTraits(let change):
            change(context, &inner.traits)
        case .onChange(let check, let afterContent):
            guard afterContent else {
                check(context)
                return resolveView(content, in: inner)
            }
            let element = resolveView(content, in: inner)
            check(context)
            return element
        case .ignoresSafeArea(let regions, let edges):
            return Element(.ignoresSafeArea(regions, edges, resolveView(content, in: inner)), context)
        case .id(let value):
            // A new id is a new view: its state and UIKit views are made afresh (S27).
            return Element(.identified(value, resolveView(content, in: context.child("id:\(value)"))), context)
        case .toolbar(let make):
            Self.placeToolbar(make(context.child("toolbar")), context: context, inner: &inner)
        case .background(let make):
            let base = resolveView(content, in: inner)
            return Element(.background(base: base, background: make(context.child("background"))), context)
        case .overlay(let make):
            let base = resolveView(content, in: inner)
            return Element(.overlay(base: base, overlay: make(context.child("overlay"))), context)
        case .register(let note): note(context)
        case .transform(let change): return change(resolveView(content, in: inner))
        case .wrap(let change): return change(context, resolveView(content, in: inner))
        case .safeAreaInset(let edge, let spacing, let make):
            let base = resolveView(content, in: inner)
            let inset = make(context.child("inset"))
            return Element(.safeAreaInset(edge: edge, spacing: spacing ?? Layout.defaultSpacing, base: base, inset: inset), context)
        case .navigationTitle(let title, let mode):
            if let title { context.graph.navigationTitle = title }
            if let mode { context.graph.navigationTitleLarge = mode != .inline }
        case .tap(let count, let action):
            let child = resolveView(content, in: inner)
            // S58 [U]: with `tapGestureTakesWholeFrame` clear areas take taps without a content shape.
            var fills = UIKitSystem.shared.behavior.swiftUI.tapGestureTakesWholeFrame
            if case .tapTarget(_, let filled, _) = child.kind { fills = filled }
            if case .contentShaped = child.kind { fills = true }
            return Element(.tapTarget(TapSpec(count: count, action: action, fillsFrame: fills), fills, child), context)
        case .contentShape:
            return Element(.contentShaped(resolveView(content, in: inner)), context)
        case .sheet(let spec):
            context.graph.noteSheet(path: context.path, spec: spec)
        case .task(let start):
            // The task belongs to the view's identity, not to one body evaluation.
            let holder = context.graph.storage(for: context.path + "#task") { TaskHolder() }
            context.graph.noteAppearance(
                path: context.path, lazyRow: context.lazyRow, onAppear: { start(holder) }, onDisappear: { holder.task?.cancel() })
        case .lifecycle(let onAppear, let onDisappear):
            context.graph.noteAppearance(path: context.path, lazyRow: context.lazyRow, onAppear: onAppear, onDisappear: onDisappear)
        case .defaultFocus(let evaluate):
            // S35 [U]: on iOS 18.2 a sheet's default focus had no effect.
            let inSheet = context.traits.environment.presentedController != nil
            if !inSheet || context.graph.behavior.defaultFocusInSheet {
                context.graph.noteDefaultFocus(path: context.path, evaluate: evaluate)
            }
        }
        return resolveView(content, in: inner)
    }

    /// A toolbar's `.keyboard` items go to the fields inside (above their keyboard; S46), the rest to the navigation bar.
    private static func placeToolbar(_ entries: [ToolbarEntry], context: ResolveContext, inner: inout ResolveContext) {
        let needsNavigation = UIKitSystem.shared.behavior.swiftUI.keyboardToolbarNeedsNavigationContainer
        if !needsNavigation || context.traits.insideNavigationStack {
            inner.traits.keyboardItems += KeyboardBar.items(from: entries)
        }
        for entry in entries where entry.placement != .keyboard {
            switch entry.placement {
            case .principal: context.graph.navigationPrincipal += entry.elements
            case .bottomBar: context.graph.navigationBottomBar += entry.elements
            default: context.graph.navigationBarItems += entry.elements.map { (leading: entry.placement.isLeading, element: $0) }
            }
        }
    }
}

extension View {
    func applying(_ kind: ModifierKind) -> ModifiedView<Self> { ModifiedView(content: self, kind: kind) }
}

// MARK: Submitting

/// What a submission comes from, as SwiftUI's `SubmitTriggers`.
@available(iOS 15.0, *)
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Return in a text field or secure field.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Return in a search field.
    public static let search = SubmitTriggers(rawValue: 2)
}

/// The title of the Return key, as SwiftUI's `SubmitLabel` (S8).
@available(iOS 15.0, *)
public struct SubmitLabel: Sendable, Equatable {
    let returnKeyType: UIReturnKeyType
    public static var done: SubmitLabel { SubmitLabel(returnKeyType: .done) }
    public static var go: SubmitLabel { SubmitLabel(returnKeyType: .go) }
    public static var send: SubmitLabel { SubmitLabel(returnKeyType: .send) }
    public static var join: SubmitLabel { SubmitLabel(returnKeyType: .join) }
    public static var route: SubmitLabel { SubmitLabel(returnKeyType: .route) }
    public static var search: SubmitLabel { SubmitLabel(returnKeyType: .search) }
    public static var `return`: SubmitLabel { SubmitLabel(returnKeyType: .default) }
    public static var next: SubmitLabel { SubmitLabel(returnKeyType: .next) }
    public static var `continue`: SubmitLabel { SubmitLabel(returnKeyType: .continue) }
}

/// How a text field capitalizes what the user types, as SwiftUI's `TextInputAutocapitalization` (S9).
@available(iOS 15.0, *)
public struct TextInputAutocapitalization: Sendable, Equatable {
    let type: UITextAutocapitalizationType
    public static var never: TextInputAutocapitalization { .init(type: .none) }
    public static var words: TextInputAutocapitalization { .init(type: .words) }
    public static var sentences: TextInputAutocapitalization { .init(type: .sentences) }
    public static var characters: TextInputAutocapitalization { .init(type: .allCharacters) }
}

extension View {
    /// Runs `action` when the user presses Return in a text field inside this view (S28–S31).
    @available(iOS 15.0, *)
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        applying(.onSubmit(triggers, action))
    }

    /// Keeps submissions inside this view from reaching `onSubmit` actions outside it (S30).
    public func submitScope(_ isBlocking: Bool = true) -> some View {
        applying(.submitScope(isBlocking))
    }

    /// Sets the Return key's title for text fields inside this view; Return still does the same (S8).
    @available(iOS 15.0, *)
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View {
        applying(.traits { $0.submitLabel = submitLabel })
    }

    /// Sets the keyboard of text fields inside this view (S9).
    public func keyboardType(_ type: UIKeyboardType) -> some View {
        applying(.traits { $0.keyboardType = type })
    }

    /// Sets the content type of text fields inside this view (S9).
    public func textContentType(_ textContentType: UITextContentType?) -> some View {
        applying(.traits { $0.textContentType = textContentType })
    }

    /// Sets how text fields inside this view capitalize (S9).
    @available(iOS 15.0, *)
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        applying(.traits { $0.autocapitalization = autocapitalization })
    }

    /// Whether the view and what is inside it take touches; `false` lets taps reach the views behind it, as UIKit's
    /// `isUserInteractionEnabled` does (the model sets it on their UIKit views).
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        applying(.traits { $0.allowsHitTesting = $0.allowsHitTesting && enabled })
    }

    /// Hides (`.hidden`) the background a `List`, `Form` or `TextEditor` inside draws behind its content, so what is
    /// behind shows through; `.automatic` and `.visible` keep it.
    @available(iOS 16.0, *)
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        applying(.traits { $0.scrollContentBackground = visibility })
    }

    /// Disables the controls and text fields inside this view (a disabled field cannot be focused).
    public func disabled(_ disabled: Bool) -> some View {
        applying(.traits { $0.isDisabled = $0.isDisabled || disabled })
    }

    /// Turns autocorrection off (or on) for text fields inside this view (S9).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
        applying(.traits { $0.autocorrectionDisabled = disable })
    }
}

// MARK: Safe area

/// The top or bottom edge, as SwiftUI's `VerticalEdge`.
@available(iOS 15.0, *)
public enum VerticalEdge: Int8, CaseIterable, Sendable {
    case top, bottom
}

extension View {
    /// Places `content` along `edge` and lays this view out in what is left, so the content rides above the
    /// keyboard with the rest of the safe area (S43).
    @available(iOS 15.0, *)
    public func safeAreaInset<V: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View {
        let content = content()
        return applying(.safeAreaInset(edge, spacing) { context in resolveView(content, in: context) })
    }
}

extension View {
    /// Lets the view extend into `regions` on `edges`: `.keyboard` keeps its frame when the keyboard comes up (S39).
    @available(iOS 14.0, *)
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        applying(.ignoresSafeArea(regions, edges))
    }

    /// Gives the view an explicit identity; when `id` changes the view is replaced (S27), and
    /// `ScrollViewProxy.scrollTo(_:anchor:)` finds it by it (S52).
    public func id<ID: Hashable>(_ id: ID) -> some View {
        applying(.id(AnyHashable(id)))
    }

    /// Starts `action` before the view appears and cancels it after the view disappears (S76).
    @available(iOS 15.0, *)
    public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        applying(.task { holder in holder.task = Task(priority: priority) { await action() } })
    }
}

extension View {
    /// Starts `action` before the view appears, cancels it after the view disappears, and cancels and starts it
    /// again whenever `value` changes (S76).
    @available(iOS 15.0, *)
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View {
        let start: (TaskHolder) -> Void = { holder in holder.task = Task(priority: priority) { await action() } }
        return applying(.register { context in
            let holder = context.graph.storage(for: context.path + "#task") { TaskHolder() }
            context.graph.noteAppearance(
                path: context.path, lazyRow: context.lazyRow, onAppear: { start(holder) },
                onDisappear: { holder.task?.cancel() })
            context.graph.noteChange(path: context.path + "#taskID", value: value, initial: false) { _, _ in
                holder.task?.cancel()
                start(holder)
            }
        })
    }
}

/// The task a `task` modifier started.
final class TaskHolder {
    var task: Task<Void, Never>?
}

// MARK: Life cycle and changes

extension View {
    /// Runs `action` when the view first appears, before the first frame that shows it (S76).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View {
        applying(.lifecycle(onAppear: action, onDisappear: nil))
    }

    /// Runs `action` after the view disappears (S76).
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        applying(.lifecycle(onAppear: nil, onDisappear: action))
    }

    /// Runs `action` with the old and new value when `value` changes; with `initial` also when the view appears (S73).
    @available(iOS 17.0, *)
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        requireIOS17OnChange()
        return onChangeModifier(value: value, initial: initial, action: action)
    }

    /// Runs `action` when `value` changes; with `initial` also when the view appears (S73).
    @available(iOS 17.0, *)
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping () -> Void
    ) -> some View {
        requireIOS17OnChange()
        return onChangeModifier(value: value, initial: initial) { _, _ in action() }
    }

    /// Runs `action` with the new value when `value` changes (iOS 14; deprecated in iOS 17, S73).
    @available(*, deprecated, message: "Use `onChange` with a two or zero parameter action closure instead.")
    @available(iOS 14.0, *)
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View {
        onChangeModifier(value: value, initial: false) { _, new in action(new) }
    }

    /// Stops the program when the profile's iOS has only the one-parameter `onChange` (S73, `onChangeSignature`).
    private func requireIOS17OnChange() {
        if UIKitSystem.shared.behavior.swiftUI.onChangeSignature == .oneParameter {
            fatalError("onChange(of:initial:_:) is iOS 17: the behaviour profile's onChangeSignature is .oneParameter (iOS 14–16), which has only onChange(of:perform:)")
        }
    }

    private func onChangeModifier<V: Equatable>(
        value: V, initial: Bool, action: @escaping (V, V) -> Void
    ) -> ModifiedView<Self> {
        let innerFirst = UIKitSystem.shared.behavior.swiftUI.onChangeOrder == .innerFirst
        return applying(
            .onChange({ context in
                context.graph.noteChange(path: context.path, value: value, initial: initial, action: action)
            }, afterContent: innerFirst))
    }
}
