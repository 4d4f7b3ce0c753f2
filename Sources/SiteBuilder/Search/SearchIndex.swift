import LessonModel
import MarkdownSyntax

/// Folds text before it is tokenized, on both the index side and the query side (issue 9: zh-Hant → zh-Hans).
///
/// The build folds page text in Swift; the page script folds the query with `queryTable`, a
/// character-to-character map written into the index, so both sides always agree.
struct ScriptFolding: Sendable {
    /// Name written into the index, e.g. `none` or `opencc-t2s`.
    var name: String
    /// Character replacements applied to both sides.
    var table: [Character: Character]

    /// The same table by Unicode scalar, for a fast pass over page text (single-scalar characters only).
    private let scalarTable: [Unicode.Scalar: Unicode.Scalar]
    /// `scalarTable` for U+2E80…U+FFFF as a flat array, each scalar's own value where it is unmapped: a
    /// lookup per Han character without hashing or checks. Empty when the table is.
    private let bmpTable: [Unicode.Scalar]

    init(name: String, table: [Character: Character]) {
        self.name = name
        self.table = table
        var scalars: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in table where from.unicodeScalars.count == 1 && to.unicodeScalars.count == 1 {
            scalars[from.unicodeScalars.first!] = to.unicodeScalars.first!
        }
        scalarTable = scalars
        var bmp: [Unicode.Scalar] = []
        if !scalars.isEmpty {
            // Surrogates are no scalars, and never looked up: they get U+FFFD.
            bmp = (0x2E80..<0x10000).map { Unicode.Scalar(UInt32($0)) ?? "\u{FFFD}" }
            for (from, to) in scalars where from.value >= 0x2E80 && from.value < 0x10000 { bmp[Int(from.value) - 0x2E80] = to }
        }
        bmpTable = bmp
    }

    static let none = ScriptFolding(name: "none", table: [:])

    func fold(_ text: String) -> String {
        guard !scalarTable.isEmpty else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(fold(scalar)) }
        return String(out)
    }

    /// One scalar folded; `fold(_:)` on text is this, scalar by scalar.
    @inline(__always)
    func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value < 0x2E80 || bmpTable.isEmpty { return scalar }
        if scalar.value < 0x10000 { return bmpTable[Int(scalar.value) - 0x2E80] }
        return scalarTable[scalar] ?? scalar
    }
}

/// Splits text into search terms the same way the page script does: words for alphabetic text, bigrams and characters for Han.
///
/// Queries are scanned by Unicode scalar (the same units as the script's `Array.from`); page text,
/// which is far larger, by UTF-8 byte with the same result (`indexTerms(_:folding:_:)`).
enum SearchTokenizer {
    /// One term to index: a lower-cased word, or a Han character or bigram keyed by its scalars
    /// (first in the high half, second or 0 in the low half), which needs no String.
    enum IndexTerm: Hashable {
        /// A word that is not packed: longer than 24 bytes, or not all ASCII.
        case word(String)
        /// A word of at most 12 ASCII letters and digits, as `packedWordKey(_:)` packs it.
        case packedWord(UInt64)
        /// A word of 13…24 ASCII letters and digits, as `packedLongWordKey(_:)` packs it.
        case packedLongWord(UInt128)
        case han(UInt64)

        var text: String {
            switch self {
            case .word(let word): return word
            case .packedWord(let key): return packedWordText(key)
            case .packedLongWord(let key): return packedWordText(key)
            case .han(let key):
                // Encoded straight into the String's storage: appending to a `UnicodeScalarView` cost more.
                return String(unsafeUninitializedCapacity: 8) { buffer in
                    let end = Self.encode(UInt32(key >> 32), into: buffer, at: 0)
                    return Self.encode(UInt32(truncatingIfNeeded: key), into: buffer, at: end)
                }
            }
        }

        /// Writes the UTF-8 of the scalar `value` (nothing for 0) at `start`; returns where it ends.
        private static func encode(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
            guard value != 0, let scalar = Unicode.Scalar(value), let encoded = UTF8.encode(scalar) else { return start }
            var end = start
            for byte in encoded {
                buffer[end] = byte
                end += 1
            }
            return end
        }
    }

    /// Terms to index: lower-cased words (camel-case parts too), Han characters and Han bigrams.
    static func indexTerms(_ text: String, into terms: inout Set<String>) {
        indexTerms(text) { terms.insert($0) }
    }

    static func indexTerms(_ text: String, _ emit: (String) -> Void) {
        indexTerms(text, folding: .none) { emit($0.text) }
    }

