import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// `#Preview` in lesson code: type-checked as Xcode checks the macro's arguments, and never run (docs/doctest.md,
/// "Previews").
@Suite("#Preview in snippets")
struct PreviewMacroTests {
    @Test("the rewrite keeps every line and turns a file-scope #Preview into a function nothing calls", arguments: [
        ("#Preview {\n    Text(\"a\")\n}", "@MainActor func _tutorbuildPreview_0_1() { _tutorbuildPreview {\n    Text(\"a\")\n} }"),
        ("#Preview(\"Dark\") { Text(\"a\") }", "@MainActor func _tutorbuildPreview_0_1() { _tutorbuildPreview(\"Dark\") { Text(\"a\") } }"),
        ("#Preview(traits: .sizeThatFitsLayout) {\n    @Previewable @State var on = true\n    Toggle(\"On\", isOn: $on)\n}",
         "@MainActor func _tutorbuildPreview_0_1() { _tutorbuildPreview(traits: .sizeThatFitsLayout) {\n                 @State var on = true\n    Toggle(\"On\", isOn: $on)\n} }"),
    ])
    func rewrite(written: String, compiled: String) {
        #expect(ObjCSourceRewriterTests.rewrite([written]).code[0] == compiled)
    }

    @Test("forms the rewrite does not know are left to the compiler, which knows no #Preview macro", arguments: [
        "#Preview {\n    Text(\"unclosed\")\n",
        "struct S {\n    #Preview { Text(\"in a type\") }\n}",
        "#Preview",
        "let s = \"#Preview { }\"",
    ])
    func leftAlone(code: String) {
        #expect(ObjCSourceRewriterTests.rewrite([code]).code[0] == code)
    }

    static let valid = TemporaryCourse.lesson("Previews", """
        ```swift
        import SwiftUI

        struct Greeting: View {
            var name: String
            var body: some View { Text("Hello, \\(name)") }
        }

        #Preview {
            Greeting(name: "Ada")
        }

        #Preview("Padded", traits: .sizeThatFitsLayout, .landscapeLeft) {
            @Previewable @State var name = "Grace"
            VStack {
                TextField("Name", text: $name)
                Greeting(name: name)
            }
            .padding()
        }

        #Preview("Controller") {
            let controller = UIViewController()
            controller.title = "Settings"
            return controller
        }

        #Preview(traits: .fixedLayout(width: 200, height: 44)) {
            UILabel()
        }
        print("built")
        ```

        ```output
        built
        ```
        """)

    @Test("SwiftUI and UIKit previews with names, traits and @Previewable state compile, and none of them runs")
    func validPreviews() throws {
        let course = try TemporaryCourse(["previews/en.md": Self.valid])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("previews/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
    }

    static let parameterized = TemporaryCourse.lesson("Parameterized", """
        ```swift
        import SwiftUI

        struct Badge: View {
            var count: Int
            var body: some View { Text("\\(count) new") }
        }

        #Preview("Counts", arguments: [0, 1, 99]) { count in
            Badge(count: count)
        }

        #Preview(arguments: ["Inbox", "Sent"]) { title in
            let controller = UIViewController()
            controller.title = title
            return controller
        }
        print("built")
        ```

        ```output
        built
        ```
        """)

    static let wrongArgument = TemporaryCourse.lesson("Wrong argument", """
        ```swift
        import SwiftUI

        #Preview(arguments: [1, 2]) { count in
            TextField("Name", text: count)
        }
        ```
        """)

    // Apple's #Preview(_:traits:arguments:body:) (SwiftUI and UIKit, iOS 26): the body takes each argument.
    @Test("iOS 26's #Preview(_:traits:arguments:body:) compiles with the body taking an argument, and a misused argument does not")
    func parameterizedPreviews() throws {
        let course = try TemporaryCourse(["parameterized/en.md": Self.parameterized, "wrong-argument/en.md": Self.wrongArgument])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("parameterized/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("wrong-argument/en.md", 0)?.status == .failed)
    }

    static let wrongType = TemporaryCourse.lesson("Wrong type", """
        ```swift
        import SwiftUI

        #Preview("Broken") {
            VStack {
                let count: Int = "three"
                Text("\\(count)")
            }
        }
        ```
        """)

    @Test("a type error inside a preview's body is reported at its Markdown line and column")
    func errorInBody() throws {
        let course = try TemporaryCourse(["wrong/en.md": Self.wrongType])
        defer { course.remove() }
        let (report, _) = try course.run()
        let errors = report.diagnostics.filter { $0.id == .doctestCompileError }
        let lines = Self.wrongType.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\"three\"") }) + 1
        let text = String(lines[line - 1])
        let column = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "\"three\"")).lowerBound) + 1
        #expect(errors.map { [$0.location.line, $0.location.column] }.contains([line, column]), "\(errors.map { ($0.location, $0.message) })")
    }

    static let misuse = TemporaryCourse.lesson("Misuse", """
        ```swift
        import SwiftUI

        #Preview {
            Text(verbatim: 42)
        }
        ```

        ```swift
        import SwiftUI

        struct Row: View {
            @Previewable @State var on = false
            var body: some View { Text("row") }
        }
        ```
        """)

    @Test("a body that is not a view, and @Previewable outside a preview, do not compile, as in Xcode")
    func misuse() throws {
        let course = try TemporaryCourse(["misuse/en.md": Self.misuse])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("misuse/en.md", 0)?.status == .failed)
        #expect(report.entry("misuse/en.md", 1)?.status == .failed)
    }

    static let smuggled = TemporaryCourse.lesson("Smuggled", """
        ```swift
        import SwiftUI
        #Preview {
            let _ = print("preview ran")
            let _ = exit(0)
            Text("never")
        }
        print("after")
        ```

        ```output
        after
        ```

        ```swift no-run
        import SwiftUI
        #Preview { Text("no-run") } ; print("escaped the no-run block")
        ```

        ```swift
        fatalError("never verified")
        ```
        """)

    @Test("a preview's body never runs: it cannot print, end the program early or make a later snippet pass")
    func neverRuns() throws {
        let report = try ForgeryTests.run(["smuggled/en.md": Self.smuggled])
        #expect(report.entry("smuggled/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("smuggled/en.md", 2)?.status == .failed)
        #expect(!report.succeeded)
    }
}

extension PreviewMacroTests {
    static let olderTarget = """
        ```swift
        import SwiftUI

        #Preview("Plain") {
            Text("iOS 13")
        }
        ```

        ```swift
        import SwiftUI

        #Preview(traits: .sizeThatFitsLayout) {
            Text("iOS 17")
        }
        ```
        """

    @Test("below iOS 17 the plain SwiftUI #Preview compiles and one with traits is an availability error, as in Xcode")
    func availability() throws {
        let course = try TemporaryCourse(["old/en.md": "---\ntitle: Old\ndeployment-target: 15\n---\n\n" + Self.olderTarget])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("old/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("old/en.md", 1)?.status == .failed)
        let messages = report.diagnostics.filter { $0.id == .doctestCompileError }.map(\.message)
        // The first iOS 17 name on the line is reported (here the trait; alone, `'Preview(_:traits:_:body:)'`).
        #expect(messages.contains { $0.hasSuffix("is only available in iOS 17.0 or newer") }, "\(messages)")
        #expect(!messages.contains { $0.contains("_tutorbuild") })
    }
}
