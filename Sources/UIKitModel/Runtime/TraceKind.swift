/// The kinds of things the model reports to a trace observer.
package enum TraceKind: String, Sendable {
    case lifecycle, delegate, notification, control, responder, user, scroll, animation
}

/// Receives the model's record of what UIKit did, in order.
package protocol TraceRecorder: AnyObject {
    /// Records an event and returns a token for `amend`/`discard`.
    func record(_ kind: TraceKind, _ text: String) -> Int
    /// Appends text (e.g. a delegate's return value) to a recorded event.
    func amend(_ token: Int, appending suffix: String)
    /// Removes a recorded event that turned out not to have happened (an unimplemented delegate method).
    func discard(_ token: Int)
}
