import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Pages of the fixture course")
struct PageStructureTests {
    let site: URL

    init() throws {
        site = try SiteFixture.buildFixtureSite().0
    }

    func page(_ path: String) -> HTMLProbe { HTMLProbe(html: SiteFixture.read(site, path)) }

    @Test("every page the issue lists exists")
    func pagesExist() {
        for path in ["index.html", "en/index.html", "zh-Hans/index.html", "en/keyboard-avoidance/index.html",
                     "zh-Hans/keyboard-avoidance/index.html", "en/input-accessory/index.html", "404.html", "sitemap.xml",
                     "assets/site.css", "assets/site.js", "search/en.js", "search/zh-Hans.js"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "missing \(path)")
        }
    }

    @Test("an untranslated lesson gets no duplicate page")
    func noDuplicatePage() {
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("zh-Hans/input-accessory").path))
    }

    @Test("html lang, hreflang alternates with x-default, canonical")
    func headLinks() {
        let zh = page("zh-Hans/keyboard-avoidance/index.html")
        #expect(zh.htmlLang == "zh-Hans")
        #expect(zh.alternates == [
            "en": "../../en/keyboard-avoidance/", "zh-Hans": "../../zh-Hans/keyboard-avoidance/",
            "x-default": "../../en/keyboard-avoidance/",
        ])
        #expect(zh.canonical == "../../zh-Hans/keyboard-avoidance/")
        let en = page("en/input-accessory/index.html")
        #expect(en.htmlLang == "en")
        #expect(en.alternates == ["en": "../../en/input-accessory/", "x-default": "../../en/input-accessory/"])
    }

    @Test("title and description come from the front matter")
    func titleAndDescription() {
        let html = SiteFixture.read(site, "zh-Hans/keyboard-avoidance/index.html")
        #expect(html.contains("<title>让文本框留在键盘上方 · iOS 文本编辑与键盘</title>"))
        #expect(page("zh-Hans/keyboard-avoidance/index.html").first("meta") { $0["name"] == "description" }?["content"]
            == "键盘出现时把正在编辑的文本框滚动到可见区域，键盘收起时再恢复。")
    }

    @Test("the switcher leads to the same lesson in the other language, and aligned anchors exist on both pages")
    func switcher() {
        let en = page("en/keyboard-avoidance/index.html")
        let link = en.first("a") { $0["data-switch-lang"] == "zh-Hans" && $0["hreflang"] == "zh-Hans" }
        #expect(link?["href"] == "../../zh-Hans/keyboard-avoidance/index.html")
        let enIDs = Set(en.tags("h2").compactMap { $0["id"] })
        let zhIDs = Set(page("zh-Hans/keyboard-avoidance/index.html").tags("h2").compactMap { $0["id"] })
        #expect(enIDs == ["observing-the-keyboard", "scrolling", "restoring-the-insets"])
        #expect(enIDs == zhIDs)
    }

    @Test("the course page lists lessons in order, with a note for the untranslated one linking to the existing version")
    func coursePage() {
        let html = SiteFixture.read(site, "zh-Hans/index.html")
        let first = html.range(of: "第一响应者")!.lowerBound
        let second = html.range(of: "让文本框留在键盘上方")!.lowerBound
        #expect(first < second)
        #expect(html.contains("尚未翻译"))
        let link = HTMLProbe(html: html).first("a") { $0["href"] == "../en/input-accessory/index.html" }
        #expect(link?["lang"] == "en")
    }

    @Test("cross-lesson links name index.html, and fall back to the existing language")
    func lessonLinks() {
        let html = SiteFixture.read(site, "zh-Hans/keyboard-avoidance/index.html")
        #expect(html.contains("href=\"../first-responder/index.html#resigning\""))
    }

    @Test("no page asks for anything outside the site")
    func noExternalRequests() throws {
        let enumerator = FileManager.default.enumerator(atPath: site.path)!
        for case let file as String in enumerator where file.hasSuffix(".html") {
            let probe = page(file)
            for (tag, attribute) in [("script", "src"), ("link", "href"), ("img", "src")] {
                for element in probe.tags(tag) {
                    guard let value = element[attribute] else { continue }
                    if tag == "link", element["rel"] != "stylesheet" { continue }
                    #expect(!value.contains("//"), "\(file): <\(tag) \(attribute)=\(value)>")
                }
            }
        }
    }

    @Test("snippets: hidden lines left out, highlighted, badge, output, timeline, picture as an <img> file")
    func snippets() throws {
        let html = SiteFixture.read(site, "en/keyboard-avoidance/index.html")
        // Hidden lines stay out of the code shown; they open on request under it (issue 30 #1).
        // A code block scrolls sideways: it is in the tab order, with a name (issue 31).
        let codeStart = try #require(html.range(of: "<pre class=\"code swift\" tabindex=\"0\" role=\"group\" aria-label=\"Swift code\"><code>"))
        let codeEnd = try #require(html[codeStart.upperBound...].range(of: "</code>"))
        let firstCode = html[codeStart.upperBound..<codeEnd.lowerBound]
        #expect(firstCode.contains("center") && !firstCode.contains("Simulator()") && !firstCode.contains("snippet.hide"))
        #expect(html.contains("<details class=\"hidden-lines\"><summary>Show the hidden lines</summary>"))
        #expect(html.contains("<span class=\"k\">let</span> center"))
        #expect(html.contains("badge badge-passed"))
        #expect(html.contains("badge badge-not-run"))
        #expect(html.contains("Swift version 6.3.1"))
        #expect(html.contains("<samp>offset: 212.0</samp>"))
        #expect(html.contains("<span class=\"time\">0.250s</span><code class=\"event\">keyboardDidShow</code>"))
        let img = HTMLProbe(html: html).first("img") { $0["src"] == "snapshot-3-1.svg" }
        #expect(img?["alt"] == "The email field scrolled above the keyboard")
        #expect(html.contains("<dt>Language mode</dt><dd><code>Swift 5 · MainActor</code></dd><dt>Verified on</dt><dd><code>2026-11-18</code></dd>"))
        // The badge of a passed snippet names the language mode it was checked in (uikit-behaviour-3 §B6.3).
        #expect(html.contains("Verified<span class=\"badge-mode\">Swift 5 · MainActor</span></summary>"))
        let zh = SiteFixture.read(site, "zh-Hans/keyboard-avoidance/index.html")
        #expect(zh.contains("<figcaption>邮箱文本框滚动到了键盘上方</figcaption>"))
        #expect(zh.contains("<span class=\"badge-mode\">Swift 5 · 默认 MainActor 隔离</span>"))
        // The runner defaults the alt text to the English caption; Chinese pages use the Chinese one then.
        #expect(zh.contains("alt=\"邮箱文本框滚动到了键盘上方\""))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("en/keyboard-avoidance/snapshot-3-1.svg").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("zh-Hans/keyboard-avoidance/keyboard.svg").path))
    }

    @Test("without a report every badge says not verified")
    func notVerified() throws {
        let (unverified, _) = try SiteFixture.buildFixtureSite(report: false)
        let html = SiteFixture.read(unverified, "en/first-responder/index.html")
        #expect(html.contains("badge-not-verified"))
        #expect(!html.contains("badge-passed"))
    }

    @Test("sitemap has xhtml:link alternates for translated pages")
    func sitemap() {
        let xml = SiteFixture.read(site, "sitemap.xml")
        #expect(xml.contains("xmlns:xhtml=\"http://www.w3.org/1999/xhtml\""))
        #expect(xml.contains("<loc>zh-Hans/keyboard-avoidance/</loc>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"en/keyboard-avoidance/\"/>"))
        #expect(xml.contains("<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"en/keyboard-avoidance/\"/>"))
    }

    @Test("with a base URL, canonical and alternates are absolute")
    func baseURL() throws {
        var (course, _) = SiteFixture.loadCourse()
        course.config.baseURL = "https://example.com/tutorials/"
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: nil).build(outputPath: out.path, into: &bag)
        let probe = HTMLProbe(html: SiteFixture.read(out, "en/keyboard-avoidance/index.html"))
        #expect(probe.canonical == "https://example.com/tutorials/en/keyboard-avoidance/")
        #expect(probe.alternates["zh-Hans"] == "https://example.com/tutorials/zh-Hans/keyboard-avoidance/")
        #expect(SiteFixture.read(out, "sitemap.xml").contains("<loc>https://example.com/tutorials/en/</loc>"))
        #expect(SiteFixture.read(out, "404.html").contains("<base href=\"https://example.com/tutorials/\">"))
    }
}

