/// Just enough Swift lexing for lessons: comments, strings (plain, multi-line, raw, interpolated), numbers,
/// attributes, identifiers and brackets.
///
/// The doc-test runner splits snippets into top-level items and finds type bodies with it; the
/// translation checks and script conversion use it to tell comments from code; the site's highlighter
/// colours its tokens. It reads UTF-8 bytes: every delimiter it looks for is ASCII, and the checks run it
/// over every snippet of every build. Every byte from 0x80 up belongs to an identifier, as Swift allows
/// letters of any script (and emoji) in names; the rare operator characters beyond ASCII are not told apart.
public struct SwiftLexer {
    public struct Token: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case identifier
            case punctuation
            case string
            case comment
            case attribute
            /// Decimal, hexadecimal, octal or binary, with `_` separators, fractions and exponents.
            case number
            /// The `\(` and `)` around an interpolated expression; only from `spansExpandingInterpolations(_:)`,
            /// elsewhere a string literal is one token, interpolations and all.
            case interpolation
            case other
        }

        public var kind: Kind
        public var text: String
        /// 0-based line in the code.
        public var line: Int
        /// 0-based offset of the first scalar on its line, in Unicode scalars.
        public var column: Int
        /// UTF-8 byte offsets in the code, half-open.
        public var start: Int
        public var end: Int
    }

    /// A token before its text and column are made, which most callers never need.
    package struct Span {
        package var kind: Token.Kind
        package var start: Int
        package var end: Int
        var line: Int
        var lineStart: Int
    }

    private let s: [UInt8]
    private var i = 0
    private var line = 0
    private var lineStart = 0
    /// Above zero inside an interpolation, whose tokens belong to the enclosing string.
    private var nesting = 0
    /// Keep only comments (`commentRanges`), so the other tokens are not even recorded.
    private let commentsOnly: Bool
    /// Split string literals around their interpolations and keep the tokens inside them (for highlighting).
    private var expandInterpolations = false
    private(set) var spans: [Span] = []

    public static func tokens(_ code: String) -> [Token] {
        let bytes = Array(code.utf8)
        var lexer = SwiftLexer(bytes, commentsOnly: false)
        lexer.run(stopAtUnbalancedParen: false)
        // Spans come in order, so each column is counted on from the previous span on the same line
        // (counting from the line start every time is quadratic on a long line).
        var counted = (lineStart: -1, byte: 0, column: 0)
        return lexer.spans.map { span in
            if counted.lineStart != span.lineStart { counted = (span.lineStart, span.lineStart, 0) }
            for k in counted.byte..<span.start where bytes[k] & 0xC0 != 0x80 { counted.column += 1 }
            counted.byte = span.start
            return Token(
                kind: span.kind, text: String(decoding: bytes[span.start..<span.end], as: UTF8.self),
                line: span.line, column: counted.column, start: span.start, end: span.end)
        }
    }

    /// Every token of `bytes` as a byte range, in order, with each string literal split around its
    /// interpolations: `\(` and `)` are `.interpolation` tokens and the code between them is lexed as any
    /// other. The bytes between tokens are whitespace.
    package static func spansExpandingInterpolations(_ bytes: [UInt8]) -> [Span] {
        var lexer = SwiftLexer(bytes, commentsOnly: false)
        lexer.expandInterpolations = true
        lexer.run(stopAtUnbalancedParen: false)
        return lexer.spans
    }

    /// UTF-8 byte ranges of the comments in `bytes`, without making a token of anything else.
    package static func commentRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var lexer = SwiftLexer(bytes, commentsOnly: true)
        lexer.run(stopAtUnbalancedParen: false)
        return lexer.spans.map { $0.start..<$0.end }
    }

    private init(_ bytes: [UInt8], commentsOnly: Bool) {
        s = bytes
        self.commentsOnly = commentsOnly
    }

    private func at(_ k: Int, _ c: UInt8) -> Bool { k < s.count && s[k] == c }

    private mutating func advance() {
        if s[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int, line startLine: Int, lineStart startOfLine: Int) {
        // A flag, not a closure: this runs for every token of every snippet the checks compare.
        guard nesting == 0, !commentsOnly || kind == .comment else { return }
        spans.append(Span(kind: kind, start: start, end: i, line: startLine, lineStart: startOfLine))
    }

    /// Whether `b` can start an identifier: a letter, `_`, or any byte of a scalar beyond ASCII.
    package static func isIdentifierHead(_ b: UInt8) -> Bool {
        b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x80
    }

    /// Whether `b` can continue an identifier: a head byte or a digit.
    package static func isIdentifierBody(_ b: UInt8) -> Bool {
        isIdentifierHead(b) || isDigit(b)
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x66
    }

    /// Whether an identifier head starts at `k`.
    private func identifierHead(at k: Int) -> Bool { k < s.count && Self.isIdentifierHead(s[k]) }

    /// Moves past the identifier bytes from `i` on.
    private mutating func skipIdentifierBody() {
        while i < s.count, Self.isIdentifierBody(s[i]) { i += 1 }
    }

    private mutating func skip(_ count: Int) {
        for _ in 0..<count { advance() }
    }

    /// One of `{}()[],:;.=<>`; a switch, where a Set hashed every byte it was asked about.
    private static func isPunctuation(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: "="), UInt8(ascii: "<"),
             UInt8(ascii: ">"):
            true
        default:
            false
        }
    }

    /// Whether a byte can begin a comment, a string (`"`, or `#` of a raw one), change the nesting of an
    /// interpolation, or end a line: the only bytes `commentRanges(_:)` needs to look at.
    @inline(__always)
    private static func mattersForComments(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "/") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "#") || c == UInt8(ascii: "(")
            || c == UInt8(ascii: ")") || c == 0x0A
    }

    /// Lexes until the end, or (inside an interpolation) until the `)` that closes it.
    private mutating func run(stopAtUnbalancedParen: Bool) {
        var parens = 0
        while i < s.count {
            if commentsOnly {
                // Only comments are asked for: bytes that cannot start a comment, a string or an interpolation's
                // end (nor a line) are passed over here instead of being lexed into tokens no one keeps.
                while i < s.count, !Self.mattersForComments(s[i]) { i += 1 }
                guard i < s.count else { break }
            }
            let c = s[i]
            let start = i, startLine = line, startOfLine = lineStart
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                advance()
                continue
            }
            if c == UInt8(ascii: "/"), at(i + 1, UInt8(ascii: "/")) {
                while i < s.count, s[i] != 0x0A { i += 1 }
                emit(.comment, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "/"), at(i + 1, UInt8(ascii: "*")) {
                var depth = 0
                while i < s.count {
                    if at(i, UInt8(ascii: "/")), at(i + 1, UInt8(ascii: "*")) { depth += 1; skip(2); continue }
                    if at(i, UInt8(ascii: "*")), at(i + 1, UInt8(ascii: "/")) {
                        depth -= 1; skip(2)
                        if depth == 0 { break }
                        continue
                    }
                    advance()
                }
                emit(.comment, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "#") && stringStartsAfterHashes(i)) {
                lexString()
                continue
            }
            if c == UInt8(ascii: "@"), i + 1 < s.count, Self.isIdentifierBody(s[i + 1]) {
                i += 1
                skipIdentifierBody()
                emit(.attribute, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if Self.isDigit(c) {
                lexNumber()
                emit(.number, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "`") {
                i += 1
                while i < s.count, s[i] != UInt8(ascii: "`"), s[i] != 0x0A { i += 1 }
                if at(i, UInt8(ascii: "`")) { i += 1 }
                emit(.identifier, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "$") || identifierHead(at: i) {
                i += 1
                skipIdentifierBody()
                emit(.identifier, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if Self.isPunctuation(c) {
                if stopAtUnbalancedParen {
                    if c == UInt8(ascii: "(") { parens += 1 }
                    if c == UInt8(ascii: ")") {
                        if parens == 0 { return }
                        parens -= 1
                    }
                }
                i += 1
                emit(.punctuation, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            // One byte of anything else: an operator character (every byte beyond ASCII is an identifier's).
            i += 1
            emit(.other, from: start, line: startLine, lineStart: startOfLine)
        }
    }

    private func stringStartsAfterHashes(_ k: Int) -> Bool {
        var j = k
        while j < s.count, s[j] == UInt8(ascii: "#") { j += 1 }
        return at(j, UInt8(ascii: "\""))
    }

    /// A number from `i`: decimal, hexadecimal, octal or binary, with `_` separators, fractions and exponents.
    private mutating func lexNumber() {
        if s[i] == UInt8(ascii: "0"), i + 1 < s.count, s[i + 1] == UInt8(ascii: "x") || s[i + 1] == UInt8(ascii: "b") || s[i + 1] == UInt8(ascii: "o") {
            i += 2
            while i < s.count, Self.isIdentifierBody(s[i]) || (s[i] == UInt8(ascii: ".") && i + 1 < s.count && Self.isHexDigit(s[i + 1])) { i += 1 }
            return
        }
        skipDigits()
        if at(i, UInt8(ascii: ".")), i + 1 < s.count, Self.isDigit(s[i + 1]) {
            i += 1
            skipDigits()
        }
        if at(i, UInt8(ascii: "e")) || at(i, UInt8(ascii: "E")) {
            let sign = at(i + 1, UInt8(ascii: "+")) || at(i + 1, UInt8(ascii: "-")) ? 1 : 0
            if i + 1 + sign < s.count, Self.isDigit(s[i + 1 + sign]) {
                i += 1 + sign
                skipDigits()
            }
        }
    }

    private mutating func skipDigits() {
        while i < s.count, Self.isDigit(s[i]) || s[i] == UInt8(ascii: "_") { i += 1 }
    }

    /// Lexes a string literal (plain, multi-line or raw), including interpolations, and emits it: one
    /// `.string` token, or (expanding interpolations) its pieces around `.interpolation` tokens and the
    /// tokens of the code inside.
    private mutating func lexString() {
        var piece = (start: i, line: line, lineStart: lineStart)
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#")
        var hashes = 0
        while at(i, hash) { hashes += 1; i += 1 }
        let multiline = at(i, quote) && at(i + 1, quote) && at(i + 2, quote)
        let quotes = multiline ? 3 : 1
        i += quotes
        func closesHere(_ lexer: SwiftLexer) -> Bool {
            var j = lexer.i
            for _ in 0..<quotes {
                guard lexer.at(j, quote) else { return false }
                j += 1
            }
            for _ in 0..<hashes {
                guard lexer.at(j, hash) else { return false }
                j += 1
            }
            return true
        }
        while i < s.count {
            if s[i] == UInt8(ascii: "\\") {
                var j = i + 1
                var n = 0
                while at(j, hash), n < hashes { j += 1; n += 1 }
                if n == hashes {
                    if at(j, UInt8(ascii: "(")) {
                        guard expandInterpolations else {
                            i = j + 1
                            // An interpolation: lex code up to its closing parenthesis, keeping none of its tokens.
                            nesting += 1
                            run(stopAtUnbalancedParen: true)
                            nesting -= 1
                            if at(i, UInt8(ascii: ")")) { i += 1 }
                            continue
                        }
                        if i > piece.start { emit(.string, from: piece.start, line: piece.line, lineStart: piece.lineStart) }
                        let open = i
                        i = j + 1
                        emit(.interpolation, from: open, line: line, lineStart: lineStart)
                        run(stopAtUnbalancedParen: true)
                        if at(i, UInt8(ascii: ")")) {
                            let close = i
                            i += 1
                            emit(.interpolation, from: close, line: line, lineStart: lineStart)
                        }
                        piece = (i, line, lineStart)
                        continue
                    }
                    // An escaped character (`\n`, `\"`, or `\#"` in a raw string): passed over whole.
                    i = j
                    if i < s.count { advance() }
                    continue
                }
            }
            if !multiline, s[i] == 0x0A { break }
            if s[i] == quote, closesHere(self) {
                i += quotes + hashes
                break
            }
            advance()
        }
        if i > piece.start || !expandInterpolations {
            emit(.string, from: piece.start, line: piece.line, lineStart: piece.lineStart)
        }
    }
}

extension SwiftLexer {
    /// The code without comments; newlines inside block comments are kept so lines stay where they were.
    package static func removingComments(_ code: String) -> String {
        let bytes = Array(code.utf8)
        let comments = commentRanges(bytes)
        if comments.isEmpty { return code }
        return String(decoding: removing(comments, from: bytes), as: UTF8.self)
    }

    /// `bytes` without the `comments` ranges, keeping the newlines inside them.
    package static func removing(_ comments: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var k = 0
        for range in comments {
            out += bytes[k..<range.lowerBound]
            for byte in bytes[range] where byte == 0x0A { out.append(byte) }
            k = range.upperBound
        }
        out += bytes[k...]
        return out
    }

    /// The code without comments and without the trailing spaces a removed comment leaves on its line.
    public static func strippingComments(_ code: String) -> String {
        // One pass over the bytes: splitting into lines and joining them again was a tenth of planning a lesson.
        let bytes = Array(code.utf8)
        let comments = commentRanges(bytes)
        let kept = comments.isEmpty ? bytes : removing(comments, from: bytes)
        var out: [UInt8] = []
        out.reserveCapacity(kept.count)
        // Where the run of spaces and tabs before `byte` began: dropped before a line end or the end, kept elsewhere.
        var blanksStart: Int?
        for (i, byte) in kept.enumerated() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                if blanksStart == nil { blanksStart = i }
                continue
            }
            if let start = blanksStart {
                if byte != 0x0A { out += kept[start..<i] }
                blanksStart = nil
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
