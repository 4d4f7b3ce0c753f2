import Foundation

extension UIKitSystem {
    /// The key window's first responder: where an action sent to a nil target starts (#97).
    package var currentFirstResponder: UIResponder? { keyWindow?.firstResponder }

    /// Offers an action to the first responder, then up the responder chain, until `handles` says a responder
    /// handled it; returns whether one did (`UIApplication.sendAction(_:to: nil, from:for:)`, #97). With no first
    /// responder nothing is called and the result is `false` [U: not documented].
    package func sendToResponderChain(_ handles: (UIResponder) -> Bool) -> Bool {
        var responder = currentFirstResponder
        while let current = responder {
            if handles(current) { return true }
            responder = current.next
        }
        return false
    }

    /// `sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from:for:)`: every responder implements
    /// `resignFirstResponder`, so the first responder handles it and goes through the usual resignation (it asks
    /// `textFieldShouldEndEditing`, unlike `endEditing(true)`, #98); `true` whenever there is a first responder,
    /// even if it refused to resign.
    package func resignFirstResponderThroughResponderChain() -> Bool {
        sendToResponderChain { responder in
            responder.resignFirstResponder()
            return true
        }
    }
}