    /// The terms of `folding.fold(text)`, read from `text`'s UTF-8 bytes and folded on the way.
    ///
    /// ASCII letters and digits (most page text, and all code) stay bytes until a word ends; any
    /// other scalar is decoded and classified as `scan(_:_:)` classifies it. Han terms come out in
    /// the order a whole run would give them: each character, then the bigram it starts.
    static func indexTerms(_ text: String, folding: ScriptFolding, _ emit: (IndexTerm) -> Void) {
        withoutActuallyEscaping(emit) { emit in
            var sink = ClosureSink(emit: emit)
            indexTerms(text, folding: folding, into: &sink)
        }
    }

    /// `indexTerms(_:folding:_:)` for a closure.
    private struct ClosureSink: IndexTermSink {
        let emit: (IndexTerm) -> Void
        func take(_ term: IndexTerm) { emit(term) }
    }

    /// `indexTerms(_:folding:_:)`, giving each term to `sink`.
    static func indexTerms<Sink: IndexTermSink>(_ text: String, folding: ScriptFolding, into sink: inout Sink) {
        var text = text
        text.withUTF8 { bytes in
            /// The current all-ASCII word, if one is open: where it starts in `bytes`, and its letters
            /// packed and looked over as `asciiWordTerms(_:packed:hasInnerCapital:into:)` takes them.
            var asciiWord: (start: Int, packed: UInt64, hasInnerCapital: Bool)? = nil
            /// The current word once it holds a non-ASCII scalar (then it is kept here, not in `bytes`).
            var scalarWord: [Unicode.Scalar] = []
            /// The last scalar of the current Han run, 0 outside one.
            var previousHan: UInt32 = 0

            func endWord(at end: Int) {
                if let word = asciiWord {
                    asciiWordTerms(
                        UnsafeBufferPointer(rebasing: bytes[word.start..<end]), packed: word.packed,
                        hasInnerCapital: word.hasInnerCapital, into: &sink)
                    asciiWord = nil
                } else if !scalarWord.isEmpty {
                    wordTerms(scalarWord) { sink.take(wordTerm($0)) }
                    scalarWord.removeAll(keepingCapacity: true)
                }
            }

            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte < 0x80 {
                    previousHan = 0
                    if !isASCIILetterOrDigit(byte) {
                        endWord(at: i)
                        i += 1
                    } else if !scalarWord.isEmpty {
                        scalarWord.append(Unicode.Scalar(byte))
                        i += 1
                    } else {
                        // The rest of the ASCII letters and digits in one tight loop (most of the text), packed
                        // and checked for capitals on the way: no second pass over the word for either. (The
                        // byte after a word always ends it, or turns it into `scalarWord`.)
                        let start = i
                        var packed = UInt64(packedDigit(byte))
                        // Letters and digits have bit 5 set, except capitals.
                        var clearBits: UInt8 = 0
                        i += 1
                        while i < bytes.count {
                            // A letter first: the commonest byte, and its branch the shortest.
                            let next = bytes[i]
                            let folded = next | 0x20
                            let digit: UInt8
                            if folded &- 0x61 < 26 {
                                digit = folded &- 0x56
                            } else if next &- 0x30 < 10 {
                                digit = next &- 0x2F
                            } else {
                                break
                            }
                            packed = packed &* 37 &+ UInt64(digit)
                            clearBits |= ~next
                            i += 1
                        }
                        asciiWord = (start, packed, clearBits & 0x20 != 0)
                    }
                    continue
                }
                let (decoded, length) = scalar(startingAt: i, in: bytes)
                let scalar = folding.fold(decoded)
                if isHan(scalar) {
                    // After a Han character no word is open: most Han characters skip the call.
                    if previousHan == 0 { endWord(at: i) }
                    if previousHan != 0 { sink.take(.han(UInt64(previousHan) << 32 | UInt64(scalar.value))) }
                    sink.take(.han(UInt64(scalar.value) << 32))
                    previousHan = scalar.value
                } else if isWordScalar(scalar) {
                    previousHan = 0
                    if let word = asciiWord {
                        // The word is not all ASCII after all: carry on with its scalars.
                        scalarWord = bytes[word.start..<i].map { Unicode.Scalar($0) }
                        asciiWord = nil
                    }
                    scalarWord.append(scalar)
                } else {
                    endWord(at: i)
                    previousHan = 0
                }
                i += length
            }
            endWord(at: bytes.count)
        }
    }

    /// The scalar whose UTF-8 starts at `start`, and its length in bytes (the bytes came from a String, so are valid).
    @inline(__always)
    static func scalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[start])
        if lead & 0xF0 == 0xE0 {
            // Three bytes: every Han character in the BMP, so most non-ASCII text here.
            let value = (lead & 0x0F) << 12 | UInt32(bytes[start + 1] & 0x3F) << 6 | UInt32(bytes[start + 2] & 0x3F)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 3)
        }
        var value: UInt32
        let length: Int
        switch lead {
        case ..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case ..<0xE0: value = lead & 0x1F; length = 2
        case ..<0xF0: value = lead & 0x0F; length = 3
        default: value = lead & 0x07; length = 4
        }
        for k in 1..<length { value = value << 6 | UInt32(bytes[start + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// `wordTerms(_:_:)` for a word of ASCII letters and digits, on its bytes: no scalar array, no array of parts.
    ///
    /// `packed` is the word packed as `packedWordKey(_:)` packs it (wrapped around if the word is longer than
    /// 12, and then not used), and `hasInnerCapital` whether a capital follows its first letter: without
    /// one there are no camel-case parts to look for.
    static func asciiWordTerms<Sink: IndexTermSink>(
        _ word: UnsafeBufferPointer<UInt8>, packed: UInt64, hasInnerCapital: Bool, into sink: inout Sink
    ) {
        guard word.count >= 2 || isASCIIDigit(word[0]) else { return }
        // A call for each case, so that each knows its term's case: one `take` of any case destroyed its
        // term through a call that checked which case it was.
        if word.count <= 12 {
            sink.take(.packedWord(packed))
        } else {
            takeLongASCIIWord(word[...], into: &sink)
        }
        guard hasInnerCapital else { return }
        // The parts `camelCaseParts` finds, emitted as soon as the first split shows there is more than one.
        var partStart = 0
        for index in 1..<word.count {
            let p = word[index - 1], c = word[index]
            guard isASCIIUpper(c) else { continue }
            let lowerToUpper = isASCIILower(p) || isASCIIDigit(p)
            let acronymEnd = isASCIIUpper(p) && index + 1 < word.count && isASCIILower(word[index + 1])
            if lowerToUpper || acronymEnd {
                if index - partStart >= 2 { takeASCIIWord(word[partStart..<index], into: &sink) }
                partStart = index
            }
        }
        if partStart > 0, word.count - partStart >= 2 { takeASCIIWord(word[partStart...], into: &sink) }
    }

    /// Gives `sink` the term of ASCII letters and digits: packed when short enough, else lower-cased into a String.
    @inline(__always)
    private static func takeASCIIWord<Sink: IndexTermSink>(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, into sink: inout Sink) {
        guard bytes.count <= 12 else {
            takeLongASCIIWord(bytes, into: &sink)
            return
        }
        // `packedWordKey(_:)` without its checks: these bytes are all letters and digits.
        var key: UInt64 = 0
        for byte in bytes { key = key &* 37 &+ UInt64(packedDigit(byte)) }
        sink.take(.packedWord(key))
    }

    /// `takeASCIIWord(_:into:)` for more than 12 letters and digits: packed into 128 bits up to 24 (such
    /// words are mostly identifiers, and a String and a hashed lookup for each cost ten times as much).
    private static func takeLongASCIIWord<Sink: IndexTermSink>(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, into sink: inout Sink) {
        guard bytes.count <= 24 else {
            sink.take(.word(asciiLowercased(bytes)))
            return
        }
        var key: UInt128 = 0
        for byte in bytes { key = key &* 37 &+ UInt128(packedDigit(byte)) }
        sink.take(.packedLongWord(key))
    }

    /// An ASCII letter's or digit's base-37 digit in `packedWordKey(_:)`: `0`…`9` → 1…10, either case of `a`…`z` → 11…36.
    @inline(__always)
    private static func packedDigit(_ b: UInt8) -> UInt8 { b <= 0x39 ? b &- 0x2F : (b | 0x20) &- 0x56 }

    /// The term of a lower-cased word from `wordTerms(_:_:)`: packed when it can be, as the ASCII path packs it.
    ///
    /// A word is packed exactly when it is 1…24 of `0`…`9` and `a`…`z`, whichever path found it (in 64
    /// bits up to 12, in 128 bits from 13), so the same word always reaches the same table. (No non-ASCII
    /// word is canonically equivalent to a packable one, which could otherwise have shared its `String`
    /// key: `SearchTokenizerTests` checks this.)
    static func wordTerm(_ word: String) -> IndexTerm {
        if word.utf8.allSatisfy({ isASCIILower($0) || isASCIIDigit($0) }) {
            if let key = packedWordKey(word.utf8) { return .packedWord(key) }
            if let key = packedLongWordKey(word.utf8) { return .packedLongWord(key) }
        }
        return .word(word)
    }

    /// A word of 1…12 ASCII letters and digits as one number, read as lower-case; nil for any other word.
    ///
    /// Each byte is a base-37 digit from 1 up (`0`…`9` are 1…10, `a`…`z` and `A`…`Z` are 11…36). With no
    /// zero digit, different lower-cased words give different numbers, none of them 0, and 37¹² < 2⁶⁴.
    @inline(__always)
    static func packedWordKey(_ word: some Collection<UInt8>) -> UInt64? {
        guard word.count >= 1, word.count <= 12 else { return nil }
        return packed(word)
    }

    /// `packedWordKey(_:)` for a word of 13…24 ASCII letters and digits, in 128 bits: 37²⁴ < 2¹²⁸.
    static func packedLongWordKey(_ word: some Collection<UInt8>) -> UInt128? {
        guard word.count >= 13, word.count <= 24 else { return nil }
        return packed(word)
    }

    /// The bytes packed as `packedWordKey(_:)` packs them, or nil if one is not an ASCII letter or digit.
    @inline(__always)
    private static func packed<Key: FixedWidthInteger & UnsignedInteger>(_ word: some Collection<UInt8>) -> Key? {
        var key: Key = 0
        for byte in word {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30 + 1
            case 0x41...0x5A: digit = byte - 0x41 + 11
            case 0x61...0x7A: digit = byte - 0x61 + 11
            default: return nil
            }
            key = key &* 37 &+ Key(digit)
        }
        return key
    }

    /// The lower-case word that `packedWordKey(_:)` or `packedLongWordKey(_:)` packed into `key`.
    static func packedWordText<Key: FixedWidthInteger & UnsignedInteger>(_ key: Key) -> String {
        var count = 0
        var rest = key
        while rest > 0 {
            count += 1
            rest /= 37
        }
        // Written straight into the String's storage, last digit first (no array of digits, reversed).
        return String(unsafeUninitializedCapacity: count) { buffer in
            var rest = key
            for position in stride(from: count - 1, through: 0, by: -1) {
                let digit = UInt8(rest % 37)
                buffer[position] = digit <= 10 ? 0x30 + digit - 1 : 0x61 + digit - 11
                rest /= 37
            }
            return count
        }
    }

    /// ASCII bytes lower-cased, written straight into the String's storage (short words stay inline, with no allocation).
    private static func asciiLowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for (k, b) in bytes.enumerated() { buffer[k] = isASCIIUpper(b) ? b + 0x20 : b }
            return bytes.count
        }
    }

    private static func isASCIIUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
    private static func isASCIILower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    private static func isASCIIDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    /// `A`…`Z`, `a`…`z` or `0`…`9` (setting bit 5 maps exactly `A`…`Z` onto `a`…`z`).
    @inline(__always)
    private static func isASCIILetterOrDigit(_ b: UInt8) -> Bool { (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 }

    /// A word's terms: the whole word lower-cased, and its camel-case parts.
    static func wordTerms(_ run: [Unicode.Scalar], _ emit: (String) -> Void) {
        guard run.count >= 2 || (run.first.map { $0.properties.numericType != nil } ?? false) else { return }
        emit(lowercased(run[...]))
        let parts = camelCaseParts(run)
        if parts.count > 1 {
            for part in parts where part.count >= 2 { emit(lowercased(part)) }
        }
    }

    /// Terms a query must all match: whole words, Han bigrams (or the single character).
    static func queryTerms(_ text: String) -> [String] {
        var terms: [String] = []
        scan(text) { run, isHan in
            if isHan {
                if run.count == 1 {
                    terms.append(String(String.UnicodeScalarView(run)))
                } else {
                    for k in 0..<(run.count - 1) { terms.append(String(String.UnicodeScalarView(run[k...(k + 1)]))) }
                }
            } else {
                terms.append(lowercased(run[...]))
            }
        }
        return terms
    }

    /// Calls `body` with each run of Han characters, or of letters and digits.
    static func scan(_ text: String, _ body: ([Unicode.Scalar], Bool) -> Void) {
        var run: [Unicode.Scalar] = []
        run.reserveCapacity(64)
        var runIsHan = false
        for scalar in text.unicodeScalars {
            let han = isHan(scalar)
            let word = !han && isWordScalar(scalar)
            if !run.isEmpty, !(han && runIsHan), !(word && !runIsHan) {
                body(run, runIsHan)
                run.removeAll(keepingCapacity: true)
            }
            if han || word {
                if run.isEmpty { runIsHan = han }
                run.append(scalar)
            }
        }
        if !run.isEmpty { body(run, runIsHan) }
    }

    static func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x80 {
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
        }
        if isCJKPunctuation(s) { return false }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    static func isHan(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x3040 else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x2FA1F).contains(v) || (0x3040...0x30FF).contains(v)
    }

    static func isCJKPunctuation(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x3000...0x303F).contains(v) || (0xFF00...0xFF0F).contains(v) || (0xFF1A...0xFF20).contains(v)
    }

    static func isHan(_ c: Character) -> Bool { c.unicodeScalars.first.map(isHan) ?? false }
    static func isCJKPunctuation(_ c: Character) -> Bool { c.unicodeScalars.first.map(isCJKPunctuation) ?? false }

    static func lowercased(_ run: ArraySlice<Unicode.Scalar>) -> String {
        if run.allSatisfy({ $0.value < 0x80 }) {
            // Written straight into the String's storage (short words stay inline, with no allocation).
            return String(unsafeUninitializedCapacity: run.count) { buffer in
                for (k, s) in run.enumerated() {
                    let b = UInt8(s.value)
                    buffer[k] = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                }
                return run.count
            }
        }
        return String(String.UnicodeScalarView(run)).lowercased()
    }

    /// `scrollRectToVisible` → `scroll`, `Rect`, `To`, `Visible`; `UITextField` → `UI`, `Text`, `Field`.
    static func camelCaseParts(_ word: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.value < 0x80 ? (s.value >= 0x41 && s.value <= 0x5A) : s.properties.isUppercase }
        func isLower(_ s: Unicode.Scalar) -> Bool { s.value < 0x80 ? (s.value >= 0x61 && s.value <= 0x7A) : s.properties.isLowercase }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 0x30 && s.value <= 0x39 }
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var start = 0
        for index in word.indices where index > start {
            let p = word[index - 1], c = word[index]
            guard isUpper(c) else { continue }
            let next = index + 1 < word.count ? word[index + 1] : nil
            let lowerToUpper = isLower(p) || isDigit(p)
            let acronymEnd = isUpper(p) && (next.map(isLower) ?? false)
            if lowerToUpper || acronymEnd {
                parts.append(word[start..<index])
                start = index
            }
        }
        parts.append(word[start...])
        return parts
    }
}

