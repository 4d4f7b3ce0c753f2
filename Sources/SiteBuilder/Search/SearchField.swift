/// Where in a lesson a term occurs, and what an occurrence there weighs in the index's BM25F scores.
///
/// A page's own document has the lesson title and summary; a section's has its heading, prose and code.
/// An occurrence adds its field's weight to the term's posting, so a word in a title counts three
/// prose mentions and a word in code half of one: what a lesson is about ranks above what it mentions.
enum SearchField {
    case lessonTitle, summary, heading, prose, code

    var weight: UInt16 {
        switch self {
        case .lessonTitle, .heading: return 6
        case .summary: return 3
        case .prose: return 2
        case .code: return 1
        }
    }

    /// Turns a posting's summed weight into the one-character score the index stores: BM25 (k1 1.2, b 0.75)
    /// of the weighted frequency, each document's length against the average of its kind (page or section).
    struct Scorer {
        static let k1: Float = 1.2
        static let b: Float = 0.75
        /// The highest stored score; 0 is never stored.
        static let levels = 89
        /// `k1 · (1 − b + b · length / average)` for each document.
        private let lengthTerms: [Float]

        init(lengths: [UInt32], isPage: [Bool]) {
            var sums: [Float] = [0, 0], counts: [Float] = [0, 0]
            for (k, length) in lengths.enumerated() {
                let kind = isPage[k] ? 1 : 0
                sums[kind] += Float(length)
                counts[kind] += 1
            }
            let averages = (0..<2).map { counts[$0] > 0 && sums[$0] > 0 ? sums[$0] / counts[$0] : 1 }
            lengthTerms = lengths.enumerated().map { k, length in
                Self.k1 * (1 - Self.b + Self.b * Float(length) / averages[isPage[k] ? 1 : 0])
            }
        }

        /// The stored score, 1…`levels`, of a term whose weights in `document` sum to `weight`.
        @inline(__always)
        func level(weight: UInt16, document: Int32) -> Int {
            let frequency = Float(weight) / Float(SearchField.prose.weight)
            let score = frequency * (Self.k1 + 1) / (frequency + lengthTerms[Int(document)])
            return min(Self.levels, max(1, Int(score / (Self.k1 + 1) * Float(Self.levels - 1) + 1.5)))
        }
    }
}

/// How the index writes a term's postings: one JSON string of (document gap, score) pairs.
///
/// The alphabet is the 90 characters from `#` to `~` without `\`, none of which a JSON string escapes.
/// A gap is written in base 45, its leading digits from the upper half of the alphabet and its last
/// digit from the lower half, so the reader knows where it ends; the score follows as one character.
/// Most gaps are under 45, so a posting is mostly two characters: what `3,` was before, with the score.
enum SearchPostingCode {
    static let base = 45

    /// The alphabet's `k`th character, 0 ≤ k < 90.
    @inline(__always)
    static func character(_ k: Int) -> UInt8 {
        let byte = UInt8(0x23 + k)
        return byte >= 0x5C ? byte + 1 : byte
    }

    /// The alphabet's number of `byte`, or nil.
    static func digit(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x23..<0x5C: return Int(byte) - 0x23
        case 0x5D...0x7E: return Int(byte) - 0x24
        default: return nil
        }
    }

    /// Appends the quoted postings of one term: ascending `documents` (as runs), their summed weights beside them.
    static func append(
        documents: some Sequence<ArraySlice<Int32>>, weights: some Sequence<ArraySlice<UInt16>>, scores: SearchField.Scorer,
        to out: inout [UInt8]
    ) {
        out.append(0x22)
        var previous: Int32 = 0
        var digits: [UInt8] = []
        for (run, runWeights) in zip(documents, weights) {
            for (document, weight) in zip(run, runWeights) {
                var gap = Int(document - previous)
                previous = document
                if gap < base {
                    out.append(character(gap))
                } else {
                    digits.removeAll(keepingCapacity: true)
                    digits.append(character(gap % base))
                    gap /= base
                    while gap > 0 {
                        digits.append(character(base + gap % base))
                        gap /= base
                    }
                    out.append(contentsOf: digits.reversed())
                }
                out.append(character(scores.level(weight: weight, document: document)))
            }
        }
        out.append(0x22)
    }

    /// Reads what `append` wrote (without its quotes): each document and its stored score.
    static func decode(_ text: String) -> [(document: Int, score: Int)] {
        var out: [(Int, Int)] = []
        var document = 0, value = 0, readingGap = true
        for byte in text.utf8 {
            guard let d = digit(byte) else { return [] }
            if readingGap {
                if d >= base {
                    value = value * base + d - base
                } else {
                    document += value * base + d
                    value = 0
                    readingGap = false
                }
            } else {
                out.append((document, d))
                readingGap = true
            }
        }
        return out
    }
}
