/// Just enough Swift lexing for lessons: comments, strings (plain, multi-line, raw, interpolated) and brackets.
///
/// The doc-test runner splits snippets into top-level items and finds type bodies with it; the
/// translation checks and script conversion use it to tell comments from code.
public struct SwiftLexer {
    public struct Token: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case identifier
            case punctuation
            case string
            case comment
            case attribute
            case other
        }

        public var kind: Kind
        public var text: String
        /// 0-based line in the code.
        public var line: Int
        /// 0-based offset of the first scalar on its line.
        public var column: Int
        /// Scalar offsets in the code, half-open.
        public var start: Int
        public var end: Int
    }

    private let s: [Unicode.Scalar]
    private var i = 0
    private var line = 0
    private var lineStart = 0
    private(set) var tokens: [Token] = []

    public static func tokens(_ code: String) -> [Token] {
        var lexer = SwiftLexer(code)
        lexer.run(stopAtUnbalancedParen: false)
        return lexer.tokens
    }

    private init(_ code: String) {
        s = Array(code.unicodeScalars)
    }

    private func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < s.count && s[k] == c }

    private mutating func advance() {
        if s[i] == "\n" {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int, line startLine: Int, column: Int) {
        tokens.append(Token(
            kind: kind, text: String(String.UnicodeScalarView(s[start..<i])), line: startLine, column: column,
            start: start, end: i))
    }

    private static func isIdentifierHead(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    private static func isIdentifierBody(_ c: Unicode.Scalar) -> Bool {
        isIdentifierHead(c) || ("0"..."9").contains(c) || c.properties.generalCategory == .nonspacingMark
    }

    /// Lexes until the end, or (inside an interpolation) until the `)` that closes it.
    private mutating func run(stopAtUnbalancedParen: Bool) {
        var parens = 0
        while i < s.count {
            let c = s[i]
            let start = i, startLine = line, column = i - lineStart
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                advance()
                continue
            }
            if c == "/", at(i + 1, "/") {
                while i < s.count, s[i] != "\n" { advance() }
                emit(.comment, from: start, line: startLine, column: column)
                continue
            }
            if c == "/", at(i + 1, "*") {
                var depth = 0
                while i < s.count {
                    if at(i, "/"), at(i + 1, "*") { depth += 1; advance(); advance(); continue }
                    if at(i, "*"), at(i + 1, "/") {
                        depth -= 1; advance(); advance()
                        if depth == 0 { break }
                        continue
                    }
                    advance()
                }
                emit(.comment, from: start, line: startLine, column: column)
                continue
            }
            if c == "\"" || (c == "#" && stringStartsAfterHashes(i)) {
                lexString()
                emit(.string, from: start, line: startLine, column: column)
                continue
            }
            if c == "@", i + 1 < s.count, Self.isIdentifierHead(s[i + 1]) {
                advance()
                while i < s.count, Self.isIdentifierBody(s[i]) { advance() }
                emit(.attribute, from: start, line: startLine, column: column)
                continue
            }
            if Self.isIdentifierHead(c) || c == "`" || c == "$" {
                if c == "`" {
                    advance()
                    while i < s.count, s[i] != "`", s[i] != "\n" { advance() }
                    if i < s.count, s[i] == "`" { advance() }
                } else {
                    advance()
                    while i < s.count, Self.isIdentifierBody(s[i]) { advance() }
                }
                emit(.identifier, from: start, line: startLine, column: column)
                continue
            }
            if "{}()[],:;.=<>".unicodeScalars.contains(c) {
                if stopAtUnbalancedParen {
                    if c == "(" { parens += 1 }
                    if c == ")" {
                        if parens == 0 { return }
                        parens -= 1
                    }
                }
                advance()
                emit(.punctuation, from: start, line: startLine, column: column)
                continue
            }
            advance()
            emit(.other, from: start, line: startLine, column: column)
        }
    }

    private func stringStartsAfterHashes(_ k: Int) -> Bool {
        var j = k
        while j < s.count, s[j] == "#" { j += 1 }
        return j < s.count && s[j] == "\""
    }

    /// Lexes a string literal (plain, multi-line or raw), including interpolations.
    private mutating func lexString() {
        var hashes = 0
        while at(i, "#") { hashes += 1; advance() }
        let multiline = at(i, "\"") && at(i + 1, "\"") && at(i + 2, "\"")
        for _ in 0..<(multiline ? 3 : 1) { advance() }
        func closesHere(_ lexer: SwiftLexer) -> Bool {
            var j = lexer.i
            for _ in 0..<(multiline ? 3 : 1) {
                guard lexer.at(j, "\"") else { return false }
                j += 1
            }
            for _ in 0..<hashes {
                guard lexer.at(j, "#") else { return false }
                j += 1
            }
            return true
        }
        while i < s.count {
            if s[i] == "\\" {
                var j = i + 1
                var n = 0
                while at(j, "#"), n < hashes { j += 1; n += 1 }
                if n == hashes {
                    if at(j, "(") {
                        while i <= j { advance() }
                        // An interpolation: lex code up to its closing parenthesis.
                        var inner = SwiftLexer(String(String.UnicodeScalarView(s[i...])))
                        inner.run(stopAtUnbalancedParen: true)
                        let consumed = inner.i
                        let target = i + consumed
                        while i < target, i < s.count { advance() }
                        if at(i, ")") { advance() }
                        continue
                    }
                    if hashes == 0 {
                        advance()
                        if i < s.count { advance() }
                        continue
                    }
                }
            }
            if !multiline, s[i] == "\n" { return }
            if s[i] == "\"", closesHere(self) {
                for _ in 0..<((multiline ? 3 : 1) + hashes) { advance() }
                return
            }
            advance()
        }
    }
}

extension SwiftLexer {
    /// The code without comments; newlines inside comments are kept so lines stay where they were.
    public static func strippingComments(_ code: String) -> String {
        let scalars = Array(code.unicodeScalars)
        var out = String.UnicodeScalarView()
        var k = 0
        for token in tokens(code) where token.kind == .comment {
            out.append(contentsOf: scalars[k..<token.start])
            for c in scalars[token.start..<token.end] where c == "\n" { out.append(c) }
            k = token.end
        }
        out.append(contentsOf: scalars[k...])
        // Trailing spaces left where a comment ended a line do not count.
        return String(out).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix(while: { $0 == " " || $0 == "\t" }) }
            .joined(separator: "\n")
    }
}
