import Diagnostics
import LessonModel
import MarkdownSyntax
import Testing

@Suite("Compaction for rendering")
struct RenderingCompactionTests {
    @Test("a compacted document keeps what pages and search read: HTML, plain text, sections, snippets")
    func keepsWhatRenderingReads() {
        let (document, _) = parseLesson("---\ntitle: x\n---\n\n## Step {#step}\n\nSome *words* with `code` and [a link](../b/).\n\n- one\n- **two**\n\n```swift\nprint(1)\n```\n")
        let compact = document.compactedForRendering()
        #expect(compact.markdown.blocks.isEmpty)
        #expect(compact.snippets == document.snippets)
        #expect(compact.sections.map(\.id) == document.sections.map(\.id))
        for (a, b) in zip(document.sections, compact.sections) {
            #expect(a.titleHTML == b.titleHTML)
            for (x, y) in zip(a.blocks, b.blocks) {
                if case .markdown(let full) = x, case .markdown(let small) = y {
                    #expect(full.html == small.html)
                    #expect(full.plainText == small.plainText)
                    #expect(small.inlines.count <= 1)
                } else {
                    #expect(x == y)
                }
            }
        }
    }

    @Test("parsing straight into rendering form gives what compacting the full parse gives", arguments: [
        "---\ntitle: x\n---\n\n## Step {#step}\n\nSome *words* with `code` and [a link](../b/).\n\n- one\n- **two**\n\n```swift\nprint(1)\n```\n",
        "---\ntitle: x\n---\n\nplain paragraph\n\n## Plain heading\n\n> quoted *text*  \n> on two lines\n",
        "---\ntitle: x\n---\n\n1. ![an *image*](pic.png \"t\")\n2. <b>raw</b> and &amp; entity\\\nhard break\n\n---\n\n#\n\n## `code` only\n",
        "---\ntitle: 键盘\n---\n\n## 观察 *键盘* {#observe}\n\n中文`UITextField`文本。\n软换行\n\n```output\n1\n```\n",
        "---\ntitle: x\n---\n\n" + String(repeating: "> ", count: 300) + "*deep* text\n",
    ])
    func plainTextParse(text: String) {
        let file = SourceFile(path: "content/x/en.md", text: text)
        var fullBag = DiagnosticBag(), plainBag = DiagnosticBag()
        let full = LessonParser().parse(file, slug: "x", language: .en, into: &fullBag).compactedForRendering()
        let plain = LessonParser(inlineDetail: .plainText).parse(file, slug: "x", language: .en, into: &plainBag)
        #expect(plain.markdown == full.markdown)
        #expect(plain.sections == full.sections)
        #expect(plain.snippets == full.snippets)
        #expect(plainBag.diagnostics.map(\.id) == fullBag.diagnostics.map(\.id))
    }
}

