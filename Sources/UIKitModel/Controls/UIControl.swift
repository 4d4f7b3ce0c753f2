import Foundation

/// A view that sends actions for events, as UIKit's `UIControl`.
open class UIControl: UIView {
    /// The events a control reports.
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        @available(iOS 14.0, *)
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        public static let editingChanged = Event(rawValue: 1 << 17)
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        /// The event's name as written in Swift, for traces.
        package var traceName: String {
            let names: [(Event, String)] = [
                (.touchDown, ".touchDown"), (.touchUpInside, ".touchUpInside"), (.valueChanged, ".valueChanged"),
                (.primaryActionTriggered, ".primaryActionTriggered"), (.editingDidBegin, ".editingDidBegin"),
                (.editingChanged, ".editingChanged"), (.editingDidEnd, ".editingDidEnd"),
                (.editingDidEndOnExit, ".editingDidEndOnExit"),
            ]
            return names.first { $0.0 == self }?.1 ?? "Event(rawValue: \(rawValue))"
        }
    }

    /// A control's state.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    /// One registration: a `UIAction`, or a target (held weakly, as UIKit does not retain it) and a selector.
    private struct Registration {
        var action: UIAction?
        weak var target: AnyObject?
        var targetIsNil = false
        var selector: Selector?
        var events: Event

        func isTarget(_ object: AnyObject?, selector other: Selector?) -> Bool {
            guard action == nil else { return false }
            let sameTarget = object == nil ? targetIsNil : (!targetIsNil && target === object)
            return sameTarget && (other == nil || selector == other)
        }
    }

    /// Actions and target–actions, in the order they were added (the model's choice for an undocumented order [U]).
    private var registrations: [Registration] = []
    /// The event being delivered by the user's touch, passed to `(sender, event)` actions.
    private var currentEvent: UIEvent?

    /// Whether the control responds to the user.
    /// Whether a tap shows the control's menu instead of sending its actions (iOS 14); the menu is shown where the
    /// driver shows edit menus (`app.editMenuItems`, `app.chooseEditMenuItem(_:)`).
    @available(iOS 14.0, *)
    open var showsMenuAsPrimaryAction = false {
        didSet { primaryMenuRoleChanged() }
    }

    /// Called when `showsMenuAsPrimaryAction` changes; a button may become or stop being a pop-up button.
    package func primaryMenuRoleChanged() {}

    /// The menu a tap shows when `showsMenuAsPrimaryAction` is set; `UIButton.menu` for buttons.
    package var menuForPrimaryAction: UIMenu? { nil }

    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether the control is highlighted.
    open var isHighlighted = false

    /// The control's state.
    open var state: State {
        var state: State = []
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        if isHighlighted { state.insert(.highlighted) }
        return state
    }

    /// Adds `action` for `controlEvents`; adding the same action again replaces its events.
    @available(iOS 14.0, *)
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = registrations.firstIndex(where: { $0.action?.identifier == action.identifier }) {
            registrations[index].action = action
            registrations[index].events.formUnion(controlEvents)
        } else {
            registrations.append(Registration(action: action, events: controlEvents))
        }
    }

    /// Removes `action` for `controlEvents`.
    @available(iOS 14.0, *)
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` for `controlEvents`.
    @available(iOS 14.0, *)
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        remove(controlEvents) { $0.action?.identifier == actionIdentifier }
    }

    /// Sends `action` to `target` (the responder chain when `nil`) for `controlEvents`; an identical registration
    /// is kept once (`deduplicateTargetActions`), and no events at all adds nothing (#125).
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        guard !controlEvents.isEmpty else { return }
        let object = target.map { $0 as AnyObject }
        if UIKitSystem.shared.behavior.deduplicateTargetActions,
           let index = registrations.firstIndex(where: { $0.isTarget(object, selector: action) })
        {
            registrations[index].events.formUnion(controlEvents)
            return
        }
        registrations.append(Registration(target: object, targetIsNil: object == nil, selector: action, events: controlEvents))
    }

    /// Stops sending `action` (every action when `nil`) to `target` (every target when `nil`) for `controlEvents`.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let object = target.map { $0 as AnyObject }
        remove(controlEvents) { $0.action == nil && (object == nil || $0.isTarget(object, selector: action)) && (action == nil || $0.selector == action) }
    }

    private func remove(_ controlEvents: Event, where matches: (Registration) -> Bool) {
        for index in registrations.indices.reversed() where matches(registrations[index]) {
            registrations[index].events.subtract(controlEvents)
            if registrations[index].events.isEmpty { registrations.remove(at: index) }
        }
    }

    /// The targets of the control's target–actions; a `nil` target is `NSNull`, as in UIKit.
    open var allTargets: Set<AnyHashable> {
        Set(registrations.filter { $0.action == nil }.compactMap { r -> AnyHashable? in
            if r.targetIsNil { return AnyHashable(NSNull()) }
            guard let target = r.target else { return nil }
            return (target as? AnyHashable) ?? AnyHashable(ObjectIdentifier(target))
        })
    }

    /// The selector names sent to `target` for `controlEvent`, or `nil` when there are none.
    open func actions(forTarget target: Any?, forControlEvent controlEvent: Event) -> [String]? {
        let object = target.map { $0 as AnyObject }
        let names = registrations.filter { $0.isTarget(object, selector: nil) && !$0.events.isDisjoint(with: controlEvent) }
            .compactMap { $0.selector?.name }
        return names.isEmpty ? nil : names
    }

    /// The control events for which actions are registered.
    open var allControlEvents: Event {
        registrations.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions and sends the target–actions registered for `controlEvents`, each through
    /// `sendAction(_:to:for:)` (#124), in the order they were added (`targetActionOrder`).
    open func sendActions(for controlEvents: Event) {
        var due = registrations.filter { !$0.events.isDisjoint(with: controlEvents) }
        if UIKitSystem.shared.behavior.targetActionOrder == .reverse { due.reverse() }
        for registration in due {
            if let action = registration.action {
                sendAction(action)
            } else if let selector = registration.selector, registration.targetIsNil || registration.target != nil {
                sendAction(selector, to: registration.target, for: currentEvent)
            }
        }
    }

    /// Runs `action` with this control as its sender.
    @available(iOS 14.0, *)
    open func sendAction(_ action: UIAction) {
        action.sender = self
        action.handler(action)
        action.sender = nil
    }

    /// Sends `action` to `target` through `UIApplication.shared.sendAction(_:to:from:for:)`.
    open func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {
        UIApplication.shared.sendAction(action, to: target, from: self, for: event)
    }

    /// Whether any action is registered for `event`.
    package func hasActions(for event: Event) -> Bool {
        registrations.contains { !$0.events.isDisjoint(with: event) }
    }

    /// Sends `event` as UIKit does when the control itself reports it, recording it on the trace.
    package func sendControlEvent(_ event: Event) {
        UIKitSystem.shared.trace(.control, "\(traceName(self)) sent \(event.traceName)")
        sendActions(for: event)
    }

    /// The user tapped the control; `event` is the touch's event, passed to `(sender, event)` actions.
    package func userTap(event: UIEvent? = nil) {
        guard isEnabled else { return }
        currentEvent = event ?? UIEvent(touches: [])
        defer { currentEvent = nil }
        sendControlEvent(.touchDown)
        // Apple: with showsMenuAsPrimaryAction "the menu shows in response to the touchDown event"; no tap is sent.
        if showsMenuAsPrimaryAction, let menu = menuForPrimaryAction {
            UIKitSystem.shared.trace(.control, "\(traceName(self)) shows its menu")
            UIKitSystem.shared.presentedEditMenu = menu
            return
        }
        if togglesSelectionOnTap { isSelected.toggle() }
        sendControlEvent(.touchUpInside)
        sendControlEvent(.primaryActionTriggered)
    }

    /// Whether a tap toggles `isSelected` before the tap's actions are sent (a toggle `UIButton`).
    package var togglesSelectionOnTap: Bool { false }
}
