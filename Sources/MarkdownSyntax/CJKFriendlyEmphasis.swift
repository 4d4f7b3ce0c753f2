/// Emphasis by the CJK-friendly amendments to CommonMark's flanking rules, and CommonMark's own algorithm to match it.
///
/// CommonMark's flanking rules assume words separated by spaces: in `**修正：**监听` the closing `**` follows
/// punctuation and precedes a letter, so it cannot close, and the page shows the asterisks. The amendments
/// (tats-u/markdown-cjk-friendly, `specification.md`; implemented by markdown-it-cjk-friendly and its ports)
/// let a CJK character stand where the rules ask for whitespace or punctuation, and count CJK punctuation as
/// a CJK character rather than as punctuation. Only `*` runs change: for `_` the amended rules reduce to
/// CommonMark's. Whitespace and punctuation are cmark 0.30's (punctuation is ASCII punctuation and Unicode
/// `P*`), so that a run with no CJK character beside it gets exactly cmark's flags. docs/markdown.md has why
/// the parser repairs emphasis itself instead of patching cmark.
public enum CJKFriendlyEmphasis {
    /// Whether a run can open and whether it can close emphasis.
    public struct Flags: Sendable, Hashable {
        public var canOpen: Bool
        public var canClose: Bool

        public init(canOpen: Bool, canClose: Bool) {
            self.canOpen = canOpen
            self.canClose = canClose
        }
    }

    /// A run of `*` or `_` with the characters beside it in its container's inline text.
    public struct Run: Sendable, Hashable {
        public var character: UInt8
        public var length: Int
        /// The scalar just before the run; `nil` at the start of the text, which counts as whitespace.
        public var before: Unicode.Scalar?
        /// The scalar before `before`, which the amendment reads when `before` is a variation selector.
        public var beforeBefore: Unicode.Scalar?
        /// The scalar just after the run; `nil` at the end of the text.
        public var after: Unicode.Scalar?

        public init(character: UInt8, length: Int, before: Unicode.Scalar?, beforeBefore: Unicode.Scalar? = nil, after: Unicode.Scalar?) {
            self.character = character
            self.length = length
            self.before = before
            self.beforeBefore = beforeBefore
            self.after = after
        }

        /// What CommonMark says, exactly as cmark 0.30's `scan_delims` computes it.
        public var standard: Flags {
            let b = before ?? "\n", a = after ?? "\n"
            let left = !isWhitespace(a) && (!isPunctuation(a) || isWhitespace(b) || isPunctuation(b))
            let right = !isWhitespace(b) && (!isPunctuation(b) || isWhitespace(a) || isPunctuation(a))
            if character == UInt8(ascii: "_") {
                return Flags(canOpen: left && (!right || isPunctuation(b)), canClose: right && (!left || isPunctuation(a)))
            }
            return Flags(canOpen: left, canClose: right)
        }

        /// What the amended rules say (specification.md, "6.2 Emphasis and strong emphasis").
        public var amended: Flags {
            let last = before ?? " ", next = after ?? "\n"
            // A variation selector after a character belongs to it: the rules read the character it follows.
            var lastMain = last
            var twoBefore: Unicode.Scalar?
            if isGeneralUseVariationSelector(last) {
                let previous = beforeBefore ?? " "
                twoBefore = previous
                if previous.properties.generalCategory != .spaceSeparator { lastMain = previous }
            }
            let lastSpace = isWhitespace(lastMain), nextSpace = isWhitespace(next)
            if lastSpace || nextSpace { return Flags(canOpen: !nextSpace, canClose: !lastSpace) }
            let lastPunctuation = isPunctuation(lastMain), nextPunctuation = isPunctuation(next)
            // `_` between two non-space characters: the amended rules give CommonMark's answer.
            if character == UInt8(ascii: "_") { return Flags(canOpen: lastPunctuation, canClose: nextPunctuation) }
            let previousIsCJK: Bool
            if let twoBefore {
                // A full-width quotation mark is written as the ambiguous-width mark followed by U+FE01.
                previousIsCJK = isCJK(twoBefore) || (last == "\u{FE01}" && [0x2018, 0x2019, 0x201C, 0x201D].contains(twoBefore.value))
            } else {
                previousIsCJK = isCJK(last) || isIdeographicVariationSelector(last)
            }
            let besideCJK = previousIsCJK || isCJK(next)
            return Flags(
                canOpen: lastPunctuation || besideCJK || !nextPunctuation,
                canClose: nextPunctuation || besideCJK || !lastPunctuation)
        }

        /// Whether the amendment changes what this run can do (only then is its container parsed again).
        public var isJudgedDifferently: Bool { standard != amended }

        /// Whether the amended rules let the run open or close at all: what a run written as emphasis does, and
        /// what `2 * 3` or `snake_case` do not.
        public var couldBeEmphasis: Bool {
            let flags = amended
            return flags.canOpen || flags.canClose
        }
    }

    // MARK: Matching

