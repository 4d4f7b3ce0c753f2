import Testing
import UIKitModel
import UIKitSimulator

/// A text field delegate that logs what UIKit asks, through the single-range form only.
private final class SingleFieldDelegate: NSObject, UITextFieldDelegate {
    var log: [String] = []
    var answer = true

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("single {\(range.location), \(range.length)} \(string)")
        return answer
    }
}

/// The iOS 26 ranges form only.
private final class RangesFieldDelegate: NSObject, UITextFieldDelegate {
    var log: [String] = []
    var answer = true

    func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool {
        log.append("ranges \(ranges.map { "{\($0.rangeValue.location), \($0.rangeValue.length)}" }) \(string)")
        return answer
    }
}

/// Both forms, as a delegate supporting iOS 18 and 26 is written (and as .NET MAUI's is, dotnet/maui #32016).
/// Not a subclass: a Swift subclass cannot add a witness its superclass took from the protocol's default.
private final class BothFieldDelegate: NSObject, UITextFieldDelegate {
    var log: [String] = []
    var answer = true

    func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool {
        log.append("ranges \(ranges.map { "{\($0.rangeValue.location), \($0.rangeValue.length)}" }) \(string)")
        return answer
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("single {\(range.location), \(range.length)} \(string)")
        return answer
    }
}

private final class SingleViewDelegate: NSObject, UITextViewDelegate {
    var log: [String] = []
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        log.append("single {\(range.location), \(range.length)} \(text)")
        return true
    }
}

private final class RangesViewDelegate: NSObject, UITextViewDelegate {
    var log: [String] = []
    var answer = true
    func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool {
        log.append("ranges \(ranges.map { "{\($0.rangeValue.location), \($0.rangeValue.length)}" }) \(text)")
        return answer
    }
}

private final class SearchDelegate: NSObject, UISearchBarDelegate {
    var log: [String] = []
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText: String) -> Bool {
        log.append("ranges \(ranges.map { "{\($0.rangeValue.location), \($0.rangeValue.length)}" }) \(replacementText)")
        return true
    }
}

/// A controller with one field (or text view) whose delegate the test chooses.
private final class Host: UIViewController {
    let searchBar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 320, height: 56))
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    let textView = UITextView(frame: CGRect(x: 20, y: 140, width: 280, height: 100))
    var changes: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(field)
        view.addSubview(textView)
        view.addSubview(searchBar)
        field.addAction(UIAction { [unowned self] _ in changes.append("editingChanged \(field.text ?? "")") }, for: .editingChanged)
        NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: field, queue: nil) {
            [unowned self] _ in MainActor.assumeIsolated { changes.append("textDidChange") }
        }
    }
}

