import Testing
import UIKitModel
import UIKitSimulator

/// uikit-behaviour-3 §B2.2, §B2.4, §B1.3, §B10: how long a message observation lasts, which subjects it hears,
/// hand-made posts, and the profiles without messages.
@Suite("Observation tokens and message subjects (uikit-behaviour-3 §B2)")
struct ObservationTokenTests {
    /// Counts deliveries; held by an observer closure so the count shows whether the registration still exists.
    final class Counter { var value = 0 }

    /// A controller that keeps its token in a property, as Apple's documentation advises.
    final class TokenController: UIViewController {
        let counter: Counter
        var token: NotificationCenter.ObservationToken?

        init(counter: Counter) {
            self.counter = counter
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            token = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { [counter] _ in
                counter.value += 1
            }
        }
    }

    /// Registers for keyboardWillShow with a token that lives only inside this function, as Apple's WWDC25 listing does.
    static func observeInLocalScope(_ count: @escaping @MainActor () -> Void) {
        let keyboardObserver = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in count() }
        _ = keyboardObserver
    }

    @Test("uikit-behaviour-3 #138: a token discarded with _ = or kept in a local constant observes nothing after its scope")
    func releasedTokensEndObservation() {
        withFixture { f in
            var counts = (discarded: 0, local: 0, kept: 0)
            _ = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in counts.discarded += 1 }
            Self.observeInLocalScope { counts.local += 1 }
            let kept = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in counts.kept += 1 }
            f.app.tap(f.a)
            #expect(counts.discarded == 0)
            #expect(counts.local == 0)
            #expect(counts.kept == 1)
            _ = kept
        }
    }

    @Test("uikit-behaviour-3 #139: removeObserver(token) ends the observation, a second remove or another center's does nothing, nil-ing the token ends it")
    func removingTokens() {
        withFixture { f in
            let center = NotificationCenter.default
            var counts = (removed: 0, niled: 0, other: 0)
            let removed = center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in counts.removed += 1 }
            var niled: NotificationCenter.ObservationToken? = center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in counts.niled += 1 }
            let other = center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in counts.other += 1 }
            f.app.tap(f.a)
            #expect(counts == (1, 1, 1))
            NotificationCenter().removeObserver(other)
            center.removeObserver(removed)
            center.removeObserver(removed)
            niled = nil
            f.a.resignFirstResponder()
            f.app.runUntilIdle()
            f.app.tap(f.a)
            #expect(counts == (1, 1, 2))
            #expect(niled == nil)
            #expect(Set([removed, other]).count == 2, "tokens are Hashable and distinct")
        }
    }

    @Test("uikit-behaviour-3 #140: a controller that stores its token stops observing once deallocated, with no deinit code")
    func controllerTokenEndsWithController() {
        withFixture { f in
            let counter = Counter()
            var controller: TokenController? = TokenController(counter: counter)
            weak let gone = controller
            controller?.loadViewIfNeeded()
            f.app.tap(f.a)
            #expect(counter.value == 1)
            controller = nil
            #expect(gone == nil)
            f.a.resignFirstResponder()
            f.app.runUntilIdle()
            f.app.tap(f.a)
            #expect(f.notes.keyboardLabels.filter { $0 == "WillShow" }.count == 2, "the keyboard came up again")
            #expect(counter.value == 1)
        }
    }

    @Test("uikit-behaviour-3 #141 / #137: of: a screen hears only that screen; UIScreen.self and a nil subject hear all")
    func subjects() {
        withFixture { f in
            let center = NotificationCenter.default
            let otherScreen = UIScreen()
            var heard: [String] = []
            let optionalScreen: UIScreen? = f.controller.view.window?.windowScene?.screen
            let tokens = [
                center.addObserver(of: UIScreen.main, for: .keyboardWillShow) { _ in heard.append("main") },
                center.addObserver(of: otherScreen, for: .keyboardWillShow) { _ in heard.append("other") },
                center.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in heard.append("any") },
                center.addObserver(of: nil, for: UIResponder.KeyboardWillShowMessage.self) { _ in heard.append("nil") },
                center.addObserver(of: optionalScreen, for: UIResponder.KeyboardWillShowMessage.self) { _ in heard.append("optional") },
            ]
            f.app.tap(f.a)
            #expect(heard == ["main", "any", "nil", "optional"])
            _ = tokens
        }
    }

    @Test("uikit-behaviour-3 #145: a hand-posted keyboard notification without a screen reaches notification observers only")
    func handPostedNotificationWithoutScreen() {
        for substitute in [false, true] {
            var profile = BehaviorProfile.current
            profile.keyboardMessageWithoutScreen = substitute ? .mainScreen : .notDelivered
            withFixture(profile: profile) { f in
                var messages: [UIResponder.KeyboardWillShowMessage] = []
                let token = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { messages.append($0) }
                let end = CGRect(x: 0, y: 264, width: 320, height: 216)
                NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil,
                                                userInfo: [UIResponder.keyboardFrameEndUserInfoKey: NSValue(cgRect: end)])
                #expect(f.notes.keyboardLabels == ["WillShow"])
                #expect(messages.count == (substitute ? 1 : 0))
                if substitute {
                    #expect(messages.first?.endFrame == end && messages.first?.screen === UIScreen.main)
                    #expect(messages.first?.beginFrame == .zero && messages.first?.animationDuration == 0, "missing keys read as zero")
                }
                NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: UIScreen.main, userInfo: nil)
                #expect(messages.count == (substitute ? 2 : 1), "with the screen as object the message is made")
                _ = token
            }
        }
    }

    @Test("uikit-behaviour-3 §B10: before iOS 26 the keyboard and text notifications reach no message observer", arguments: [
        BehaviorProfile.iOS16, .iOS10,
    ])
    func profilesWithoutMessages(profile: BehaviorProfile) {
        withFixture(profile: profile) { f in
            var received = 0
            let tokens = [
                NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in received += 1 },
                NotificationCenter.default.addObserver(of: f.a, for: .textDidBeginEditing) { _ in received += 1 },
                NotificationCenter.default.addObserver(for: UIResponder.KeyboardWillChangeFrameMessage.self) { _ in received += 1 },
            ]
            f.app.tap(f.a)
            #expect(f.notes.keyboardLabels == ["WillChangeFrame", "WillShow", "DidChangeFrame", "DidShow"])
            #expect(received == 0)
            _ = tokens
        }
        #expect(!profile.keyboardMessagesExist && !profile.textEditingMessagesExist)
        #expect(BehaviorProfile.current.keyboardMessagesExist && BehaviorProfile.current.textEditingMessagesExist)
    }
}
