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
        #expect(compact.inlineDetail == .plainText)
        #expect(compact.compactedForRendering().sections == compact.sections)
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
        var fullBag = DiagnosticBag()
        let full = LessonParser().parse(file, slug: "x", language: .en, into: &fullBag).compactedForRendering()
        for detail in [InlineDetail.plainText, .plainTextAndLinks] {
            var bag = DiagnosticBag()
            let parsed = LessonParser(inlineDetail: detail).parse(file, slug: "x", language: .en, into: &bag)
            let compact = parsed.compactedForRendering()
            #expect(compact.markdown == full.markdown)
            #expect(compact.sections == full.sections)
            #expect(compact.snippets == full.snippets)
            #expect(bag.diagnostics.map(\.id) == fullBag.diagnostics.map(\.id))
            // `.plainText` is already in rendering form; compacting it again changes nothing.
            if detail == .plainText { #expect(parsed.sections == compact.sections) }
        }
    }

    @Test("links and images stay nodes with their ranges, nested ones included, when links are kept")
    func keptLinks() throws {
        let (full, _) = parseLesson("---\ntitle: x\n---\n\nSee *the [first](../a/ \"t\") and* [![pic](p.png)](../b/#x) too\n")
        var bag = DiagnosticBag()
        let lean = LessonParser(inlineDetail: .plainTextAndLinks)
            .parse(full.source, slug: "x", language: .en, into: &bag)
        func links(_ inlines: [InlineNode]) -> [InlineNode] {
            inlines.flatMap { inline -> [InlineNode] in
                switch inline.kind {
                case .link, .image: [InlineNode(kind: inline.kind, range: inline.range)] + links(inline.children)
                default: links(inline.children)
                }
            }
        }
        let fullLinks = links(try #require(full.markdown.blocks.first).inlines)
        #expect(fullLinks.count == 3)
        #expect(links(try #require(lean.markdown.blocks.first).inlines) == fullLinks)
        #expect(lean.markdown.blocks.map(\.plainText) == full.markdown.blocks.map(\.plainText))
    }
}

