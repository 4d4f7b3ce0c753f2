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

    private var actions: [(action: UIAction, events: Event)] = []

    /// Whether the control responds to the user.
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
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        if let index = actions.firstIndex(where: { $0.action.identifier == action.identifier }) {
            actions[index].events.formUnion(controlEvents)
        } else {
            actions.append((action, controlEvents))
        }
    }

    /// Removes `action` for `controlEvents`.
    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with `actionIdentifier` for `controlEvents`.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: Event) {
        for index in actions.indices.reversed() where actions[index].action.identifier == actionIdentifier {
            actions[index].events.subtract(controlEvents)
            if actions[index].events.isEmpty { actions.remove(at: index) }
        }
    }

    /// The control events for which actions are registered.
    open var allControlEvents: Event {
        actions.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Runs the actions registered for `controlEvents`, in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for (action, events) in actions where !events.intersection(controlEvents).isEmpty {
            action.sender = self
            action.handler(action)
            action.sender = nil
        }
    }

    /// Whether any action is registered for `event`.
    package func hasActions(for event: Event) -> Bool {
        actions.contains { !$0.events.intersection(event).isEmpty }
    }

    /// Sends `event` as UIKit does when the control itself reports it, recording it on the trace.
    package func sendControlEvent(_ event: Event) {
        UIKitSystem.shared.trace(.control, "\(traceName(self)) sent \(event.traceName)")
        sendActions(for: event)
    }

    /// The user tapped the control.
    package func userTap() {
        guard isEnabled else { return }
        sendControlEvent(.touchDown)
        sendControlEvent(.touchUpInside)
        sendControlEvent(.primaryActionTriggered)
    }
}