    /// One piece of an inline container, in order: something kept as it is, or a delimiter run with its flags.
    public enum Piece<Leaf> {
        case leaf(Leaf)
        case run(character: UInt8, length: Int, flags: Flags)
    }

    /// The container again, in order, as a flat sequence: `open` and `close` bracket an emphasis.
    public enum Event<Leaf> {
        case leaf(Leaf)
        /// `count` characters of run number `run` (counting runs in order) that opened or closed nothing.
        case literal(run: Int, character: UInt8, count: Int)
        case open(strong: Bool)
        case close
    }

    /// CommonMark's "process emphasis" over one container, as cmark 0.30 does it (its delimiter list, its
    /// rule of three, its `openers_bottom` bounds); linear in the number of pieces.
    ///
    /// Returns the container as events and, for each run, how many of its characters stayed text.
    public static func resolve<Leaf>(_ pieces: [Piece<Leaf>]) -> (events: [Event<Leaf>], unused: [Int]) {
        var matcher = Matcher(pieces)
        matcher.processEmphasis()
        return (matcher.events(), matcher.remaining)
    }

    // MARK: Characters

    /// Unicode whitespace as cmark 0.30 reads it (`cmark_utf8proc_is_space`).
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 9, 10, 12, 13, 32, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Punctuation as cmark 0.30 reads it (`cmark_utf8proc_is_punctuation`): ASCII punctuation and Unicode `P*`.
    public static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (0x21...0x2F).contains(v) || (0x3A...0x40).contains(v) || (0x5B...0x60).contains(v) || (0x7B...0x7E).contains(v)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }

    /// A CJK character as the amendment defines it (East Asian Width W, F or H and not an emoji by default,
    /// or Hangul): the ranges of its `ranges.md`, Unicode 16.
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x1100 { return false }
        switch v {
        case 0x1100...0x11FF, 0x20A9, 0x2329...0x232A, 0x2630...0x2637, 0x268A...0x268F, 0x2E80...0x2E99,
            0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
            0x3131...0x318E, 0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6,
            0xA960...0xA97C, 0xAC00...0xD7A3, 0xD7B0...0xD7C6, 0xD7CB...0xD7FB, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFFBE, 0xFFC2...0xFFC7, 0xFFCA...0xFFCF,
            0xFFD2...0xFFD7, 0xFFDA...0xFFDC, 0xFFE0...0xFFE6, 0xFFE8...0xFFEE, 0x16FE0...0x16FE4, 0x16FF0...0x16FF6,
            0x17000...0x18CD5, 0x18CFF...0x18D1E, 0x18D80...0x18DF2, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB,
            0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132, 0x1B150...0x1B152, 0x1B155, 0x1B164...0x1B167,
            0x1B170...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376, 0x1F200, 0x1F202, 0x1F210...0x1F219,
            0x1F21B...0x1F22E, 0x1F230...0x1F231, 0x1F237, 0x1F23B, 0x1F240...0x1F248, 0x1F260...0x1F265,
            0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// U+FE00–U+FE0E: a variation selector that is not the emoji one.
    static func isGeneralUseVariationSelector(_ scalar: Unicode.Scalar) -> Bool { (0xFE00...0xFE0E).contains(scalar.value) }

    /// U+E0100–U+E01EF, which follows an ideograph.
    static func isIdeographicVariationSelector(_ scalar: Unicode.Scalar) -> Bool { (0xE0100...0xE01EF).contains(scalar.value) }
}

/// cmark's inline list and delimiter stack over array indices, for `CJKFriendlyEmphasis.resolve`.
private struct Matcher<Leaf> {
    private enum Kind {
        case leaf(Leaf)
        case run(Int)
        case emphasis(strong: Bool)
    }

    private static var none: Int { -1 }

    // The inline nodes: a doubly linked list per level, emphasis nodes holding theirs as children.
    private var kinds: [Kind] = []
    private var next: [Int] = []
    private var previous: [Int] = []
    private var firstChild: [Int] = []
    private var lastChild: [Int] = []
    private var head = Matcher.none

    // The runs, by number: their text node, characters, flags and what is left of them.
    private var runNode: [Int] = []
    private var character: [UInt8] = []
    private var length: [Int] = []
    private var flags: [CJKFriendlyEmphasis.Flags] = []
    private(set) var remaining: [Int] = []

    // The delimiter list: runs that can open or close, linked in order (cmark's `delimiter`).
    private var delimiterNext: [Int] = []
    private var delimiterPrevious: [Int] = []
    private var firstDelimiter = Matcher.none

    init(_ pieces: [CJKFriendlyEmphasis.Piece<Leaf>]) {
        kinds.reserveCapacity(pieces.count)
        var lastDelimiter = Matcher.none
        for piece in pieces {
            let node = kinds.count
            switch piece {
            case .leaf(let leaf): kinds.append(.leaf(leaf))
            case .run(let c, let n, let f):
                let r = runNode.count
                kinds.append(.run(r))
                runNode.append(node)
                character.append(c)
                length.append(n)
                flags.append(f)
                remaining.append(n)
                delimiterNext.append(Matcher.none)
                delimiterPrevious.append(Matcher.none)
                if f.canOpen || f.canClose {
                    delimiterPrevious[r] = lastDelimiter
                    if lastDelimiter != Matcher.none { delimiterNext[lastDelimiter] = r } else { firstDelimiter = r }
                    lastDelimiter = r
                }
            }
            previous.append(node - 1)
            next.append(node + 1 < pieces.count ? node + 1 : Matcher.none)
            firstChild.append(Matcher.none)
            lastChild.append(Matcher.none)
        }
        head = pieces.isEmpty ? Matcher.none : 0
    }

