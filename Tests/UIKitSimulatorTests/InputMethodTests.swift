import Testing
import UIKitModel
import UIKitSimulator

/// A field with a logging delegate and an `.editingChanged` action that records text and marked state.
private final class IMEController: UIViewController, UITextFieldDelegate {
    let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
    var log: [String] = []
    var limit: Int?
    var limiterChecksMarkedText = false
    var shouldChangeLimit: Int?

    override func viewDidLoad() {
        super.viewDidLoad()
        field.accessibilityIdentifier = "field"
        field.delegate = self
        view.addSubview(field)
        field.addAction(UIAction { [unowned self] _ in
            log.append("changed \(field.text ?? "") marked=\(field.markedTextRange != nil)")
            guard let limit else { return }
            if limiterChecksMarkedText, field.markedTextRange != nil { return }
            if let text = field.text, text.count > limit { field.text = String(text.prefix(limit)) }
        }, for: .editingChanged)
    }

    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        log.append("shouldChange {\(range.location), \(range.length)} \(string)")
        if let limit = shouldChangeLimit {
            return (textField.text ?? "").count + string.count - range.length <= limit
        }
        return true
    }
}

@Suite("Input methods (§A2)")
struct InputMethodTests {
    private func run(_ profile: BehaviorProfile = .current, _ body: (Simulator, IMEController) -> Void) {
        withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = IMEController()
            app.show(controller)
            app.tap(controller.field)
            body(app, controller)
        }
    }

    @Test("uikit-behaviour-2 #74 / #75: setMarkedText replaces marked text or inserts at the selection; markedTextRange nil without marked text; selection inside")
    func setMarkedTextAPI() {
        run { _, c in
            let field = c.field
            field.text = "ab"
            #expect(field.markedTextRange == nil)
            field.setMarkedText("xy", selectedRange: NSRange(location: 1, length: 0))
            #expect(field.text == "abxy")
            let marked = try! #require(field.markedTextRange)
            #expect(field.offset(from: field.beginningOfDocument, to: marked.start) == 2)
            #expect(field.offset(from: field.beginningOfDocument, to: marked.end) == 4)
            let caret = try! #require(field.selectedTextRange)
            #expect(field.offset(from: field.beginningOfDocument, to: caret.start) == 3)
            #expect(field.compare(caret.start, to: marked.start) == .orderedDescending)
            field.setMarkedText("中", selectedRange: NSRange(location: 1, length: 0))
            #expect(field.text == "ab中")
            field.unmarkText()
            #expect(field.markedTextRange == nil)
            #expect(field.text == "ab中")
            #expect(field.text(in: field.textRange(from: field.beginningOfDocument, to: field.endOfDocument)!) == "ab中")
            let one = field.position(from: field.beginningOfDocument, offset: 1)!
            field.replace(field.textRange(from: one, to: field.endOfDocument)!, withText: "Z")
            #expect(field.text == "aZ")
            #expect(field.position(from: field.endOfDocument, offset: 1) == nil)
        }
    }

    @Test("uikit-behaviour-2 #76 / #77 / #81: each Pinyin key asks shouldChange, text holds the letters as marked text, editingChanged each time")
    func pinyinKeys() {
        run { app, c in
            app.switchKeyboard(to: .pinyin)
            c.log.removeAll()
            app.type("ni")
            #expect(c.log == ["shouldChange {0, 0} n", "changed n marked=true", "shouldChange {1, 0} i", "changed ni marked=true"])
            #expect(c.field.text == "ni")
            #expect(app.markedTextRange == NSRange(location: 0, length: 2))
            #expect(app.candidates.first == "你")
        }
    }

    @Test("uikit-behaviour-2 #82 / #83, uikit-behaviour-3 #156: choosing a candidate asks nothing, the marked range or an insertion at its end; editingChanged with markedTextRange nil", arguments: [
        (BehaviorProfile.CandidateCommitDelegateCall.none, [String]()),
        (.markedRange, ["shouldChange {0, 8} 中文"]),
        (.insertionAtMarkedEnd, ["shouldChange {8, 0} 中文"]),
    ])
    func candidateCommit(call: BehaviorProfile.CandidateCommitDelegateCall, asked: [String]) {
        var profile = BehaviorProfile.current
        profile.candidateCommitDelegateCall = call
        run(profile) { app, c in
            app.switchKeyboard(to: .pinyin)
            app.type("zhongwen")
            #expect(app.candidates.first == "中文")
            c.log.removeAll()
            app.chooseCandidate("中文")
            #expect(c.field.text == "中文")
            #expect(c.field.markedTextRange == nil)
            #expect(c.log == asked + ["changed 中文 marked=false"])
            #expect(app.candidates.isEmpty)
        }
    }

    @Test("uikit-behaviour-2 #84: a limiter in editingChanged without the marked check makes 上海 impossible at limit 6")
    func naiveLimiter() {
        run { app, c in
            c.limit = 6
            app.switchKeyboard(to: .pinyin)
            app.type("shanghai")
            #expect(c.field.text == "shangh")
            #expect(!app.candidates.contains("上海"))
        }
    }

    @Test("uikit-behaviour-2 #85: with guard markedTextRange == nil the composition completes and only Hanzi are counted")
    func fixedLimiter() {
        run { app, c in
            c.limit = 6
            c.limiterChecksMarkedText = true
            app.switchKeyboard(to: .pinyin)
            app.type("shanghai")
            app.chooseCandidate("上海")
            #expect(c.field.text == "上海")
            c.field.text = "12345"
            app.type("zhongwen ")
            #expect(c.field.text == "12345中")
        }
    }

    @Test("uikit-behaviour-2 #86: a shouldChange limiter counts pinyin letters and blocks the last Hanzi (65432 + huang at 6)")
    func shouldChangeLimiter() {
        run { app, c in
            c.field.text = "65432"
            c.shouldChangeLimit = 6
            app.switchKeyboard(to: .pinyin)
            app.type("huang")
            #expect(c.field.text == "65432h")
            #expect(!app.candidates.contains("黄"))
        }
    }

    @Test("uikit-behaviour-2 #78 / #79: backspace in marked text passes one character (iOS 6) or the whole marked text (iOS 7+)", arguments: [true, false])
    func markedBackspace(whole: Bool) {
        var profile = BehaviorProfile.current
        profile.markedBackspaceRange = whole ? .wholeMarkedText : .oneCharacter
        run(profile) { app, c in
            app.switchKeyboard(to: .pinyin)
            app.type("ban")
            #expect(c.log.filter { $0.hasPrefix("shouldChange") } == ["shouldChange {0, 0} b", "shouldChange {1, 0} a", "shouldChange {2, 0} n"])
            c.log.removeAll()
            app.deleteBackward()
            #expect(c.log.first == (whole ? "shouldChange {0, 3} " : "shouldChange {2, 1} "))
            #expect(c.field.text == "ba")
            app.deleteBackward()
            app.deleteBackward()
            #expect(c.field.text == "")
            #expect(c.field.markedTextRange == nil)
        }
    }

    @Test("uikit-behaviour-2 #80: the nine-key layout passes ➋…➒ placeholders; the marked text is letters")
    func nineKey() {
        var profile = BehaviorProfile.current
        profile.pinyinLayout = .nineKey
        run(profile) { app, c in
            app.switchKeyboard(to: .pinyin)
            app.type("nihao")
            #expect(c.log.filter { $0.hasPrefix("shouldChange") } == [
                "shouldChange {0, 0} ➏", "shouldChange {1, 0} ➍", "shouldChange {2, 0} ➍", "shouldChange {3, 0} ➋",
                "shouldChange {4, 0} ➏",
            ])
            #expect(c.field.text == "nihao")
        }
    }

    @Test("uikit-behaviour.md §1 shouldChangeCharactersIn, uikit-behaviour-3 #149: a paste asks the delegate with the pasted text on any keyboard, never as an input-method key",
          arguments: [BehaviorProfile.PinyinLayout.qwerty, .nineKey])
    func pasteIsNotAKey(_ layout: BehaviorProfile.PinyinLayout) {
        var profile = BehaviorProfile.current
        profile.pinyinLayout = layout
        run(profile) { app, c in
            app.switchKeyboard(to: .pinyin)
            c.log.removeAll()
            app.paste("a")
            app.paste("𠮷")
            #expect(c.log == ["shouldChange {0, 0} a", "changed a marked=false", "shouldChange {1, 0} 𠮷", "changed a𠮷 marked=false"])
            #expect(c.field.markedTextRange == nil)
            // A paste while composing ends the composition (its first candidate), then is asked about itself.
            app.type("ni")
            c.log.removeAll()
            app.paste(" ")
            #expect(c.log.filter { $0.hasPrefix("shouldChange") }.last == "shouldChange {4, 0}  ")
            #expect(c.field.text == "a𠮷你 ")
            #expect(c.field.markedTextRange == nil)
        }
    }

    @Test("uikit-behaviour-2 #81: ninja on the Japanese keyboard shows n, に, にn, にんj, にんじゃ, then 忍者")
    func japanese() {
        run { app, c in
            app.switchKeyboard(to: .japaneseKana)
            c.log.removeAll()
            app.type("ninja")
            app.chooseCandidate("忍者")
            #expect(c.log.filter { $0.hasPrefix("changed") } == [
                "changed n marked=true", "changed に marked=true", "changed にn marked=true", "changed にんj marked=true",
                "changed にんじゃ marked=true", "changed 忍者 marked=false",
            ])
        }
    }

    @Test("uikit-behaviour-2 #87: count is graphemes, NSRange counts UTF-16: after an emoji the next range starts at 2")
    func graphemes() {
        run { app, c in
            #expect("😀".count == 1)
            #expect(("😀" as NSString).length == 2)
            app.type("😀a")
            #expect(c.log.contains("shouldChange {2, 0} a"))
            #expect(c.field.text?.count == 2)
            #expect(c.field.text?.utf16.count == 3)
        }
    }

    @Test("uikit-behaviour-2 #88 / #89: switching to a taller keyboard posts WillChangeFrame and WillShow then the Did pair, or nothing", arguments: [true, false])
    func keyboardSwitch(posts: Bool) {
        var profile = BehaviorProfile.current
        profile.cjkCandidateBarExtraHeight = 36
        profile.keyboardSwitchPosts = posts ? .changeFrameAndShow : .nothing
        run(profile) { app, _ in
            app.clearTrace()
            app.switchKeyboard(to: .pinyin)
            let notes = app.trace.filter { $0.kind == .notification }.map { String($0.text.prefix { $0 != " " }) }
            #expect(notes == (posts ? ["keyboardWillChangeFrame", "keyboardWillShow", "keyboardDidChangeFrame", "keyboardDidShow"] : []))
            #expect(app.keyboardFrame?.height == 252)
        }
    }

    @Test("uikit-behaviour-2 #90: a third-party keyboard posts keyboardWillShow three times (0, 216, 259)")
    func thirdParty() {
        var profile = BehaviorProfile.current
        profile.thirdPartyKeyboardShowHeights = [0, 216, 259]
        withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = IMEController()
            app.show(controller)
            // The observer block is `@Sendable`; the simulation posts on this thread, so a plain box will do.
            final class Heights: @unchecked Sendable { var values: [CGFloat] = [] }
            let heights = Heights()
            let token = NotificationCenter.default.addObserver(
                forName: UIResponder.keyboardWillShowNotification, object: nil, queue: nil
            ) { note in heights.values.append((note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? -1) }
            defer { NotificationCenter.default.removeObserver(token) }
            app.tap(controller.field)
            #expect(heights.values == [0, 216, 259])
            #expect(app.keyboardFrame?.height == 259)
        }
    }
}
