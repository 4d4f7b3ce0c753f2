import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// What a Chinese author writes renders as written: emphasis by the CJK-friendly amendments, and lines wrapped
/// between Chinese characters without a stray space (issue 31).
@Suite("Chinese prose on the page")
struct ChineseProseTests {
    static let lesson = """
    ---
    title: 例子
    source: zh-Hans
    ---

    我们需要
    **注意**这里，以及
    [链接](https://example.com/)后面。

    **注意：**不要在**主线程**之外更新界面。

    第一行
    第二行
    ======

    """

    static func page() throws -> String {
        let course = try TemporaryCourse(["demo/zh-Hans.md": lesson])
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil).build(outputPath: out.path, into: &bag)
        return SiteFixture.read(out, "zh-Hans/demo/index.html")
    }

    @Test("a line wrapped next to bold or a link, and a two-line setext heading, have no space between the lines")
    func joined() throws {
        let html = try Self.page()
        #expect(html.contains("<p>我们需要<strong>注意</strong>这里，以及<a href=\"https://example.com/\">链接</a>后面。</p>"))
        #expect(html.contains("<strong>注意：</strong>不要在<strong>主线程</strong>之外更新界面。"))
        let heading = try #require(HTMLProbe(html: html).tags("h2").first { $0["id"] != nil })
        #expect(heading["id"] == "第一行第二行")
        #expect(html.contains(">第一行第二行<a class=\"anchor\""))
        #expect(html.contains("aria-label=\"第一行第二行\""))
    }
}
