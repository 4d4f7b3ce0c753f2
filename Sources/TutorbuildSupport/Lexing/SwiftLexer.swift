/// Just enough Swift lexing for lessons: comments, strings (plain, multi-line, raw, interpolated), regex
/// literals (`#/…/#` and bare `/…/`), numbers, attributes, identifiers (raw ones too) and brackets.
///
/// The doc-test runner splits snippets into top-level items and finds type bodies with it; the
/// translation checks and script conversion use it to tell comments from code; the site's highlighter
/// colours its tokens. It reads UTF-8 bytes: every delimiter it looks for is ASCII, and the checks run it
/// over every snippet of every build. Every byte from 0x80 up belongs to an identifier, as Swift allows
/// letters of any script (and emoji) in names; the rare operator characters beyond ASCII are not told apart.
///
/// Where comments are is a promise: code removed as a comment is gone from the compiled program. So the
/// lexer follows the compiler's own rules (`lib/Parse/Lexer.cpp`, and swift-syntax's `RegexLiteralLexer`
/// for when a `/` starts a regex literal) and notes where it cannot be sure (see `commentLayout(_:)`).
public struct SwiftLexer {
    public struct Token: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case identifier
            case punctuation
            /// A string literal, or a regex literal (`#/…/#`, `/…/`).
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

    /// Where the comments of some code are, and the literals whose text spans lines (which no line
    /// trimming may touch), as UTF-8 byte ranges in order.
    package struct CommentLayout: Equatable, Sendable {
        package var comments: [Range<Int>]
        package var multilineLiterals: [Range<Int>]

        package init(comments: [Range<Int>], multilineLiterals: [Range<Int>]) {
            self.comments = comments
            self.multilineLiterals = multilineLiterals
        }
    }

    private let s: [UInt8]
    private var i = 0
    /// Where lexing stops: the end, or the `)` closing the interpolation being lexed.
    private var limit: Int
    private var line = 0
    private var lineStart = 0
    /// Above zero while lexing the code of an interpolation (expanding), where no regex literal is looked for.
    private var interpolationDepth = 0
    /// Keep only comments (`commentRanges`), so the other tokens are not even recorded.
    private let commentsOnly: Bool
    /// Split string literals around their interpolations and keep the tokens inside them (for highlighting).
    private var expandInterpolations = false
    private(set) var spans: [Span] = []
    /// Set where the compiler may read the bytes otherwise than this lexer (see `commentLayout(_:)`).
    private(set) var unsure = false
    private(set) var multilineLiterals: [Range<Int>] = []
    /// The last comment at the top level: what is before it decides whether a `/` after it starts a regex literal.
    private var lastComment: Range<Int>?

    public static func tokens(_ code: String) -> [Token] {
        let bytes = Array(code.utf8)
        var lexer = SwiftLexer(bytes, commentsOnly: false)
        lexer.run()
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
        lexer.run()
        return lexer.spans
    }

    /// Where the comments and multi-line literals are, or `nil` where Swift may read the code otherwise than
    /// this lexer (an unterminated literal or comment, a malformed delimiter, or a `/` that may start a regex
    /// literal with a quote or comment-like text in it), so that no caller ever removes code as a comment.
    package static func commentLayout(_ bytes: [UInt8]) -> CommentLayout? {
        var lexer = SwiftLexer(bytes, commentsOnly: true)
        lexer.run()
        guard !lexer.unsure else { return nil }
        return CommentLayout(comments: lexer.spans.map { $0.start..<$0.end }, multilineLiterals: lexer.multilineLiterals)
    }

