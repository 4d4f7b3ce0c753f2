import Testing
@testable import SiteBuilder

@Suite("Swift syntax highlighting")
struct HighlighterTests {
    typealias K = SwiftToken.Kind

    /// Non-plain tokens of `source`, as (kind, text).
    static func marked(_ source: String) -> [String] {
        SwiftHighlighter.tokens(source).filter { $0.kind != .plain }.map { "\($0.kind.rawValue):\($0.text)" }
    }

    @Test("token kinds", arguments: [
        ("let x = 1", ["keyword:let", "number:1"]),
        ("var field: UITextField?", ["keyword:var", "type:UITextField"]),
        ("func f() async throws -> Int", ["keyword:func", "keyword:async", "keyword:throws", "type:Int"]),
        ("// a comment with \"quotes\"", ["comment:// a comment with \"quotes\""]),
        ("/* outer /* nested */ still */ x", ["comment:/* outer /* nested */ still */"]),
        ("@MainActor final class A {}", ["attribute:@MainActor", "keyword:final", "keyword:class", "type:A"]),
        ("#if DEBUG\n#endif", ["directive:#if", "type:DEBUG", "directive:#endif"]),
        ("#sourceLocation(file: \"a.md\", line: 3)", ["directive:#sourceLocation", "string:\"a.md\"", "number:3"]),
        ("0x1F + 1_000 + 3.14e-2 + 0b101", ["number:0x1F", "number:1_000", "number:3.14e-2", "number:0b101"]),
        ("\"a\\\"b\"", ["string:\"a\\\"b\""]),
        ("\"x \\(y + 1) z\"", ["string:\"x ", "interpolation:\\(", "number:1", "interpolation:)", "string: z\""]),
        ("\"\\(f(\"in\"))\"", ["string:\"", "interpolation:\\(", "string:\"in\"", "interpolation:)", "string:\""]),
        ("#\"raw \\(not) \"quoted\"\"#", ["string:#\"raw \\(not) \"quoted\"\"#"]),
        ("#\"raw \\#(yes)\"#", ["string:#\"raw ", "interpolation:\\#(", "interpolation:)", "string:\"#"]),
        ("\"\"\"\nline \"one\"\n\"\"\" + x", ["string:\"\"\"\nline \"one\"\n\"\"\""]),
        ("view.self.default", ["keyword:self"]),
        ("`default` = 1", ["number:1"]),
        ("$0.count", []),
        ("\"unterminated\nlet", ["string:\"unterminated", "keyword:let"]),
        ("键盘 = \"键盘\"", ["string:\"键盘\""]),
    ])
    func kinds(source: String, expected: [String]) {
        #expect(Self.marked(source) == expected)
    }

    @Test("tokens give back the source exactly", arguments: [
        "let s = \"\"\"\n  \\(a) \"\"\" ", "/* unclosed", "\"\\(", "#", "@", "0x", "1e", "a.b.c", "#\"\"\"\nx\n\"\"\"#", "\u{1F600} + é",
    ])
    func roundTrip(source: String) {
        #expect(SwiftHighlighter.tokens(source).map(\.text).joined() == source)
    }

    @Test("highlighted HTML escapes everything")
    func escapes() {
        let html = SwiftHighlighter.html("let a = \"<script>\" // </code> & more")
        #expect(html == "<span class=\"k\">let</span> a = <span class=\"s\">\"&lt;script&gt;\"</span> <span class=\"c\">// &lt;/code&gt; &amp; more</span>")
    }
}
