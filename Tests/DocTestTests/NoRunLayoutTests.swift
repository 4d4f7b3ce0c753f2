import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// Issue 26 #8: a `no-run` snippet compiles as it would in a file; its file-scope declarations stay at file scope.
@Suite("no-run snippets keep file scope")
struct NoRunLayoutTests {
    @Test("top-level let and var declarations are found whole, with their attributes and continued lines", arguments: [
        ("let maxLength = 10\nprint(maxLength)", [0...0]),
        ("nonisolated(unsafe) var cache: [String: Int] = [:]\ncache[\"a\"] = 1", [0...0]),
        ("let formatter: DateFormatter = {\n    let f = DateFormatter()\n    return f\n}()\nprint(1)", [0...3]),
        ("let total = 1 +\n    2\nlet next = total\n    .advanced(by: 1)", [0...1, 2...3]),
        ("var activeField: UITextField?\nfunc f() {}", [0...0]),
        ("for x in [1] { let y = x }", []),
        ("let a = 1; print(a)", []),
    ])
    func variables(_ code: String, _ expected: [ClosedRange<Int>]) {
        #expect(SnippetLayout(code: code).variables == expected)
    }

    @Test("an #if group that holds only declarations is one declaration; one that holds a statement is not")
    func conditionalGroups() {
        let declarations = SnippetLayout(code: "#if canImport(UIKit)\nextension UIView {\n    func x() {}\n}\n#endif\nprint(1)")
        #expect(declarations.declarations == [0...4])
        let mixed = SnippetLayout(code: "#if DEBUG\nstruct A {}\nprint(1)\n#endif")
        #expect(mixed.declarations == [1...1])
    }

    static let lesson = TemporaryCourse.lesson("Limits", """
        ```swift no-run
        let maxLength = 10
        func limited(_ text: String) -> String { String(text.prefix(maxLength)) }
        #if canImport(UIKit)
        extension UITextField {
            var isFull: Bool { (text ?? "").count >= maxLength }
        }
        #endif
        print("never printed", limited("x"))
        ```

        ```swift
        print(limited("abcdefghijklmnop"))
        let field = UITextField()
        field.text = "0123456789"
        print(field.isFull, maxLength)
        ```

        ```output
        abcdefghij
        true 10
        ```
        """)

    @Test("issue 26 #8: a no-run snippet's constant, function and #if extension are file-scope: its function sees its constant, later snippets see all three, its statements never run",
          arguments: [LanguageMode.xcodeAppTemplate, LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated)])
    func fileScope(_ mode: LanguageMode) throws {
        let course = try TemporaryCourse(["limits/en.md": Self.lesson])
        defer { course.remove() }
        let (report, bag) = try course.run { $0.swiftVersion = mode.swiftVersion; $0.defaultIsolation = mode.defaultIsolation }
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map { "\($0.location): \($0.message)" })")
        #expect(report.passed == 2)
    }
}
