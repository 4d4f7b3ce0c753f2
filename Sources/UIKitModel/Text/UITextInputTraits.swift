import Foundation

/// The kind of keyboard shown for a text input.
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad,
        emailAddress, decimalPad, twitter, webSearch, asciiCapableNumberPad
    public static var alphabet: UIKeyboardType { .asciiCapable }
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

/// Spell checking of typed text.
public enum UITextSpellCheckingType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether straight quotes become curly ones while typing.
public enum UITextSmartQuotesType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether two hyphens become a dash while typing.
public enum UITextSmartDashesType: Int, Sendable {
    case `default` = 0, no, yes
}

/// Whether pasting and deleting words adjusts the spaces around them.
public enum UITextSmartInsertDeleteType: Int, Sendable {
    case `default` = 0, no, yes
}

/// The keyboard's colour scheme.
public enum UIKeyboardAppearance: Int, Sendable {
    case `default` = 0, dark, light
    public static let alert = UIKeyboardAppearance.dark
}

/// The rules AutoFill follows when it suggests a strong password (stored only: the model has no AutoFill).
@available(iOS 12.0, *)
@preconcurrency @MainActor open class UITextInputPasswordRules: NSObject {
    /// The rules in Apple's password-rules language, as given.
    open private(set) var passwordRulesDescriptor: String

    private init(passwordRulesDescriptor: String) {
        self.passwordRulesDescriptor = passwordRulesDescriptor
        super.init()
    }

    public convenience init(descriptor passwordRulesDescriptor: String) {
        self.init(passwordRulesDescriptor: passwordRulesDescriptor)
    }
}

/// What kind of content a text input expects, for AutoFill suggestions (stored only: the model has no AutoFill).
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public static let name = UITextContentType("name")
    public static let givenName = UITextContentType("given-name")
    public static let familyName = UITextContentType("family-name")
    public static let nickname = UITextContentType("nickname")
    public static let organizationName = UITextContentType("organization")
    public static let jobTitle = UITextContentType("job-title")
    public static let location = UITextContentType("location")
    public static let fullStreetAddress = UITextContentType("street-address")
    public static let streetAddressLine1 = UITextContentType("address-line1")
    public static let streetAddressLine2 = UITextContentType("address-line2")
    public static let addressCity = UITextContentType("address-level2")
    public static let addressState = UITextContentType("address-level1")
    public static let postalCode = UITextContentType("postal-code")
    public static let countryName = UITextContentType("country-name")
    public static let telephoneNumber = UITextContentType("tel")
    public static let emailAddress = UITextContentType("email")
    public static let URL = UITextContentType("url")
    public static let creditCardNumber = UITextContentType("cc-number")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
}

/// Whether the keyboard shows inline predictions (iOS 17): a predicted word in grey after the caret, which is
/// marked text until the user accepts it (uikit-behaviour-3 §B4.2, #157/#158).
public enum UITextInlinePredictionType: Int, Sendable {
    /// UIKit decides from the context; the default of every text input (#157).
    case `default` = 0
    case no = 1
    case yes = 2
}

/// How much of Writing Tools (iOS 18) a text input offers (uikit-behaviour-3 §B9).
public enum UIWritingToolsBehavior: Int, Sendable {
    /// No Writing Tools.
    case none = -1
    /// The system's choice; a UITextView never reads it back (#185).
    case `default` = 0
    /// The full inline experience.
    case complete = 1
    /// Results in an overlay panel only.
    case limited = 2
}

/// The keyboard settings of a text-input object; UIKit declares every member optional, so each has a default here.
@preconcurrency @MainActor public protocol UITextInputTraits: AnyObject {
    var keyboardType: UIKeyboardType { get set }
    var returnKeyType: UIReturnKeyType { get set }
    var autocapitalizationType: UITextAutocapitalizationType { get set }
    var autocorrectionType: UITextAutocorrectionType { get set }
    var keyboardAppearance: UIKeyboardAppearance { get set }
    var enablesReturnKeyAutomatically: Bool { get set }
    var isSecureTextEntry: Bool { get set }
    var textContentType: UITextContentType! { get set }
    @available(iOS 12.0, *)
    var passwordRules: UITextInputPasswordRules? { get set }
    var spellCheckingType: UITextSpellCheckingType { get set }
    var smartQuotesType: UITextSmartQuotesType { get set }
    var smartDashesType: UITextSmartDashesType { get set }
    var smartInsertDeleteType: UITextSmartInsertDeleteType { get set }
    @available(iOS 17.0, *)
    var inlinePredictionType: UITextInlinePredictionType { get set }
    @available(iOS 18.0, *)
    var writingToolsBehavior: UIWritingToolsBehavior { get set }
}

extension UITextInputTraits {
    public var keyboardType: UIKeyboardType { get { .default } set {} }
    public var returnKeyType: UIReturnKeyType { get { .default } set {} }
    public var autocapitalizationType: UITextAutocapitalizationType { get { .sentences } set {} }
    public var autocorrectionType: UITextAutocorrectionType { get { .default } set {} }
    public var keyboardAppearance: UIKeyboardAppearance { get { .default } set {} }
    public var enablesReturnKeyAutomatically: Bool { get { false } set {} }
    public var isSecureTextEntry: Bool { get { false } set {} }
    public var textContentType: UITextContentType! { get { nil } set {} }
    @available(iOS 12.0, *)
    public var passwordRules: UITextInputPasswordRules? { get { nil } set {} }
    public var spellCheckingType: UITextSpellCheckingType { get { .default } set {} }
    public var smartQuotesType: UITextSmartQuotesType { get { .default } set {} }
    public var smartDashesType: UITextSmartDashesType { get { .default } set {} }
    public var smartInsertDeleteType: UITextSmartInsertDeleteType { get { .default } set {} }
    @available(iOS 17.0, *)
    public var inlinePredictionType: UITextInlinePredictionType { get { .default } set {} }
    @available(iOS 18.0, *)
    public var writingToolsBehavior: UIWritingToolsBehavior { get { .default } set {} }
}

extension UITextField: UITextInputTraits {}
extension UITextView: UITextInputTraits {}
extension UISearchBar: UITextInputTraits {}
