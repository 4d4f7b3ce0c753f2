@testable import TutorbuildSupport
import Testing

/// The one Swift lexer shared by the doc-test runner, the translation checks and script conversion.
@Suite("Swift lexing of snippets")
struct SwiftLexerTests {
    @Test("comments are stripped, strings with // are kept, lines stay in place")
    func stripping() {
        let code = """
            let url = "http://example.com" // the site
            /* a block
               comment */ let y = 1
            let raw = #"a " // not a comment"#
            """
        #expect(SwiftLexer.strippingComments(code) == """
            let url = "http://example.com"

             let y = 1
            let raw = #"a " // not a comment"#
            """)
    }

    @Test("stripping drops the spaces and tabs ending each line, and only those", arguments: [
        "let a = 1   \nlet b = 2\t \n", "a \t b", "x // c  \n  y  ", "tail   ", "\r\n  \r\n", "e\u{301} \nq \u{301}\n", "", "   ",
        "/* c */   \n\t\tindented()",
    ])
    func strippingTrimsLineEnds(_ code: String) {
        // What stripping was defined as before it worked on bytes: comments removed, then each line trimmed.
        let reference = SwiftLexer.removingComments(code).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix(while: { $0 == " " || $0 == "\t" }) }
            .joined(separator: "\n")
        #expect(SwiftLexer.strippingComments(code) == reference)
    }

    @Test("translated comments make no difference to the program")
    func twinsStripEqual() {
        let en = "// Show the field\nlet field = 1 // a field\nprint(\"// \\(field)\")"
        let zh = "// 显示文本框\nlet field = 1 // 文本框\nprint(\"// \\(field)\")"
        #expect(SwiftLexer.strippingComments(en) == SwiftLexer.strippingComments(zh))
    }

    @Test("comment ranges skip raw strings and strings inside interpolations, in UTF-8 bytes")
    func commentRanges() {
        let code = "let a = #\"a \" // no\"# // 注释\nlet b = \"\\(x ? \"//\" : \"\")\" /* 块 */"
        let bytes = Array(code.utf8)
        let comments = SwiftLexer.commentRanges(Array(code.utf8)).map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(comments == ["// 注释", "/* 块 */"])
    }

    @Test("comment ranges, which pass over bytes that cannot matter, are the full lexer's comment tokens", arguments: [
        "let a = b / c // half\nlet d = (e) / (f) /* g */",
        "let s = \"\"\"\n  // not a comment \\(x) \"quoted\"\n  \"\"\"\n// after",
        "print(\"\\(f(g(\"//\"), (h)))\") // 注释 ) (",
        "#if DEBUG // on\nlet r = ##\"a \"# // still\"## /* 嵌套 /* 注释 */ 结束 */\n#endif",
        "let `class` = 1 // c\nlet 名字 = \"键\" + `default` /* x */",
        "no comment at all (just parens) and \"strings\"",
        "// only\n//\n/**/",
        "let r = #/ a/* /# // c\nlet q = /a*b/ /* d */ + x / y // e",
        "let s = ##\"a\"#\"## // f\nlet t = #/\n  a // b\n  /# /* g */",
    ])
    func commentsOnlyMatchesTokens(code: String) {
        let fromTokens = SwiftLexer.tokens(code).filter { $0.kind == .comment }.map { $0.start..<$0.end }
        #expect(SwiftLexer.commentRanges(Array(code.utf8)) == fromTokens)
    }

    @Test("tokens keep scalar columns and UTF-8 offsets after Chinese text, and interpolations stay inside their string")
    func positions() {
        let code = "let 名字 = \"键\\(a + \"盘\")\" ; x"
        let tokens = SwiftLexer.tokens(code)
        #expect(tokens.map(\.text) == ["let", "名字", "=", "\"键\\(a + \"盘\")\"", ";", "x"])
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .punctuation, .string, .punctuation, .identifier])
        #expect(tokens.map(\.column) == [0, 4, 7, 9, 23, 25])
        let bytes = Array(code.utf8)
        #expect(tokens.allSatisfy { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) == $0.text })
    }

    @Test("lines advance inside multi-line strings and block comments")
    func lines() {
        let code = "let s = \"\"\"\n  a\n  \"\"\"\n/* one\ntwo */ f()"
        let tokens = SwiftLexer.tokens(code)
        #expect(tokens.first { $0.text == "f" }?.line == 4)
        #expect(tokens.first { $0.text == "f" }?.column == 7)
    }

    @Test("columns on a long line of many tokens are the scalar offsets, after Chinese text too")
    func longLine() {
        let code = "let 长 = " + String(repeating: "a+b+", count: 2_000) + "c"
        let tokens = SwiftLexer.tokens(code)
        let scalars = Array(code.unicodeScalars)
        #expect(tokens.count == 4 + 2_000 * 4)
        #expect(tokens.allSatisfy { String(String.UnicodeScalarView(scalars[$0.column..<($0.column + $0.text.unicodeScalars.count)])) == $0.text })
    }

    @Test("numbers are one token each: decimal with fraction and exponent, hexadecimal, with separators", arguments: [
        ("1.5e-3", ["1.5e-3"]), ("0x1F_FF", ["0x1F_FF"]), ("1_000.25", ["1_000.25"]), ("0b1010", ["0b1010"]),
        ("a1 + 2", ["2"]), ("x.0", ["0"]), ("1.max", ["1"]),
    ])
    func numbers(code: String, numbers: [String]) {
        #expect(SwiftLexer.tokens(code).filter { $0.kind == .number }.map(\.text) == numbers)
    }

    @Test("letters of any script and emoji continue a name; an attribute is @ and a name")
    func names() {
        let tokens = SwiftLexer.tokens("let 名字🎉 = A🎉 @objc @1x")
        #expect(tokens.map(\.text) == ["let", "名字🎉", "=", "A🎉", "@objc", "@1x"])
        #expect(tokens.map(\.kind) == [.identifier, .identifier, .punctuation, .identifier, .attribute, .attribute])
    }

    @Test("an escaped quote in a raw string does not end it")
    func rawEscape() {
        let tokens = SwiftLexer.tokens(##"let s = #"a\#"#"# + c"##)
        #expect(tokens.map(\.text) == ["let", "s", "=", ##"#"a\#"#"#"##, "+", "c"])
    }

    @Test("expanded for highlighting, a string splits around its interpolations and the code inside is tokens")
    func expandedInterpolations() {
        let code = #"f("a\(x + "b\(y)") c") // d"#
        let bytes = Array(code.utf8)
        let spans = SwiftLexer.spansExpandingInterpolations(bytes)
        let texts = spans.map { String(decoding: bytes[$0.start..<$0.end], as: UTF8.self) }
        #expect(texts == ["f", "(", "\"a", #"\("#, "x", "+", "\"b", #"\("#, "y", ")", "\"", ")", " c\"", ")", "// d"])
        #expect(spans.map(\.kind) == [
            .identifier, .punctuation, .string, .interpolation, .identifier, .other, .string, .interpolation, .identifier,
            .interpolation, .string, .interpolation, .string, .punctuation, .comment,
        ])
        // Without expanding, the literal is one token, as the checks and the runner read it.
        #expect(SwiftLexer.tokens(code).map(\.kind) == [.identifier, .punctuation, .string, .punctuation, .comment])
    }

    @Test("comments are found past every kind of Swift literal, and only outside them", arguments: [
        // Issue 30 #5: two regex literals whose text looks like a block comment's start and end.
        ("let r = #/ a/* /#\nfatalError()\nlet s = #/ a*/b /#", []),
        ("let r = ##/ a/# \"/* /## // c", ["// c"]),
        ("let r = #/\n  a // b \"\n  /#\n// c", ["// c"]),
        ("let r = /a*/ // c\nlet n = a / b // d", ["// c", "// d"]),
        ("print(total / count, \"//\") // c", ["// c"]),
        ("n /= 2 /* c */; f(/,/) // d", ["/* c */", "// d"]),
        ("let s = #\"a \" // \"# // c", ["// c"]),
        ("let s = ##\"a\"#\"## /* c */", ["/* c */"]),
        ("let s = #\"\\#(x) // \"# // c", ["// c"]),
        ("let s = \"\"\"\n// not\n\"\"\"\n// yes", ["// yes"]),
        ("let s = #\"\"\"\n\"# // not\n\"\"\"# // yes", ["// yes"]),
        // `#"""a"#` is one line (`""a`), not the start of a multi-line literal.
        ("let s = #\"\"\"a\"# // c", ["// c"]),
        ("let s = \"\\( \"a\" + \"\\( x )\" ) // no\" // yes", ["// yes"]),
        ("let s = \"\\(f(\"(\") /* kept inside */)\" /* c */", ["/* c */"]),
        ("/* /* nested */ still */ x // c", ["/* /* nested */ still */", "// c"]),
        // A carriage return ends a line comment, as in the compiler.
        ("// c\rfatalError()", ["// c"]),
        ("let `a b` = 1 // c", ["// c"]),
        ("let y = a/b // c", ["// c"]),
    ])
    func commentsPastLiterals(code: String, comments: [String]) {
        let bytes = Array(code.utf8)
        #expect(SwiftLexer.commentRanges(bytes).map { String(decoding: bytes[$0], as: UTF8.self) } == comments)
    }

    @Test("where Swift may read the code otherwise than the lexer, it reports no comment and stripping changes nothing", arguments: [
        // A bare regex literal in Swift 6, a division in Swift 5: the quote starts a string in one only.
        "let r = /\"(.*)\"/ // c",
        "x = /a /* c */ b/",
        "let v = a/*never closed",
        "let s = \"never closed // c",
        "let s = \"\\( x // c\n)\" // d",
        "let r = #/never closed // c",
        "let s = #\"a\"## // c",
        "let r = #/a/## // c",
        "let r = #/\n  a\n  b/# // c",
        "let s = \"\"\"a\n\"\"\" // c",
        "let c = 'a' // c",
        "let p = <#placeholder#> // c",
        "let y = `a \\ b` // c",
        // A raw identifier the compiler rejects is punctuation and code: `//` in it would start a comment.
        "let `a // b` = 1 // c",
        "let y = `a b` + `c` // d",
        "let q = “ // ” // c",
        "x = 1 */ 2 // c",
        // The compiler hangs on these (swiftc 6.3): a regex literal or raw identifier crossing an interpolation's end.
        "let s = \"\\( #/a)/# )\" // c",
        "let s = \"\\( `a)` )\" // c",
    ])
    func unsure(code: String) {
        #expect(SwiftLexer.commentRanges(Array(code.utf8)).isEmpty)
        #expect(SwiftLexer.commentLayout(Array(code.utf8)) == nil)
        #expect(SwiftLexer.strippingComments(code) == code)
    }

    @Test("a comment between two tokens on one line leaves a space, as it kept them apart", arguments: [
        ("a/**/b", "a b"), ("a /**/b", "a b"), ("let x = 1/* one */2", "let x = 1 2"), ("a/*x*/-b", "a -b"),
        ("a/**//**/b", "a b"), ("x/* one\ntwo */y", "x\ny"), ("f(/* c */)", "f( )"), ("/* c */x", "x"),
    ])
    func separatingComment(code: String, stripped: String) {
        #expect(SwiftLexer.strippingComments(code) == stripped)
    }

    @Test("spaces ending a line inside a multi-line literal are its text, and stay")
    func multilineLiteralSpaces() {
        let code = "let s = \"\"\"\n  a  \n\t\n  \"\"\"  // c\nlet r = #/\n  a \n  /#\t\n"
        #expect(SwiftLexer.strippingComments(code) == "let s = \"\"\"\n  a  \n\t\n  \"\"\"\nlet r = #/\n  a \n  /#\n")
        let bytes = Array(code.utf8)
        let literals = SwiftLexer.commentLayout(bytes)?.multilineLiterals.map { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(literals == ["\"\"\"\n  a  \n\t\n  \"\"\"", "#/\n  a \n  /#"])
    }

    @Test("regex literals are string tokens: extended ones always, a bare one where Swift 6 lexes one", arguments: [
        ("let r = #/a b/# + x", ["#/a b/#"]),
        ("let r = ##/a/#b/## + x", ["##/a/#b/##"]),
        ("f(/a+/, /[0-9]/)", ["/a+/", "/[0-9]/"]),
        ("let q = a / b / c", []),
        ("let q = a/b/c", []),
        ("let q = /a b /", []),
        ("let q = /a)/", []),
    ])
    func regexTokens(code: String, regexes: [String]) {
        #expect(SwiftLexer.tokens(code).filter { $0.kind == .string }.map(\.text) == regexes)
    }

    @Test("a backtick without a closing one on its line is punctuation, and the code after it is lexed")
    func loneBacktick() {
        let tokens = SwiftLexer.tokens("` \"a\" // c")
        #expect(tokens.map(\.kind) == [.punctuation, .string, .comment])
    }
}
