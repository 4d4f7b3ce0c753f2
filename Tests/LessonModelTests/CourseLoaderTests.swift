import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing

@Suite("Loading a content folder")
struct CourseLoaderTests {
    let en = "---\ntitle: Keyboard\norder: 2\n---\n\n## Observing {#observing}\n\n```swift\nprint(1) // one\n```\n\n```output\n1\n```\n"
    let zh = "---\ntitle: 键盘\n---\n\n## 观察键盘\n\n```swift\nprint(1) // 一\n```\n\n```output\n1\n```\n"

    @Test("lessons are grouped by slug, sorted by order, and translations borrow source anchors")
    func loads() throws {
        let course = try TemporaryCourse([
            "keyboard/en.md": en, "keyboard/zh-Hans.md": zh,
            "intro/en.md": "---\ntitle: Intro\norder: 1\n---\n\n## Start\n", "intro/zh-Hans.md": "---\ntitle: 开始\n---\n\n## 开始\n",
            "site.yml": "title:\n  en: Site\n  zh-Hans: 网站\nbase-url: https://example.com/docs\n",
        ])
        defer { course.remove() }
        let (loaded, bag) = course.load()
        #expect(!bag.hasErrors, "\(bag.diagnostics)")
        #expect(loaded.lessons.map(\.slug) == ["intro", "keyboard"])
        #expect(loaded.lesson("keyboard")?.document(.zhHans)?.sections.compactMap(\.id) == ["observing"])
        #expect(loaded.lesson("intro")?.document(.zhHans)?.sections.compactMap(\.id) == ["start"])
        #expect(loaded.config.title(.zhHans) == "网站")
        #expect(loaded.config.baseURL == "https://example.com/docs/")
        #expect(loaded.languages == [.en, .zhHans])
    }

    @Test("bad files give located errors and the rest still loads")
    func badFiles() throws {
        let course = try TemporaryCourse(["good/en.md": en, "good/zh-Hans.md": zh, "good/fr.md": "x", "Bad_Slug/en.md": en])
        defer { course.remove() }
        try course.write("bin/en.md", Data([0x2D, 0x2D, 0x00, 0x01]))
        try course.write("utf/en.md", Data("---\ntitle: ok\n---\n\n键".utf8) + Data([0xE9, 0x94]) + Data("\n".utf8))
        try course.write("empty/en.md", Data())
        let (loaded, bag) = course.load()
        #expect(loaded.lesson("good") != nil)
        expectDiagnostic(.lessonLanguageUnknown, in: bag)
        expectDiagnostic(.lessonSlugInvalid, in: bag)
        expectDiagnostic(.lessonEncodingBinary, in: bag)
        expectDiagnostic(.lessonEmpty, in: bag)
        expectDiagnostic(.lessonEncodingInvalidUTF8, in: bag, line: 5, column: 2)
    }

