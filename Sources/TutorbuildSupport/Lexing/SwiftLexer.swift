/// Just enough Swift lexing for lessons: comments, strings (plain, multi-line, raw, interpolated) and brackets.
///
/// The doc-test runner splits snippets into top-level items and finds type bodies with it; the
/// translation checks and script conversion use it to tell comments from code. It reads UTF-8 bytes:
/// every delimiter it looks for is ASCII, and the checks run it over every snippet of every build.
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
        /// 0-based offset of the first scalar on its line, in Unicode scalars.
        public var column: Int
        /// UTF-8 byte offsets in the code, half-open.
        public var start: Int
        public var end: Int
    }

    /// A token before its text and column are made, which most callers never need.
    struct Span {
        var kind: Token.Kind
        var start: Int
        var end: Int
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

    /// The scalar starting at byte `k` and its length; malformed bytes count as one replacement character.
    private func scalar(at k: Int) -> (Unicode.Scalar, Int) {
        var iterator = s[k...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let value) = decoder.decode(&iterator) {
            return (value, UTF8.width(value))
        }
        return ("\u{FFFD}", 1)
    }

    private static func isIdentifierHead(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic
    }

    private static func isIdentifierBody(_ c: Unicode.Scalar) -> Bool {
        isIdentifierHead(c) || ("0"..."9").contains(c) || c.properties.generalCategory == .nonspacingMark
    }

    /// The length of the identifier head at `k`, or 0 when none starts there.
    private func identifierHead(at k: Int) -> Int {
        guard k < s.count else { return 0 }
        let b = s[k]
        if b < 0x80 { return (b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) ? 1 : 0 }
        let (c, width) = scalar(at: k)
        return Self.isIdentifierHead(c) ? width : 0
    }

    /// The length of the identifier character at `k`, or 0 when the identifier ends there.
    private func identifierBody(at k: Int) -> Int {
        guard k < s.count else { return 0 }
        let b = s[k]
        if b < 0x80 { return (b == 0x5F || (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x30 && b <= 0x39) ? 1 : 0 }
        let (c, width) = scalar(at: k)
        return Self.isIdentifierBody(c) ? width : 0
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
                emit(.string, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "@"), identifierHead(at: i + 1) > 0 {
                i += 1
                while case let n = identifierBody(at: i), n > 0 { i += n }
                emit(.attribute, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "`") {
                i += 1
                while i < s.count, s[i] != UInt8(ascii: "`"), s[i] != 0x0A { i += 1 }
                if at(i, UInt8(ascii: "`")) { i += 1 }
                emit(.identifier, from: start, line: startLine, lineStart: startOfLine)
                continue
            }
            if c == UInt8(ascii: "$") || identifierHead(at: i) > 0 {
                i += c == UInt8(ascii: "$") ? 1 : identifierHead(at: i)
                while case let n = identifierBody(at: i), n > 0 { i += n }
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
            // One scalar of anything else (an operator character, a digit, an emoji).
            i += c < 0x80 ? 1 : scalar(at: i).1
            emit(.other, from: start, line: startLine, lineStart: startOfLine)
        }
    }

    private func stringStartsAfterHashes(_ k: Int) -> Bool {
        var j = k
        while j < s.count, s[j] == UInt8(ascii: "#") { j += 1 }
        return at(j, UInt8(ascii: "\""))
    }

    /// Lexes a string literal (plain, multi-line or raw), including interpolations.
    private mutating func lexString() {
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
                        i = j + 1
                        // An interpolation: lex code up to its closing parenthesis, keeping none of its tokens.
                        nesting += 1
                        run(stopAtUnbalancedParen: true)
                        nesting -= 1
                        if at(i, UInt8(ascii: ")")) { i += 1 }
                        continue
                    }
                    if hashes == 0 {
                        i += 1
                        if i < s.count { advance() }
                        continue
                    }
                }
            }
            if !multiline, s[i] == 0x0A { return }
            if s[i] == quote, closesHere(self) {
                i += quotes + hashes
                return
            }
            advance()
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
        removingComments(code).split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix(while: { $0 == " " || $0 == "\t" }) }
            .joined(separator: "\n")
    }
}