/// Builds each language's index: `search/<lang>.js`, a script calling `tutorbuildSearchIndex({...})`.
///
/// A script rather than JSON so it also loads from `file://`, where browsers refuse `fetch`.
/// Format (version 1):
/// ```
/// {"v":1, "lang":"zh-Hans", "fold":{"name":"none","table":{}},
///  "pages":[[url, lesson title], …],                       url from the site root
///  "docs":[[page, anchor, section title, excerpt], …],     one per section
///  "terms":{"键盘":[0,4,1], …}}
/// ```
/// Postings are ascending document numbers stored as gaps (`[0,4,1]` is documents 0, 4, 5);
/// `fold.table` maps characters for the query side.
struct SearchIndexBuilder: IndexTermSink {
    static func indexPath(_ language: Language) -> String { "search/" + language.rawValue + ".js" }

    var language: Language
    var folding: ScriptFolding = .none
    /// What each document (section) shows in the result list; its full text is not kept once its terms are posted.
    private var documents: [ShownDocument] = []

    /// A document as the result list shows it.
    private struct ShownDocument {
        /// Index into `pages`.
        var page: Int
        /// The section's anchor; empty for the introduction.
        var fragment: String
        var title: String
        /// The first words of its text, as `ExcerptBuilder` writes them (kept as bytes: a String of them
        /// would check them again).
        var excerpt: [UInt8]
    }
    private(set) var pages: [(url: String, title: String)] = []
    /// Posting list numbers of words that cannot be packed (long or non-ASCII).
    private var termIDs: [String: Int32] = [:]
    /// Posting list numbers of words packed by `SearchTokenizer.packedWordKey(_:)`.
    private var wordIDs = TermTable<UInt64>()
    /// Posting list numbers of words packed by `SearchTokenizer.packedLongWordKey(_:)`.
    private var longWordIDs = TermTable<UInt128>()
    /// Han characters and bigrams: first scalar in the high half, second (or 0) in the low half.
    private var hanIDs = TermTable<UInt64>()
    /// Posting list numbers plus one (0 for none yet) of single ideographs U+3400…U+9FFF by scalar, which
    /// `hanIDs` then never holds: the commonest Han term, found without hashing (27,648 × 4 bytes = 110 KB).
    private var ideographIDs = [Int32](repeating: 0, count: SearchIndexBuilder.ideographs.count)
    private static let ideographs: Range<UInt32> = 0x3400..<0xA000
    /// Every term's documents: the posting list number of a term is its number here.
    private var postings = PostingsBuilder()
    /// Terms of each page's lesson title, filled by the page's first section.
    private var pageTitleTerms: [[Int32]?] = []
    /// The document `take(_:)` posts to.
    private var takenDocument: Int32 = 0

