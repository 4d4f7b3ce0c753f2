/// cmark's inline tree, as much of it as the emphasis repair needs (the parser's C door copies it).
struct InlineToken {
    enum Kind: Equatable {
        case text
        case code
        case html
        case softBreak
        case lineBreak
        case emphasis
        case strong
        case link
        case image
    }

    var kind: Kind
    /// A text's or raw HTML's literal (decoded: escapes and entities already replaced).
    var literal: [UInt8] = []
    var children: [InlineToken] = []
    /// The parser's number for the cmark node.
    var handle: Int
}

/// An inline container cut into what emphasis works on: its delimiter runs, with their place in the inline text,
/// and everything else.
struct EmphasisScope {
    enum Item {
        /// A cmark node kept as it is (code, raw HTML, a break, a link or image).
        case node(handle: Int)
        /// Text that is not a delimiter run, decoded.
        case text([UInt8])
        case run(RunPiece)
    }

    /// A delimiter run, or the part of one that one cmark node holds.
    struct RunPiece {
        var character: UInt8
        /// Its offset in the inline text.
        var start: Int
        var length: Int
        /// Whether cmark made emphasis with some of it.
        var matched: Bool
    }

    /// The link or image whose text this is; `nil` for the paragraph or heading itself.
    var container: Int?
    var items: [Item] = []

    /// Pieces of the same run (cmark splits a run it matched in part) joined into one.
    mutating func joinRuns() {
        var joined: [Item] = []
        joined.reserveCapacity(items.count)
        for item in items {
            if case .run(let piece) = item, case .run(var last)? = joined.last, last.character == piece.character,
                last.start + last.length == piece.start
            {
                last.length += piece.length
                last.matched = last.matched || piece.matched
                joined[joined.count - 1] = .run(last)
            } else {
                joined.append(item)
            }
        }
        items = joined
    }
}

/// Walks cmark's inline tree of one container along the container's inline text (`InlineSubject`), finding
/// where each delimiter run is: cmark's own tree says what is a code span, a link or raw HTML, the text says
/// what surrounds each run. Fails (returns `nil`) where the two cannot be matched, and the container is then
/// left as cmark made it.
struct InlineAlignment {
    private let text: [UInt8]
    private var cursor = 0
    private(set) var scopes: [EmphasisScope] = []

    /// The scopes of `tokens` (the container's children) in `text`: the container's first, then one per link.
    static func scopes(of tokens: [InlineToken], in text: [UInt8]) -> [EmphasisScope]? {
        var alignment = InlineAlignment(text: text)
        var top = EmphasisScope(container: nil)
        guard alignment.align(tokens, into: &top), alignment.cursor == text.count else { return nil }
        top.joinRuns()
        alignment.scopes.insert(top, at: 0)
        return alignment.scopes
    }

    private init(text: [UInt8]) {
        self.text = text
    }

    private func byte(_ i: Int) -> UInt8? { i < text.count ? text[i] : nil }

