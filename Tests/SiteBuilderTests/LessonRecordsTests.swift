import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// The records a rebuild after an edit reads instead of the lessons it does not load (issue 18).
@Suite("Lesson records")
struct LessonRecordsTests {
    static let records = LessonRecords(
        entries: ["site.yml": "0011", "a": "22ff", "odd name\twith tab": "33"],
        lessons: [
            .init(
                site: RecordedLesson(slug: "a", sourceLanguage: .en, order: 3, folder: "content/a", pages: [
                    .init(language: .en, title: "Tabs\tand \\ slashes\nand lines", summary: "", generatedFrom: nil, sourceHash: "ab",
                          sourceSize: 12, isStale: false, sectionIDs: ["one", nil, "-", "+x"], resultsDigest: "cd"),
                    .init(language: .zhHant, title: "甲", summary: "總結", generatedFrom: .zhHans, sourceHash: "ef", sourceSize: 7,
                          isStale: true, sectionIDs: [], resultsDigest: ""),
                ]),
                snippetInputs: "0123", passed: 4, failed: 1, skipped: 2, hanCharacters: "甲總結"),
            .init(site: RecordedLesson(slug: "b", sourceLanguage: .zhHans, order: Int.max, folder: "content/b", pages: []),
                  snippetInputs: "", passed: 0, failed: 0, skipped: 0, hanCharacters: ""),
        ],
        diagnostics: [
            Diagnostic(id: .siteAssetUnreadable, severity: .warning, location: SourceLocation(path: "content/a/en.md", line: 2, column: 1), message: "a\tb"),
            Diagnostic(
                id: .siteAssetUnreadable, severity: .note, location: SourceLocation(path: "odd\tpath/中文.md", line: 9_999, column: 0),
                endLocation: SourceLocation(path: "-", line: 10_000, column: 3), message: "-",
                notes: [.init(location: .file("content/b/zh-Hans.md"), message: "twin\nhere"), .init(location: .file("+"), message: "")],
                detail: "--- expected\n+++ actual\n\\ back"),
            Diagnostic(id: .siteAssetUnreadable, severity: .error, location: .file("x"), message: "", detail: ""),
        ])

    @Test("the Chinese pages whose hand-written source is not the recorded one are found, so a build can open OpenCC early")
    func changedChineseSources() throws {
        let content = TemporaryFolder.make().appendingPathComponent("content").path
        let zh = "---\ntitle: 键盘\n---\n\n正文。\n"
        for (path, text) in [("a/en.md", "---\ntitle: A\n---\n"), ("a/zh-Hans.md", zh), ("c/zh-Hant.md", "---\ntitle: 鍵盤\n---\n")] {
            try FileManager.default.createDirectory(atPath: content + "/" + (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: content + "/" + path))
        }
        func page(_ language: Language, _ text: String, from: Language? = nil) -> RecordedLesson.Page {
            .init(language: language, title: "", summary: "", generatedFrom: from, sourceHash: ContentHash.of(text), sourceSize: text.utf8.count,
                  isStale: false, sectionIDs: [], resultsDigest: "")
        }
        let records = LessonRecords(entries: [:], lessons: [
            .init(site: RecordedLesson(slug: "a", sourceLanguage: .en, order: 1, folder: "content/a", pages: [
                page(.en, "old English"), page(.zhHans, zh), page(.zhHant, "generated", from: .zhHans),
            ]), snippetInputs: "", passed: 0, failed: 0, skipped: 0, hanCharacters: ""),
        ], diagnostics: [])
        // An English edit converts nothing; the generated page is not a source.
        #expect(records.changedChineseSources(in: ["a"], contentPath: content) == [])
        try Data((zh + "新的一句。\n").utf8).write(to: URL(fileURLWithPath: content + "/a/zh-Hans.md"))
        #expect(records.changedChineseSources(in: ["a"], contentPath: content) == [.zhHans])
        // A lesson the records do not have: each Chinese file it holds.
        #expect(records.changedChineseSources(in: ["a", "c", "missing"], contentPath: content) == [.zhHans, .zhHant])
    }

    @Test("records with no diagnostics read back as written")
    func noDiagnostics() throws {
        let path = TemporaryFolder.make().appendingPathComponent("r.lessons").path
        let records = LessonRecords(entries: [:], lessons: [], diagnostics: [])
        records.write(to: path, settings: "s1")
        #expect(LessonRecords.load(from: path, settings: "s1") == records)
    }

    @Test("records read back as written, whatever their fields hold")
    func roundTrip() throws {
        let path = TemporaryFolder.make().appendingPathComponent("r.lessons").path
        Self.records.write(to: path, settings: "s1")
        #expect(LessonRecords.load(from: path, settings: "s1") == Self.records)
    }

    @Test("records of other settings, cut short or edited are not read")
    func refused() throws {
        let path = TemporaryFolder.make().appendingPathComponent("r.lessons").path
        Self.records.write(to: path, settings: "s1")
        #expect(LessonRecords.load(from: path, settings: "s2") == nil)
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        for cut in [whole.count - 1, whole.count / 2, 10] {
            try whole.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(LessonRecords.load(from: path, settings: "s1") == nil, "cut at \(cut)")
        }
        var edited = whole
        edited[edited.count - 5] ^= 1
        try edited.write(to: URL(fileURLWithPath: path))
        #expect(LessonRecords.load(from: path, settings: "s1") == nil)
        LessonRecords.remove(at: path)
        #expect(LessonRecords.load(from: path, settings: "s1") == nil)
    }
}
