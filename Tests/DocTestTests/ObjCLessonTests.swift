import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import Testing

/// Lessons written as UIKit code is really written (`@objc`, `#selector`, Interface Builder attributes), run
/// through the doc-test runner.
@Suite("Objective-C-style lessons")
struct ObjCLessonTests {
    static let selectors = TestCourse.lesson("Selectors", """
        ```swift
        import UIKit

        @objcMembers class Greeter: NSObject {
            @objc dynamic var count = 0
            @IBOutlet weak var label: UILabel!
            @IBInspectable var radius: CGFloat = 0
            @objc func greet() { count += 1; print("hello \\(count)") }
            @objc(sayTo:) func say(to name: String) { print("hi \\(name)") }
            @IBAction func tapped(_ sender: Any) { print("tapped by \\(type(of: sender))") }
            func selectors() -> [Selector] {
                [#selector(greet), #selector(say(to:)), #selector(self.tapped), #selector(Greeter.tapped(_:)),
                 #selector(getter: count), #selector(setter: Greeter.count), Selector("tapped:")]
            }
        }
        let greeter = Greeter()
        print(greeter.selectors())
        greeter.perform(#selector(Greeter.greet))
        greeter.perform(Selector("sayTo:"), with: "Ann")
        greeter.perform(Selector("tapped:"), with: UIButton())
        print(greeter.responds(to: #selector(Greeter.greet)), greeter.responds(to: #selector(UIResponder.resignFirstResponder)))
        greeter.perform(#selector(setter: Greeter.count), with: 41)
        greeter.perform(#selector(Greeter.greet))
        ```

        ```output
        [greet, sayTo:, tapped:, tapped:, count, setCount:, tapped:]
        hello 1
        hi Ann
        tapped by UIButton
        true false
        hello 42
        ```

        ```swift should-trap
        greeter.perform(#selector(UIView.layoutIfNeeded))
        ```
        """)

    @Test("selectors in every written form name and call the method, as Objective-C's do")
    func selectorsRun() throws {
        let course = try TestCourse(["selectors/en.md": Self.selectors])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("selectors/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("selectors/en.md", 1)?.status == .passed)
    }

    static let errors = TestCourse.lesson("Errors", """
        ```swift
        final class Form: NSObject {
            @objc func done() {}
            func plain() {}
        }
        let s = #selector(Form.done); let x: Int = "no"
            @objc func g() {}; let y: Int = "no"
        let t = #selector(Form.plain)
        ```
        """)

    @Test("a compile error on a line with #selector or @objc is reported at that Markdown line and column")
    func errorLocations() throws {
        let course = try TestCourse(["errors/en.md": Self.errors])
        defer { course.remove() }
        let (report, _) = try course.run()
        let errors = report.diagnostics.filter { $0.id == "doctest.compile.error" }
        let at = errors.map { [$0.location.line, $0.location.column] }
        // The errors are at the author's `"no"` on lines 10 and 11, after a `#selector` and an `@objc`.
        let lines = Self.errors.split(separator: "\n", omittingEmptySubsequences: false)
        for line in [10, 11] {
            let text = String(lines[line - 1])
            let column = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "\"no\"")).lowerBound) + 1
            #expect(at.contains([line, column]))
        }
        // A selector of a method Xcode does not expose is rejected at the `#selector`.
        #expect(at.contains([12, 9]))
    }

    static let unrecognized = TestCourse.lesson("Unrecognized", """
        ```swift
        class Target: NSObject {
            @objc func ping() { print("ping") }
        }
        let other = NSObject()
        print("before")
        other.perform(#selector(Target.ping))
        print("after")
        ```

        ```output
        before
        after
        ```
        """)

    @Test("a selector sent to an object without the method crashes as UIKit does, at the Markdown line")
    func unrecognizedSelector() throws {
        let course = try TestCourse(["unrecognized/en.md": Self.unrecognized])
        defer { course.remove() }
        let (report, _) = try course.run()
        let trap = try #require(report.diagnostics.first { $0.id == "doctest.trap" })
        #expect(trap.location.line == 11)
        #expect(trap.detail?.contains("unrecognized selector sent to instance") == true)
        #expect(trap.detail?.contains("-[Foundation.NSObject ping]") == true)
    }
}
