import Diagnostics
import LessonModel
import MarkdownSyntax
import Testing

/// `.plainTextAndLinks`, the detail `check` and `build` load lessons with, against the full inline tree.
@Suite("Lessons parsed without the full inline tree")
struct LeanParseTests {
    @Test("a lean parse gives what pages and search read (HTML, plain text, sections, snippets) and the same diagnostics", arguments: [
        "---\ntitle: x\n---\n\n## Step {#step}\n\nSome *words* with `code` and [a link](../b/).\n\n- one\n- **two**\n\n```swift\nprint(1)\n```\n",
        "---\ntitle: x\n---\n\nplain paragraph\n\n## Plain heading\n\n> quoted *text*  \n> on two lines\n",
        "---\ntitle: x\n---\n\n1. ![an *image*](pic.png \"t\")\n2. <b>raw</b> and &amp; entity\\\nhard break\n\n---\n\n#\n\n## `code` only\n",
        "---\ntitle: 键盘\n---\n\n## 观察 *键盘* {#observe}\n\n中文`UITextField`文本。\n软换行\n\n```output\n1\n```\n",
        "---\ntitle: x\n---\n\n" + String(repeating: "> ", count: 300) + "*deep* text\n",
    ])
    func leanParse(text: String) {
        let file = SourceFile(path: "content/x/en.md", text: text)
        var fullBag = DiagnosticBag()
        let full = LessonParser().parse(file, slug: "x", language: .en, into: &fullBag)
        var bag = DiagnosticBag()
        let lean = LessonParser(inlineDetail: .plainTextAndLinks).parse(file, slug: "x", language: .en, into: &bag)
        #expect(lean.inlineDetail == .plainTextAndLinks)
        #expect(lean.snippets == full.snippets)
        #expect(lean.sections.map(\.id) == full.sections.map(\.id))
        #expect(lean.sections.map(\.title) == full.sections.map(\.title))
        #expect(lean.sections.map(\.titleHTML) == full.sections.map(\.titleHTML))
        func nodes(_ blocks: [BlockNode]) -> [BlockNode] { blocks.flatMap { [$0] + nodes($0.children) } }
        let leanNodes = nodes(lean.markdown.blocks), fullNodes = nodes(full.markdown.blocks)
        #expect(leanNodes.map(\.html) == fullNodes.map(\.html))
        #expect(leanNodes.map(\.contentHTML) == fullNodes.map(\.contentHTML))
        #expect(leanNodes.map(\.plainText) == fullNodes.map(\.plainText))
        #expect(leanNodes.map(\.inlines.isEmpty) == fullNodes.map(\.inlines.isEmpty))
        #expect(bag.diagnostics.map(\.id) == fullBag.diagnostics.map(\.id))
    }

    @Test("links and images stay nodes with their ranges, nested ones included, for the link checks")
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
