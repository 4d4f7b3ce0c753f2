/// Emphasis that CommonMark leaves literal next to Chinese, Japanese or Korean text, judged again.
///
/// CommonMark's flanking rules assume words separated by spaces: in `**修正：**监听` the closing `**` follows
/// punctuation and precedes a letter, so it cannot close, and the page shows the asterisks. The CJK-friendly
/// amendment (tats-u/markdown-cjk-friendly, used by markdown-it's and markdig's plugins) lets a CJK character
/// stand where the rules ask for whitespace or punctuation on the far side of a run that touches punctuation.
/// cmark has already matched every run the standard rules allow; this type only decides, for the runs left
/// literal, which of them open or close and which pairs match. English text is never affected: a run is
/// judged again only when a CJK character is next to it or to its punctuation.
public enum CJKFriendlyEmphasis {
    /// A run of `*` or `_` left literal by cmark, with the characters on either side in the source line.
    public struct Run: Sendable, Hashable {
        public var character: UInt8
        public var length: Int
        /// The scalar before the run (`nil` at the start of a line, which counts as whitespace).
        public var before: Unicode.Scalar?
        /// The scalar after the run (`nil` at the end of a line).
        public var after: Unicode.Scalar?
        /// With the CJK-friendly amendment (the default), or as CommonMark alone says.
        public var amended = true

        public init(character: UInt8, length: Int, before: Unicode.Scalar?, after: Unicode.Scalar?) {
            self.character = character
            self.length = length
            self.before = before
            self.after = after
        }

        /// Whether the run can open emphasis under the amended rules.
        public var canOpen: Bool {
            let (left, right) = flanking
            if character == UInt8(ascii: "*") { return left }
            return left && (!right || isPunctuation(before))
        }

        /// Whether the run can close emphasis under the amended rules.
        public var canClose: Bool {
            let (left, right) = flanking
            if character == UInt8(ascii: "*") { return right }
            return right && (!left || isPunctuation(after))
        }

        private var flanking: (left: Bool, right: Bool) {
            let left = !isWhitespace(after)
                && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before) || (amended && isCJK(before)))
            let right = !isWhitespace(before)
                && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after) || (amended && isCJK(after)))
            return (left, right)
        }

        /// Whether the run's standard CommonMark flags differ from the amended ones: only then is the container
        /// it is in parsed again.
        public var isJudgedDifferently: Bool {
            var standard = self
            standard.amended = false
            return standard.canOpen != canOpen || standard.canClose != canClose
        }
    }

    /// Whether a run left literal may be one the author meant as emphasis, for `check` to point at: doubled
    /// runs always; single ones only when another single run of the same character is in the same place.
    public static func looksIntended(_ run: Run, among runs: [Run]) -> Bool {
        run.length == 2 || runs.filter { $0.character == run.character && $0.length == 1 }.count >= 2
    }

    /// One piece of an inline container, in order: something kept as it is, or a delimiter run.
    public enum Piece<Leaf> {
        case leaf(Leaf)
        case run(Run)
    }

    /// The container again, with emphasis made: leaves, runs' unused characters as text, and emphasis.
    public indirect enum Built<Leaf> {
        case leaf(Leaf)
        /// Characters of a run that opened or closed nothing.
        case literal(character: UInt8, count: Int)
        case emphasis(strong: Bool, children: [Built<Leaf>])
    }

    /// CommonMark's emphasis algorithm ("process emphasis", rule of three included) over one container,
    /// with the runs' amended flags.
    public static func resolve<Leaf>(_ pieces: [Piece<Leaf>]) -> [Built<Leaf>] {
        // The items in order, as cmark keeps inlines: a match folds the items between two runs into one.
        typealias Item = ResolveItem<Leaf>
        var runs: [Run] = []
        var remaining: [Int] = []
        var items: [Item] = []
        for piece in pieces {
            switch piece {
            case .leaf(let leaf): items.append(.leaf(leaf))
            case .run(let run):
                items.append(.run(runs.count))
                runs.append(run)
                remaining.append(run.length)
            }
        }
        var active = Array(repeating: true, count: runs.count)
        func built(_ item: Item) -> [Built<Leaf>] {
            switch item {
            case .leaf(let leaf): return [.leaf(leaf)]
            case .run(let r): return remaining[r] > 0 ? [.literal(character: runs[r].character, count: remaining[r])] : []
            case .emphasis(let strong, let children): return [.emphasis(strong: strong, children: children)]
            }
        }
        var position = 0
        while position < items.count {
            guard case .run(let closer) = items[position], active[closer], runs[closer].canClose, remaining[closer] > 0 else {
                position += 1
                continue
            }
            // The nearest run before it that can open and may pair with it.
            var found: Int?
            var k = position - 1
            while k >= 0 {
                if case .run(let opener) = items[k], active[opener], runs[opener].canOpen, remaining[opener] > 0,
                    runs[opener].character == runs[closer].character
                {
                    let o = runs[opener], c = runs[closer]
                    let ruleOfThree = (o.canClose || c.canOpen) && (o.length + c.length) % 3 == 0
                        && !(o.length % 3 == 0 && c.length % 3 == 0)
                    if !ruleOfThree {
                        found = k
                        break
                    }
                }
                k -= 1
            }
            guard let start = found, case .run(let opener) = items[start] else {
                if !runs[closer].canOpen { active[closer] = false }
                position += 1
                continue
            }
            let used = remaining[opener] >= 2 && remaining[closer] >= 2 ? 2 : 1
            remaining[opener] -= used
            remaining[closer] -= used
            let inner = items[(start + 1)..<position].flatMap(built)
            // Runs between the pair can no longer match anything (they would cross it).
            for item in items[(start + 1)..<position] { if case .run(let r) = item { active[r] = false } }
            items.replaceSubrange((start + 1)..<position, with: [.emphasis(strong: used == 2, children: inner)])
            position = start + 2
            if remaining[closer] == 0 { position += 1 }
        }
        return items.flatMap(built)
    }

    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        return scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
            || scalar.properties.generalCategory == .spaceSeparator
    }

    /// Unicode punctuation as CommonMark 0.31 defines it: general categories P and S.
    static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }

    /// CJK characters as the amendment lists them (Unicode 16): Han, kana, Hangul, bopomofo, Yi, CJK symbols and
    /// punctuation, full-width forms.
    static func isCJK(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        switch value {
        case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x2FF0...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE4F,
            0xFF00...0xFFEF, 0x1B000...0x1B16F, 0x1F200...0x1F2FF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }
}

/// An item while `CJKFriendlyEmphasis.resolve` works: a leaf, a run (by index) or emphasis already made.
private enum ResolveItem<Leaf> {
    case leaf(Leaf)
    case run(Int)
    case emphasis(strong: Bool, children: [CJKFriendlyEmphasis.Built<Leaf>])
}
