import Foundation

/// The HID usage codes of a USB keyboard's keys (usage page 7), as UIKit's `UIKeyboardHIDUsage`; the model
/// declares the keys its hardware keyboard can press, so a case it lacks is a compile error rather than a key that
/// never comes.
@available(iOS 13.4, *)
public enum UIKeyboardHIDUsage: Int, @unchecked Sendable {
    case keyboardA = 4, keyboardB, keyboardC, keyboardD, keyboardE, keyboardF, keyboardG, keyboardH, keyboardI
    case keyboardJ, keyboardK, keyboardL, keyboardM, keyboardN, keyboardO, keyboardP, keyboardQ, keyboardR
    case keyboardS, keyboardT, keyboardU, keyboardV, keyboardW, keyboardX, keyboardY, keyboardZ
    case keyboard1 = 30, keyboard2, keyboard3, keyboard4, keyboard5, keyboard6, keyboard7, keyboard8, keyboard9
    case keyboard0 = 39
    case keyboardReturnOrEnter = 40
    case keyboardEscape = 41
    case keyboardDeleteOrBackspace = 42
    case keyboardTab = 43
    case keyboardSpacebar = 44
    case keyboardHyphen = 45
    case keyboardEqualSign = 46
    case keyboardOpenBracket = 47
    case keyboardCloseBracket = 48
    case keyboardBackslash = 49
    case keyboardSemicolon = 51
    case keyboardQuote = 52
    case keyboardGraveAccentAndTilde = 53
    case keyboardComma = 54
    case keyboardPeriod = 55
    case keyboardSlash = 56
    case keyboardCapsLock = 57
    case keyboardF1 = 58, keyboardF2, keyboardF3, keyboardF4, keyboardF5, keyboardF6, keyboardF7, keyboardF8
    case keyboardF9, keyboardF10, keyboardF11, keyboardF12
    case keyboardHome = 74
    case keyboardPageUp = 75
    case keyboardDeleteForward = 76
    case keyboardEnd = 77
    case keyboardPageDown = 78
    case keyboardRightArrow = 79
    case keyboardLeftArrow = 80
    case keyboardDownArrow = 81
    case keyboardUpArrow = 82
    case keyboardLeftControl = 224
    case keyboardLeftShift = 225
    case keyboardLeftAlt = 226
    case keyboardLeftGUI = 227
    case keyboardRightControl = 228
    case keyboardRightShift = 229
    case keyboardRightAlt = 230
    case keyboardRightGUI = 231
}

/// A key of a hardware keyboard as it was pressed, as UIKit's `UIKey`.
@available(iOS 13.4, *)
@preconcurrency @MainActor open class UIKey: NSObject, NSCopying {
    /// What the key types with the modifiers held (an `input…` constant of `UIKeyCommand` for keys that type nothing).
    public let characters: String
    /// What the key types without the modifiers (lower-case for letters).
    public let charactersIgnoringModifiers: String
    /// The modifier keys held.
    public let modifierFlags: UIKeyModifierFlags
    /// The key's HID usage code.
    public let keyCode: UIKeyboardHIDUsage

    package init(input: String, modifiers: UIKeyModifierFlags, keyCode: UIKeyboardHIDUsage) {
        let typesShifted = modifiers.contains(.shift) || modifiers.contains(.alphaShift)
        charactersIgnoringModifiers = input.count == 1 ? input.lowercased() : input
        characters = typesShifted && input.count == 1 ? input.uppercased() : input
        modifierFlags = modifiers
        self.keyCode = keyCode
        super.init()
    }

