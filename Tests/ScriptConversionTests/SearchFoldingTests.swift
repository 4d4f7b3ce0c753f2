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
}
