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
        /// The levels of weights 1…8 in each document, eight a document: most postings are one or a few
        /// mentions, and a lookup costs less than the division.
        private let smallLevels: [UInt8]

        init(lengths: [UInt32], isPage: [Bool]) {
            var sums: [Float] = [0, 0], counts: [Float] = [0, 0]
            for (k, length) in lengths.enumerated() {
                let kind = isPage[k] ? 1 : 0
                sums[kind] += Float(length)
                counts[kind] += 1
            }
            let averages = (0..<2).map { counts[$0] > 0 && sums[$0] > 0 ? sums[$0] / counts[$0] : 1 }
            let lengthTerms = lengths.enumerated().map { k, length in
                Self.k1 * (1 - Self.b + Self.b * Float(length) / averages[isPage[k] ? 1 : 0])
            }
            self.lengthTerms = lengthTerms
            smallLevels = lengthTerms.flatMap { term in (1...8).map { UInt8(Self.level(weight: UInt16($0), lengthTerm: term)) } }
        }

        /// The stored score, 1…`levels`, of a term whose weights in `document` sum to `weight`.
        @inline(__always)
        func level(weight: UInt16, document: Int32) -> Int {
            if weight <= 8, weight > 0 { return Int(smallLevels[Int(document) &* 8 &+ Int(weight) &- 1]) }
            return Self.level(weight: weight, lengthTerm: lengthTerms[Int(document)])
        }

        private static func level(weight: UInt16, lengthTerm: Float) -> Int {
            let frequency = Float(weight) / Float(SearchField.prose.weight)
            let score = frequency * (k1 + 1) / (frequency + lengthTerm)
            return min(levels, max(1, Int(score / (k1 + 1) * Float(levels - 1) + 1.5)))
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

    /// Appends the quoted postings of `term`, its documents ascending batch after batch, each with its score.
    ///
    /// Written into scratch room for the longest text (seven characters a gap, one a score) and appended at
    /// once, as `JSON.appendGaps` does: one capacity check a term rather than one a byte.
    static func append(term: Int, of lists: PostingLists, scores: SearchField.Scorer, to out: inout [UInt8]) {
        var count = 0
        for batch in lists.batches { count += batch.documents(of: term).count }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 + 8 * count) { buffer in
            var end = 0
            buffer[end] = 0x22
            end &+= 1
            var previous: Int32 = 0
            for batch in lists.batches {
                let documents = batch.documents(of: term), weights = batch.weights(of: term)
                var w = weights.startIndex
                for document in documents {
                    var gap = Int(document &- previous)
                    previous = document
                    if gap < base {
                        buffer[end] = character(gap)
                        end &+= 1
                    } else {
                        // Most significant digit first: count the digits, then fill them in from the last.
                        var digits = 1, rest = gap / base
                        while rest > 0 {
                            digits &+= 1
                            rest /= base
                        }
                        var at = end &+ digits &- 1
                        buffer[at] = character(gap % base)
                        gap /= base
                        while gap > 0 {
                            at &-= 1
                            buffer[at] = character(base + gap % base)
                            gap /= base
                        }
                        end &+= digits
                    }
                    buffer[end] = character(scores.level(weight: weights[w], document: document))
                    end &+= 1
                    w &+= 1
                }
            }
            buffer[end] = 0x22
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[...end]))
        }
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
