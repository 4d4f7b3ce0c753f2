import Foundation
import Diagnostics
@testable import DocTest
import LessonModel
import TestSupport
import Testing

/// The deployment target selects which of Apple's deprecations warn, as Xcode's does (docs/model.md "Deployment
/// target", uikit-behaviour-3 §B5).
@Suite("Deployment target and deprecations (uikit-behaviour-3 §B5)")
struct DeploymentTargetTests {
    static func run(_ lesson: String, deploymentTarget: Int? = nil) throws -> (DocTestReport, DiagnosticBag) {
        let course = try TemporaryCourse(["dep/en.md": TemporaryCourse.lesson("Deprecations", lesson)])
        defer { course.remove() }
        return try course.run { $0.deploymentTarget = deploymentTarget }
    }

    static func warnings(_ report: DocTestReport) -> [String] {
        report.diagnostics.filter { $0.id == .doctestCompileWarning }.map {
            $0.message.replacingOccurrences(of: " [#DeprecatedDeclaration]", with: "")
        }
    }

    static let screenLesson = """
        ```swift
        let app = Simulator(device: .iPhone16)
        let width = UIScreen.main.bounds.width
        print(width)
        ```

        ```output
        393.0
        ```
        """

    @Test("uikit-behaviour-3 #160 / #161: UIScreen.main warns with Apple's message at deployment target 26 and later, and not below", arguments: [
        (18, false), (25, false), (26, true), (27, true),
    ])
    func screenMain(target: Int, warns: Bool) throws {
        let (report, bag) = try Self.run(Self.screenLesson, deploymentTarget: target)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        let expected = "'main' was deprecated in iOS 26.0: Use a UIScreen instance found through context instead (i.e, view.window.windowScene.screen), or for properties like UIScreen.scale with trait equivalents, use a traitCollection found through context."
        let found = Self.warnings(report).filter { $0.hasPrefix("'main' was deprecated") }
        #expect(found == (warns ? [expected] : []), "\(Self.warnings(report))")
        if warns {
            let warning = try #require(report.diagnostics.first { $0.id == .doctestCompileWarning })
            #expect(warning.location.line == 7, "the warning points at the snippet's UIScreen.main line")
        }
    }

    @Test("uikit-behaviour-3 #162 / #153: keyWindow (13), windows (15) and UITextView.selectedRange (27) warn from their versions on", arguments: [
        (13, ["'keyWindow' was deprecated in iOS 13.0: Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes"]),
        (15, ["'keyWindow' was deprecated in iOS 13.0: Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes",
              "'windows' was deprecated in iOS 15.0: Use UIWindowScene.windows on a relevant window scene instead"]),
        (27, ["'keyWindow' was deprecated in iOS 13.0: Should not be used for applications that support multiple scenes as it returns a key window across all connected scenes",
              "'windows' was deprecated in iOS 15.0: Use UIWindowScene.windows on a relevant window scene instead",
              "'selectedRange' was deprecated in iOS 27.0"]),
    ])
    func olderDeprecations(target: Int, expected: [String]) throws {
        let lesson = """
            ```swift
            let app = Simulator(device: .iPhone4)
            app.show(UIViewController())
            let window = UIApplication.shared.keyWindow
            let count = UIApplication.shared.windows.count
            let textView = UITextView()
            textView.text = "abc"
            print(window != nil, count, textView.selectedRange.location)
            ```

            ```output
            true 1 3
            ```
            """
        let (report, bag) = try Self.run(lesson, deploymentTarget: target)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(Self.warnings(report) == expected)
    }

