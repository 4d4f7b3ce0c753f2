import Testing
@testable import MarkdownSyntax

/// Emphasis next to Chinese text renders as the author meant (issue 18 item 5); English text renders as before.
@Suite("CJK-friendly emphasis")
struct CJKFriendlyEmphasisTests {
    static func html(_ markdown: String) -> String {
        MarkdownParser().parse(markdown).document.blocks.first?.html ?? ""
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
    ])
    func chinese(markdown: String, expected: String) {
        #expect(Self.html(markdown) == expected)
    }

    @Test("English, escaped and unpaired runs render exactly as CommonMark says", arguments: [
        ("**foo.**bar", "<p>**foo.**bar</p>\n"),
        ("a **b** c", "<p>a <strong>b</strong> c</p>\n"),
        ("2 * 3 * 4", "<p>2 * 3 * 4</p>\n"),
        ("\\*\\*修正：\\*\\*监听", "<p>**修正：**监听</p>\n"),
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

    @Test("runs still literal that look meant are reported with their position")
    func literalRuns() {
        let document = MarkdownParser().parse("一行\n\n**「引号」**a 和 2 * 3\n").document
        #expect(document.literalEmphasis.map(\.line) == [3, 3])
        #expect(document.literalEmphasis.map(\.column) == [1, 15])  // byte columns, as cmark counts
    }
}