@Suite("Multi-range should-change delegates (uikit-behaviour-3 §B3, §B4)")
struct MultiRangeDelegateTests {
    private func run(_ profile: BehaviorProfile = .current, _ body: (Simulator, Host) -> Void) {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile)
            let host = Host()
            app.show(host)
            body(app, host)
        }
    }

    @Test("uikit-behaviour-3 #146: the three ranges methods take [NSValue] and UIKit boxes NSRanges in them")
    func declarations() {
        run { app, host in
            let fieldDelegate = RangesFieldDelegate()
            let viewDelegate = RangesViewDelegate()
            let searchDelegate = SearchDelegate()
            host.field.delegate = fieldDelegate
            host.textView.delegate = viewDelegate
            host.searchBar.delegate = searchDelegate
            app.tap(host.field)
            app.type("a")
            app.tap(host.textView)
            app.type("b")
            app.tap(host.searchBar.searchTextField)
            app.type("c")
            #expect(fieldDelegate.log == ["ranges [\"{0, 0}\"] a"])
            #expect(viewDelegate.log == ["ranges [\"{0, 0}\"] b"])
            #expect(searchDelegate.log == ["ranges [\"{0, 0}\"] c"])
        }
    }

    @Test("uikit-behaviour-3 #148: a text field delegate with both forms is asked only the ranges form on iOS 26/27, only the single-range form on iOS 18", arguments: [
        ("iOS27", BehaviorProfile.iOS27, ["ranges [\"{0, 0}\"] a"]),
        ("iOS26", BehaviorProfile.iOS26, ["ranges [\"{0, 0}\"] a"]),
        ("iOS18", BehaviorProfile.iOS18, ["single {0, 0} a"]),
        ("iOS16", BehaviorProfile.iOS16, ["single {0, 0} a"]),
    ])
    func bothImplemented(name: String, profile: BehaviorProfile, expected: [String]) {
        run(profile) { app, host in
            let delegate = BothFieldDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("a")
            #expect(delegate.log == expected)
        }
    }

    @Test("uikit-behaviour-3 #146 / #148: before iOS 26 a ranges-only delegate is never asked and the edit goes through")
    func rangesOnlyBefore26() {
        run(.iOS18) { app, host in
            let delegate = RangesFieldDelegate()
            delegate.answer = false
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("ab")
            #expect(delegate.log.isEmpty)
            #expect(host.field.text == "ab")
        }
    }

    @Test("uikit-behaviour-3 #149: typing, backspace, paste and replacing a selection pass one range equal to the single-range method's")
    func oneRangeForEverydayEdits() {
        func edits(_ profile: BehaviorProfile, _ delegate: UITextFieldDelegate & NSObject) {
            run(profile) { app, host in
                host.field.delegate = delegate
                app.tap(host.field)
                app.type("héllo")
                app.deleteBackward()
                app.paste("😀!")
                host.field.selectedTextRange = host.field.textRange(
                    from: host.field.position(from: host.field.beginningOfDocument, offset: 1)!,
                    to: host.field.position(from: host.field.beginningOfDocument, offset: 3)!)
                app.type("E")
            }
        }
        let single = SingleFieldDelegate()
        edits(.iOS18, single)
        let ranges = RangesFieldDelegate()
        edits(.iOS27, ranges)
        #expect(single.log.count == 8)
        let converted = single.log.map { line -> String in
            let parts = line.split(separator: " ", maxSplits: 3).map(String.init)
            return "ranges [\"\(parts[1]) \(parts[2])\"]" + (parts.count > 3 ? " " + parts[3] : " ")
        }
        #expect(ranges.log == converted)
        #expect(single.log.contains("single {4, 1} "))
        #expect(single.log.contains("single {4, 0} 😀!"))
        #expect(single.log.last == "single {1, 2} E")
    }

    @Test("uikit-behaviour-3 #147: a text view delegate with only the single-range form is asked with the union of a multiple selection; a ranges delegate gets every range")
    func textViewUnionRange() {
        run { app, host in
            let single = SingleViewDelegate()
            host.textView.delegate = single
            app.tap(host.textView)
            host.textView.text = "one two three"
            host.textView.selectedRanges = [NSRange(location: 8, length: 5), NSRange(location: 0, length: 3)]
            #expect(host.textView.selectedRanges == [NSRange(location: 0, length: 3), NSRange(location: 8, length: 5)])
            app.type("X")
            #expect(single.log == ["single {0, 13} X"])
            let ranges = RangesViewDelegate()
            host.textView.delegate = ranges
            host.textView.text = "one two three"
            host.textView.selectedRanges = [NSRange(location: 0, length: 3), NSRange(location: 8, length: 5)]
            app.type("Y")
            #expect(ranges.log == ["ranges [\"{0, 3}\", \"{8, 5}\"] Y"])
        }
    }

    @Test("uikit-behaviour-3 #150: allowed, the replacement goes into one range (the model: the first) and the others are deleted")
    func multipleReplacement() {
        run { app, host in
            let ranges = RangesViewDelegate()
            host.textView.delegate = ranges
            app.tap(host.textView)
            host.textView.text = "one two three"
            host.textView.selectedRanges = [NSRange(location: 0, length: 3), NSRange(location: 8, length: 5)]
            app.type("1")
            #expect(host.textView.text == "1 two ")
            #expect(host.textView.selectedRanges == [NSRange(location: 1, length: 0)])
            #expect(host.textView.selectedRange == NSRange(location: 1, length: 0))
        }
    }

    @Test("uikit-behaviour-3 #151: a ranges method answering false leaves the text and sends no editingChanged and no text-did-change notification")
    func rangesRefusal() {
        run { app, host in
            let delegate = RangesFieldDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("a")
            #expect(host.changes == ["editingChanged a", "textDidChange"])
            host.changes.removeAll()
            delegate.answer = false
            app.type("b")
            app.deleteBackward()
            #expect(host.field.text == "a")
            #expect(host.changes.isEmpty)
            #expect(delegate.log.count == 3)
        }
    }

    @Test("uikit-behaviour-3 #152: on iOS 27 a delegate with only the deprecated single-range method is still asked (switch: it is not)", arguments: [true, false])
    func singleOnlyOn27(called: Bool) {
        var profile = BehaviorProfile.iOS27
        profile.singleRangeMethodCalledWhenAlone = called
        run(profile) { app, host in
            let delegate = SingleFieldDelegate()
            delegate.answer = false
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("a")
            #expect(delegate.log == (called ? ["single {0, 0} a"] : []))
            #expect(host.field.text == (called ? "" : "a"))
        }
    }

    @Test("uikit-behaviour-3 #154 / #155 / #156: choosing 中文 after zhongwen asks nothing (iOS 16), the marked range (iOS 18) or an insertion at the marked end (iOS 26/27)", arguments: [
        ("iOS16", BehaviorProfile.iOS16, [String]()),
        ("iOS18", BehaviorProfile.iOS18, ["single {0, 8} 中文"]),
        ("iOS26", BehaviorProfile.iOS26, ["single {8, 0} 中文"]),
        ("iOS27", BehaviorProfile.iOS27, ["single {8, 0} 中文"]),
    ])
    func candidateCommitPerVersion(name: String, profile: BehaviorProfile, expected: [String]) {
        run(profile) { app, host in
            let delegate = SingleFieldDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.switchKeyboard(to: .pinyin)
            app.type("zhongwen")
            delegate.log.removeAll()
            app.chooseCandidate("中文")
            #expect(delegate.log == expected)
            #expect(host.field.text == "中文")
        }
    }

    @Test("uikit-behaviour-3 #155 [U]: while the commit's question runs markedTextRange is nil (switch: still marked, and the forum's limiter lets 中文 through)", arguments: [false, true])
    func commitQuestionMarkedState(seesMarked: Bool) {
        final class Probe: NSObject, UITextFieldDelegate {
            var markedDuringCommit: [Bool] = []
            func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
                if string == "中文" { markedDuringCommit.append(textField.markedTextRange != nil) }
                return true
            }
        }
        var profile = BehaviorProfile.iOS26
        profile.commitQuestionSeesMarkedText = seesMarked
        run(profile) { app, host in
            let probe = Probe()
            host.field.delegate = probe
            app.tap(host.field)
            app.switchKeyboard(to: .pinyin)
            app.type("zhongwen")
            app.chooseCandidate("中文")
            #expect(probe.markedDuringCommit == [seesMarked])
            #expect(host.field.text == "中文")
            #expect(host.field.markedTextRange == nil)
        }
    }

    @Test("uikit-behaviour-3 #155: the forum's limiter (marked text passes; otherwise it computes the result from the range) refuses 中文 on iOS 26 (123zhongwen中文 is 13 > 5) but not on iOS 18 (123中文)", arguments: [
        ("iOS18", BehaviorProfile.iOS18, "123中文"),
        ("iOS26", BehaviorProfile.iOS26, "123zhongwen"),
    ])
    func forumLimiter(name: String, profile: BehaviorProfile, expected: String) {
        final class Limiter: NSObject, UITextFieldDelegate {
            func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
                if textField.markedTextRange != nil { return true }
                let proposed = NSString(string: textField.text ?? "").replacingCharacters(in: range, with: string)
                return proposed.count <= 5
            }
        }
        run(profile) { app, host in
            let limiter = Limiter()
            host.field.delegate = limiter
            host.field.text = "123"
            app.tap(host.field)
            app.switchKeyboard(to: .pinyin)
            app.type("zhongwen")
            app.chooseCandidate("中文")
            #expect(host.field.text == expected)
            // Refused, the composition stays marked and the candidate bar still offers 中文.
            #expect((host.field.markedTextRange != nil) == (expected == "123zhongwen"))
            #expect(app.candidates.contains("中文") == (expected == "123zhongwen"))
        }
    }

    @Test("uikit-behaviour-3 #157: inlinePredictionType is .default on text fields and text views and can be set to .no or .yes")
    func inlinePredictionType() {
        run { _, host in
            #expect(host.field.inlinePredictionType == .default)
            #expect(host.textView.inlinePredictionType == .default)
            host.textView.inlinePredictionType = .no
            host.field.inlinePredictionType = .yes
            #expect(host.textView.inlinePredictionType == .no)
            #expect(host.field.inlinePredictionType == .yes)
            #expect(UITextInlinePredictionType.yes.rawValue == 2)
        }
    }

    @Test("uikit-behaviour-3 #158: a shown prediction is marked text in the text; accepting makes it ordinary text; .no shows none")
    func predictionIsMarkedText() {
        run { app, host in
            app.tap(host.field)
            app.type("goi")
            app.showInlinePrediction("ng")
            #expect(host.field.text == "going")
            #expect(host.field.markedTextRange != nil)
            #expect(host.field.offset(from: host.field.beginningOfDocument, to: host.field.selectedTextRange!.start) == 3)
            app.acceptInlinePrediction()
            #expect(host.field.text == "going")
            #expect(host.field.markedTextRange == nil)
            app.showInlinePrediction(" to")
            app.type("!")
            #expect(host.field.text == "going!")
            host.field.inlinePredictionType = .no
            app.showInlinePrediction(" to")
            #expect(host.field.markedTextRange == nil)
            #expect(host.field.text == "going!")
        }
    }

    @Test("uikit-behaviour-3 #159: a limiter guarded by markedTextRange == nil waits while a prediction shows and counts the word once accepted")
    func guardedLimiterWaitsForPrediction() {
        run { app, host in
            host.field.addAction(UIAction { _ in
                guard host.field.markedTextRange == nil, let text = host.field.text, text.count > 5 else { return }
                host.field.text = String(text.prefix(5))
            }, for: .editingChanged)
            app.tap(host.field)
            app.type("goi")
            app.showInlinePrediction("ng to")
            #expect(host.field.text == "going to")
            app.acceptInlinePrediction()
            #expect(host.field.text == "going")
        }
    }
}