@Suite("Doc-test results on the page")
struct ResultRenderingTests {
    @Test("a failed snippet shows its failure inside the page, with the reason and the actual output")
    func failure() throws {
        let content = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n",
            "a/zh-Hant.md": "---\ntitle: 甲\n---\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n",
        ]).path
        let (course, _) = SiteFixture.loadCourse(content)
        var results: [SnippetKey: SnippetResult] = [:]
        for document in course.documents {
            results[SnippetKey(path: document.path, index: 0)] = SnippetResult(status: .failed, reason: "output differs", actualOutput: "1\n")
        }
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: VerificationReport(toolchain: "t", modelHash: "m", results: results), options: SiteOptions(mode: .serve))
            .build(outputPath: out.path, into: &bag)
        let html = SiteFixture.read(out, "en/a/index.html")
        #expect(html.contains("badge badge-failed"))
        #expect(html.contains("<div class=\"failure\" role=\"note\"><p><strong>This snippet failed its doc-test.</strong> output differs</p>"))
        #expect(html.contains("<samp>1</samp>"))
        #expect(html.contains("<div class=\"failure-summary\" role=\"alert\">"))
        #expect(HTMLProbe(html: html).first("a") { $0["href"] == "#snippet-1" } != nil)
        let hant = HTMLProbe(html: SiteFixture.read(out, "zh-Hant/a/index.html"))
        #expect(hant.htmlLang == "zh-Hant")
        #expect(SiteFixture.read(out, "zh-Hant/a/index.html").contains("失敗"))
    }
}