    /// UTF-8 byte ranges of the comments in `bytes`, without making a token of anything else; none where
    /// `commentLayout(_:)` is unsure, so the comments stay in place.
    package static func commentRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        commentLayout(bytes)?.comments ?? []
    }

    private init(_ bytes: [UInt8], commentsOnly: Bool) {
        s = bytes
        limit = bytes.count
        self.commentsOnly = commentsOnly
    }

    private func at(_ k: Int, _ c: UInt8) -> Bool { k < limit && s[k] == c }

    private mutating func advance() {
        if s[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        i += 1
    }

    /// Moves to `k`, counting the lines passed.
    private mutating func advance(to k: Int) {
        while i < k { advance() }
    }

    private mutating func emit(_ kind: Token.Kind, from start: Int, line startLine: Int, lineStart startOfLine: Int) {
        // A flag, not a closure: this runs for every token of every snippet the checks compare.
        guard !commentsOnly || kind == .comment else { return }
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

    private static func isLineBreak(_ b: UInt8) -> Bool { b == 0x0A || b == 0x0D }

    private static func isSpaceOrTab(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// Whether an identifier head starts at `k`.
    private func identifierHead(at k: Int) -> Bool { k < limit && Self.isIdentifierHead(s[k]) }

    /// Moves past the identifier bytes from `i` on.
    private mutating func skipIdentifierBody() {
        while i < limit, Self.isIdentifierBody(s[i]) { i += 1 }
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

    /// Whether a byte can begin a comment or a literal (or a raw identifier, or a curly-quoted string the
    /// compiler skips), or ends a line: the only bytes `commentLayout(_:)` needs to look at.
    @inline(__always)
    private static func mattersForComments(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "#"), UInt8(ascii: "'"), UInt8(ascii: "`"), 0x0A, 0xE2:
            true
        default:
            false
        }
    }

    /// Lexes from `i` up to `limit`.
    private mutating func run() {
        while i < limit {
            if commentsOnly {
                // Only comments are asked for, and once unsure none are given: bytes that cannot start a comment
                // or a literal (nor a line) are passed over here instead of being lexed into tokens no one keeps.
                if unsure { return }
                while i < limit, !Self.mattersForComments(s[i]) { i += 1 }
                guard i < limit else { break }
            }
            let c = s[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                advance()
                continue
            }
            if lexCommentOrLiteral(c) { continue }
            if commentsOnly {
                i += 1
                continue
            }
            lexCode(c)
        }
    }

    /// A comment or a string or regex literal starting at `i` (byte `c`), lexed; or a byte the compiler reads
    /// otherwise than this lexer, noted as unsure. Whether `i` moved past it.
    @inline(__always)
    private mutating func lexCommentOrLiteral(_ c: UInt8) -> Bool {
        let start = i, startLine = line, startOfLine = lineStart
        if c == UInt8(ascii: "/"), at(i + 1, UInt8(ascii: "/")) {
            // A line comment ends at a line feed or a carriage return, as in the compiler.
            while i < limit, !Self.isLineBreak(s[i]) { i += 1 }
            comment(from: start, line: startLine, lineStart: startOfLine)
            return true
        }
        if c == UInt8(ascii: "/"), at(i + 1, UInt8(ascii: "*")) {
            if !skipBlockComment() { unsure = true }
            comment(from: start, line: startLine, lineStart: startOfLine)
            return true
        }
        if c == UInt8(ascii: "/") {
            slash()
            return true
        }
        if c == UInt8(ascii: "\"") {
            lexString()
            return true
        }
        if c == UInt8(ascii: "#") {
            var j = i
            while at(j, UInt8(ascii: "#")) { j += 1 }
            if at(j, UInt8(ascii: "\"")) {
                lexString()
                return true
            }
            if at(j, UInt8(ascii: "/")), interpolationDepth == 0 {
                lexExtendedRegex()
                return true
            }
            // `<#…#>` is an editor placeholder, which the compiler takes whole (and rejects).
            if i > 0, s[i - 1] == UInt8(ascii: "<") { unsure = true }
            i += 1
            emit(.other, from: start, line: startLine, lineStart: startOfLine)
            return true
        }
        if c == UInt8(ascii: "'") {
            // Swift has no single-quoted literals; the compiler reads one as a string, and rejects it.
            unsure = true
            i += 1
            emit(.other, from: start, line: startLine, lineStart: startOfLine)
            return true
        }
        if c == UInt8(ascii: "`") {
            lexBacktick()
            return true
        }
        if c == 0xE2, at(i + 1, 0x80), at(i + 2, 0x9C) {
            // A curly quote: the compiler skips to the closing one as if a string (and rejects it).
            unsure = true
        }
        return false
    }

    /// An attribute, number, identifier or one byte of anything else, starting at `i` (byte `c`).
    @inline(__always)
    private mutating func lexCode(_ c: UInt8) {
        let start = i, startLine = line, startOfLine = lineStart
        if c == UInt8(ascii: "@"), i + 1 < limit, Self.isIdentifierBody(s[i + 1]) {
            i += 1
            skipIdentifierBody()
            emit(.attribute, from: start, line: startLine, lineStart: startOfLine)
            return
        }
        if Self.isDigit(c) {
            lexNumber()
            emit(.number, from: start, line: startLine, lineStart: startOfLine)
            return
        }
        if c == UInt8(ascii: "$") || identifierHead(at: i) {
            i += 1
            skipIdentifierBody()
            emit(.identifier, from: start, line: startLine, lineStart: startOfLine)
            return
        }
        i += 1
        // One byte of anything else: an operator character (every byte beyond ASCII is an identifier's).
        emit(Self.isPunctuation(c) ? .punctuation : .other, from: start, line: startLine, lineStart: startOfLine)
    }

    private mutating func comment(from start: Int, line startLine: Int, lineStart startOfLine: Int) {
        emit(.comment, from: start, line: startLine, lineStart: startOfLine)
        if interpolationDepth == 0 { lastComment = start..<i }
    }

    /// Moves past the (nested) block comment at `i`; false if it never ends.
    private mutating func skipBlockComment() -> Bool {
        var depth = 0
        while i < limit {
            if at(i, UInt8(ascii: "/")), at(i + 1, UInt8(ascii: "*")) { depth += 1; skip(2); continue }
            if at(i, UInt8(ascii: "*")), at(i + 1, UInt8(ascii: "/")) {
                depth -= 1; skip(2)
                if depth == 0 { return true }
                continue
            }
            advance()
        }
        return false
    }

    /// A number from `i`: decimal, hexadecimal, octal or binary, with `_` separators, fractions and exponents.
    private mutating func lexNumber() {
        if s[i] == UInt8(ascii: "0"), i + 1 < limit, s[i + 1] == UInt8(ascii: "x") || s[i + 1] == UInt8(ascii: "b") || s[i + 1] == UInt8(ascii: "o") {
            i += 2
            while i < limit, Self.isIdentifierBody(s[i]) || (s[i] == UInt8(ascii: ".") && i + 1 < limit && Self.isHexDigit(s[i + 1])) { i += 1 }
            return
        }
        skipDigits()
        if at(i, UInt8(ascii: ".")), i + 1 < limit, Self.isDigit(s[i + 1]) {
            i += 1
            skipDigits()
        }
        if at(i, UInt8(ascii: "e")) || at(i, UInt8(ascii: "E")) {
            let sign = at(i + 1, UInt8(ascii: "+")) || at(i + 1, UInt8(ascii: "-")) ? 1 : 0
            if i + 1 + sign < limit, Self.isDigit(s[i + 1 + sign]) {
                i += 1 + sign
                skipDigits()
            }
        }
    }

    private mutating func skipDigits() {
        while i < limit, Self.isDigit(s[i]) || s[i] == UInt8(ascii: "_") { i += 1 }
    }
}

// MARK: - String literals

extension SwiftLexer {
    /// The number of `#` from `k` on.
    private func hashes(at k: Int) -> Int {
        var j = k
        while at(j, UInt8(ascii: "#")) { j += 1 }
        return j - k
    }

    /// Whether the quote at `k`, after `delimiter` `#`s, opens a multi-line literal: `"""`, and for a raw one
    /// no `"` with as many `#` later on the line (`#"""a"#` is the one-line `""a`), as the compiler decides.
    private func opensMultiline(quote k: Int, delimiter: Int) -> Bool {
        guard at(k + 1, UInt8(ascii: "\"")), at(k + 2, UInt8(ascii: "\"")) else { return false }
        guard delimiter > 0 else { return true }
        var j = k + 2
        while j < limit, !Self.isLineBreak(s[j]) {
            if s[j] == UInt8(ascii: "\""), hashes(at: j + 1) >= delimiter { return false }
            j += 1
        }
        return true
    }

    /// Lexes a string literal (plain, multi-line or raw), including interpolations, and emits it: one
    /// `.string` token, or (expanding interpolations) its pieces around `.interpolation` tokens and the
    /// tokens of the code inside.
    private mutating func lexString() {
        let literalStart = i
        var piece = (start: i, line: line, lineStart: lineStart)
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let delimiter = hashes(at: i)
        i += delimiter
        let multiline = opensMultiline(quote: i, delimiter: delimiter)
        i += multiline ? 3 : 1
        // The content of a multi-line literal starts on the next line; anything else there is an error.
        if multiline, i < limit, !Self.isLineBreak(s[i]) { unsure = true }
        var closed = false
        while i < limit {
            let c = s[i]
            if c == backslash {
                let found = hashes(at: i + 1)
                if found >= delimiter {
                    // More `#` than the delimiter is an error the compiler reports (and recovers from its own way).
                    if found > delimiter, delimiter > 0 { unsure = true }
                    let j = i + 1 + delimiter
                    if at(j, UInt8(ascii: "(")) {
                        guard let close = interpolationEnd(from: j + 1, multiline: multiline) else {
                            unsure = true
                            advance(to: j + 1)
                            if multiline { continue } else { break }
                        }
                        guard expandInterpolations else {
                            advance(to: close + 1)
                            continue
                        }
                        if i > piece.start { emit(.string, from: piece.start, line: piece.line, lineStart: piece.lineStart) }
                        let open = (start: i, line: line, lineStart: lineStart)
                        i = j + 1
                        emit(.interpolation, from: open.start, line: open.line, lineStart: open.lineStart)
                        lexInterpolation(upTo: close)
                        let closing = (start: i, line: line, lineStart: lineStart)
                        i += 1
                        emit(.interpolation, from: closing.start, line: closing.line, lineStart: closing.lineStart)
                        piece = (i, line, lineStart)
                        continue
                    }
                    // An escaped character (`\n`, `\"`, or `\#"` in a raw string): passed over whole, but never a
                    // line break, which ends a one-line literal (unterminated) or continues a multi-line one.
                    i = j
                    if i < limit, !Self.isLineBreak(s[i]) { advance() }
                    continue
                }
            }
            if Self.isLineBreak(c), !multiline { break }
            if c == quote, multiline ? at(i + 1, quote) && at(i + 2, quote) : true {
                let quotes = multiline ? 3 : 1
                let found = hashes(at: i + quotes)
                if found >= delimiter {
                    // Too many `#` after a raw literal is an error; after a plain one, `#` is the next token's.
                    if found > delimiter, delimiter > 0 { unsure = true }
                    advance(to: i + quotes + delimiter)
                    closed = true
                    break
                }
            }
            advance()
        }
        if !closed { unsure = true }
        if multiline, interpolationDepth == 0 { multilineLiterals.append(literalStart..<i) }
        if i > piece.start || !expandInterpolations {
            emit(.string, from: piece.start, line: piece.line, lineStart: piece.lineStart)
        }
    }

    /// Lexes the code of an interpolation, from `i` up to its closing parenthesis at `close`, into tokens.
    private mutating func lexInterpolation(upTo close: Int) {
        let outer = limit
        limit = close
        interpolationDepth += 1
        run()
        interpolationDepth -= 1
        limit = outer
        advance(to: close)
    }

    /// Where the interpolation whose code starts at `start` ends (its `)`), found as the compiler's
    /// `skipToEndOfInterpolatedExpression` finds it: by nested parentheses, string literals and comments
    /// alone (not regex literals or raw identifiers); `nil` where the compiler finds no end.
    private mutating func interpolationEnd(from start: Int, multiline: Bool) -> Int? {
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
        // What is open, innermost last: `(`, or a quote with whether it may span lines and its `#` count;
        // the parentheses below them all are only counted, as most interpolations hold no string.
        var open: [InterpolationScope] = []
        var parentheses = 0
        var k = start
        var allowsNewline: Bool { open.last(where: { $0.byte != UInt8(ascii: "(") })?.multiline ?? multiline }
        var inString: Bool { open.last.map { $0.byte == quote || $0.byte == apostrophe } ?? false }
        while k < limit {
            let c = s[k]
            k += 1
            switch c {
            case 0x0A, 0x0D:
                if !allowsNewline { return nil }
            case UInt8(ascii: "#"), quote, apostrophe:
                interpolationQuote(c, at: &k, open: &open)
            case UInt8(ascii: "\\"):
                guard inString, let innermost = open.last, hashes(at: k) >= innermost.delimiter else { continue }
                k += innermost.delimiter
                guard k < limit else { continue }
                if s[k] == UInt8(ascii: "(") {
                    open.append((UInt8(ascii: "("), false, 0))
                    k += 1
                } else if !Self.isLineBreak(s[k]) {
                    k += 1
                }
            case UInt8(ascii: "("):
                if open.isEmpty {
                    parentheses += 1
                } else if !inString {
                    open.append((c, false, 0))
                }
            case UInt8(ascii: "`"):
                // So does a raw identifier (`` `a)` ``).
                if !inString { unsure = true }
            case UInt8(ascii: ")"):
                if let innermost = open.last {
                    if innermost.byte == UInt8(ascii: "(") { open.removeLast() }
                } else if parentheses == 0 {
                    return k - 1
                } else {
                    parentheses -= 1
                }
            case UInt8(ascii: "/"):
                guard !inString else { continue }
                if !interpolationComment(at: &k, allowsNewline: allowsNewline) { return nil }
            default:
                continue
            }
        }
        return nil
    }

    /// What is open inside an interpolation's code: `(`, or a quote with whether it may span lines and its `#` count.
    private typealias InterpolationScope = (byte: UInt8, multiline: Bool, delimiter: Int)

    /// A `#`, `"` or `'` just before `k` in an interpolation's code: a string opening, or the innermost one closing.
    private mutating func interpolationQuote(_ c: UInt8, at k: inout Int, open: inout [InterpolationScope]) {
        let quote = UInt8(ascii: "\""), apostrophe = UInt8(ascii: "'")
        let inString = open.last.map { $0.byte == quote || $0.byte == apostrophe } ?? false
        var delimiter = 0
        if c == UInt8(ascii: "#") {
            guard !inString else { return }
            delimiter = 1 + hashes(at: k)
            // A regex literal the compiler's lexer reads past this scan's `)` hangs it (swiftc 6.3).
            if at(k + delimiter - 1, UInt8(ascii: "/")) { unsure = true }
            guard at(k + delimiter - 1, quote) else { return }
            k += delimiter
        }
        let byte = c == apostrophe ? apostrophe : quote
        if byte == apostrophe { unsure = true }
        if !inString {
            let opensLines = byte == quote && opensMultiline(quote: k - 1, delimiter: delimiter)
            if opensLines { k += 2 }
            open.append((byte, opensLines, delimiter))
            return
        }
        guard let innermost = open.last, innermost.byte == byte else { return }
        if innermost.multiline {
            guard at(k, quote), at(k + 1, quote) else { return }
            k += 2
        }
        guard hashes(at: k) >= innermost.delimiter else { return }
        k += innermost.delimiter
        open.removeLast()
    }

    /// A `/` just before `k` in an interpolation's code: a comment there is skipped. `false` when the
    /// interpolation cannot end: a block comment never closed, or a line break where none may be.
    private mutating func interpolationComment(at k: inout Int, allowsNewline: Bool) -> Bool {
        if at(k, UInt8(ascii: "*")) {
            let saved = (i, line, lineStart)
            i = k - 1
            let ended = skipBlockComment()
            let spansLines = s[(k - 1)..<i].contains(where: Self.isLineBreak)
            k = i
            (i, line, lineStart) = saved
            if !ended || spansLines && !allowsNewline { return false }
        } else if at(k, UInt8(ascii: "/")) {
            if !allowsNewline { return false }
            while k < limit, !Self.isLineBreak(s[k]) { k += 1 }
            if k < limit { k += 1 }
        }
        return true
    }
}

// MARK: - Regex literals and raw identifiers

extension SwiftLexer {
    /// Lexes an extended regex literal, `#/…/#` with any number of `#`, one line or (with nothing but
    /// spaces after `#/`) several, as the compiler does; anything malformed makes the lexer unsure.
    private mutating func lexExtendedRegex() {
        let start = i, startLine = line, startOfLine = lineStart
        let delimiter = hashes(at: i)
        i += delimiter + 1
        var j = i
        while j < limit, Self.isSpaceOrTab(s[j]) { j += 1 }
        let multiline = j < limit && Self.isLineBreak(s[j])
        var closed = false
        var lastLineStart: Int?
        while i < limit {
            let c = s[i]
            if c == UInt8(ascii: "/"), hashes(at: i + 1) >= delimiter {
                // Extra `#` are left to the next token by the compiler and taken by swift-syntax; and a multi-line
                // literal's closing delimiter must stand alone on its line.
                if hashes(at: i + 1) > delimiter { unsure = true }
                if let lastLineStart, s[lastLineStart..<i].contains(where: { !Self.isSpaceOrTab($0) }) { unsure = true }
                skip(1 + delimiter)
                closed = true
                break
            }
            if Self.isLineBreak(c) {
                guard multiline else { break }
                lastLineStart = i + 1
            }
            if c == UInt8(ascii: "\\"), i + 1 < limit, !Self.isLineBreak(s[i + 1]) || multiline {
                advance()
            }
            advance()
        }
        if !closed { unsure = true }
        if multiline, interpolationDepth == 0 { multilineLiterals.append(start..<i) }
        emit(.string, from: start, line: startLine, lineStart: startOfLine)
    }

    /// A `/` that starts no comment: a bare regex literal `/…/` or an operator character. Where the compiler
    /// may read either, and the two readings differ in where comments and literals are, the lexer is unsure.
    private mutating func slash() {
        let p = i, startLine = line, startOfLine = lineStart
        // `*/` outside a comment is an error the compiler reports.
        if p > 0, s[p - 1] == UInt8(ascii: "*"), lastComment?.upperBound != p { unsure = true }
        guard interpolationDepth == 0, mayStartRegex(p) else {
            i += 1
            emit(.other, from: p, line: startLine, lineStart: startOfLine)
            return
        }
        // The reading as a regex literal: up to the first unescaped `/` on the line, if any.
        var k = p + 1
        var close: Int?
        var groups = 0, classes = 0, balanced = true, spaceBeforeClose = false
        while k < limit, !Self.isLineBreak(s[k]) {
            let c = s[k]
            if c == UInt8(ascii: "/") {
                close = k
                break
            }
            spaceBeforeClose = Self.isSpaceOrTab(c)
            switch c {
            case UInt8(ascii: "\\"):
                if k + 1 < limit, !Self.isLineBreak(s[k + 1]) { k += 1 }
                spaceBeforeClose = false
            case UInt8(ascii: "("):
                if classes == 0 { groups += 1 }
            case UInt8(ascii: ")"):
                if classes == 0 {
                    if groups == 0 { balanced = false } else { groups -= 1 }
                }
            case UInt8(ascii: "["):
                classes += 1
            case UInt8(ascii: "]"):
                if classes > 0 { classes -= 1 }
            default:
                break
            }
            k += 1
        }
        // Read as operators instead, the text up to there must hold no literal or comment start; and after a
        // closing `/` a `/*` leaves the regex literal unterminated, which removing that comment could mend.
        let end = close ?? k
        for j in (p + 1)..<end {
            switch s[j] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "`"), 0xE2:
                unsure = true
            case UInt8(ascii: "/"):
                if at(j + 1, UInt8(ascii: "/")) || at(j + 1, UInt8(ascii: "*")) { unsure = true }
            default:
                break
            }
        }
        if let close, at(close + 1, UInt8(ascii: "*")) { unsure = true }
        // Which reading the tokens take: the regex literal where the compiler would lex one without insisting.
        if let close, !at(close + 1, UInt8(ascii: "/")), !at(close + 1, UInt8(ascii: "*")), balanced, !spaceBeforeClose,
           !Self.isSpaceOrTab(s[p + 1]) {
            advance(to: close + 1)
            emit(.string, from: p, line: startLine, lineStart: startOfLine)
        } else {
            i += 1
            emit(.other, from: p, line: startLine, lineStart: startOfLine)
        }
    }

    /// ASCII operator characters, and `.`, which continues an operator that starts with one.
    private static func isOperatorByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
             UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Whether the compiler might start a regex literal at the `/` at `p`, erring towards yes.
    ///
    /// Not when the operator holding it is bound to what precedes it (`a/b`, `x!/y`), nor after `func` or
    /// `operator`, nor for a spaced `/` or `/=` right after a value on the same line (`a / b`, `n /= 2`):
    /// a regex literal can only start where an expression can, and the compiler takes a `/` after a
    /// keyword (`return / a/`) or at the start of a line after a declaration as one.
    private func mayStartRegex(_ p: Int) -> Bool {
        var a = p
        while a > 0, Self.isOperatorByte(s[a - 1]), lastComment?.upperBound != a { a -= 1 }
        if a > 0, lastComment?.upperBound != a {
            switch s[a - 1] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x00, UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
                 UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
                break
            case 0x80...:
                break
            default:
                return false
            }
        }
        let before = previousToken(before: a)
        if let word = before.word, word.elementsEqual("func".utf8) || word.elementsEqual("operator".utf8) { return false }
        let spaced = a == p && (isBlank(p + 1) || at(p + 1, UInt8(ascii: "=")) && isBlank(p + 2))
        guard spaced, before.sameLine else { return true }
        if let word = before.word {
            return Self.isDigit(word.first!) || word.first == UInt8(ascii: "$") ? false
                : Self.keywords.contains(String(decoding: word, as: UTF8.self)) || before.directive
        }
        return !before.closes
    }

    private func isBlank(_ k: Int) -> Bool {
        k >= limit || Self.isSpaceOrTab(s[k]) || Self.isLineBreak(s[k])
    }

    /// What ends before `k`, past spaces and the last comment: a word of ASCII letters and digits (and
    /// whether `#` or `@` precedes it), or whether it closes a literal or brackets; and if on the same line.
    private func previousToken(before k: Int) -> (word: ArraySlice<UInt8>?, directive: Bool, closes: Bool, sameLine: Bool) {
        var j = k - 1
        var sameLine = true
        while j >= 0 {
            if Self.isSpaceOrTab(s[j]) {
                j -= 1
            } else if Self.isLineBreak(s[j]) {
                sameLine = false
                j -= 1
            } else if let comment = lastComment, comment.upperBound == j + 1 {
                if s[comment].contains(where: Self.isLineBreak) { sameLine = false }
                j = comment.lowerBound - 1
            } else {
                break
            }
        }
        guard j >= 0 else { return (nil, false, false, sameLine) }
        switch s[j] {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "`"):
            return (nil, false, true, sameLine)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "_"):
            var w = j
            while w > 0, Self.isIdentifierBody(s[w - 1]) || s[w - 1] == UInt8(ascii: "$") { w -= 1 }
            let directive = w > 0 && (s[w - 1] == UInt8(ascii: "#") || s[w - 1] == UInt8(ascii: "@"))
            return (s[w...j], directive, false, sameLine)
        default:
            return (nil, false, false, sameLine)
        }
    }

    /// Swift's keywords, contextual ones too: after any of them an expression may begin.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async", "actor",
        "nonisolated", "isolated", "some", "any", "override", "final", "lazy", "weak", "unowned", "mutating",
        "nonmutating", "convenience", "required", "optional", "dynamic", "indirect", "get", "set", "willSet",
        "didSet", "consume", "copy", "discard", "borrowing", "consuming", "package", "sending", "each", "then",
        "yield", "macro", "prefix", "postfix", "infix", "left", "right", "none", "associativity", "precedence",
        "Protocol", "Type", "unsafe", "_modify", "_read", "modify", "read", "of",
    ]

    /// Lexes `` `name` `` or a raw identifier (`` `a b` ``); a backtick without a closing one on its line is
    /// punctuation, as in the compiler. A raw identifier the compiler might reject, making its backticks
    /// punctuation and its text code, is sure only if that text holds no literal or comment start.
    private mutating func lexBacktick() {
        let start = i, startLine = line, startOfLine = lineStart
        var close = i + 1
        while close < limit, s[close] != UInt8(ascii: "`"), !Self.isLineBreak(s[close]) { close += 1 }
        guard close < limit, s[close] == UInt8(ascii: "`") else {
            i += 1
            emit(.punctuation, from: start, line: startLine, lineStart: startOfLine)
            return
        }
        let content = s[(start + 1)..<close]
        let plain = content.first.map { $0 < 0x80 && Self.isIdentifierHead($0) } == true
            && content.allSatisfy { $0 < 0x80 && Self.isIdentifierBody($0) }
        if !plain, !content.elementsEqual([UInt8(ascii: "$")]) {
            var rest = close + 1
            while rest < limit, !Self.isLineBreak(s[rest]), s[rest] != UInt8(ascii: "`") { rest += 1 }
            let anotherBacktick = at(rest, UInt8(ascii: "`"))
            let risky: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "\\"), 0xE2]
            if content.isEmpty || anotherBacktick || content.contains(where: risky.contains) { unsure = true }
        }
        i = close + 1
        emit(.identifier, from: start, line: startLine, lineStart: startOfLine)
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

    /// `bytes` without the `comments` ranges, keeping the line breaks inside them; a comment on one line
    /// between two tokens leaves a space, as it separated them (`a/**/b` is not `ab`).
    package static func removing(_ comments: [Range<Int>], from bytes: [UInt8]) -> [UInt8] {
        removing(CommentLayout(comments: comments, multilineLiterals: []), from: bytes).code
    }

    /// `bytes` without the layout's comments (as `removing(_:from:)`), and where its multi-line literals are then.
    package static func removing(_ layout: CommentLayout, from bytes: [UInt8]) -> (code: [UInt8], multilineLiterals: [Range<Int>]) {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var literals: [Range<Int>] = []
        var k = 0
        for range in layout.comments + [bytes.count..<bytes.count] {
            // A literal lies between two comments, so it moves as the text it is in.
            let shift = out.count - k
            while literals.count < layout.multilineLiterals.count, layout.multilineLiterals[literals.count].upperBound <= range.lowerBound {
                let literal = layout.multilineLiterals[literals.count]
                literals.append((literal.lowerBound + shift)..<(literal.upperBound + shift))
            }
            out += bytes[k..<range.lowerBound]
            let count = out.count
            for byte in bytes[range] where isLineBreak(byte) { out.append(byte) }
            if !range.isEmpty, out.count == count, let last = out.last, !isSpaceOrTab(last), !isLineBreak(last),
               range.upperBound < bytes.count, !isSpaceOrTab(bytes[range.upperBound]), !isLineBreak(bytes[range.upperBound]) {
                out.append(UInt8(ascii: " "))
            }
            k = range.upperBound
        }
        return (out, literals)
    }

    /// The code without comments and without the spaces and tabs ending its lines (those a removed comment
    /// leaves, and any other), except inside multi-line literals; unchanged where `commentLayout(_:)` is unsure.
    public static func strippingComments(_ code: String) -> String {
        // One pass over the bytes: splitting into lines and joining them again was a tenth of planning a lesson.
        let bytes = Array(code.utf8)
        guard let layout = commentLayout(bytes) else { return code }
        let (kept, literals) = removing(layout, from: bytes)
        var out: [UInt8] = []
        out.reserveCapacity(kept.count)
        // Where the run of spaces and tabs before `byte` began: dropped before a line end or the end, kept elsewhere.
        var blanksStart: Int?
        var literal = 0
        for (i, byte) in kept.enumerated() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                if blanksStart == nil { blanksStart = i }
                continue
            }
            if let start = blanksStart {
                while literal < literals.count, literals[literal].upperBound <= i { literal += 1 }
                let inLiteral = literal < literals.count && literals[literal].contains(i)
                if byte != 0x0A || inLiteral { out += kept[start..<i] }
                blanksStart = nil
            }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
