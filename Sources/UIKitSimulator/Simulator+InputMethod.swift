import Foundation
import UIKitModel

/// Typing through a simulated Chinese or Japanese input method (addendum §A2).
///
/// With `.pinyin` or `.japaneseKana`, `type(_:)` sends letters through the input method: each key asks the
/// delegate's shouldChange with the key's own range and string (a ➋…➒ placeholder on the nine-key layout), then
/// the composition shows as marked text, with the change events and notifications. A space chooses the first
/// candidate, Return confirms the letters, `chooseCandidate(_:)` commits a candidate after the question the profile's
/// `candidateCommitDelegateCall` says (uikit-behaviour-3 #154–#156).
extension Simulator {
    /// The keyboard's input method.
    public var inputMethod: InputMethod { composition.method }

    /// The candidate bar: what choosing would commit, best first; empty when nothing is being composed.
    public var candidates: [String] {
        composingInput == nil ? [] : composition.candidates.map(\.text)
    }

    /// The first responder's marked text range in UTF-16 units (for drawing the underline), or nil.
    public var markedTextRange: NSRange? {
        (firstResponder as? MarkedTextStorage)?.inputMarkedRange
    }

    /// The user switches keyboards (the globe key). A keyboard of another height posts WillChangeFrame and
    /// WillShow, then the Did pair (#88), unless the profile says the switch posts nothing (#89).
    public func switchKeyboard(to method: InputMethod) {
        user("switch keyboard to \(method)")
        if let input = composingInput { commitComposition(input, text: composition.markedText, consumes: Int.max) }
        composition = InputMethodComposition(method: method)
        let extra = method.composes ? system.behavior.cjkCandidateBarExtraHeight : 0
        system.keyboard.switchInputMode(extraHeight: extra)
        settle()
    }

    /// The user taps the candidate `text` in the candidate bar; it replaces the marked text (#82/#83).
    public func chooseCandidate(_ text: String) {
        guard let input = composingInput, let candidate = composition.candidates.first(where: { $0.text == text })
        else {
            user("choose candidate \(quoted(text)) (not offered: nothing happens)")
            settle()
            return
        }
        user("choose candidate \(quoted(text))")
        commitComposition(input, text: candidate.text, consumes: candidate.consumes)
        settle()
    }

    /// The user taps the candidate at `index` of `candidates`.
    public func chooseCandidate(at index: Int) {
        let offered = candidates
        guard offered.indices.contains(index) else {
            user("choose candidate #\(index) (not offered: nothing happens)")
            settle()
            return
        }
        chooseCandidate(offered[index])
    }

    // MARK: Inline predictions (iOS 17+, uikit-behaviour-3 §B4.2)

    /// The keyboard offers `prediction` after the caret of the first responder, as marked text: `markedTextRange` is
    /// set, the text holds the prediction, the caret stays before it, and the marked-text change events are sent
    /// (#158). Nothing is shown when the input's `inlinePredictionType` is `.no`, the profile has no inline
    /// predictions, or a composition is in progress. Typing withdraws the prediction first.
    public func showInlinePrediction(_ prediction: String) {
        guard let input = firstResponder as? MarkedTextStorage & UIResponder & UITextInputTraits,
            system.behavior.inlinePredictionsAsMarkedText, input.inlinePredictionType != .no, composingInput == nil,
            input.inputMarkedRange == nil
        else {
            user("inline prediction \(quoted(prediction)) (not shown)")
            settle()
            return
        }
        user("inline prediction \(quoted(prediction))")
        input.storageSetMarkedText(prediction, selectedRange: NSRange(location: 0, length: 0))
        predictionOwner = input
        settle()
    }

    /// The user accepts the inline prediction shown: it becomes ordinary text with the caret after it and the change
    /// events, asking no should-change question (not reported, like QuickType insertions, addendum §A2.3 [U]).
    public func acceptInlinePrediction() {
        guard let input = pendingPredictionInput, let marked = input.inputMarkedRange else {
            user("accept inline prediction (none shown: nothing happens)")
            settle()
            return
        }
        user("accept inline prediction")
        predictionOwner = nil
        let word = NSString(string: input.inputText).substring(with: marked)
        input.applyEdit(marked, with: word, selection: nil, marks: false, sendsEvents: true)
        settle()
    }

    /// The first responder while it shows an inline prediction.
    private var pendingPredictionInput: (MarkedTextStorage & UIResponder)? {
        guard let input = firstResponder as? MarkedTextStorage & UIResponder, input === predictionOwner,
            input.inputMarkedRange != nil
        else { return nil }
        return input
    }

    /// Removes a prediction still shown (the user typed on instead of accepting it).
    func withdrawInlinePrediction() {
        guard let input = pendingPredictionInput else { return }
        predictionOwner = nil
        input.storageSetMarkedText(nil, selectedRange: NSRange(location: 0, length: 0))
    }

    // MARK: Inside type(_:) and deleteBackward()

    /// The first responder while a composition is in progress in it; a composition the app ended (by assigning
    /// the text) or that belongs to another responder is forgotten, as the keyboard starts afresh.
    var composingInput: (MarkedTextStorage & UIResponder)? {
        guard !composition.isEmpty, let input = firstResponder as? MarkedTextStorage & UIResponder,
            input === compositionOwner, input.inputMarkedRange != nil
        else {
            composition.reset()
            return nil
        }
        return input
    }

    /// Sends one typed character through the input method; returns false when it is not the input method's.
    func typeThroughInputMethod(_ text: String, into input: MarkedTextStorage & UIResponder) -> Bool {
        let composing = composingInput != nil
        guard let character = text.first, text.count == 1 else { return false }
        if character.isASCII && character.isLetter {
            if !composing {
                composition.reset()
                compositionOwner = input
            }
            let caret = input.inputMarkedRange.map { NSRange(location: $0.location + $0.length, length: 0) }
                ?? input.inputSelection
            let replacement = inputMethod == .pinyin && system.behavior.pinyinLayout == .nineKey
                ? InputMethodComposition.nineKeyPlaceholder(for: character) : text
            var next = composition
            next.add(character)
            if input.inputMethodKeystroke(asking: caret, replacement: replacement, marked: next.markedText) {
                composition = next
            }
            return true
        }
        guard composing else { return false }
        // A space chooses the first candidate; other characters confirm it and are then typed as usual.
        if let first = composition.candidates.first {
            commitComposition(input, text: first.text, consumes: first.consumes)
        }
        return character == " "
    }

    /// Delete inside marked text: asks shouldChange with the range the profile says, then shortens it (#78/#79).
    func deleteInComposition(_ input: MarkedTextStorage & UIResponder) {
        guard let marked = input.inputMarkedRange else { return }
        let range = system.behavior.markedBackspaceRange == .wholeMarkedText
            ? marked : NSRange(location: marked.location + marked.length - 1, length: 1)
        var next = composition
        next.removeLast()
        guard input.inputMethodKeystroke(asking: range, replacement: "", marked: next.markedText) else { return }
        composition = next
    }

    /// Commits `text` for the first `consumes` keys; keys left over stay marked.
    func commitComposition(_ input: MarkedTextStorage & UIResponder, text: String, consumes: Int) {
        // A delegate that refuses the commit's question leaves the composition as it was.
        guard input.inputMethodCommit(text) else { return }
        composition.removeFirst(consumes)
        guard !composition.isEmpty else { return }
        let rest = composition.markedText
        input.storageSetMarkedText(rest, selectedRange: NSRange(location: rest.utf16.count, length: 0))
    }
}
