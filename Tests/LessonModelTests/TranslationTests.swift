import Diagnostics
import LessonModel
import TestSupport
import Testing

@Suite("Stale translations")
struct TranslationTests {
    let english = "---\ntitle: A\nsource: en\n---\n\nIntro.\n\n## One {#one}\n\nFirst words.\n\n## Two {#two}\n\nSecond words.\n"

    func course(english: String, chinese: String) throws -> TemporaryCourse {
        try TemporaryCourse(["a/en.md": english, "a/zh-Hans.md": chinese])
    }

    func chinese(recording source: String) -> String {
        let (document, _) = parseLesson(source)
        let value = "[" + TranslationFingerprint(document).recorded.joined(separator: ", ") + "]"
        return FrontMatterEditor.setting("translated-from", to: value, in: "---\ntitle: 甲\nsource: en\n---\n\n引言。\n\n## 一 {#one}\n\n## 二 {#two}\n")!
    }

    @Test("a translation that recorded the current source is up to date")
    func upToDate() throws {
        let c = try course(english: english, chinese: chinese(recording: english))
        defer { c.remove() }
        let (loaded, bag) = c.load()
        expectNoDiagnostic(.lessonTranslationStale, in: bag)
        #expect(loaded.lessons[0].translationStatus(.zhHans) == .upToDate)
    }

    @Test("re-wrapping the source does not make a translation stale")
    func rewrap() throws {
        let rewrapped = english.replacingOccurrences(of: "First words.", with: "First\nwords.")
        let c = try course(english: rewrapped, chinese: chinese(recording: english))
        defer { c.remove() }
        expectNoDiagnostic(.lessonTranslationStale, in: c.load().1)
    }

    @Test("changing a source section warns at the translation and names that section")
    func stale() throws {
        let changed = english.replacingOccurrences(of: "Second words.", with: "Second, better words.")
        let c = try course(english: changed, chinese: chinese(recording: english))
        defer { c.remove() }
        let (loaded, bag) = c.load()
        let warning = try #require(expectDiagnostic(.lessonTranslationStale, in: bag, severity: .warning, path: "zh-Hans.md", line: 4))
        #expect(warning.message.contains("'two'"))
        #expect(!warning.message.contains("'one'"))
        #expect(warning.notes.first?.location.path.hasSuffix("en.md") == true)
        #expect(loaded.lessons[0].translationStatus(.zhHans).isStale)
    }

    @Test("an undeclared source language and an unrecorded translation are warnings")
    func undeclared() throws {
        let c = try course(english: "---\ntitle: A\n---\n", chinese: "---\ntitle: 甲\n---\n")
        defer { c.remove() }
        expectDiagnostic(.lessonSourceUndeclared, in: c.load().1)
        let d = try course(english: english, chinese: "---\ntitle: 甲\nsource: en\n---\n")
        defer { d.remove() }
        expectDiagnostic(.lessonTranslationUnrecorded, in: d.load().1)
    }

    @Test("the front matter editor replaces or adds a key and keeps the rest", arguments: [
        ("---\ntitle: x\n---\nbody\n", "---\ntitle: x\nk: [a]\n---\nbody\n"),
        ("---\ntitle: x\nk: old\norder: 1\n---\n", "---\ntitle: x\nk: [a]\norder: 1\n---\n"),
        ("---\nk:\n  - old\n  - older\ntitle: x\n---\n", "---\nk: [a]\ntitle: x\n---\n"),
    ])
    func editor(before: String, after: String) {
        #expect(FrontMatterEditor.setting("k", to: "[a]", in: before) == after)
    }
}
