@testable import LessonModel
import Testing

@Suite("Snippet code compared comments aside")
struct SwiftCommentsTests {
    @Test("normalized drops comments, trailing blanks and blank lines", arguments: [
        ("let a = 1  \n\n// note\nlet b = 2\t\n", "let a = 1\nlet b = 2"),
        ("let s = \"// not a comment\" /* gone */\n", "let s = \"// not a comment\""),
        ("print(\"键盘\")  // 注释\n\n", "print(\"键盘\")"),
        ("let 名字 = \"键盘\" \t\n\n  \nprint(名字)  ", "let 名字 = \"键盘\"\nprint(名字)"),
        // "\r\n" is one Character, so CRLF text is not split at it (the byte fast path must not change that).
        ("a \r\nb  \n", "a \r\nb"),
        ("a\r\n \r\n", "a\r\n \r\n"),
        // Inside a multi-line literal, blank lines and trailing spaces are the string's text.
        ("let s = \"\"\"\n  a  \n\n  \"\"\"  \n\nprint(s) // c", "let s = \"\"\"\n  a  \n\n  \"\"\"\nprint(s)"),
        // Where the lexer is unsure of the comments they stay (this regex literal holds a quote in Swift 6).
        ("let r = /\"a\"/ // c\n", "let r = /\"a\"/ // c"),
    ])
    func normalized(code: String, expected: String) {
        #expect(SwiftComments.normalized(code) == expected)
    }
}