    private mutating func removeDelimiter(_ d: Int) {
        let n = delimiterNext[d], p = delimiterPrevious[d]
        if n != Matcher.none { delimiterPrevious[n] = p }
        if p != Matcher.none { delimiterNext[p] = n } else { firstDelimiter = n }
        delimiterNext[d] = Matcher.none
        delimiterPrevious[d] = Matcher.none
    }

    /// Takes a node out of its list (it is never in a child list here: runs' nodes stay at their level).
    private mutating func unlink(_ node: Int) {
        let n = next[node], p = previous[node]
        if n != Matcher.none { previous[n] = p }
        if p != Matcher.none { next[p] = n } else { head = n }
    }

    /// `process_emphasis(subj, 0)` of cmark's inlines.c.
    mutating func processEmphasis() {
        // Positions are run numbers, which grow along the text as cmark's subject positions do.
        var openersBottom = Array(repeating: 0, count: 9)
        var closer = firstDelimiter
        while closer != Matcher.none {
            guard flags[closer].canClose else {
                closer = delimiterNext[closer]
                continue
            }
            let c = character[closer]
            let bottomIndex = c == UInt8(ascii: "_") ? 2 : 3 + (flags[closer].canOpen ? 3 : 0) + length[closer] % 3
            var opener = delimiterPrevious[closer]
            var found = false
            while opener != Matcher.none, opener >= openersBottom[bottomIndex] {
                if flags[opener].canOpen, character[opener] == c {
                    // The rule of three, on the runs' whole lengths.
                    if !(flags[closer].canOpen || flags[opener].canClose) || length[closer] % 3 == 0
                        || (length[opener] + length[closer]) % 3 != 0
                    {
                        found = true
                        break
                    }
                }
                opener = delimiterPrevious[opener]
            }
            let oldCloser = closer
            if found {
                closer = insertEmphasis(opener: opener, closer: closer)
            } else {
                closer = delimiterNext[closer]
                openersBottom[bottomIndex] = oldCloser
                if !flags[oldCloser].canOpen { removeDelimiter(oldCloser) }
            }
        }
    }

    /// `S_insert_emph`: the emphasis between two runs; returns the closer to go on from.
    private mutating func insertEmphasis(opener: Int, closer: Int) -> Int {
        let used = remaining[closer] >= 2 && remaining[opener] >= 2 ? 2 : 1
        remaining[opener] -= used
        remaining[closer] -= used
        // Delimiters between the two can no longer match anything.
        var d = delimiterPrevious[closer]
        while d != Matcher.none, d != opener {
            let before = delimiterPrevious[d]
            removeDelimiter(d)
            d = before
        }
        // The nodes between the two runs' nodes become the emphasis's children, in one splice.
        let openerNode = runNode[opener], closerNode = runNode[closer]
        let emphasis = kinds.count
        kinds.append(.emphasis(strong: used == 2))
        firstChild.append(Matcher.none)
        lastChild.append(Matcher.none)
        let inside = next[openerNode]
        if inside != closerNode {
            let last = previous[closerNode]
            firstChild[emphasis] = inside
            lastChild[emphasis] = last
            previous[inside] = Matcher.none
            next[last] = Matcher.none
        }
        next.append(closerNode)
        previous.append(openerNode)
        next[openerNode] = emphasis
        previous[closerNode] = emphasis
        if remaining[opener] == 0 {
            unlink(openerNode)
            removeDelimiter(opener)
        }
        if remaining[closer] == 0 {
            unlink(closerNode)
            let after = delimiterNext[closer]
            removeDelimiter(closer)
            return after
        }
        return closer
    }

    /// The nodes in order, without recursion (emphasis can nest as deep as the text is long).
    func events() -> [CJKFriendlyEmphasis.Event<Leaf>] {
        var events: [CJKFriendlyEmphasis.Event<Leaf>] = []
        events.reserveCapacity(kinds.count)
        var stack: [Int] = []
        var node = head
        while true {
            if node == Matcher.none {
                guard let parent = stack.popLast() else { break }
                events.append(.close)
                node = next[parent]
                continue
            }
            switch kinds[node] {
            case .leaf(let leaf):
                events.append(.leaf(leaf))
                node = next[node]
            case .run(let r):
                if remaining[r] > 0 { events.append(.literal(run: r, character: character[r], count: remaining[r])) }
                node = next[node]
            case .emphasis(let strong):
                events.append(.open(strong: strong))
                stack.append(node)
                node = firstChild[node]
            }
        }
        return events
    }
}