    @Test("uikit-behaviour-3 #164 / #161: UIWindow(frame:) and UIWindow() warn from deployment target 26 on, init(windowScene:) never", arguments: [
        (18, false), (25, false), (26, true), (27, true),
    ])
    func windowInitializers(target: Int, warns: Bool) throws {
        let lesson = """
            ```swift
            let app = Simulator(device: .iPhone16)
            let scene = UIApplication.shared.connectedScenes.first as! UIWindowScene
            let a = UIWindow(windowScene: scene)
            let b = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let c = UIWindow()
            print(a.frame.width, b.frame.width, c.frame.width)
            ```

            ```output
            393.0 10.0 0.0
            ```
            """
        let (report, bag) = try Self.run(lesson, deploymentTarget: target)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        let found = Self.warnings(report).filter { $0.contains("was deprecated in iOS 26.0") }
        #expect(found == (warns ? ["'init(frame:)' was deprecated in iOS 26.0", "'init()' was deprecated in iOS 26.0"] : []),
                "\(Self.warnings(report))")
        if warns {
            let lines = report.diagnostics.filter { $0.id == .doctestCompileWarning }.map(\.location.line)
            #expect(lines == [9, 10], "the warnings point at the two deprecated calls")
        }
    }

    @Test("SwiftUI's foregroundColor(_:) warns from deployment target 27 on (Apple's availability: iOS 13.0–27.0), renamed to foregroundStyle(_:)", arguments: [
        (26, false), (27, true),
    ])
    func foregroundColor(target: Int, warns: Bool) throws {
        let lesson = """
            ```swift
            import SwiftUI

            struct Warning: View {
                var body: some View {
                    Text("Too short").foregroundColor(.red)
                }
            }
            ```

            ```swift
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: Warning()))
            print("shown")
            ```

            ```output
            shown
            ```
            """
        let (report, bag) = try Self.run(lesson, deploymentTarget: target)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        let found = Self.warnings(report).filter { $0.hasPrefix("'foregroundColor'") }
        #expect(found == (warns ? ["'foregroundColor' was deprecated in iOS 27.0: renamed to 'foregroundStyle(_:)'"] : []),
                "\(Self.warnings(report))")
    }

    @Test("the course default is Xcode 26's template, iOS 26: UIScreen.main warns as in a new project (#161)")
    func defaultTarget() throws {
        #expect(LanguageMode.xcodeAppTemplate.deploymentTarget == 26)
        #expect(LanguageMode.xcodeAppTemplate.uikitModule == "UIKitDeployment26")
        let (report, _) = try Self.run(Self.screenLesson)
        #expect(Self.warnings(report).contains { $0.hasPrefix("'main' was deprecated in iOS 26.0") })
    }

    @Test("deployment-target values: 26, 26.0 and 26.0.1 read as 26; below 13, above 27 or not a version are refused", arguments: [
        ("26", 26), ("26.0", 26), ("26.0.1", 26), ("13", 13), ("12", nil), ("28", nil), ("iOS 26", nil), ("26.", nil), ("", nil),
    ] as [(String, Int?)])
    func parsing(text: String, expected: Int?) {
        #expect(LanguageMode.deploymentTarget(parsing: text) == expected)
    }

    @Test("the deployment target is part of the mode's flags (and so of every cache key), as a module alias for UIKit")
    func flags() {
        #expect(Toolchain.modeArguments(LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor, deploymentTarget: 26)).suffix(2)
            == ["-module-alias", "UIKit=UIKitDeployment26"])
        #expect(!Toolchain.modeArguments(LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor, deploymentTarget: 12)).contains("-module-alias"))
        #expect(LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor, deploymentTarget: 18).description == "Swift 5 · MainActor · iOS 18")
        #expect(LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor, deploymentTarget: 26).description == "Swift 5 · MainActor", "the default is not named")
        #expect(LanguageMode.xcodeAppTemplate.description == "Swift 5 · MainActor")
    }

    @Test("compiler deprecation messages read as Xcode's: 'x' was deprecated in iOS N", arguments: [
        ("'main' is deprecated: iOS 26.0: Use it", "'main' was deprecated in iOS 26.0: Use it"),
        ("'selectedRange' is deprecated: iOS 27.0", "'selectedRange' was deprecated in iOS 27.0"),
        ("'run()' is deprecated: the simulated run loop never runs forever", "'run()' is deprecated: the simulated run loop never runs forever"),
        ("'f' is deprecated: iOS version unknown", "'f' is deprecated: iOS version unknown"),
    ])
    func xcodeWording(compiler: String, xcode: String) {
        #expect(ProgramOutcome.xcodeDeprecation(compiler) == xcode)
    }

    @Test("front matter and site.yml set the deployment target; the front matter wins")
    func settings() throws {
        let course = try TemporaryCourse([
            "site.yml": "title: T\ndeployment-target: 26.0\n",
            "a/en.md": "---\ntitle: A\n---\n\nText.\n",
            "b/en.md": "---\ntitle: B\ndeployment-target: 27\n---\n\nText.\n",
        ])
        defer { course.remove() }
        let (loaded, bag) = course.load(checks: false)
        #expect(!bag.hasErrors, "\(bag.diagnostics.map(\.message))")
        #expect(loaded.config.languageMode.deploymentTarget == 26)
        let modes = loaded.documents.map(\.frontMatter.languageMode.deploymentTarget).sorted()
        #expect(modes == [26, 27])
    }
}
