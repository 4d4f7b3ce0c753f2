import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The language mode lesson programs compile in, and UIKit's isolation as a program in each mode sees it.
@Suite("Language modes and UIKit's isolation (uikit-behaviour-3 §B6)")
struct LanguageModeTests {
    static let swift5MainActor = LanguageMode.xcodeAppTemplate
    static let swift6MainActor = LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor)
    static let swift5Nonisolated = LanguageMode(swiftVersion: 5, defaultIsolation: .nonisolated)
    static let swift6Nonisolated = LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated)
    static let allModes = [swift5MainActor, swift6MainActor, swift5Nonisolated, swift6Nonisolated]

    /// Runs the doc-tests of one lesson file in `mode` (the run's override, as `tutorbuild test --swift-version …`).
    static func run(_ path: String, _ lesson: String, in mode: LanguageMode) throws -> (DocTestReport, DiagnosticBag) {
        let course = try TemporaryCourse([path: lesson])
        defer { course.remove() }
        return try course.run { $0.swiftVersion = mode.swiftVersion; $0.defaultIsolation = mode.defaultIsolation }
    }

    @Test("uikit-behaviour-3 §B6.3 #168/#169: by default a lesson compiles as a new Xcode 26 app project does")
    func templateFlags() {
        let arguments = Toolchain.modeArguments(.xcodeAppTemplate)
        #expect(arguments.starts(with: ["-swift-version", "5", "-default-isolation", "MainActor"]))
        let features = Set(zip(arguments, arguments.dropFirst()).filter { $0.0 == "-enable-upcoming-feature" }.map(\.1))
        #expect(features == [
            "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
            "InferSendableFromCaptures", "NonisolatedNonsendingByDefault", "MemberImportVisibility",
        ])
        #expect(!arguments.contains { $0.hasPrefix("-strict-concurrency") }, "the template's checking is minimal, the default")
    }

    @Test("uikit-behaviour-3 §B6.3: in Swift 6 mode Approachable Concurrency adds only the features Swift 6 lacks")
    func swift6Flags() {
        let arguments = Toolchain.modeArguments(Self.swift6Nonisolated)
        let features = Set(zip(arguments, arguments.dropFirst()).filter { $0.0 == "-enable-upcoming-feature" }.map(\.1))
        #expect(features == ["InferIsolatedConformances", "NonisolatedNonsendingByDefault", "MemberImportVisibility"])
        #expect(arguments.starts(with: ["-swift-version", "6", "-default-isolation", "nonisolated"]))
    }

    @Test("a program's cache key names its language mode", arguments: [swift6MainActor, swift5Nonisolated, swift6Nonisolated])
    func cacheKeyHasMode(_ other: LanguageMode) throws {
        let toolchain = Toolchain(swiftc: "/usr/bin/swiftc", version: "Swift 6.3", buildDirectory: "/b", modelHash: "m")
        let limits = ProcessLimits(timeout: 1, outputBytes: 1, memoryBytes: 1)
        let program = LessonProgram(role: .lesson, text: "print(1)\n", mode: Self.swift5MainActor, snippets: [0], runs: [nil])
        var changed = program
        changed.mode = other
        #expect(ResultCache.key(program, toolchain: toolchain, limits: limits) != ResultCache.key(changed, toolchain: toolchain, limits: limits))
    }

    static let controller = """
        ```swift
        final class NoteViewController: UIViewController {
            let field = UITextField()
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(field)
                print("loaded", field.superview === view)
            }
        }
        let app = Simulator(device: .iPhone4)
        app.show(NoteViewController())
        ```

        ```output
        loaded true
        ```
        """

    @Test("uikit-behaviour-3 §B6.1 #165: a controller overriding viewDidLoad compiles and runs in every mode, MainActor default isolation included",
          arguments: allModes)
    func overridingController(_ mode: LanguageMode) throws {
        let (report, bag) = try Self.run("vc/en.md", TemporaryCourse.lesson("VC", Self.controller), in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
        #expect(!report.diagnostics.contains { $0.id == .doctestCompileWarning }, "\(report.diagnostics.map(\.message))")
        #expect(report.verification.results[report.entry("vc/en.md", 0)!.key]?.provenance?.defaultIsolation == mode.defaultIsolation.rawValue)
    }

    static func observer(_ attributes: String) -> String {
        """
        ```swift \(attributes)
        final class ComposeViewController: UIViewController {
            var observer: NSObjectProtocol?
            var lifts = 0
            func adjustForKeyboard(_ note: Notification) { lifts += 1 }
            override func viewDidLoad() {
                super.viewDidLoad()
                observer = NotificationCenter.default.addObserver(
                    forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
                ) { [weak self] note in
                    self?.adjustForKeyboard(note)
                }
            }
        }
        ```
        """
    }

    @Test("uikit-behaviour-3 §B6.2 #166/#170: a [weak self] block calling a controller method is a located warning in Swift 5 mode",
          arguments: [swift5MainActor, swift5Nonisolated])
    func observerWarnsInSwift5(_ mode: LanguageMode) throws {
        let (report, _) = try Self.run("obs/en.md", TemporaryCourse.lesson("Observer", Self.observer("no-run")), in: mode)
        #expect(report.failed == 0)
        let warning = try #require(report.diagnostics.first { $0.id == .doctestCompileWarning && $0.message.contains("main actor-isolated instance method 'adjustForKeyboard'") })
        #expect(warning.location.path.hasSuffix("obs/en.md"))
        #expect(warning.location.line == 15, "the call inside the block, in the Markdown file")
    }

    @Test("uikit-behaviour-3 §B6.2 #166/#171: the same block is rejected in Swift 6 mode (the non-Sendable note crosses to the main actor)",
          arguments: [swift6MainActor, swift6Nonisolated])
    func observerFailsInSwift6(_ mode: LanguageMode) throws {
        let (report, bag) = try Self.run("obs/en.md", TemporaryCourse.lesson("Observer", Self.observer("compile-fail=\"sending 'note' risks causing data races\"")), in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
    }

    @Test("uikit-behaviour-3 §B6.2 #167: MainActor.assumeIsolated around the block's body compiles in Swift 6 mode and runs inside the post",
          arguments: allModes)
    func assumeIsolatedObserver(_ mode: LanguageMode) throws {
        let lesson = TemporaryCourse.lesson("Hop", """
            ```swift
            final class ComposeViewController: UIViewController {
                var observer: NSObjectProtocol?
                var lifts = 0
                override func viewDidLoad() {
                    super.viewDidLoad()
                    observer = NotificationCenter.default.addObserver(
                        forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main
                    ) { [weak self] note in
                        let height = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect)?.height ?? 0
                        MainActor.assumeIsolated {
                            self?.lifts += 1
                            print("lifted by", height)
                        }
                    }
                }
            }
            let app = Simulator(device: .iPhone4)
            let compose = ComposeViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            app.show(compose)
            compose.view.addSubview(field)
            app.tap(field)
            print("lifts:", compose.lifts)
            ```

            ```output
            lifted by 216.0
            lifts: 1
            ```
            """)
        let (report, bag) = try Self.run("hop/en.md", lesson, in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
        #expect(!report.diagnostics.contains { $0.id == .doctestCompileWarning }, "\(report.diagnostics.map(\.message))")
    }

    @Test("uikit-behaviour-3 §B6.1 #165: the keyboard names and keys are nonisolated; a nonisolated helper reads them in Swift 6 mode")
    func nonisolatedNames() throws {
        let lesson = TemporaryCourse.lesson("Names", """
            ```swift
            nonisolated func describe(_ note: Notification) -> String {
                let end = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
                return "\\(note.name == UIResponder.keyboardWillShowNotification) \\(end?.height ?? 0)"
            }
            print(describe(Notification(name: UIResponder.keyboardWillShowNotification, object: nil,
                                        userInfo: [UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: 264, width: 320, height: 216)])))
            ```

            ```output
            true 216.0
            ```
            """)
        let (report, bag) = try Self.run("names/en.md", lesson, in: Self.swift6MainActor)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
        #expect(!report.diagnostics.contains { $0.id == .doctestCompileWarning }, "\(report.diagnostics.map(\.message))")
    }

    @Test("uikit-behaviour-3 §B6.1 #165: UIKit's views are main-actor isolated as Objective-C UIKit is: a nonisolated function touching one draws a located warning in Swift 6 mode")
    func viewsAreMainActor() throws {
        let lesson = TemporaryCourse.lesson("Isolated", """
            ```swift no-run
            nonisolated func paint(_ view: UIView) {
                view.backgroundColor = .red
            }
            ```
            """)
        let (report, _) = try Self.run("iso/en.md", lesson, in: Self.swift6MainActor)
        #expect(report.failed == 0)
        let warning = try #require(report.diagnostics.first { $0.id == .doctestCompileWarning })
        #expect(warning.message.contains("main actor-isolated property 'backgroundColor' can not be mutated from a nonisolated context"))
        #expect(warning.location.line == 7)
    }

    @Test("UIKit's value types are Sendable: Swift 6 code hands them to a task", arguments: [swift6MainActor, swift6Nonisolated])
    func sendableValues(_ mode: LanguageMode) throws {
        let lesson = TemporaryCourse.lesson("Values", """
            ```swift
            let values: [any Sendable] = [
                UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4), CGAffineTransform.identity, UIKeyboardType.numberPad,
                UIView.AnimationOptions.curveEaseOut, UILayoutPriority.defaultHigh, UITextContentType.oneTimeCode,
                UIResponder.keyboardWillShowNotification, NSDirectionalEdgeInsets.zero, UIScrollView.KeyboardDismissMode.interactive,
            ]
            let task = Task.detached { values.count }
            print(await task.value)
            ```

            ```output
            9
            ```
            """)
        let (report, bag) = try Self.run("values/en.md", lesson, in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
        #expect(!report.diagnostics.contains { $0.id == .doctestCompileWarning }, "\(report.diagnostics.map(\.message))")
    }

    @Test("a lesson's front matter names its mode, site.yml the course's, and a run's options both")
    func precedence() throws {
        let body = """
            ```swift
            print("ok")
            ```
            """
        let course = try TemporaryCourse([
            "site.yml": "swift-version: 6\n",
            "plain/en.md": TemporaryCourse.lesson("Plain", body),
            "own/en.md": "---\ntitle: Own\nswift-version: 5\ndefault-isolation: nonisolated\n---\n\n" + body,
        ])
        defer { course.remove() }
        let (loaded, bag) = course.load(checks: false)
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.message))")
        let modes = Dictionary(uniqueKeysWithValues: loaded.documents.map { ($0.path.contains("/own/") ? "own" : "plain", $0.frontMatter.languageMode) })
        #expect(modes["plain"] == Self.swift6MainActor)
        #expect(modes["own"] == Self.swift5Nonisolated)
        var overridden = loaded
        overridden.resolveLanguageModes(swiftVersion: 6, defaultIsolation: .mainActor)
        #expect(overridden.documents.allSatisfy { $0.frontMatter.languageMode == Self.swift6MainActor })
    }
}
