import Foundation

/// The kind of keyboard shown for a text input.
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad,
        emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// The title of the keyboard's Return key.
public enum UIReturnKeyType: Int, Sendable {
    case `default` = 0, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// Autocapitalization of typed text.
public enum UITextAutocapitalizationType: Int, Sendable {
    case none = 0, words, sentences, allCharacters
}

/// Autocorrection of typed text.
public enum UITextAutocorrectionType: Int, Sendable {
    case `default` = 0, no, yes
}

#if !canImport(Darwin)
/// Horizontal text alignment.
public enum NSTextAlignment: Int, Sendable {
    case left = 0, center, right, justified, natural
}
#endif