    init(language: Language, folding: ScriptFolding = .none) {
        self.language = language
        self.folding = folding
    }

    /// Adds the document of one section: what the result list shows of it, and its terms.
    ///
    /// The text comes in pieces, each followed by a line break in the text as a whole: the excerpt and
    /// the terms are read from the pieces as they would be from that text (a line break ends any word
    /// and any run of Han characters), so it is never put together.
    private mutating func add(page: Int, fragment: String, title: String, pieces: [String]) {
        let number = Int32(documents.count)
        var excerpt = ExcerptBuilder()
        for piece in pieces where !excerpt.isComplete {
            excerpt.add(piece)
            excerpt.addSpace()
        }
        documents.append(ShownDocument(page: page, fragment: fragment, title: title, excerpt: excerpt.bytes))
        // The lesson title is the same for every section of a page: tokenized for the page's first
        // section, where it is posted first so that the terms posted so far are its own; those are kept.
        if pageTitleTerms.count <= page { pageTitleTerms += Array(repeating: nil, count: page + 1 - pageTitleTerms.count) }
        if let terms = pageTitleTerms[page] {
            postings.post(distinct: terms, to: number)
        } else {
            post(termsOf: pages[page].title, number)
            pageTitleTerms[page] = Array(postings.terms(postedTo: number))
        }
        post(termsOf: title, number)
        for piece in pieces { post(termsOf: piece, number) }
    }

