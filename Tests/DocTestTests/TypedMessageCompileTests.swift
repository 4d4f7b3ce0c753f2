import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// iOS 26's typed messages as a lesson program compiles them (uikit-behaviour-3 §B2.1, §B2.3, §B2.4).
@Suite("Typed messages at compile time (uikit-behaviour-3 §B2)")
struct TypedMessageCompileTests {
    static let swift6MainActor = LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor)
    static let swift6Nonisolated = LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated)

    /// A controller whose message observer calls its own method and mutates its own property: no hop, no warning.
    static let isolatedObserver = """
        ```swift
        final class ComposeViewController: UIViewController {
            var keyboardToken: NotificationCenter.ObservationToken?
            var lifts: [CGFloat] = []
            func lift(by height: CGFloat) { lifts.append(height) }
            override func viewDidLoad() {
                super.viewDidLoad()
                keyboardToken = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { [weak self] message in
                    self?.lift(by: message.endFrame.height)
                    self?.view.setNeedsLayout()
                }
            }
        }
        let app = Simulator(device: .iPhone4)
        let compose = ComposeViewController()
        let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
        app.show(compose)
        compose.view.addSubview(field)
        app.tap(field)
        print(compose.lifts)
        ```

        ```output
        [216.0]
        ```

        ```swift compile-fail="requires that 'UIResponder.KeyboardWillShowMessage' conform to 'NotificationCenter.AsyncMessage'"
        final class OptionalScreenViewController: UIViewController {
            var token: NotificationCenter.ObservationToken?
            override func viewDidLoad() {
                super.viewDidLoad()
                token = NotificationCenter.default.addObserver(of: view.window?.windowScene?.screen, for: .keyboardWillShow) { _ in }
            }
        }
        ```

        ```swift
        final class MessageTypeViewController: UIViewController {
            var token: NotificationCenter.ObservationToken?
            override func viewDidLoad() {
                super.viewDidLoad()
                token = NotificationCenter.default.addObserver(of: view.window?.windowScene?.screen, for: UIResponder.KeyboardWillShowMessage.self) { _ in }
            }
        }
        print("the message-type form takes an optional screen")
        ```

        ```output
        the message-type form takes an optional screen
        ```

        ```swift compile-fail="cannot infer type of closure parameter 'keyboardState'"
        final class ListingViewController: UIViewController {
            var token: NotificationCenter.ObservationToken?
            override func viewDidLoad() {
                super.viewDidLoad()
                token = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { keyboardState in
                    print(keyboardState.startFrame)
                }
            }
        }
        ```

        ```swift compile-fail="no exact matches in call to instance method 'messages'"
        func watchKeyboard() async {
            for await message in NotificationCenter.default.messages(of: UIScreen.self, for: .keyboardWillShow) {
                print(message.endFrame)
            }
        }
        ```
        """

    @Test("uikit-behaviour-3 #142 / #137 / #143 / #144: the observer is main-actor isolated in Swift 6; an optional screen with an identifier, startFrame and messages(of:for:) do not compile",
          arguments: [swift6MainActor, swift6Nonisolated])
    func swift6Observers(_ mode: LanguageMode) throws {
        let (report, bag) = try LanguageModeTests.run("messages/en.md", TemporaryCourse.lesson("Messages", Self.isolatedObserver), in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 5)
        #expect(!report.diagnostics.contains { $0.id == .doctestCompileWarning }, "\(report.diagnostics.map(\.message))")
    }

    @Test("uikit-behaviour-3 #136 / #138: addObserver(of:for:using:) is not @discardableResult: a statement call draws the unused-result warning")
    func unusedToken() throws {
        let lesson = TemporaryCourse.lesson("Unused", """
            ```swift no-run
            final class ForgetfulViewController: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { message in
                        print(message.endFrame)
                    }
                }
            }
            ```
            """)
        let (report, _) = try LanguageModeTests.run("unused/en.md", lesson, in: .xcodeAppTemplate)
        #expect(report.failed == 0)
        let warning = try #require(report.diagnostics.first { $0.id == .doctestCompileWarning })
        #expect(warning.message.contains("result of call to 'addObserver(of:for:using:)' is unused"), "\(warning.message)")
        #expect(warning.location.line == 9)
    }

    @Test("uikit-behaviour-3 §B1.3: a keyboard notification posted from another queue traps in the message observer, as MainActor.assumeIsolated does on iOS")
    func offMainPostTraps() throws {
        let lesson = TemporaryCourse.lesson("OffMain", """
            ```swift should-trap
            let app = Simulator(device: .iPhone4)
            let token = NotificationCenter.default.addObserver(of: UIScreen.self, for: .keyboardWillShow) { _ in print("delivered") }
            let screen = UIScreen.main
            print("posting")
            DispatchQueue.global().async {
                NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: screen)
            }
            app.runUntilIdle()
            print("never", token.hashValue)
            ```

            ```output
            posting
            ```
            """)
        let (report, bag) = try LanguageModeTests.run("offmain/en.md", lesson, in: Self.swift6MainActor)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
    }
}
