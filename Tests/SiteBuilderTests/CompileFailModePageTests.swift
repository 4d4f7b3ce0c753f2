import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// A `compile-fail=swift6` snippet's page, with results made in Swift 5 or Swift 6 mode.
@Suite("compile-fail in one language mode on the page")
struct CompileFailModePageTests {
    static let body = """

    ```swift compile-fail=swift6 compile-fail="risks causing data races"
    let x = 1
    ```

    ```swift compile-fail
    let y: Int = "a"
    ```
    """

    static func build(swiftVersion: Int, reason: String) throws -> URL {
        let content = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n" + body,
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: en\n---\n" + body,
            "a/zh-Hant.md": "---\ntitle: 甲\nsource: en\n---\n" + body,
        ]).path
        let (course, _) = SiteFixture.loadCourse(content)
        let provenance = Provenance(toolchain: "t", modelHash: "m", swiftVersion: swiftVersion, defaultIsolation: "MainActor",
                                    verifiedAt: Date(timeIntervalSince1970: 0))
        var results: [SnippetKey: SnippetResult] = [:]
        for document in course.documents {
            for snippet in document.snippets {
                results[SnippetKey(path: document.path, index: snippet.index)] = SnippetResult(
                    status: .passed, reason: reason, provenance: provenance)
            }
        }
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: VerificationReport(toolchain: "t", modelHash: "m", results: results))
            .build(outputPath: out.path, into: &bag)
        return out
    }

    static func box(_ html: String, snippet n: Int) -> Substring {
        guard let start = html.range(of: "id=\"snippet-\(n)\"") else { return "" }
        let end = html[start.upperBound...].range(of: "id=\"snippet-\(n + 1)\"")?.lowerBound ?? html.endIndex
        return html[start.lowerBound..<end]
    }

    @Test("the note under the code says where the snippet fails and what it does elsewhere; a plain compile-fail has none", arguments: [
        ("en", "Fails to compile only in Swift 6; in other language modes it compiles, and the compiler may warn."),
        ("zh-Hans", "这段代码只在 Swift 6 下无法编译；在其他语言模式下可以编译，编译器可能给出警告。"),
        ("zh-Hant", "這段程式碼只在 Swift 6 下無法編譯；在其他語言模式下可以編譯，編譯器可能給出警告。"),
    ])
    func note(language: String, note: String) throws {
        let html = SiteFixture.read(try Self.build(swiftVersion: 6, reason: "r"), "\(language)/a/index.html")
        #expect(Self.box(html, snippet: 1).contains("<p class=\"mode-note\">\(note)</p>"))
        #expect(!Self.box(html, snippet: 2).contains("mode-note"))
    }

    @Test("the badge: 'Fails to compile as expected' from Swift 6 results, 'Compiled' with the warning from Swift 5 ones", arguments: [
        ("en", 6, "Fails to compile as expected", "Fails to compile, as the lesson intends."),
        ("en", 5, "Compiled", "Compiles in this language mode, as the lesson intends; it fails to compile only in Swift 6."),
        ("zh-Hans", 5, "已编译", "按课程的意图，这段代码在此语言模式下可以编译；只在 Swift 6 下无法编译。"),
        ("zh-Hant", 6, "如預期無法編譯", "按課程的意圖，這段程式碼無法通過編譯。"),
    ])
    func badge(language: String, swiftVersion: Int, label: String, detail: String) throws {
        let warning = "compiles in Swift 5 · MainActor as expected, with 1 warning: sending risks causing data races"
        let html = SiteFixture.read(try Self.build(swiftVersion: swiftVersion, reason: warning), "\(language)/a/index.html")
        let box = Self.box(html, snippet: 1)
        #expect(box.contains("</span>\(label)<span class=\"badge-mode\">"))
        #expect(box.contains("<p>\(detail)</p>"))
        #expect(box.contains(warning) == (swiftVersion == 5), "the warning shows only where the snippet compiled")
        // A plain compile-fail says it failed, whatever the mode.
        let failed = ["en": "Fails to compile as expected", "zh-Hans": "按预期无法编译", "zh-Hant": "如預期無法編譯"][language]!
        #expect(Self.box(html, snippet: 2).contains("</span>\(failed)<span class=\"badge-mode\">"))
    }
}
