import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

/// Issue 29 item 2: while an edited lesson's doc-tests run, its pages say "verifying…" on its snippets instead of
/// the last build's badges, without JavaScript, and the lessons whose snippets did not change keep theirs.
@Suite("The preview while a lesson is verified again")
struct ServeVerifyingTests {
    static let badge = #"<details class="badge badge-passed"><summary title="Verified">✓ Verified</summary><div class="badge-detail"><p>ran</p></div></details>"#

    func makeSite() throws -> String {
        let site = TemporaryFolder.make("serve-verifying").path + "/site"
        for slug in ["edited", "other"] {
            try FileManager.default.createDirectory(atPath: site + "/en/" + slug, withIntermediateDirectories: true)
            let page = "<html><body><div class=\"snippet\" id=\"snippet-1\">\(Self.badge)<pre>a</pre></div><div class=\"snippet\" id=\"snippet-2\">\(Self.badge)<pre>b</pre></div></body></html>"
            try page.write(toFile: site + "/en/\(slug)/index.html", atomically: true, encoding: .utf8)
        }
        return site
    }

    @Test("issue 29: an edited lesson's page says verifying… on every snippet, its reload version moves, and the next build's page replaces it")
    func verifyingBadges() throws {
        let server = try PreviewServer(siteDirectory: try makeSite(), port: 0)
        server.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/"
        let version = ProcessLevelTests.get(base + "__tutorbuild/version")?.body
        server.publish(verifying: ["edited"])
        #expect(ProcessLevelTests.get(base + "__tutorbuild/version")?.body != version, "open pages reload to show it")
        let edited = try #require(ProcessLevelTests.get(base + "en/edited/")).body
        #expect(edited.components(separatedBy: "badge-verifying").count == 3, "both snippets: \(edited)")
        #expect(edited.contains("Verifying…") && !edited.contains("badge-passed") && !edited.contains("✓"))
        #expect(ProcessLevelTests.get(base + "en/other/")?.body.contains("badge-passed") == true, "a lesson not edited keeps its badges")
        server.publish(overlay: "")
        let rebuilt = try #require(ProcessLevelTests.get(base + "en/edited/")).body
        #expect(rebuilt.contains("badge-passed") && !rebuilt.contains("badge-verifying"))
    }

    @Test("issue 29: once the edited lesson's program type-checks, its page says so until the result; other lessons and finished builds are left alone")
    func typeCheckedStage() throws {
        let server = try PreviewServer(siteDirectory: try makeSite(), port: 0)
        server.start()
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/"
        func version() -> String? { ProcessLevelTests.get(base + "__tutorbuild/version")?.body }
        server.publish(verifying: ["edited"])
        let verifying = version()
        server.publish(typeChecked: ["other"])
        #expect(version() == verifying, "a lesson not being verified has no stage to show")
        server.publish(typeChecked: ["edited"])
        #expect(version() != verifying, "open pages reload to show the stage")
        let page = try #require(ProcessLevelTests.get(base + "en/edited/")).body
        #expect(page.components(separatedBy: "badge-verifying").count == 3 && page.contains("Type-checked, running…") && !page.contains("✓"), "\(page)")
        let stage = version()
        server.publish(typeChecked: ["edited"])
        #expect(version() == stage, "the same stage again reloads nothing")
        server.publish(overlay: "")
        let rebuilt = try #require(ProcessLevelTests.get(base + "en/edited/")).body
        #expect(rebuilt.contains("badge-passed") && !rebuilt.contains("Type-checked"))
        server.publish(typeChecked: ["edited"])
        #expect(ProcessLevelTests.get(base + "en/edited/")?.body.contains("badge-passed") == true, "a stage after the result changes nothing")
    }

    @Test("issue 29: the type-checked stage in each page's language", arguments: [("zh-Hans", "类型检查通过，运行中…"), ("zh-Hant", "型別檢查通過，執行中…"), ("en", "Type-checked, running…")])
    func typeCheckedLanguages(language: String, label: String) {
        #expect(PreviewServer.markingVerifying(Self.badge, language: language, stage: .typeChecked).contains(label))
        #expect(!PreviewServer.markingVerifying(Self.badge, language: language, stage: .typeChecked).contains("✓"))
    }

    @Test("issue 29: the zh-Hans and zh-Hant pages say verifying… in their own language", arguments: [("zh-Hans", "验证中…"), ("zh-Hant", "驗證中…"), ("en", "Verifying…")])
    func languages(language: String, label: String) {
        #expect(PreviewServer.markingVerifying("<p>x</p>" + Self.badge, language: language) == "<p>x</p>" + PreviewServer.markingVerifying(Self.badge, language: language))
        #expect(PreviewServer.markingVerifying(Self.badge, language: language).contains(label))
    }

    @Test("issue 29: a lesson goes back to verification when a snippet's code, expected output or attributes change, not for prose", arguments: [
        ("Other words.\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n", false),
        ("Words.\n\n```swift\nprint(2)\n```\n\n```output\n1\n```\n", true),
        ("Words.\n\n```swift\nprint(1)\n```\n\n```output\n2\n```\n", true),
        ("Words.\n\n```swift no-run\nprint(1)\n```\n\n```output\n1\n```\n", true),
    ])
    func digests(edited: String, verifiesAgain: Bool) throws {
        let lesson = { (body: String) in TemporaryCourse.lesson("Digest", body) }
        let course = try TemporaryCourse(["digest/en.md": lesson("Words.\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n"), "quiet/en.md": lesson("Quiet.")])
        defer { course.remove() }
        let path = course.path + "/digest/en.md"
        var digests = SnippetDigests(contentPath: course.path, modelSources: ["Sources/UIKitModel"])
        #expect(digests.update(paths: [path, course.path + "/quiet/en.md"]) == ["digest", "quiet"], "first seen")
        try course.write("digest/en.md", lesson(edited))
        #expect(digests.update(paths: [path]) == (verifiesAgain ? ["digest"] : []))
        #expect(digests.update(paths: ["Sources/UIKitModel/UITextView.swift"]) == ["digest", "quiet"], "a model edit verifies every lesson again")
    }
}