    @Test("a symlink leading outside the content folder is refused")
    func symlinkOutside() throws {
        let course = try TemporaryCourse(["a/en.md": en])
        defer { course.remove() }
        let outside = NSTemporaryDirectory() + "tutorbuild-outside-" + UUID().uuidString + ".md"
        try Data(en.utf8).write(to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(atPath: course.path + "/a/zh-Hans.md", withDestinationPath: outside)
        let (loaded, bag) = course.load()
        expectDiagnostic(.coursePathOutside, in: bag)
        #expect(loaded.lesson("a")?.document(.zhHans) == nil)
    }

    @Test("a content path with '..' steps loads like the plain one")
    func parentSteps() throws {
        let course = try TemporaryCourse(["a/en.md": en, "b/en.md": en])
        defer { course.remove() }
        var bag = DiagnosticBag()
        let loaded = CourseLoader(contentPath: course.path + "/a/../").load(into: &bag)
        #expect(loaded.lessons.map(\.slug) == ["a", "b"])
        expectNoDiagnostic(.coursePathOutside, in: bag)
    }

    @Test("a missing content folder is one error")
    func missingFolder() {
        var bag = DiagnosticBag()
        _ = CourseLoader(contentPath: "/nonexistent/content").load(into: &bag)
        #expect(bag.ids == [.courseContentMissing])
    }

    @Test("site.yml problems are located")
    func siteConfig() throws {
        let course = try TemporaryCourse(["site.yml": "default-language: fr\ncolour: red\n", "a/en.md": en, "a/zh-Hans.md": zh])
        defer { course.remove() }
        let (_, bag) = course.load()
        expectDiagnostic(.siteConfigInvalidValue, in: bag, line: 1)
        expectDiagnostic(.siteConfigUnknownKey, in: bag, severity: .warning)
    }

    @Test("uikit-behaviour-3 §B6.3: site.yml sets the course's language mode; a lesson's own settings win")
    func siteLanguageMode() throws {
        let own = "---\ntitle: Own\ndefault-isolation: MainActor\n---\n"
        let course = try TemporaryCourse(["site.yml": "swift-version: 6\ndefault-isolation: nonisolated\n", "a/en.md": en, "b/en.md": own])
        defer { course.remove() }
        let (loaded, bag) = course.load(checks: false)
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.message))")
        #expect(loaded.config.languageMode == LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated))
        #expect(loaded.lesson("a")?.documents.first?.frontMatter.languageMode == LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated))
        #expect(loaded.lesson("b")?.documents.first?.frontMatter.languageMode == LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor))
    }

    @Test("site.yml's language mode keys take only the values Xcode has", arguments: ["swift-version: 4\n", "default-isolation: main\n"])
    func siteLanguageModeInvalid(_ text: String) throws {
        let course = try TemporaryCourse(["site.yml": text, "a/en.md": en])
        defer { course.remove() }
        let (_, bag) = course.load(checks: false)
        expectDiagnostic(.siteConfigInvalidValue, in: bag, line: 1)
    }
}

@Suite("Course checks")
struct CourseCheckTests {
    func lesson(_ title: String, code: String, output: String, extra: String = "") -> String {
        "---\ntitle: \(title)\n---\n\n## Step {#step}\n\n```swift\n\(code)\n```\n\n```output\n\(output)\n```\n\(extra)"
    }

    @Test("a lesson in one language only is a warning")
    func missingTranslation() throws {
        let course = try TemporaryCourse(["a/en.md": lesson("A", code: "print(1)", output: "1")])
        defer { course.remove() }
        let (_, bag) = course.load()
        expectDiagnostic(.lessonTranslationMissing, in: bag, severity: .warning)
        #expect(!bag.hasErrors)
    }

