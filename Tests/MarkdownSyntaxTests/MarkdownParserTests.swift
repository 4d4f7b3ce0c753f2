import Diagnostics
import MarkdownSyntax
import Testing

@Suite("Markdown parsing through cmark")
struct MarkdownParserTests {
    @Test("code blocks keep their info string, code and 1-based positions")
    func codeBlock() throws {
        let doc = MarkdownParser().parse("# Title\n\nText\n\n```swift no-run\nlet x = 1\n```\n").document
        #expect(doc.blocks.count == 3)
        let code = doc.blocks[2]
        guard case .codeBlock(let info, let text, let fenced) = code.kind else {
            Issue.record("expected a code block")
            return
        }
        #expect(info == "swift no-run")
        #expect(text == "let x = 1\n")
        #expect(fenced)
        #expect(code.range.start == SourcePosition(line: 5, column: 1))
        #expect(code.range.end.line == 7)
    }

    @Test("positions on lines with Chinese text are byte columns that SourceFile turns into characters")
    func chinesePositions() {
        let text = "键盘通知：`keyboardWillShow` 很重要\n"
        let doc = MarkdownParser().parse(text).document
        let code = doc.blocks[0].inlines.first { if case .code = $0.kind { true } else { false } }
        #expect(code != nil)
        // cmark puts the code span after its backtick: 5 CJK chars (15 bytes) + 1 backtick.
        #expect(code?.range.start.column == 17)
        #expect(SourceFile(path: "x.md", text: text).location(code!.range.start).column == 7)
    }

    @Test("safe mode drops raw HTML and javascript links; unsafe mode keeps them")
    func safeMode() {
        let source = "<script>alert(1)</script>\n\n[x](javascript:alert(1)) <b>hi</b>\n"
        let safe = MarkdownParser().parse(source).document
        #expect(!safe.blocks.map(\.html).joined().contains("<script"))
        #expect(!safe.blocks.map(\.html).joined().contains("javascript:"))
        #expect(!safe.blocks.map(\.html).joined().contains("<b>"))
        let unsafe = MarkdownParser(allowRawHTML: true).parse(source).document
        #expect(unsafe.blocks.map(\.html).joined().contains("<b>hi</b>"))
    }

    @Test("heading content HTML excludes the heading element")
    func headingHTML() {
        let doc = MarkdownParser().parse("## The *first* responder\n").document
        #expect(doc.blocks[0].kind == .heading(level: 2))
        #expect(doc.blocks[0].contentHTML == "The <em>first</em> responder")
        #expect(doc.blocks[0].plainText == "The first responder")
    }

    @Test("plain-text detail keeps the block's plain text in text nodes, with links and images as nodes between them")
    func plainTextDetail() throws {
        let source = "## The *first* responder\n\nJust text\n\n- a [link](x) and `code`\n  soft break\n\n<div>block</div>\n"
        let tree = MarkdownParser().parse(source).document
        let plain = MarkdownParser(inlineDetail: .plainTextAndLinks).parse(source).document
        #expect(plain.blocks.map(\.plainText) == tree.blocks.map(\.plainText))
        #expect(plain.blocks.map(\.html) == tree.blocks.map(\.html))
        #expect(plain.blocks.map(\.contentHTML) == tree.blocks.map(\.contentHTML))
        #expect(plain.blocks[0].inlines == [InlineNode(kind: .text("The first responder"), range: plain.blocks[0].range)])
        #expect(plain.blocks[1].inlines == tree.blocks[1].inlines)
        let item = try #require(plain.blocks[2].children.first?.children.first)
        // A line break stays `\n` in the folded text; `plainText` makes it a space (or nothing between Chinese characters).
        #expect(item.inlines.map(\.kind) == [.text("a "), .link(destination: "x", title: ""), .text(" and code\nsoft break")])
        #expect(item.inlines[1].children.map(\.kind) == [.text("link")])
        #expect(plain.blocks[3].inlines.isEmpty)
    }

    @Test("heading content HTML is the heading's inner HTML at every level", arguments: 1...6)
    func headingLevels(level: Int) {
        let doc = MarkdownParser().parse(String(repeating: "#", count: level) + " A [link](x) & `c`\n").document
        #expect(doc.blocks[0].contentHTML == "A <a href=\"x\">link</a> &amp; <code>c</code>")
    }

    @Test("deep nesting is cut off with a position instead of overflowing the stack")
    func deepNesting() {
        let text = String(repeating: ">", count: 5_000) + " deep\n"
        let result = MarkdownParser(maximumDepth: 100).parse(text)
        #expect(result.tooDeep != nil)
    }

    @Test("tight list paragraphs render without <p>")
    func tightList() {
        let doc = MarkdownParser().parse("- one\n- two\n").document
        guard case .list(_, _, let tight) = doc.blocks[0].kind else {
            Issue.record("expected a list")
            return
        }
        #expect(tight)
        #expect(doc.blocks[0].children[0].children[0].html == "one")
    }

    @Test("a code block is fenced by what starts its own line, found by scanning the text in place", arguments: [
        ("", []), ("```", [true]), ("    code", [false]), ("键盘\n\n    a\n\n~~~\nb\n~~~", [false, true]),
        ("> ```swift\n> x\n> ```\n\n    y\n\n```\nz", [true, false, true]), ("中文\r\n\r\n```\r\nx\r\n```\r\n", [true]),
        ("- 😀\n\n      indented\n", [false]),
    ])
    func fencedInPlace(text: String, fenced: [Bool]) {
        func codeBlocks(_ blocks: [BlockNode]) -> [Bool] {
            blocks.flatMap { block -> [Bool] in
                if case .codeBlock(_, _, let isFenced) = block.kind { return [isFenced] }
                return codeBlocks(block.children)
            }
        }
        #expect(codeBlocks(MarkdownParser().parse(text).document.blocks) == fenced)
    }
}
