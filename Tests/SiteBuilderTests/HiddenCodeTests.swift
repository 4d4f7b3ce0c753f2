import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// A lesson with hidden code and a snippet of every mode, built with every snippet passed (`ignore` not run).
private enum ModesLesson {
    static let body = """

    ```swift hidden
    let secret = "</code><b>setup</b>" // made here
    ```

    ```swift
    // snippet.hide
    let app = Simulator()
    // snippet.show
    print(secret)
    ```

    ```swift no-run
    field.becomeFirstResponder()
    ```

    ```output
    never compared
    ```

    ```swift compile-fail
    let x: Int = "a"
    ```

    ```swift should-trap
    fatalError()
    ```

    ```swift ignore
    let y = 2
    ```
    """

    static func build() throws -> URL {
        let content = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n" + body,
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: en\n---\n" + body,
            "a/zh-Hant.md": "---\ntitle: 甲\nsource: en\n---\n" + body,
        ]).path
        let (course, _) = SiteFixture.loadCourse(content)
        var results: [SnippetKey: SnippetResult] = [:]
        for document in course.documents {
            for snippet in document.snippets {
                let status: SnippetResult.Status = snippet.attributes.mode == .ignore ? .notRun : .passed
                results[SnippetKey(path: document.path, index: snippet.index)] = SnippetResult(status: status)
            }
        }
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: VerificationReport(toolchain: "t", modelHash: "m", results: results)).build(outputPath: out.path, into: &bag)
        return out
    }

    /// The HTML from `<div … id="snippet-N">` to the end of that snippet's box.
    static func box(_ html: String, snippet n: Int) -> Substring {
        guard let start = html.range(of: "id=\"snippet-\(n)\"") else { return "" }
        let end = html[start.upperBound...].range(of: "id=\"snippet-\(n + 1)\"")?.lowerBound ?? html.endIndex
        return html[start.lowerBound..<end]
    }

    /// The text of snippet `n`'s badge summary, its icon left out.
    static func badge(_ html: String, snippet n: Int) -> String {
        let box = box(html, snippet: n)
        guard let summary = box.range(of: "<summary"), let icon = box[summary.upperBound...].range(of: "</span>"),
              let end = box[icon.upperBound...].range(of: "</summary>") else { return "" }
        return String(box[icon.upperBound..<end.lowerBound])
    }
}

@Suite("Hidden code is shown on request (issue 30 #1)")
struct HiddenCodeTests {
    @Test("a hidden snippet sits, closed, in a <details> with a real <summary>, its code highlighted and escaped", arguments: [
        ("en", "Show the setup code"), ("zh-Hans", "显示准备代码"), ("zh-Hant", "顯示準備程式碼"),
    ])
    func hiddenSnippet(language: String, summary: String) throws {
        let html = SiteFixture.read(try ModesLesson.build(), "\(language)/a/index.html")
        let opening = "<details class=\"hidden-code\"><summary>\(summary)</summary>"
        let start = try #require(html.range(of: opening))
        let next = try #require(html.range(of: "id=\"snippet-2\""))
        // Up to the next snippet: the badge inside is a <details> of its own.
        let details = html[start.lowerBound..<next.lowerBound]
        #expect(details.hasSuffix("</pre>\n</div>\n</details>\n<div class=\"snippet\" "))
        #expect(details.contains("id=\"snippet-1\""))
        #expect(details.contains("<span class=\"s\">\"&lt;/code&gt;&lt;b&gt;setup&lt;/b&gt;\"</span>"))
        #expect(!html.contains("<b>setup</b>"))
        // Nothing before the details shows it.
        #expect(!html[..<start.lowerBound].contains("secret"))
    }

    @Test("a snippet's hide lines stay out of its code, and open under it with their markers", arguments: [
        ("en", "Show the hidden lines"), ("zh-Hans", "显示隐藏的代码行"), ("zh-Hant", "顯示隱藏的程式碼行"),
    ])
    func hiddenLines(language: String, summary: String) throws {
        let html = SiteFixture.read(try ModesLesson.build(), "\(language)/a/index.html")
        let box = ModesLesson.box(html, snippet: 2)
        let shown = try #require(box.range(of: "<pre class=\"code swift\""))
        let lines = try #require(box.range(of: "<details class=\"hidden-lines\"><summary>\(summary)</summary>"))
        #expect(shown.upperBound < lines.lowerBound)
        #expect(!box[shown.upperBound..<lines.lowerBound].contains("Simulator"))
        let opened = box[lines.upperBound...]
        #expect(opened.hasPrefix("<pre class=\"code swift\" tabindex=\"0\" role=\"group\" aria-label="))
        #expect(opened.contains("snippet.hide"))
        #expect(opened.contains("Simulator"))
        // The copy button copies the shown code: the first code block of the box.
        #expect(box.range(of: "<pre class=\"code swift\"")?.lowerBound == shown.lowerBound)
    }

    @Test("a snippet that hides nothing has no details of hidden code")
    func nothingHidden() throws {
        let html = SiteFixture.read(try ModesLesson.build(), "en/a/index.html")
        for n in 3...6 {
            #expect(!ModesLesson.box(html, snippet: n).contains("hidden-"))
        }
    }
}

@Suite("Badges say what was checked (issue 30 #6)")
struct BadgeWordingTests {
    @Test("'Verified' only for a snippet that ran; no-run, compile-fail and should-trap say what they passed", arguments: [
        ("en", ["Verified", "Verified", "Compiled", "Fails to compile as expected", "Trapped as expected", "Not run"]),
        ("zh-Hans", ["已验证", "已验证", "已编译", "按预期无法编译", "按预期崩溃", "未运行"]),
        ("zh-Hant", ["已驗證", "已驗證", "已編譯", "如預期無法編譯", "如預期當掉", "未執行"]),
    ])
    func labels(language: String, labels: [String]) throws {
        let html = SiteFixture.read(try ModesLesson.build(), "\(language)/a/index.html")
        #expect((1...6).map { ModesLesson.badge(html, snippet: $0) } == labels)
    }

    @Test("an output block after a snippet that does not run is labelled as not checked")
    func uncheckedOutput() throws {
        let html = SiteFixture.read(try ModesLesson.build(), "en/a/index.html")
        #expect(ModesLesson.box(html, snippet: 3).contains("<div class=\"output-label\">Output (not checked)</div><pre class=\"console\" tabindex=\"0\" role=\"group\" aria-label=\"Output (not checked)\"><samp>never compared</samp>"))
        let zh = SiteFixture.read(try ModesLesson.build(), "zh-Hans/a/index.html")
        #expect(ModesLesson.box(zh, snippet: 3).contains("输出（未比对）"))
    }
}
