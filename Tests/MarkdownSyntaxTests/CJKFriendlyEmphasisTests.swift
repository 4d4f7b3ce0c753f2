import Diagnostics
import Foundation
import Testing
@testable import MarkdownSyntax

/// Emphasis next to Chinese text renders by the CJK-friendly amendments (issue 31); everything else renders as cmark does.
@Suite("CJK-friendly emphasis")
struct CJKFriendlyEmphasisTests {
    /// cmark's HTML of the paragraphs and headings, wherever they are.
    static func html(_ markdown: String) -> String {
        func html(_ block: BlockNode) -> String {
            switch block.kind {
            case .heading(let level): "<h\(level)>\(block.contentHTML)</h\(level)>\n"
            case .paragraph: block.html
            default: block.children.map(html).joined()
            }
        }
        return MarkdownParser().parse(markdown).document.blocks.map(html).joined()
    }

    @Test("Chinese emphasis that CommonMark leaves literal renders", arguments: [
        ("**修正：**监听键盘通知", "<p><strong>修正：</strong>监听键盘通知</p>\n"),
        ("**「引号」**里的字", "<p><strong>「引号」</strong>里的字</p>\n"),
        ("*注意*：后文", "<p><em>注意</em>：后文</p>\n"),
        ("这是**重要的。**对吧", "<p>这是<strong>重要的。</strong>对吧</p>\n"),
        ("我可以强调**这个`code`**吗", "<p>我可以强调<strong>这个<code>code</code></strong>吗</p>\n"),
        ("**[第一响应者](https://example.com/a)：**它是", "<p><strong><a href=\"https://example.com/a\">第一响应者</a>：</strong>它是</p>\n"),
        ("先**修正：**再**说明：**后", "<p>先<strong>修正：</strong>再<strong>说明：</strong>后</p>\n"),
        ("これは**「重要」**です。", "<p>これは<strong>「重要」</strong>です。</p>\n"),
        ("**이 용어(This term)**를 강조", "<p><strong>이 용어(This term)</strong>를 강조</p>\n"),
        ("***强调：***文", "<p><em><strong>强调：</strong></em>文</p>\n"),
        ("算 2 * 3 再**修正：**监听", "<p>算 2 * 3 再<strong>修正：</strong>监听</p>\n"),
        ("*a* 和 **修正：**监听 和 **b**", "<p><em>a</em> 和 <strong>修正：</strong>监听 和 <strong>b</strong></p>\n"),
        ("**修正：**\n监听", "<p><strong>修正：</strong>\n监听</p>\n"),
        // CJK punctuation inside the run counts as a CJK character, not as punctuation (specification.md, 2a).
        ("**「引号」**a", "<p><strong>「引号」</strong>a</p>\n"),
        // A variation selector belongs to the character before it.
        ("**葛\u{E0100}**は", "<p><strong>葛\u{E0100}</strong>は</p>\n"),
    ])
    func chinese(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("authors' cases of issue 31", arguments: [
        // Two bold runs in one sentence.
        ("**注意：**不要在**主线程**之外更新界面。", "<p><strong>注意：</strong>不要在<strong>主线程</strong>之外更新界面。</p>\n"),
        // After a backslash line break, on an indented and on a lazy continuation line, after a code span.
        ("第一行\\\n**注意：**这里", "<p>第一行<br />\n<strong>注意：</strong>这里</p>\n"),
        ("第一行\n    **注意：**这里", "<p>第一行\n<strong>注意：</strong>这里</p>\n"),
        ("> 引用\n**注意：**这里", "<p>引用\n<strong>注意：</strong>这里</p>\n"),
        ("- 列表\n  **注意：**这里", "列表\n<strong>注意：</strong>这里"),
        ("> - 列表\n>   续行\\\n>   **注意：**这里", "列表\n续行<br />\n<strong>注意：</strong>这里"),
        ("`code`**注意：**这里", "<p><code>code</code><strong>注意：</strong>这里</p>\n"),
        ("一 `a` 二 `b`**注意：**这里", "<p>一 <code>a</code> 二 <code>b</code><strong>注意：</strong>这里</p>\n"),
        // `***…***` after a break.
        ("**修正：**监听\\\n***第二行***", "<p><strong>修正：</strong>监听<br />\n<em><strong>第二行</strong></em></p>\n"),
        ("**修正：**监听\\\n***第二行：***文", "<p><strong>修正：</strong>监听<br />\n<em><strong>第二行：</strong></em>文</p>\n"),
        // Headings: ATX with a closing sequence, and a setext heading over two lines.
        ("## **注意：**标题 ##", "<h2><strong>注意：</strong>标题</h2>\n"),
        ("**注意：**第一行\n**第二：**行\n===", "<h1><strong>注意：</strong>第一行\n<strong>第二：</strong>行</h1>\n"),
        // A setext heading followed by more text: cmark ends it on the line after its underline.
        ("**注意：**标题\n---\n\n正文", "<h2><strong>注意：</strong>标题</h2>\n<p>正文</p>\n"),
        ("> **注意：**标题\n> ===\n> 正文", "<h1><strong>注意：</strong>标题</h1>\n<p>正文</p>\n"),
        // Escapes and entities before a run.
        ("\\*不是\\*，**注意：**这里", "<p>*不是*，<strong>注意：</strong>这里</p>\n"),
        ("&amp;**注意：**这里", "<p>&amp;<strong>注意：</strong>这里</p>\n"),
        // After entities and numeric references, which cmark decodes (spec examples 25 and 27 with a line added).
        ("&nbsp; &amp; &copy; &AElig;\n***第二行：***文", "<p>\u{A0} &amp; © Æ\n<em><strong>第二行：</strong></em>文</p>\n"),
        ("&#X22; &#XD06; &#xcab;\n**「引号」**里的字和**（括号）**", "<p>&quot; ആ ಫ\n<strong>「引号」</strong>里的字和<strong>（括号）</strong></p>\n"),
        // After a link reference definition, which cmark takes out of the paragraph.
        ("[a]: /url\n**注意：**见[a]", "<p><strong>注意：</strong>见<a href=\"/url\">a</a></p>\n"),
        // Inside a link's text, after an inline link with a title.
        ("[**注意：**链接](/u \"t\")**说明：**文", "<p><a href=\"/u\" title=\"t\"><strong>注意：</strong>链接</a><strong>说明：</strong>文</p>\n"),
    ])
    func issueCases(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("English, escaped and unpaired runs render exactly as cmark says", arguments: [
        ("**foo.**bar", "<p>**foo.**bar</p>\n"),
        ("a **b** c", "<p>a <strong>b</strong> c</p>\n"),
        ("2 * 3 * 4", "<p>2 * 3 * 4</p>\n"),
        ("foo***bar***baz", "<p>foo<em><strong>bar</strong></em>baz</p>\n"),
        ("中文 foo***bar***baz", "<p>中文 foo<em><strong>bar</strong></em>baz</p>\n"),
        ("*foo**bar**baz*", "<p><em>foo<strong>bar</strong>baz</em></p>\n"),
        ("\\*\\*修正：\\*\\*监听", "<p>**修正：**监听</p>\n"),
        // `_` keeps CommonMark's rule under the amendment: no emphasis inside a word, Chinese or not.
        ("snake_case_name and 中文_变量_名", "<p>snake_case_name and 中文_变量_名</p>\n"),
        ("**只有开头：", "<p>**只有开头：</p>\n"),
        ("&#42;&#42;修正：**监听", "<p>**修正：**监听</p>\n"),
    ])
    func unchanged(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("a heading's emphasis is repaired too, and the copied tree agrees with the HTML")
    func headingAndTree() throws {
        let document = MarkdownParser().parse("## **注意：**标题\n\n正文**强调：**文字\n").document
        #expect(document.blocks[0].contentHTML == "<strong>注意：</strong>标题")
        let inlines = document.blocks[1].inlines
        #expect(inlines.map(\.kind) == [.text("正文"), .strong, .text("文字")])
        #expect(inlines[1].children.map(\.kind) == [.text("强调：")])
        #expect(document.literalEmphasis.isEmpty)
    }

    @Test("runs still literal that look meant are reported where they are in the source", arguments: [
        // (Markdown, expected positions as line and byte column)
        ("一行\n\n**只有开头 和 2 * 3\n", [SourcePosition(line: 3, column: 1)]),
        ("> 引用\n> 第二行 **没有结尾\n", [SourcePosition(line: 2, column: 13)]),
        ("第一行\\\n    **没有结尾\n", [SourcePosition(line: 2, column: 5)]),
        ("`code` 和 **没有结尾\n", [SourcePosition(line: 1, column: 12)]),
        ("**「引号」**a 和 2 * 3\n", []),
        ("snake_case 和 中文_变量_名\n", []),
        ("**注意：**不要在**主线程**之外\n", []),
    ])
    func literalRuns(markdown: String, expected: [SourcePosition]) {
        #expect(MarkdownParser().parse(markdown).document.literalEmphasis == expected)
    }

    @Test("140 KB of unmatched delimiters in a Chinese paragraph parse in linear time")
    func pathological() {
        let unit = "中*文_字**"
        let small = String(repeating: unit, count: 2_000), large = String(repeating: unit, count: 16_000)
        func seconds(_ text: String) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = MarkdownParser().parse(text)
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        _ = seconds(small)
        let ratio = seconds(large) / max(seconds(small), 1e-4)
        // Eight times the text: linear is about 8, quadratic about 64.
        #expect(ratio < 24, "8× the text took \(ratio)× the time")
        #expect(large.utf8.count > 140_000)
        // Such a paragraph is not prose: `check` hears about its first few runs only.
        #expect(MarkdownParser().parse(large).document.literalEmphasis.count == 10)
    }

    @Test("the rule's flags", arguments: [
        // (before, run, after, standard open/close, amended open/close)
        ("：", "**", "不", true, false, true, true),
        ("a", "**", "。", false, true, true, true),
        ("」", "**", "a", true, false, true, true),
        ("中", "_", "文", false, false, false, false),
        (" ", "**", "中", true, false, true, false),
    ] as [(String, String, String, Bool, Bool, Bool, Bool)])
    func flags(before: String, run: String, after: String, standardOpen: Bool, standardClose: Bool, open: Bool, close: Bool) {
        let r = CJKFriendlyEmphasis.Run(
            character: run.utf8.first!, length: run.utf8.count, before: before.unicodeScalars.first, after: after.unicodeScalars.first)
        #expect(r.standard == .init(canOpen: standardOpen, canClose: standardClose))
        #expect(r.amended == .init(canOpen: open, canClose: close))
    }
}

@Suite("Plain text of wrapped Chinese lines")
struct PlainTextLineTests {
    @Test("a line break is nothing between Chinese characters and a space elsewhere, in both kinds of detail", arguments: [
        ("我们需要\n**注意**这里", "我们需要注意这里"),
        ("第一行\n第二行\n===", "第一行第二行"),
        ("English\nwords", "English words"),
        ("中文\nEnglish", "中文 English"),
        ("句号。\nabc [链接](x)\n中文", "句号。abc 链接中文"),
        ("链接[中文](x)\n中文", "链接中文中文"),
    ])
    func plainText(markdown: String, expected: String) {
        #expect(MarkdownParser().parse(markdown).document.blocks[0].plainText == expected)
        #expect(MarkdownParser(inlineDetail: .plainTextAndLinks).parse(markdown).document.blocks[0].plainText == expected)
    }
}