    private mutating func align(_ tokens: [InlineToken], into scope: inout EmphasisScope) -> Bool {
        for token in tokens {
            switch token.kind {
            case .text:
                guard alignText(token.literal, into: &scope) else { return false }
            case .softBreak, .lineBreak:
                // Spaces before the newline (a hard break's, or trailing ones cmark dropped), a backslash break.
                while byte(cursor) == UInt8(ascii: " ") || byte(cursor) == UInt8(ascii: "\t") { cursor += 1 }
                if token.kind == .lineBreak, byte(cursor) == UInt8(ascii: "\\") { cursor += 1 }
                guard byte(cursor) == UInt8(ascii: "\n") else { return false }
                cursor += 1
                scope.items.append(.node(handle: token.handle))
            case .code:
                guard let end = codeSpanEnd(from: cursor) else { return false }
                cursor = end
                scope.items.append(.node(handle: token.handle))
            case .html:
                guard cursor + token.literal.count <= text.count,
                    text[cursor..<(cursor + token.literal.count)].elementsEqual(token.literal)
                else { return false }
                cursor += token.literal.count
                scope.items.append(.node(handle: token.handle))
            case .emphasis, .strong:
                let count = token.kind == .strong ? 2 : 1
                guard let c = byte(cursor), c == UInt8(ascii: "*") || c == UInt8(ascii: "_"),
                    cursor + count <= text.count, text[cursor..<(cursor + count)].allSatisfy({ $0 == c })
                else { return false }
                scope.items.append(.run(.init(character: c, start: cursor, length: count, matched: true)))
                cursor += count
                guard align(token.children, into: &scope) else { return false }
                guard cursor + count <= text.count, text[cursor..<(cursor + count)].allSatisfy({ $0 == c }) else { return false }
                scope.items.append(.run(.init(character: c, start: cursor, length: count, matched: true)))
                cursor += count
            case .link, .image:
                scope.items.append(.node(handle: token.handle))
                if token.kind == .link, byte(cursor) == UInt8(ascii: "<") {
                    // An autolink: its text is its destination, with no emphasis in it.
                    guard let close = text[cursor...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                    cursor = close + 1
                    continue
                }
                if token.kind == .image {
                    guard byte(cursor) == UInt8(ascii: "!") else { return false }
                    cursor += 1
                }
                guard byte(cursor) == UInt8(ascii: "[") else { return false }
                cursor += 1
                var inner = EmphasisScope(container: token.handle)
                guard align(token.children, into: &inner), byte(cursor) == UInt8(ascii: "]") else { return false }
                cursor += 1
                inner.joinRuns()
                scopes.append(inner)
                cursor = linkSuffixEnd(from: cursor)
            }
        }
        return true
    }

    /// Matches a text node's literal with the text at the cursor: escapes and entities are undone, and each
    /// `*` or `_` written as itself is a delimiter run (or the part of one this node holds).
    private mutating func alignText(_ literal: [UInt8], into scope: inout EmphasisScope) -> Bool {
        var pending: [UInt8] = []
        var j = 0
        while j < literal.count {
            guard let c = byte(cursor) else { return false }
            let wanted = literal[j]
            if c == UInt8(ascii: "\\"), let escaped = byte(cursor + 1), Self.isASCIIPunctuation(escaped), wanted == escaped {
                pending.append(escaped)
                cursor += 2
                j += 1
            } else if c == wanted, c == UInt8(ascii: "*") || c == UInt8(ascii: "_") {
                var length = 1
                while j + length < literal.count, literal[j + length] == c, byte(cursor + length) == c { length += 1 }
                if !pending.isEmpty {
                    scope.items.append(.text(pending))
                    pending = []
                }
                scope.items.append(.run(.init(character: c, start: cursor, length: length, matched: false)))
                cursor += length
                j += length
            } else if c == UInt8(ascii: "&"), let (end, decoded) = entity(at: cursor, literal: literal, from: j) {
                pending.append(contentsOf: literal[j..<(j + decoded)])
                cursor = end
                j += decoded
            } else if c == wanted {
                pending.append(c)
                cursor += 1
                j += 1
            } else {
                return false
            }
        }
        if !pending.isEmpty { scope.items.append(.text(pending)) }
        return true
    }

    /// An entity or numeric character reference at `start` that cmark decoded into `literal` at `j`: where it
    /// ends in the text, and how many bytes it became. The bytes it became are found by where the text goes on.
    private func entity(at start: Int, literal: [UInt8], from j: Int) -> (Int, Int)? {
        var end = start + 1
        while end < text.count, end - start <= 40, text[end] != UInt8(ascii: ";") {
            let b = text[end]
            guard (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "#") else { return nil }
            end += 1
        }
        guard end < text.count, text[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        end += 1
        // The entity became one or two scalars (at most 8 bytes), or stayed as written when cmark does not know
        // it: the first length after which the text and the literal agree again, up to the next escape or
        // entity (which the text still spells out).
        for decoded in 1...max(8, end - start) where j + decoded <= literal.count {
            let k = j + decoded
            if k < literal.count, literal[k] & 0xC0 == 0x80 { continue }
            var agree = true
            for d in 0..<4 {
                guard k + d < literal.count, end + d < text.count else { break }
                let b = text[end + d]
                if b == UInt8(ascii: "&") || b == UInt8(ascii: "\\") { break }
                if literal[k + d] != b {
                    agree = false
                    break
                }
            }
            if agree { return (end, decoded) }
        }
        return nil
    }

    /// The end of the code span whose opening backticks are at `start` (the next run of as many backticks).
    private func codeSpanEnd(from start: Int) -> Int? {
        var i = start
        while i < text.count, text[i] == UInt8(ascii: "`") { i += 1 }
        let count = i - start
        guard count > 0 else { return nil }
        while i < text.count {
            guard text[i] == UInt8(ascii: "`") else {
                i += 1
                continue
            }
            let runStart = i
            while i < text.count, text[i] == UInt8(ascii: "`") { i += 1 }
            if i - runStart == count { return i }
        }
        return nil
    }

    /// Where a link's text ends its syntax after `]`: an inline destination and title in parentheses, a link
    /// label, or nothing (a shortcut reference), in the order cmark's `handle_close_bracket` tries them.
    private func linkSuffixEnd(from start: Int) -> Int {
        if byte(start) == UInt8(ascii: "("), let end = inlineLinkEnd(from: start + 1) { return end }
        if let end = linkLabelEnd(from: start) { return end }
        return start
    }

    /// `(destination "title")` after its `(`, as cmark scans it; `nil` when it is not one.
    private func inlineLinkEnd(from start: Int) -> Int? {
        var i = spaces(from: start)
        guard let urlEnd = destinationEnd(from: i) else { return nil }
        i = urlEnd
        let titleStart = spaces(from: i)
        var titleEnd = titleStart
        if titleStart != urlEnd { titleEnd = titleStart + titleLength(from: titleStart) }
        let end = spaces(from: titleEnd)
        guard byte(end) == UInt8(ascii: ")") else { return nil }
        return end + 1
    }

    /// `scan_spacechars`.
    private func spaces(from start: Int) -> Int {
        var i = start
        while let b = byte(i), b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0B || b == 0x0C || b == 0x0D { i += 1 }
        return i
    }

    /// `manual_scan_link_url`: the end of a destination in angle brackets or of a bare one.
    private func destinationEnd(from start: Int) -> Int? {
        var i = start
        if byte(i) == UInt8(ascii: "<") {
            i += 1
            while i < text.count {
                let b = text[i]
                if b == UInt8(ascii: ">") {
                    i += 1
                    break
                } else if b == UInt8(ascii: "\\") {
                    i += 2
                } else if b == UInt8(ascii: "\n") || b == UInt8(ascii: "<") {
                    return nil
                } else {
                    i += 1
                }
            }
            return i >= text.count ? nil : i
        }
        var depth = 0
        while i < text.count {
            let b = text[i]
            if b == UInt8(ascii: "\\"), i + 1 < text.count, Self.isASCIIPunctuation(text[i + 1]) {
                i += 2
            } else if b == UInt8(ascii: "(") {
                depth += 1
                i += 1
                if depth > 32 { return nil }
            } else if b == UInt8(ascii: ")") {
                if depth == 0 { break }
                depth -= 1
                i += 1
            } else if InlineSubject.isSpace(b) {
                if i == start { return nil }
                break
            } else {
                i += 1
            }
        }
        guard i < text.count, depth == 0 else { return nil }
        return i
    }

    /// `scan_link_title`: the length of the longest title in quotes or parentheses at `start`, or 0.
    private func titleLength(from start: Int) -> Int {
        guard let open = byte(start) else { return 0 }
        let close: UInt8
        switch open {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): close = open
        case UInt8(ascii: "("): close = UInt8(ascii: ")")
        default: return 0
        }
        // A closing mark right after a backslash may also be read as escaped, and the longest match wins.
        var longest = 0
        var i = start + 1
        while i < text.count {
            let b = text[i]
            if b == close {
                longest = i + 1 - start
                if text[i - 1] != UInt8(ascii: "\\") || i - 1 == start { break }
            } else if open == UInt8(ascii: "("), b == UInt8(ascii: "("), text[i - 1] != UInt8(ascii: "\\") || i - 1 == start {
                break
            }
            i += 1
        }
        return longest
    }

    /// `link_label`: the end of `[label]` at `start`, or `nil`.
    private func linkLabelEnd(from start: Int) -> Int? {
        guard byte(start) == UInt8(ascii: "[") else { return nil }
        var i = start + 1
        var length = 0
        while let c = byte(i), c != UInt8(ascii: "["), c != UInt8(ascii: "]") {
            if c == UInt8(ascii: "\\") {
                i += 1
                length += 1
                if let e = byte(i), Self.isASCIIPunctuation(e) {
                    i += 1
                    length += 1
                }
            } else {
                i += 1
                length += 1
            }
            if length > 999 { return nil }
        }
        guard byte(i) == UInt8(ascii: "]") else { return nil }
        return i + 1
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }
}
