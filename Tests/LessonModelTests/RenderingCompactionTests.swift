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
}
