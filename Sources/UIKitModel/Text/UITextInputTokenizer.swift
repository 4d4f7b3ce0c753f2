import Foundation

/// The size of a unit of text, as UIKit's `UITextGranularity`.
public enum UITextGranularity: Int, Sendable {
    case character = 0, word, sentence, paragraph, line, document
}

/// A direction in the text's storage order, as UIKit's `UITextStorageDirection`.
public enum UITextStorageDirection: Int, Sendable {
    case forward = 0, backward
}

/// A direction on screen, as UIKit's `UITextLayoutDirection`.
public enum UITextLayoutDirection: Int, Sendable {
    case right = 2, left, up, down
}

/// A storage or layout direction, as UIKit's `UITextDirection` (an integer holding either enum's raw value).
public struct UITextDirection: RawRepresentable, Equatable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func storage(_ direction: UITextStorageDirection) -> UITextDirection { UITextDirection(rawValue: direction.rawValue) }
    public static func layout(_ direction: UITextLayoutDirection) -> UITextDirection { UITextDirection(rawValue: direction.rawValue) }
}

/// Finds units of text (characters, words, paragraphs) around positions, as UIKit's `UITextInputTokenizer`.
@preconcurrency @MainActor public protocol UITextInputTokenizer: NSObjectProtocol {
    func rangeEnclosingPosition(_ position: UITextPosition, with granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextRange?
    func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool
    func position(from position: UITextPosition, toBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> UITextPosition?
    func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool
}

/// The tokenizer of text fields and text views, as UIKit's `UITextInputStringTokenizer`.
///
/// A word is a run of letters, digits, marks, apostrophes and underscores [U: UIKit uses the language's word
/// breaks]; a paragraph ends at a line break. Sentences and laid-out lines are not modelled and stop the program.
/// Backward looks at the character before the position, forward at the one after it; a position is at a boundary
/// forward where a unit ends and backward where one starts [U].
@preconcurrency @MainActor open class UITextInputStringTokenizer: NSObject, UITextInputTokenizer {
    private unowned let input: UIResponder & UITextInput

    public init(textInput: UIResponder & UITextInput) {
        input = textInput
        super.init()
    }

    open func rangeEnclosingPosition(
        _ position: UITextPosition, with granularity: UITextGranularity, inDirection direction: UITextDirection
    ) -> UITextRange? {
        guard let unit = enclosingUnit(position.offset, granularity, backward: isBackward(direction)) else { return nil }
        return range(unit)
    }

    open func isPosition(_ position: UITextPosition, atBoundary granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        let units = self.units(granularity)
        return isBackward(direction)
            ? units.contains { $0.lowerBound == position.offset }
            : units.contains { $0.upperBound == position.offset }
    }

    open func position(
        from position: UITextPosition, toBoundary granularity: UITextGranularity, inDirection direction: UITextDirection
    ) -> UITextPosition? {
        let units = self.units(granularity)
        let offset = position.offset
        let target = isBackward(direction)
            ? units.map(\.lowerBound).filter { $0 < offset }.max()
            : units.map(\.upperBound).filter { $0 > offset }.min()
        return target.map { UITextPosition(offset: $0) }
    }

    open func isPosition(_ position: UITextPosition, withinTextUnit granularity: UITextGranularity, inDirection direction: UITextDirection) -> Bool {
        enclosingUnit(position.offset, granularity, backward: isBackward(direction)) != nil
    }

    private func isBackward(_ direction: UITextDirection) -> Bool {
        switch direction.rawValue {
        case UITextStorageDirection.forward.rawValue: return false
        case UITextStorageDirection.backward.rawValue: return true
        default: fatalError("UITextInputStringTokenizer: layout directions (left, right, up, down) are not modelled")
        }
    }

    private var text: NSString {
        let whole = input.textRange(from: input.beginningOfDocument, to: input.endOfDocument)
        return ((whole.flatMap { input.text(in: $0) }) ?? "") as NSString
    }

    private func enclosingUnit(_ offset: Int, _ granularity: UITextGranularity, backward: Bool) -> Range<Int>? {
        let probe = backward ? offset - 1 : offset
        return units(granularity).first { $0.contains(probe) }
    }

    /// The units of `granularity` in the text, in UTF-16 offsets.
    private func units(_ granularity: UITextGranularity) -> [Range<Int>] {
        let text = self.text
        switch granularity {
        case .document:
            return text.length > 0 ? [0..<text.length] : []
        case .character:
            var result: [Range<Int>] = []
            var index = 0
            while index < text.length {
                let composed = text.rangeOfComposedCharacterSequence(at: index)
                result.append(composed.location..<(composed.location + composed.length))
                index = composed.location + composed.length
            }
            return result
        case .word:
            return runs(in: text) { scalar in
                CharacterSet.alphanumerics.contains(scalar) || scalar == "_" || scalar == "'" || scalar == "\u{2019}"
            }
        case .paragraph:
            return runs(in: text) { scalar in !CharacterSet.newlines.contains(scalar) }
        case .sentence, .line:
            fatalError("UITextInputStringTokenizer: \(granularity == .line ? "laid-out lines" : "sentences") are not modelled")
        }
    }

    private func runs(in text: NSString, where belongs: (Unicode.Scalar) -> Bool) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        var offset = 0
        for scalar in (text as String).unicodeScalars {
            let width = scalar.utf16.count
            if belongs(scalar) {
                if start == nil { start = offset }
            } else if let begun = start {
                result.append(begun..<offset)
                start = nil
            }
            offset += width
        }
        if let begun = start { result.append(begun..<offset) }
        return result
    }

    private func range(_ unit: Range<Int>) -> UITextRange? {
        input.textRange(from: UITextPosition(offset: unit.lowerBound), to: UITextPosition(offset: unit.upperBound))
    }
}
