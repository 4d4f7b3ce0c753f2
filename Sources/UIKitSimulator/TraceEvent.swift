import Foundation
import UIKitModel

/// One thing UIKit did, as recorded by the simulator's trace.
public struct TraceEvent: Equatable, Sendable, CustomStringConvertible {
    /// What kind of thing happened.
    public enum Kind: String, Sendable, CaseIterable {
        /// A view-controller appearance callback (viewDidLoad, viewWillAppear, …).
        case lifecycle
        /// A delegate method UIKit called (only methods the delegate implements), with its result.
        case delegate
        /// A notification UIKit posted (keyboard ones with their frames).
        case notification
        /// A control event sent, or text changed by the user.
        case control
        /// A change of first responder.
        case responder
        /// An action of the simulated user.
        case user
        /// A content-offset change of a scroll view.
        case scroll
        /// A `UIView.animate` call.
        case animation

        package init(_ kind: TraceKind) {
            switch kind {
            case .lifecycle: self = .lifecycle
            case .delegate: self = .delegate
            case .notification: self = .notification
            case .control: self = .control
            case .responder: self = .responder
            case .user: self = .user
            case .scroll: self = .scroll
            case .animation: self = .animation
            }
        }
    }

    /// The virtual time in seconds.
    public let time: TimeInterval
    /// The kind of event.
    public let kind: Kind
    /// The event, e.g. `textFieldShouldReturn(nameField) -> true`.
    public var text: String

    /// `[t=0.25] keyboardDidShow begin: (0, 480, 320, 216) end: (0, 264, 320, 216)`.
    public var description: String {
        let prefix = kind == .user ? "user: " : ""
        return "[t=\(String(format: "%.2f", time))] \(prefix)\(text)"
    }
}
