import TutorbuildSupport

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
    /// The ASCII letters and digits from `i` (a letter or digit) in one tight loop (most of the text), packed
    /// and checked for capitals after the first on the way: no second pass over the word for either. Leaves
    /// `i` after the word.
    @inline(__always)
    private static func packASCIIWord(_ bytes: UnsafeBufferPointer<UInt8>, at i: inout Int) -> (packed: UInt64, hasInnerCapital: Bool) {
        var packed = UInt64(packedDigit(bytes[i]))
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
        return (packed, clearBits & 0x20 != 0)
    }

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
                        // (The byte after a word always ends it, or turns it into `scalarWord`.)
                        let start = i
                        let (packed, hasInnerCapital) = packASCIIWord(bytes, at: &i)
                        asciiWord = (start, packed, hasInnerCapital)
                    }
                    continue
                }
                let (decoded, length) = UTF8Scalars.scalar(startingAt: i, in: bytes)
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

    /// A query's plain terms: whole words, Han bigrams (or the single character). The page script
    /// (`searchEngine`) scores each of them, none required, and adds stems, prefixes, typos and synonyms.
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

    static func isHan(_ s: Unicode.Scalar) -> Bool { CJKText.isHan(s) }

    static func isCJKPunctuation(_ s: Unicode.Scalar) -> Bool { CJKText.isFullWidthPunctuation(s) }

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