    /// Posts the terms of `text`, folded (Han terms are keyed by their scalars, so they need no String each).
    private mutating func post(termsOf text: String, _ number: Int32) {
        let folding = self.folding
        takenDocument = number
        SearchTokenizer.indexTerms(text, folding: folding, into: &self)
    }

    /// Posts one term of `post(termsOf:_:)`'s text.
    @inline(__always)
    mutating func take(_ term: SearchTokenizer.IndexTerm) {
        let newTerm = Int32(postings.termCount)
        let id: Int32
        switch term {
        case .word(let word): id = listID(word: word)
        case .packedWord(let key): id = wordIDs.value(for: key, insertingIfAbsent: newTerm)
        case .packedLongWord(let key): id = longWordIDs.value(for: key, insertingIfAbsent: newTerm)
        case .han(let key):
            let first = UInt32(truncatingIfNeeded: key >> 32)
            if key & 0xFFFF_FFFF == 0, Self.ideographs.contains(first) {
                let index = Int(first - Self.ideographs.lowerBound)
                if ideographIDs[index] == 0 { ideographIDs[index] = newTerm + 1 }
                id = ideographIDs[index] - 1
            } else {
                id = hanIDs.value(for: key, insertingIfAbsent: newTerm)
            }
        }
        postings.post(id, to: takenDocument)
    }