    /// The key itself: a key never changes, so a copy is the same object (UIKit does not say; NSCopying allows it).
    nonisolated public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The HID usage of the key that types `input` (a character or a `UIKeyCommand.input…` constant), if the
    /// model's keyboard has it.
    package static func keyCode(for input: String) -> UIKeyboardHIDUsage? {
        switch input {
        case "\r", "\n": return .keyboardReturnOrEnter
        case "\u{8}", UIKeyCommand.inputDelete: return .keyboardDeleteOrBackspace
        case "\t": return .keyboardTab
        case " ": return .keyboardSpacebar
        case UIKeyCommand.inputEscape: return .keyboardEscape
        case UIKeyCommand.inputUpArrow: return .keyboardUpArrow
        case UIKeyCommand.inputDownArrow: return .keyboardDownArrow
        case UIKeyCommand.inputLeftArrow: return .keyboardLeftArrow
        case UIKeyCommand.inputRightArrow: return .keyboardRightArrow
        case UIKeyCommand.inputPageUp: return .keyboardPageUp
        case UIKeyCommand.inputPageDown: return .keyboardPageDown
        case UIKeyCommand.inputHome: return .keyboardHome
        case UIKeyCommand.inputEnd: return .keyboardEnd
        default: break
        }
        guard input.count == 1, let scalar = input.lowercased().unicodeScalars.first, scalar.isASCII else { return nil }
        let value = Int(scalar.value)
        switch scalar {
        case "a"..."z": return UIKeyboardHIDUsage(rawValue: value - 97 + 4)
        case "1"..."9": return UIKeyboardHIDUsage(rawValue: value - 49 + 30)
        case "0": return .keyboard0
        default:
            let punctuation: [Character: UIKeyboardHIDUsage] = [
                "-": .keyboardHyphen, "=": .keyboardEqualSign, "[": .keyboardOpenBracket, "]": .keyboardCloseBracket,
                "\\": .keyboardBackslash, ";": .keyboardSemicolon, "'": .keyboardQuote, "`": .keyboardGraveAccentAndTilde,
                ",": .keyboardComma, ".": .keyboardPeriod, "/": .keyboardSlash,
            ]
            return punctuation[Character(scalar)]
        }
    }
}

/// A press of a physical button, here a hardware keyboard's key, as UIKit's `UIPress`.
open class UIPress: NSObject {
    /// Where a press is in its life.
    public enum Phase: Int, @unchecked Sendable {
        case began = 0, changed, stationary, ended, cancelled
    }

    /// Which button a press is (the arrows, and the buttons of a remote or game controller).
    public enum PressType: Int, @unchecked Sendable {
        case upArrow = 0, downArrow, leftArrow, rightArrow, select, menu, playPause
        case pageUp = 30, pageDown = 31
        case tvRemoteOneTwoThree = 32, tvRemoteFour = 33
    }

    /// When the press began or last changed, on the simulated clock.
    open package(set) var timestamp: TimeInterval
    /// Where the press is in its life.
    open package(set) var phase: Phase
    /// The key pressed (always set: the model's presses come from its hardware keyboard).
    @available(iOS 13.4, *)
    open private(set) var key: UIKey?
    /// The window of the responder the press was delivered to.
    open package(set) weak var window: UIWindow?
    /// The responder the press was delivered to.
    open package(set) weak var responder: UIResponder?
    /// The press's force; a keyboard key reports none.
    open var force: CGFloat { 0 }
    /// The gesture recognizers receiving the press (the model's recognizers take no presses).
    open var gestureRecognizers: [UIGestureRecognizer]? { nil }

    /// The arrow a keyboard press is; Apple documents no `type` for other keys, so reading it stops the program.
    open var type: PressType {
        switch key?.keyCode {
        case .keyboardUpArrow: return .upArrow
        case .keyboardDownArrow: return .downArrow
        case .keyboardLeftArrow: return .leftArrow
        case .keyboardRightArrow: return .rightArrow
        default:
            fatalError("UIPress.type: the model does not know which type UIKit reports for a key that is not an arrow; read press.key?.keyCode instead")
        }
    }

    /// The press went past the last responder without anyone using it.
    package var reachedEndOfChain = false
    /// A text field or text view typed the key.
    package var usedAsText = false

    package init(key: UIKey, timestamp: TimeInterval, responder: UIResponder?, window: UIWindow?) {
        self.key = key
        self.timestamp = timestamp
        self.phase = .began
        self.responder = responder
        self.window = window
        super.init()
    }
}

/// An event made of presses, as UIKit's `UIPressesEvent`.
@preconcurrency @MainActor open class UIPressesEvent: UIEvent {
    private let presses: Set<UIPress>

    package init(presses: Set<UIPress>) {
        self.presses = presses
        super.init(touches: [])
    }

    /// The presses of the event.
    open var allPresses: Set<UIPress> { presses }

    /// The presses delivered to `gesture` (none: the model's recognizers take no presses).
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { [] }
}
