import Testing
@testable import SiteBuilder
import TutorbuildSupport

/// The byte-buffer writer and its fast paths: highlighted spans, line joining, byte search.
@Suite("HTML writer fast paths")
struct HTMLWriterTests {
    @Test("attributes: nil left out, empty boolean ones bare, values escaped")
    func attributes() {
        var w = HTMLWriter()
        w.element("form", [("class", "a&b"), ("hidden", ""), ("title", nil), ("data-x", "\"'<")], text: "t<")
        Array("a<&".utf8).withUnsafeBufferPointer { w.span(openTag: SwiftToken.Kind.keyword.openTag!, text: $0) }
        #expect(w.output == "<form class=\"a&amp;b\" hidden data-x=\"&quot;&#39;&lt;\">t&lt;</form><span class=\"k\">a&lt;&amp;</span>")
    }

    @Test("each token kind but plain has a span of its own class")
    func openTags() {
        let tags = SwiftToken.Kind.allCases.compactMap { $0.openTag?.description }
        #expect(tags.count == SwiftToken.Kind.allCases.count - 1)
        #expect(SwiftToken.Kind.plain.openTag == nil)
        #expect(Set(tags).count == tags.count)
        #expect(tags.allSatisfy { $0.hasPrefix("<span class=\"") && $0.hasSuffix("\">") })
    }

    /// The highlighted HTML as it was built before: one escaped String per token.
    static func tokenByTokenHTML(_ source: String) -> String {
        SwiftHighlighter.tokens(source).map { token in
            let text = XMLEscaping.escaped(token.text, in: .text)
            return token.kind.openTag.map { "\($0)" + text + "</span>" } ?? text
        }.joined()
    }

    @Test("highlighted HTML from byte ranges equals token-by-token HTML", arguments: [
        "let a = \"<script>\" // </code> & more",
        "let 键盘 = \"键盘\\é\" + é1é + 0xé + `é` + @é + $é + #é",
        "\"\\é", "\"x \\(f(\"in\")) y\"", "#\"raw \\#(yes) \"#", "/* é /* é */ */ é", "\u{1F600} + é\n\"\"\"\né\n\"\"\"",
        "view.self.default.init(x: Self.y) as? UITextField", "1.5e-3é", "",
    ])
    func highlightedHTML(source: String) {
        #expect(SwiftHighlighter.html(source) == Self.tokenByTokenHTML(source))
    }

    @Test("keywords are found by their bytes", arguments: SwiftHighlighter.keywords.sorted())
    func keywordBytes(keyword: String) {
        #expect(Self.isKeyword(keyword))
        #expect(!Self.isKeyword(keyword + "x"))
    }

    @Test("near misses are not keywords", arguments: [
        "", "l", "Let", "fun", "precedencegrou", "precedencegroupx", "a_very_long_identifier_name", "in1",
    ])
    func keywordNearMisses(word: String) {
        #expect(!Self.isKeyword(word))
    }

    static func isKeyword(_ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { SwiftHighlighter.isKeyword($0[...]) }
    }

    @Test("byte search in Strings and Substrings", arguments: [
        ("a href=\"../x\"", true), ("href=\"..", false), ("", false), ("键盘href=\"../", true),
        ("hhref=\"../", true), ("href=\"./ href=\"../", true), ("href=\"..href=\"..", false), ("href=\"../", true),
    ])
    func containsBytes(text: String, expected: Bool) {
        #expect(text.containsBytes("href=\"../") == expected)
        #expect(("<" + text + ">").dropFirst().dropLast().containsBytes("href=\"../") == expected)
    }

    @Test("line joining leaves text without droppable newlines as it is", arguments: [
        ("", ""), ("\n", "\n"), ("键\n", "键\n"), ("\n键", "\n键"), ("键\n盘\n通\n知", "键盘通知"),
        ("a\nb\n键\n盘", "a\nb\n键盘"), ("é\n键", "é\n键"), ("。\na", "。a"), ("a\n，", "a，"), ("🎉\n键", "🎉\n键"),
    ])
    func joinLines(input: String, expected: String) {
        #expect(CJKLineBreaks.join(input) == expected)
    }

    /// Line joining as a scalar-by-scalar reading of the rule, to check the byte scan that writes into the page:
    /// the scalars beside a newline are the nearest ones outside tags.
    static func scalarJoin(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (k, s) in scalars.enumerated() {
            if s == "\n", k > 0, k + 1 < scalars.count {
                var b = k - 1
                while b > 0, scalars[b] == ">", let open = scalars[..<b].lastIndex(of: "<") { b = open - 1 }
                var a = k + 1
                while a < scalars.count - 1, scalars[a] == "<", let close = scalars[a...].firstIndex(of: ">") { a = close + 1 }
                if b >= 0, a < scalars.count, scalars[b] != ">", scalars[a] != "<", CJKText.joinsLines(scalars[b], scalars[a]) { continue }
            }
            out.append(s)
        }
        return String(out)
    }

    @Test("prose written into the page joins lines like the scalar rule", arguments: [
        "", "\n", "\n\n", "键\n\n盘", "<p>键盘\n通知</p>\n", "<p>中文，\n2 继续。中文\n中文 <code>x</code>\n中文</p>\n",
        "<p>😀\n键\n😀</p>", "<p>「引号」\n（括号）\nASCII\n中文</p>", "键\r\n盘", "全角空格\u{3000}\n中文",
        "<p><a href=\"../keyboard/index.html\">键盘</a>\n中文</p>\n", "<p>中文<code>a\nb</code>\n中文</p>", "é\nè\n键\n\u{20000}",
        "<li>列表，\n继续</li>\n<li>item\n中文</li>", "a\n", "\n键",
        "<p>我们需要\n<strong>注意</strong>这里。</p>", "<p><a href=\"x\">链接</a>\n<em>中文</em></p>", "<p>中文<br />\n中文</p>",
        "<p>English <strong>bold</strong>\n中文</p>", "<p>中<code>a</code>\n<code>b</code>文</p>", "<p>中\n<", "<p>中>\n文</p>",
    ])
    func proseBytes(html: String) {
        var writer = HTMLWriter()
        writer.trustedMarkup("<x>")
        writer.trustedProse(html)
        #expect(writer.output == "<x>" + Self.scalarJoin(html))
        #expect(CJKLineBreaks.join(html) == Self.scalarJoin(html))
    }
}