    /// The posting list number of an unpacked word; a new one (`postings.termCount`) for a new word.
    private mutating func listID(word: String) -> Int32 {
        if let id = termIDs[word] { return id }
        let id = Int32(postings.termCount)
        termIDs[word] = id
        return id
    }

    /// Every term with its posting list number, in the index's order: by `String`'s `<`.
    func sortedTerms() -> [SortableTerm] {
        var terms = termIDs.map { SortableTerm($0.key, id: Int($0.value)) }
        terms.reserveCapacity(termIDs.count + wordIDs.count + longWordIDs.count + hanIDs.count)
        wordIDs.forEach { key, id in terms.append(SortableTerm(SearchTokenizer.packedWordText(key), id: Int(id))) }
        longWordIDs.forEach { key, id in terms.append(SortableTerm(SearchTokenizer.packedWordText(key), id: Int(id))) }
        hanIDs.forEach { key, id in terms.append(SortableTerm(SearchTokenizer.IndexTerm.han(key).text, id: Int(id))) }
        for (index, idPlusOne) in ideographIDs.enumerated() where idPlusOne != 0 {
            let scalar = UInt64(Self.ideographs.lowerBound) + UInt64(index)
            terms.append(SortableTerm(SearchTokenizer.IndexTerm.han(scalar << 32).text, id: Int(idPlusOne) - 1))
        }
        return terms.sorted { $0.precedes($1) }
    }

