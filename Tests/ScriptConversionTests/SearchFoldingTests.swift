import Diagnostics
import LessonModel
@testable import ScriptConversion
import Testing

/// The characters the folding table is made for.
@Suite("Search folding")
struct SearchFoldingTests {
    @Test("the ideographs of a course's Chinese pages are found on bytes as they are on scalars", arguments: [
        "纯文本 plain text",
        "café 键盘。「引号」，标点",
        "㐀㐁 extension A, 𠀀𠀁 extension B, 😀 emoji, 鍵盤 Traditional",
        "",
        "no Chinese at all",
        // ASCII runs of every length around 8, which the scan skips eight bytes at a time.
        "a键ab盘abc通abcd知abcde出abcdef现abcdefg隐abcdefgh藏abcdefghi𠀀abcdefghijklmnopq鍵 end 盤",
    ])
    func ideographs(text: String) {
        var bag = DiagnosticBag()
        let document = LessonParser().parse(
            SourceFile(path: "content/k/zh-Hans.md", text: "---\ntitle: t\n---\n\n" + text + "\n"), slug: "k", language: .zhHans, into: &bag)
        let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [document])], contentPath: "content")
        var expected: [Unicode.Scalar] = []
        for scalar in document.source.text.unicodeScalars where scalar.value >= 0x3400 && scalar.properties.isIdeographic && !expected.contains(scalar) {
            expected.append(scalar)
        }
        #expect(SearchFolding.hanCharacters(in: course) == expected.sorted().map(Character.init))
    }

    @Test("the ideographs of many pages, read in slices, are each found once, and English pages are not read")
    func manyPages() {
        let texts = ["键盘出现", "键盘 鍵盤 㐀", "出现 𠀀 通知", "通知", "", "键"]
        var bag = DiagnosticBag()
        var lessons: [Lesson] = []
        var expected = Set<Unicode.Scalar>()
        for (k, text) in texts.enumerated() {
            let zh = LessonParser().parse(
                SourceFile(path: "content/l\(k)/zh-Hans.md", text: "---\ntitle: t\n---\n\n" + text + "\n"), slug: "l\(k)", language: .zhHans, into: &bag)
            let en = LessonParser().parse(
                SourceFile(path: "content/l\(k)/en.md", text: "---\ntitle: t\n---\n\n英文页里的字 \(k)\n"), slug: "l\(k)", language: .en, into: &bag)
            lessons.append(Lesson(slug: "l\(k)", documents: [en, zh]))
            for scalar in zh.source.text.unicodeScalars where scalar.value >= 0x3400 && scalar.properties.isIdeographic { expected.insert(scalar) }
        }
        let course = Course(config: SiteConfig(), lessons: lessons, contentPath: "content")
        #expect(SearchFolding.hanCharacters(in: course) == expected.sorted().map(Character.init))
    }

    @Test("issue 18: a lesson's ideographs, recorded, stand for its pages: the course's characters are the same with any lessons recorded")
    func recordedLessons() {
        let texts = ["键盘出现", "键盘 鍵盤 㐀", "出现 𠀀 通知 😀 A", "", "英文"]
        var bag = DiagnosticBag()
        let lessons = texts.enumerated().map { k, text in
            var documents = [LessonParser().parse(
                SourceFile(path: "content/l\(k)/zh-Hans.md", text: "---\ntitle: 标题\(k)\n---\n\n" + text + "\n"), slug: "l\(k)", language: .zhHans, into: &bag)]
            if k == 4 { documents = [LessonParser().parse(SourceFile(path: "content/l4/en.md", text: "---\ntitle: t\n---\n\n" + text + "\n"), slug: "l4", language: .en, into: &bag)] }
            return Lesson(slug: "l\(k)", documents: documents)
        }
        let whole = SearchFolding.hanCharacters(in: Course(config: SiteConfig(), lessons: lessons, contentPath: "content"))
        #expect(SearchFolding.hanCharacters(of: lessons[4]) == "", "an English page is not searched with folding")
        for loaded in [[], [0], [1, 3], Array(lessons.indices)] {
            let recorded = lessons.indices.filter { !loaded.contains($0) }.map { SearchFolding.hanCharacters(of: lessons[$0]) }
            let course = Course(config: SiteConfig(), lessons: loaded.map { lessons[$0] }, contentPath: "content")
            #expect(SearchFolding.hanCharacters(in: SearchFolding.chineseTexts(in: course) + recorded) == whole, "loaded \(loaded)")
        }
    }
}
