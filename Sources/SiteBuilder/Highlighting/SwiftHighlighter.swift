/// A Swift token for highlighting: its kind and its text.
struct SwiftToken: Equatable, Sendable {
    enum Kind: String, Sendable, CaseIterable {
        case plain
        case keyword
        /// A capitalized identifier: `UITextField`, `CGRect`.
        case type
        case string
        /// The `\(` and `)` around an interpolated expression.
        case interpolation
        case number
        case comment
        /// `@objc`, `@MainActor`.
        case attribute
        /// `#if`, `#available`, `#sourceLocation`.
        case directive

        /// The start tag of this kind's span on the page (classes are one letter, since pages repeat them),
        /// whole, so a token costs one append; nil for plain text, which is not wrapped.
        var openTag: StaticString? {
            switch self {
            case .plain: nil
            case .keyword: "<span class=\"k\">"
            case .type: "<span class=\"t\">"
            case .string: "<span class=\"s\">"
            case .interpolation: "<span class=\"i\">"
            case .number: "<span class=\"n\">"
            case .comment: "<span class=\"c\">"
            case .attribute: "<span class=\"a\">"
            case .directive: "<span class=\"d\">"
            }
        }
    }

    var kind: Kind
    var text: String
}

/// Splits Swift source into highlight tokens; never fails, whatever the input.
///
/// Not a parser: it knows comments (nested block comments too), string literals (single-line,
/// multi-line, raw `#"…"#`, with `\(…)` interpolation highlighted as code), numbers, keywords,
/// capitalized identifiers, attributes and `#` directives. Everything else is plain.
struct SwiftHighlighter {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "await",
        "async", "actor", "nonisolated", "isolated", "some", "any", "override", "final", "lazy", "weak",
        "unowned", "mutating", "nonmutating", "convenience", "required", "optional", "dynamic", "indirect",
        "get", "set", "willSet", "didSet", "consume", "borrowing", "consuming", "package", "sending", "each",
    ]

    /// Each keyword's UTF-8 packed into two integers (`packed(_:)`), in an open-addressed table of 256 slots
    /// (a third full): a word is looked up with one hash and usually one comparison, without making a String of it.
    static let keywordTable: [PackedWord] = {
        var table = [PackedWord](repeating: PackedWord(high: 0, low: 0), count: 256)
        for keyword in keywords {
            let key = Array(keyword.utf8).withUnsafeBufferPointer { packed($0[...])! }
            var slot = slot(of: key)
            while table[slot].high != 0 { slot = (slot + 1) & 255 }
            table[slot] = key
        }
        return table
    }()

    /// Where a packed word's search in `keywordTable` starts: the top byte of a multiplicative hash.
    @inline(__always)
    private static func slot(of key: PackedWord) -> Int {
        Int(truncatingIfNeeded: ((key.high ^ key.low &* 0x100_0000_01B3) &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// Up to 16 bytes of a word, first byte highest.
    struct PackedWord: Equatable {
        var high: UInt64
        var low: UInt64
    }

    /// `word` packed, or nil when it is longer than any keyword could be.
    static func packed(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> PackedWord? {
        guard word.count <= 16 else { return nil }
        var packed = PackedWord(high: 0, low: 0)
        for (k, byte) in word.enumerated() {
            if k < 8 { packed.high |= UInt64(byte) << (56 - 8 * k) } else { packed.low |= UInt64(byte) << (56 - 8 * (k - 8)) }
        }
        return packed
    }

    static func isKeyword(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        // Words of letters and digits hold no zero byte, so padding cannot make two words pack alike, and a
        // word's first byte is never zero, so a slot whose high half is 0 is empty (and the empty word is none).
        guard let key = packed(word), key.high != 0 else { return false }
        var slot = slot(of: key)
        while true {
            let entry = keywordTable[slot]
            if entry == key { return true }
            if entry.high == 0 { return false }
            slot = (slot + 1) & 255
        }
    }

    /// Tokens of `source`; concatenating their texts gives back `source` exactly.
    static func tokens(_ source: String) -> [SwiftToken] {
        var source = source
        return source.withUTF8 { bytes in
            spans(bytes).map { SwiftToken(kind: $0.kind, text: String(decoding: bytes[$0.range], as: UTF8.self)) }
        }
    }

    /// The highlighted code as HTML spans, every piece of text escaped.
    static func html(_ source: String) -> String {
        var writer = HTMLWriter(reservingCapacity: source.utf8.count * 2)
        write(source, into: &writer)
        return writer.output
    }

    /// `html(_:)`, written straight into a page: each token's text goes from the source's bytes to the page's.
    static func write(_ source: String, into writer: inout HTMLWriter) {
        var source = source
        source.withUTF8 { buffer in
            for span in spans(buffer) {
                // Tokens end only at ASCII bytes or at the end, so each span holds whole characters.
                let text = UnsafeBufferPointer(rebasing: buffer[span.range])
                if let tag = span.kind.openTag {
                    // The same markup as `element("span", [("class", css)], text:)`, without an attribute array per token.
                    writer.span(openTag: tag, text: text)
                } else {
                    writer.text(utf8: text)
                }
            }
        }
    }

    /// The tokens as byte ranges of `bytes`, runs of one kind merged.
    private static func spans(_ bytes: UnsafeBufferPointer<UInt8>) -> [Lexer.Span] {
        var lexer = Lexer(bytes)
        lexer.lexCode(untilCloseParen: false)
        return lexer.spans
    }

    private struct Lexer {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0
        /// A token: its kind and where its text is in `bytes`.
        struct Span {
            var kind: SwiftToken.Kind
            var range: Range<Int>
        }

        /// The tokens so far; runs of one kind (plain punctuation comes a byte at a time) grow the last span.
        var spans: [Span] = []
        /// Whether the previous meaningful token was `.` (then a keyword is a member name).
        var afterDot = false

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        func peek(_ offset: Int = 0) -> UInt8? {
            i + offset < bytes.count ? bytes[i + offset] : nil
        }

        mutating func emit(_ kind: SwiftToken.Kind, from start: Int) {
            guard i > start else { return }
            // Tokens follow one another with no gap, so a run of one kind is one range.
            assert(start == (spans.last?.range.upperBound ?? 0), "a gap between tokens")
            if spans.last?.kind == kind {
                spans[spans.count - 1].range = spans[spans.count - 1].range.lowerBound..<i
            } else {
                spans.append(Span(kind: kind, range: start..<i))
            }
        }

        static func isIdentifierStart(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || b == 0x5F || b >= 0x80
        }

        static func isIdentifierByte(_ b: UInt8) -> Bool {
            isIdentifierStart(b) || isDigit(b)
        }

        static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

        /// Lexes code; inside an interpolation stops before the `)` that closes it.
        mutating func lexCode(untilCloseParen: Bool) {
            var depth = 0
            while let b = peek() {
                let start = i
                switch b {
                case UInt8(ascii: "("):
                    depth += 1
                    i += 1
                    emit(.plain, from: start)
                    afterDot = false
                case UInt8(ascii: ")"):
                    if untilCloseParen, depth == 0 { return }
                    depth -= 1
                    i += 1
                    emit(.plain, from: start)
                    afterDot = false
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                    while let c = peek(), c != 0x0A { i += 1 }
                    emit(.comment, from: start)
                case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                    lexBlockComment()
                    emit(.comment, from: start)
                case UInt8(ascii: "\""):
                    lexString(hashes: 0)
                    afterDot = false
                case UInt8(ascii: "#"):
                    var hashes = 0
                    while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
                    if peek(hashes) == UInt8(ascii: "\"") {
                        lexString(hashes: hashes)
                    } else if let c = peek(1), Self.isIdentifierStart(c) {
                        i += 1
                        while let c = peek(), Self.isIdentifierByte(c) { i += 1 }
                        emit(.directive, from: start)
                    } else {
                        i += 1
                        emit(.plain, from: start)
                    }
                    afterDot = false
                case UInt8(ascii: "@"):
                    i += 1
                    while let c = peek(), Self.isIdentifierByte(c) { i += 1 }
                    emit(i - start > 1 ? .attribute : .plain, from: start)
                    afterDot = false
                case UInt8(ascii: "`"):
                    // An escaped identifier: a name even when it spells a keyword.
                    i += 1
                    while let c = peek(), c != UInt8(ascii: "`"), c != 0x0A { i += 1 }
                    if peek() == UInt8(ascii: "`") { i += 1 }
                    emit(.plain, from: start)
                    afterDot = false
                case UInt8(ascii: "$"):
                    i += 1
                    while let c = peek(), Self.isIdentifierByte(c) { i += 1 }
                    emit(.plain, from: start)
                    afterDot = false
                case _ where Self.isDigit(b):
                    lexNumber()
                    emit(.number, from: start)
                    afterDot = false
                case _ where Self.isIdentifierStart(b):
                    while let c = peek(), Self.isIdentifierByte(c) { i += 1 }
                    let word = bytes[start..<i]
                    let kind: SwiftToken.Kind
                    if !afterDot || word.elementsEqual("self".utf8) || word.elementsEqual("init".utf8), SwiftHighlighter.isKeyword(word) {
                        kind = .keyword
                    } else if let first = word.first, first >= 0x41, first <= 0x5A {
                        kind = .type
                    } else {
                        kind = .plain
                    }
                    emit(kind, from: start)
                    afterDot = false
                case UInt8(ascii: "."):
                    i += 1
                    emit(.plain, from: start)
                    afterDot = true
                default:
                    i += 1
                    emit(.plain, from: start)
                    if b != 0x20, b != 0x0A, b != 0x09 { afterDot = false }
                }
            }
        }

        /// A `/* … */` comment; Swift's block comments nest.
        mutating func lexBlockComment() {
            var depth = 0
            while let b = peek() {
                if b == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                    depth += 1
                    i += 2
                } else if b == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                    depth -= 1
                    i += 2
                    if depth == 0 { return }
                } else {
                    i += 1
                }
            }
        }

        /// A number: decimal, hex, octal or binary, with `_` separators, fractions and exponents.
        mutating func lexNumber() {
            if peek() == UInt8(ascii: "0"), let p = peek(1), p == UInt8(ascii: "x") || p == UInt8(ascii: "b") || p == UInt8(ascii: "o") {
                i += 2
                while let c = peek(), Self.isIdentifierByte(c) || (c == UInt8(ascii: ".") && peek(1).map(Self.isHexDigit) == true) { i += 1 }
                return
            }
            while let c = peek(), Self.isDigit(c) || c == UInt8(ascii: "_") { i += 1 }
            if peek() == UInt8(ascii: "."), let next = peek(1), Self.isDigit(next) {
                i += 1
                while let c = peek(), Self.isDigit(c) || c == UInt8(ascii: "_") { i += 1 }
            }
            if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                var j = 1
                if let s = peek(1), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { j = 2 }
                if let d = peek(j), Self.isDigit(d) {
                    i += j
                    while let c = peek(), Self.isDigit(c) || c == UInt8(ascii: "_") { i += 1 }
                }
            }
        }

        static func isHexDigit(_ b: UInt8) -> Bool {
            isDigit(b) || (b >= 0x61 && b <= 0x66) || (b >= 0x41 && b <= 0x46)
        }

        /// A string literal starting at `i` (after `hashes` `#`s): `"…"`, `"""…"""`, `#"…"#`, with interpolations.
        mutating func lexString(hashes: Int) {
            var start = i
            i += hashes
            let multiline = peek() == UInt8(ascii: "\"") && peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
            i += multiline ? 3 : 1
            while let b = peek() {
                if b == 0x0A, !multiline {
                    break  // unterminated: the literal ends with its line
                }
                if b == UInt8(ascii: "\\"), (1...max(1, hashes)).allSatisfy({ hashes == 0 || peek($0) == UInt8(ascii: "#") }) {
                    let afterHashes = hashes == 0 ? 1 : hashes + 1
                    if peek(afterHashes) == UInt8(ascii: "(") {
                        emit(.string, from: start)
                        let open = i
                        i += afterHashes + 1
                        emit(.interpolation, from: open)
                        lexCode(untilCloseParen: true)
                        let close = i
                        if peek() == UInt8(ascii: ")") { i += 1 }
                        emit(.interpolation, from: close)
                        start = i
                        continue
                    }
                    i += afterHashes + 1  // the escaped character
                    continue
                }
                if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    if (0..<quotes).allSatisfy({ peek($0) == UInt8(ascii: "\"") }),
                       (0..<hashes).allSatisfy({ peek(quotes + $0) == UInt8(ascii: "#") }) {
                        i += quotes + hashes
                        emit(.string, from: start)
                        return
                    }
                }
                i += 1
            }
            i = min(i, bytes.count)
            emit(.string, from: start)
        }
    }
}