    /// Adds one document per section of a lesson page.
    mutating func add(_ page: PageContent) {
        let number = pages.count
        pages.append((PagePath.lesson(page.slug, page.language).filePath, page.title))
        for section in page.sections {
            let isIntroduction = !section.hasHeading
            var pieces: [String] = []
            pieces.reserveCapacity(section.blocks.count + 1)
            for block in section.blocks { appendPieces(of: block, page, to: &pieces) }
            let title = isIntroduction ? "" : section.title
            if title.isEmpty, pieces.isEmpty { continue }
            if isIntroduction { pieces.insert(page.summary, at: 0) }
            add(page: number, fragment: isIntroduction ? "" : section.id ?? "", title: title, pieces: pieces)
        }
    }

    /// The text of a block, in pieces as `add(page:fragment:title:pieces:)` takes them.
    private func appendPieces(of block: BlockContent, _ page: PageContent, to pieces: inout [String]) {
        switch block {
        case .prose(_, let text?), .heading(_, _, let text?): pieces.append(text)
        case .prose, .heading, .html, .expectedOutput: return
        case .code(_, let code, let searchable): if searchable { pieces.append(code) }
        case .snippet(let s): if !page.snippets[s].isHidden { pieces.append(page.snippets[s].shownCode) }
        case .quote(let children), .item(let children):
            for child in children { appendPieces(of: child, page, to: &pieces) }
        case .list(_, _, let items):
            for item in items { for child in item { appendPieces(of: child, page, to: &pieces) } }
        }
    }

    /// The index script's text.
    func script() -> String {
        String(decoding: scriptBytes(), as: UTF8.self)
    }

    /// The index script's UTF-8, as written to the site: no String is made of it (a copy of megabytes, validated again).
    func scriptBytes() -> [UInt8] {
        // Sorted before the output grows, so that the sort's own memory is not added to it.
        let lists = postings.lists()
        let terms = sortedTerms()
        // Built as UTF-8 bytes: appending many short Strings (a posting list is mostly one-digit gaps) is slow.
        var out: [UInt8] = []
        out.reserveCapacity(estimatedScriptSize(terms: terms, postings: lists.postingCount))
        func add(_ text: StaticString) { JSON.appendRaw(text, to: &out) }
        add("tutorbuildSearchIndex(")
        add("{\"v\":1,\"lang\":"); JSON.append(language.rawValue, to: &out)
        add(",\"fold\":{\"name\":"); JSON.append(folding.name, to: &out); add(",\"table\":{")
        for (k, pair) in folding.table.sorted(by: { $0.key < $1.key }).enumerated() {
            if k > 0 { add(",") }
            JSON.append(String(pair.key), to: &out); add(":"); JSON.append(String(pair.value), to: &out)
        }
        add("}},\"pages\":[\n")
        for (k, page) in pages.enumerated() {
            if k > 0 { add(",\n") }
            add("["); JSON.append(page.url, to: &out); add(","); JSON.append(page.title, to: &out); add("]")
        }
        add("],\n\"docs\":[\n")
        for (k, document) in documents.enumerated() {
            if k > 0 { add(",\n") }
            add("["); JSON.appendDecimal(Int64(document.page), to: &out); add(","); JSON.append(document.fragment, to: &out)
            add(","); JSON.append(document.title, to: &out)
            add(","); JSON.append(utf8: document.excerpt, to: &out); add("]")
        }
        add("],\n\"terms\":{")
        for (k, term) in terms.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSON.append(term.text, to: &out)
            out.append(UInt8(ascii: ":"))
            JSON.appendGaps(runs: lists.runs(of: term.id), to: &out)
        }
        add("}});\n")
        return out
    }

    /// About how many bytes `scriptBytes()` writes, a little more if anything: reserved at once, the
    /// output is not copied as it grows, and memory not written to is never touched.
    private func estimatedScriptSize(terms: [SortableTerm], postings: Int) -> Int {
        var size = 1024 + 16 * folding.table.count
        for page in pages { size += page.url.utf8.count + page.title.utf8.count + 8 }
        for document in documents { size += document.fragment.utf8.count + document.title.utf8.count + document.excerpt.count + 24 }
        for term in terms { size += term.text.utf8.count + 6 }
        // A gap is mostly one digit, and never more than the number of documents has.
        return size + size / 8 + postings * (1 + min(3, String(documents.count).utf8.count))
    }

    /// The first words of a section, for the result list (whitespace runs collapsed).
    static func excerpt(_ text: String) -> String {
        var excerpt = ExcerptBuilder()
        excerpt.add(text)
        return String(decoding: excerpt.bytes, as: UTF8.self)
    }
}

