import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Author-controlled text renders inert")
struct XSSTests {
    static let attack = "<script>alert(1)</script><img src=x onerror=alert(2)>\"'><svg onload=alert(3)>"

    static let lesson = """
    ---
    title: "\(attack.replacingOccurrences(of: "\"", with: "\\\""))"
    summary: "</title><script>alert('summary')</script>"
    order: 1
    ---

    Intro with [a link](javascript:alert('link')) and [data](data:text/html,<script>alert(1)</script>) and <span onclick="x()">inline</span>.

    <div onmouseover="alert('block')"><script>alert('raw')</script></div>

    ## <img src=x onerror=alert('heading')> Heading {#heading}

    ## Title with "quotes" & <b>tags</b>

    ```swift
    let s = "</code></pre><script>alert('code')</script>"
    ```

    ```output
    </samp><script>alert('output')</script>
    ```

    ```swift
    print("x")
    ```

    ```output timeline
    0.1s <script>alert('timeline')</script>
    ```

    ```html
    <script>alert('plain code')</script>
    ```
    """

    static func build(allowRawHTML: Bool = false) throws -> URL {
        let content = try TemporaryCourse([
            "evil/en.md": lesson,
            "evil/zh-Hans.md": lesson.replacingOccurrences(of: "Intro", with: "键盘"),
            "site.yml": "title: \"<script>alert('site')</script>\"\nallow-raw-html: \(allowRawHTML)\n",
        ]).path
        let (course, _) = SiteFixture.loadCourse(content)
        var results: [SnippetKey: SnippetResult] = [:]
        for document in course.documents {
            results[SnippetKey(path: document.path, index: 0)] = SnippetResult(
                status: .failed, reason: "<script>alert('reason')</script>", actualOutput: "<script>alert('actual')</script>",
                snapshots: [Snapshot(caption: "<script>alert('caption')</script>", alt: "\"><script>alert('alt')</script>",
                                     picture: Picture(width: 10, height: 10, elements: [
                                         .text(PictureText("</text><script>alert('svg')</script>", x: 1, y: 1, size: 12,
                                                           fill: PictureColor(red: 0, green: 0, blue: 0)))]))])
        }
        let report = VerificationReport(toolchain: "<script>alert('toolchain')</script>", modelHash: "\"><b>", results: results)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: report).build(outputPath: out.path, into: &bag)
        return out
    }

    /// The only `<script` elements a page may contain are the site's own.
    static func scripts(in html: String) -> [String] {
        var found: [String] = []
        var rest = Substring(html)
        while let r = rest.range(of: "<script", options: .caseInsensitive) {
            let end = rest[r.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            found.append(String(rest[r.lowerBound..<end]))
            rest = rest[end...]
        }
        return found
    }

    @Test("no injected element or handler survives in any page", arguments: ["en/evil/index.html", "zh-Hans/evil/index.html", "en/index.html", "index.html", "404.html"])
    func inert(page: String) throws {
        let site = try Self.build()
        let html = SiteFixture.read(site, page)
        #expect(!html.isEmpty)
        #expect(Self.scripts(in: html).allSatisfy { $0.contains("assets/site.js") }, "\(Self.scripts(in: html))")
        for needle in ["<img src=x", "<svg onload", "<span onclick", "<div onmouseover", "javascript:", "<b>tags</b>", "\"><b>"] {
            #expect(!html.contains(needle), "\(page) contains \(needle)")
        }
        // The text is still there, escaped, where it belongs.
        if page.contains("evil") {
            #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(html.contains("&lt;/title&gt;&lt;script&gt;alert(&#39;summary&#39;)"))
        }
    }

    @Test("snapshot SVGs are files shown through <img>, never inline markup")
    func svgIsAFile() throws {
        let site = try Self.build()
        let html = SiteFixture.read(site, "en/evil/index.html")
        #expect(!html.contains("<svg"))
        #expect(html.contains("<img src=\"snapshot-1-1.svg\" alt=\"&quot;&gt;&lt;script&gt;alert(&#39;alt&#39;)&lt;/script&gt;\""))
    }

    @Test("issue 20 #3: a snapshot's text cannot become markup in the SVG file written to the site")
    func svgFileIsEscaped() throws {
        let site = try Self.build()
        let svg = SiteFixture.read(site, "en/evil/snapshot-1-1.svg")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;/text&gt;&lt;script&gt;alert(&#39;svg&#39;)&lt;/script&gt;"))
    }

    @Test("the search index cannot close its script or inject markup")
    func searchIndex() throws {
        let site = try Self.build()
        for language in ["en", "zh-Hans"] {
            let js = SiteFixture.read(site, "search/\(language).js")
            #expect(!js.contains("<"))
            #expect(!js.contains(">"))
            #expect(js.hasPrefix("tutorbuildSearchIndex({"))
        }
    }

    @Test("with allow-raw-html the author's HTML is kept, visibly on purpose")
    func rawHTMLOptIn() throws {
        let site = try Self.build(allowRawHTML: true)
        let html = SiteFixture.read(site, "en/evil/index.html")
        #expect(html.contains("<div onmouseover=\"alert('block')\">"))
        // Author-controlled fields other than the Markdown body stay escaped even then.
        #expect(html.contains("&lt;/title&gt;&lt;script&gt;alert(&#39;summary&#39;)"))
    }
}
