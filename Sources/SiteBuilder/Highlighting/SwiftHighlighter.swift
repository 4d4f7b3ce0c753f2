import TutorbuildSupport

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

/// Colours Swift source for pages: the tokens of `SwiftLexer` (the lexer of the checks and the doc-test
/// runner), each classified; never fails, whatever the input.
///
/// Not a parser: comments, string literals (with `\(…)` interpolations highlighted as code), numbers and
/// attributes come from the lexer; keywords, capitalized identifiers (types) and `#` directives are told
/// apart here. Everything else is plain.
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

    /// A token: its kind and where its text is in the source's bytes.
    struct Span {
        var kind: SwiftToken.Kind
        var range: Range<Int>
    }

    /// The tokens as byte ranges of `bytes`, runs of one kind merged; every byte is in one of them.
    private static func spans(_ bytes: UnsafeBufferPointer<UInt8>) -> [Span] {
        let tokens = SwiftLexer.spansExpandingInterpolations(Array(bytes))
        var spans: [Span] = []
        spans.reserveCapacity(tokens.count)
        // Runs of one kind (plain punctuation and the spaces between tokens) grow the last span.
        func add(_ kind: SwiftToken.Kind, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            if spans.last?.kind == kind {
                spans[spans.count - 1].range = spans[spans.count - 1].range.lowerBound..<range.upperBound
            } else {
                spans.append(Span(kind: kind, range: range))
            }
        }
        /// Whether the previous token was `.` (then a keyword is a member name); comments and spaces leave it.
        var afterDot = false
        var covered = 0
        var t = 0
        while t < tokens.count {
            let token = tokens[t]
            if token.start > covered {
                // Whitespace between tokens; a carriage return ends a member access, as any byte but a space, tab or line feed.
                if afterDot, bytes[covered..<token.start].contains(0x0D) { afterDot = false }
                add(.plain, covered..<token.start)
            }
            covered = token.end
            t += 1
            let range = token.start..<token.end
            switch token.kind {
            case .comment:
                add(.comment, range)
                continue
            case .string: add(.string, range)
            case .interpolation: add(.interpolation, range)
            case .number: add(.number, range)
            case .attribute: add(.attribute, range)
            case .identifier:
                let word = bytes[range]
                let kind: SwiftToken.Kind
                if !afterDot || word.elementsEqual("self".utf8) || word.elementsEqual("init".utf8), isKeyword(word) {
                    kind = .keyword
                } else if let first = word.first, first >= 0x41, first <= 0x5A {
                    kind = .type
                } else {
                    kind = .plain
                }
                add(kind, range)
            case .punctuation, .other:
                // `#` right before a name is a directive with it: `#if`, `#available`, `#selector`.
                if bytes[token.start] == UInt8(ascii: "#"), t < tokens.count, tokens[t].kind == .identifier, tokens[t].start == token.end,
                   SwiftLexer.isIdentifierHead(bytes[token.end]) {
                    add(.directive, token.start..<tokens[t].end)
                    covered = tokens[t].end
                    t += 1
                    afterDot = false
                    continue
                }
                add(.plain, range)
                afterDot = bytes[token.start] == UInt8(ascii: ".")
                continue
            }
            afterDot = false
        }
        add(.plain, covered..<bytes.count)
        return spans
    }
}