/// Minimal JSON string encoding that is also safe inside a `<script>` file.
enum JSON {
    static func string(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `string(_:)`'s UTF-8, appended to `out`.
    static func append(_ s: String, to out: inout [UInt8]) {
        // `withUTF8` reads the String's own storage, where `Array(s.utf8)` would copy it.
        var s = s
        s.withUTF8 { bytes in appendEscaped(bytes, to: &out) }
    }

    /// `string(_:)` of valid UTF-8, appended to `out`.
    static func append(utf8 bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { appendEscaped($0, to: &out) }
    }

    /// `text` as it is, already JSON.
    static func appendRaw(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `String(n)`'s digits, appended as bytes.
    static func appendDecimal(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var value = n.magnitude
        // Most numbers are one-digit gaps.
        if value < 10 {
            out.append(0x30 + UInt8(value))
            return
        }
        // Lowest digit first, then swapped into order: no array of digits per number.
        var low = out.count
        while value > 0 {
            out.append(0x30 + UInt8(value % 10))
            value /= 10
        }
        var high = out.count - 1
        while low < high {
            out.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `[a,b-a,c-b,…]`: ascending numbers as the gaps between them, a JSON array.
    static func appendGaps(_ numbers: [Int32], to out: inout [UInt8]) {
        appendGaps(runs: [numbers[...]], to: &out)
    }

    /// `appendGaps(_:to:)` for ascending numbers given as runs, one after the other.
    static func appendGaps(runs: some Sequence<ArraySlice<Int32>>, to out: inout [UInt8]) {
        let count = runs.reduce(0) { $0 + $1.count }
        guard count > 0 else {
            out.append(contentsOf: "[]".utf8)
            return
        }
        // Written into scratch room for the longest text (a comma and 10 digits a number, and `]`), then
        // appended at once: one capacity check a list rather than one a byte, and `out` grows by what
        // the list needs only. Each number is written after a comma; the first comma then becomes the `[`.
        // The arithmetic wraps: the numbers ascend, so no gap is negative, and the room is enough.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + 11 * count) { buffer in
            var end = 0
            var previous: Int32 = 0
            for run in runs {
                for number in run {
                    var gap = UInt32(bitPattern: number &- previous)
                    previous = number
                    buffer[end] = UInt8(ascii: ",")
                    // Most gaps have one digit, nearly all the rest two or three.
                    if gap < 10 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap)
                        end &+= 2
                    } else if gap < 100 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap / 10)
                        buffer[end &+ 2] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                        end &+= 3
                    } else if gap < 1000 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap / 100)
                        buffer[end &+ 2] = 0x30 | UInt8(truncatingIfNeeded: gap / 10 % 10)
                        buffer[end &+ 3] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                        end &+= 4
                    } else {
                        var digits = 4
                        var rest = gap / 10_000
                        while rest > 0 {
                            digits &+= 1
                            rest /= 10
                        }
                        for position in stride(from: end &+ digits, to: end, by: -1) {
                            buffer[position] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                            gap /= 10
                        }
                        end &+= digits &+ 1
                    }
                }
            }
            buffer[0] = UInt8(ascii: "[")
            buffer[end] = UInt8(ascii: "]")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[...end]))
        }
    }

    /// The quoted, escaped string, from its UTF-8 bytes.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Bytes, not scalars (appending scalar by scalar to a String is slow); U+2028/9 are E2 80 A8/A9.
        // Runs of bytes that need no escape are copied whole.
        out.append(0x22)
        var k = 0
        var run = 0
        while true {
            k = nextMayNeedEscape(in: bytes, from: k)
            guard k < bytes.count else { break }
            let byte = bytes[k]
            if run < k { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k])) }
            run = k + 1
            switch byte {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x3C: out.append(contentsOf: "\\u003c".utf8)
            case 0x3E: out.append(contentsOf: "\\u003e".utf8)
            case 0x26: out.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9):
                out.append(contentsOf: (bytes[k + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                k += 3
                run = k
                continue
            case ..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
            k += 1
        }
        if run < k { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k])) }
        out.append(0x22)
    }

    /// The first index from `start` on whose byte `appendEscaped(_:to:)` must look at, or `bytes.count`.
    private static func nextMayNeedEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var k = start
        while k < bytes.count, !mayNeedEscape(bytes[k]) { k += 1 }
        return k
    }

    /// Whether `appendEscaped(_:to:)` must look at `byte`: one it escapes, or 0xE2, which may start U+2028/9.
    ///
    /// Below 0x40 a bit of one constant tells (a switch over the cases took a dozen instructions a byte).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        // Bits 0…0x1F, 0x22 ("), 0x26 (&), 0x3C (<) and 0x3E (>).
        let below40: UInt64 = 0x5000_0044_FFFF_FFFF
        return byte < 0x40 ? below40 &>> byte & 1 != 0 : byte == 0x5C || byte == 0xE2
    }
}
