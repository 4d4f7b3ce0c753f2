import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// CommonMark's cases the page renders as cmark does (issue 31), beside what it changes on purpose.
@Suite("Markdown on the page")
struct MarkdownPageTests {
    static func page(_ body: String) throws -> String {
        let course = try TemporaryCourse(["demo/en.md": "---\ntitle: Demo\nsource: en\n---\n\n" + body])
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil).build(outputPath: out.path, into: &bag)
        return SiteFixture.read(out, "en/demo/index.html")
    }

    @Test("headings in quotes and lists keep their level; h1 is shown as h2", arguments: [
        ("> ##### five", "<h5>five</h5>"), ("> ###### six", "<h6>six</h6>"), ("- #### four", "<h4>four</h4>"),
        ("> # one", "<h2>one</h2>"),
    ])
    func nestedHeadings(markdown: String, expected: String) throws {
        #expect(try Self.page(markdown + "\n").contains(expected))
    }

    @Test("a code block's language is its info string's first word, up to a tab as well as a space")
    func infoWithTab() throws {
        let html = try Self.page("```ruby\tstartline=3\nputs 1\n```\n")
        #expect(html.contains("<code class=\"language-ruby\">"))
    }

    @Test("an indented code block that shows a fence is code, and the build goes on")
    func indentedFence() throws {
        let html = try Self.page("Text.\n\n    ```\n    not a fence\n")
        #expect(html.contains("<code>```\nnot a fence\n</code>"))
    }
}