    @Test("twins may differ in comments but not in code or output")
    func twins() throws {
        let course = try TemporaryCourse([
            "same/en.md": lesson("A", code: "print(1) // one\n/* block */", output: "1"),
            "same/zh-Hans.md": lesson("甲", code: "print(1) // 一\n/* 块 */", output: "1"),
            "code/en.md": lesson("A", code: "print(1)", output: "1"),
            "code/zh-Hans.md": lesson("甲", code: "print(2)", output: "1"),
            "out/en.md": lesson("A", code: "print(\"// not a comment\")", output: "1"),
            "out/zh-Hans.md": lesson("甲", code: "print(\"// not a comment\")", output: "2"),
            "str/en.md": lesson("A", code: "print(\"// a\")", output: "1"),
            "str/zh-Hans.md": lesson("甲", code: "print(\"// b\")", output: "1"),
            // Issue 30 #2: canonically equivalent is not equal; a carriage return at a line end is a trailing blank.
            "nfd/en.md": lesson("A", code: "print(1)", output: "caf\u{E9}"),
            "nfd/zh-Hans.md": lesson("甲", code: "print(1)", output: "cafe\u{301}"),
            "crlf/en.md": lesson("A", code: "print(1)", output: "1\r"),
            "crlf/zh-Hans.md": lesson("甲", code: "print(1)", output: "1"),
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        let paths = { (id: Diagnostic.ID) in Set(bag.diagnostics.filter { $0.id == id }.map { $0.location.path.split(separator: "/").suffix(2).joined(separator: "/") }) }
        #expect(paths(.snippetTwinCodeDiffers) == ["code/zh-Hans.md", "str/zh-Hans.md"])
        #expect(paths(.snippetTwinOutputDiffers) == ["out/zh-Hans.md", "nfd/zh-Hans.md"])
        #expect(bag.first(.snippetTwinCodeDiffers)?.notes.first?.location.path.hasSuffix("en.md") == true)
    }

    @Test("issue 30 #5: code hidden from the old lexer by literals, line ends or joined tokens is a twin difference", arguments: [
        ("let a = #/ x/* /#\nfatalError()\nlet b = #/ x*/y /#", "let a = #/ x/* /#\n\nlet b = #/ x*/y /#"),
        ("// c\rfatalError()", "// c\r"),
        ("let x = a/* c */b", "let x = ab"),
    ])
    func twinsDifferPastLiterals(en: String, zh: String) throws {
        let course = try TemporaryCourse([
            "hidden/en.md": lesson("A", code: en, output: "1"),
            "hidden/zh-Hans.md": lesson("甲", code: zh, output: "1"),
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(bag.diagnostics.filter { $0.id == .snippetTwinCodeDiffers }.count == 1)
    }

    @Test("twins whose translated comments the lexer cannot be sure of differ, loudly")
    func twinsUnsure() throws {
        let course = try TemporaryCourse([
            "unsure/en.md": lesson("A", code: "let r = /\"a\"/ // a regex", output: "1"),
            "unsure/zh-Hans.md": lesson("甲", code: "let r = /\"a\"/ // 正则", output: "1"),
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(bag.diagnostics.filter { $0.id == .snippetTwinCodeDiffers }.count == 1)
    }

    @Test("broken lesson links, anchors and images are errors")
    func links() throws {
        let extra = "\n[ok](../b/#step) [bad](../nope/) [anchor](#nowhere) ![pic](missing.png) [web](https://example.com)\n"
        let course = try TemporaryCourse([
            "a/en.md": lesson("A", code: "print(1)", output: "1", extra: extra),
            "a/zh-Hans.md": lesson("甲", code: "print(1)", output: "1", extra: extra),
            "b/en.md": lesson("B", code: "print(1)", output: "1"),
            "b/zh-Hans.md": lesson("乙", code: "print(1)", output: "1"),
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(bag.diagnostics.filter { $0.id == .lessonLinkBroken }.count == 2)
        #expect(bag.diagnostics.filter { $0.id == .lessonLinkBrokenAnchor }.count == 2)
        #expect(bag.diagnostics.filter { $0.id == .lessonImageMissing }.count == 2)
        // A build loads with links only: the same problems at the same places.
        var lean = DiagnosticBag()
        CourseChecks.run(CourseLoader(contentPath: course.path, inlineDetail: .plainTextAndLinks).load(into: &lean), into: &lean)
        #expect(lean.diagnostics == bag.diagnostics)
    }

    @Test("issue 18: a course loaded in part checks its links against the other lessons' outlines as against the lessons")
    func linksToOutlines() throws {
        let extra = "\n[ok](../b/#step) [bad anchor](../b/#gone) [no lesson](../nope/)\n"
        let course = try TemporaryCourse([
            "a/en.md": lesson("A", code: "print(1)", output: "1", extra: extra),
            "a/zh-Hans.md": lesson("甲", code: "print(1)", output: "1", extra: extra),
            "b/en.md": "---\ntitle: B\nsource: en\n---\n\n## Step {#step}\n\nText.\n",
        ])
        defer { course.remove() }
        let (whole, expected) = course.load()
        var bag = DiagnosticBag()
        var partial = CourseLoader(contentPath: course.path).load(only: ["a"], into: &bag)
        #expect(partial.lessons.map(\.slug) == ["a"])
        partial.otherLessons = [LessonOutline(try #require(whole.lesson("b")))]
        CourseChecks.run(partial, into: &bag)
        let links: Set<Diagnostic.ID> = [.lessonLinkBroken, .lessonLinkBrokenAnchor]
        #expect(bag.diagnostics.filter { links.contains($0.id) } == expected.diagnostics.filter { links.contains($0.id) })
        #expect(bag.diagnostics.count { $0.id == .lessonLinkBrokenAnchor } == 2)
        // Without b's outline, its links lead nowhere.
        partial.otherLessons = []
        var alone = DiagnosticBag()
        CourseChecks.run(partial, into: &alone)
        #expect(alone.diagnostics.count { $0.id == .lessonLinkBroken } == 6)
    }
}
