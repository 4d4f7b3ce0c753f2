import LessonModel

/// What one page adds to a search index: its documents as the result list shows them, and each document's
/// terms with their summed field weights, the terms numbered within the page.
///
/// An index is its pages' `IndexedPage`s merged in course order (`SearchIndexBuilder.add(_:of:)`), whether
/// each was made by tokenizing the page's text (`IndexedPage.Maker`) or read back from the last build
/// (`SearchPostingsCache`): a rebuild after an edit tokenizes only the pages that changed.
struct IndexedPage: Equatable {
    struct Document: Equatable {
        /// Which document: `pageDocument` (the title and summary), `introduction` (the text before the first
        /// heading), or `firstSection` + the section's number, whose anchor is the page's `sectionIDs` entry.
        var place: Int
        var title: String
        /// The first words of its text (`ExcerptBuilder`).
        var excerpt: [UInt8]

        static let pageDocument = 0
        static let introduction = 1
        static let firstSection = 2
    }

    var documents: [Document] = []
    /// The page's terms, each once, in the order first found: `SearchTokenizer.IndexTerm`s as one number each
    /// (`Term`), a word that is not packed standing for its entry in `words`.
    var terms: [UInt128] = []
    /// The words of `.word` terms.
    var words: [String] = []
    /// Where each document's postings begin in `postingTerms`, and after the last, their end.
    var postingStarts: [Int32] = [0]
    /// Each posting's term (its number in `terms`), a document's postings in the order their terms were first found in it.
    var postingTerms: [Int32] = []
    /// Each posting's weight: its term's mentions in the document, their fields' weights summed (at most `UInt16.max`).
    var postingWeights: [UInt16] = []

    /// `SearchTokenizer.IndexTerm` as a number: the kind in the top two bits, the key below (a packed word is
    /// below 37²⁴ < 2¹²⁶), a word's number in `words` for a word.
    enum Term {
        static let packedWord: UInt128 = 0
        static let packedLongWord: UInt128 = 1 << 126
        static let han: UInt128 = 2 << 126
        static let word: UInt128 = 3 << 126
        static let kindMask: UInt128 = 3 << 126

        static func kind(_ term: UInt128) -> UInt128 { term & kindMask }
        static func key(_ term: UInt128) -> UInt128 { term & ~kindMask }
    }
}

extension IndexedPage {
    /// Tokenizes pages into `IndexedPage`s, keeping its tables from one page to the next.
    struct Maker: IndexTermSink {
        let folding: ScriptFolding
        /// The page's terms other than unpacked words, by their `Term` number.
        private var table = TermTable<UInt128>(minimumCapacity: 1024)
        private var wordNumbers: [String: Int32] = [:]
        /// Each term's last posting: its document in the high half, its place in `page.postingTerms` in the low half.
        private var lastPostings: [UInt64] = []
        private var page = IndexedPage()
        /// The document the terms are posted to, and the weight of the field being read.
        private var document: UInt64 = 0
        private var weight: UInt16 = 1

        init(folding: ScriptFolding) {
            self.folding = folding
        }

        /// The page's own document and one per section that has a title or text (its anchors are the page's).
        mutating func index(_ content: PageContent, text: SearchPageText) -> IndexedPage {
            start()
            startDocument(.init(place: Document.pageDocument, title: "", excerpt: []))
            post(termsOf: content.title, .lessonTitle)
            post(termsOf: content.summary, .summary)
            for (s, section) in text.sections.enumerated() {
                let isIntroduction = !section.hasHeading
                let title = isIntroduction ? "" : section.title
                if title.isEmpty, section.pieces.isEmpty, section.code.isEmpty { continue }
                // The text comes in pieces, each followed by a line break in the text as a whole: the excerpt
                // and the terms are read from the pieces as they would be from that text, which is never put
                // together. The summary starts the introduction's excerpt only.
                var excerpt = ExcerptBuilder()
                if isIntroduction {
                    excerpt.add(content.summary)
                    excerpt.addSpace()
                }
                for piece in section.pieces where !excerpt.isComplete {
                    excerpt.add(piece)
                    excerpt.addSpace()
                }
                for piece in section.code where !excerpt.isComplete && section.pieces.isEmpty {
                    excerpt.add(piece)
                    excerpt.addSpace()
                }
                startDocument(.init(place: isIntroduction ? Document.introduction : Document.firstSection + s, title: title, excerpt: excerpt.bytes))
                post(termsOf: title, .heading)
                for piece in section.pieces { post(termsOf: piece, .prose) }
                for piece in section.code { post(termsOf: piece, .code) }
            }
            page.postingStarts.append(Int32(page.postingTerms.count))
            return page
        }

        private mutating func start() {
            table.removeAll()
            wordNumbers.removeAll(keepingCapacity: true)
            lastPostings.removeAll(keepingCapacity: true)
            page = IndexedPage()
            page.postingStarts = []
            document = 0
        }

        private mutating func startDocument(_ shown: Document) {
            if !page.documents.isEmpty { document += 1 }
            page.documents.append(shown)
            page.postingStarts.append(Int32(page.postingTerms.count))
        }

        /// Posts the terms of `text`, folded.
        private mutating func post(termsOf text: String, _ field: SearchField) {
            weight = field.weight
            let folding = self.folding
            SearchTokenizer.indexTerms(text, folding: folding, into: &self)
        }

        /// Posts one term of `post(termsOf:_:)`'s text to the current document.
        @inline(__always)
        mutating func take(_ term: SearchTokenizer.IndexTerm) {
            let newTerm = Int32(page.terms.count)
            let number: Int32
            switch term {
            case .word(let word):
                if let known = wordNumbers[word] {
                    number = known
                } else {
                    number = newTerm
                    wordNumbers[word] = newTerm
                    page.terms.append(Term.word | UInt128(page.words.count))
                    page.words.append(word)
                    lastPostings.append(UInt64.max)
                }
            case .packedWord(let key): number = termNumber(Term.packedWord | UInt128(key), newTerm)
            case .packedLongWord(let key): number = termNumber(Term.packedLongWord | key, newTerm)
            case .han(let key): number = termNumber(Term.han | UInt128(key), newTerm)
            }
            let index = Int(number)
            let last = lastPostings[index]
            if last >> 32 == document {
                let place = Int(truncatingIfNeeded: last & 0xFFFF_FFFF)
                let sum = UInt32(page.postingWeights[place]) &+ UInt32(weight)
                page.postingWeights[place] = UInt16(truncatingIfNeeded: min(sum, UInt32(UInt16.max)))
            } else {
                lastPostings[index] = document << 32 | UInt64(page.postingTerms.count)
                page.postingTerms.append(number)
                page.postingWeights.append(weight)
            }
        }

        /// The number of a term other than an unpacked word; a new one (`newTerm`) for a new term.
        @inline(__always)
        private mutating func termNumber(_ term: UInt128, _ newTerm: Int32) -> Int32 {
            let number = table.value(for: term, insertingIfAbsent: newTerm)
            if number == newTerm {
                page.terms.append(term)
                lastPostings.append(UInt64.max)
            }
            return number
        }
    }
}

extension IndexedPage {
    /// The page as the bytes of a `SearchPostingsCache` entry: numbers as LEB128 varints, strings as their
    /// length and UTF-8.
    func encode(into out: inout [UInt8]) {
        func number(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            out.append(UInt8(rest))
        }
        func bytes(_ text: some Collection<UInt8>) {
            number(UInt64(text.count))
            out.append(contentsOf: text)
        }
        number(UInt64(documents.count))
        for document in documents {
            number(UInt64(document.place))
            bytes(document.title.utf8)
            bytes(document.excerpt)
        }
        number(UInt64(terms.count))
        for term in terms {
            let kind = Term.kind(term), key = Term.key(term)
            out.append(UInt8(truncatingIfNeeded: kind >> 126))
            if kind == Term.word {
                bytes(words[Int(key)].utf8)
            } else {
                number(UInt64(truncatingIfNeeded: key))
                if kind == Term.packedLongWord { number(UInt64(truncatingIfNeeded: key >> 64)) }
            }
        }
        for d in documents.indices {
            let start = Int(postingStarts[d]), end = Int(postingStarts[d + 1])
            number(UInt64(end - start))
            for p in start..<end {
                number(UInt64(postingTerms[p]))
                number(UInt64(postingWeights[p]))
            }
        }
    }

    /// The page `encode(into:)` wrote into `bytes`, or nil when they are not exactly such a page.
    init?(decoding bytes: UnsafeBufferPointer<UInt8>) {
        var offset = 0
        func number() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }
        func count(atMost limit: Int) -> Int? {
            guard limit >= 0, let value = number(), value <= UInt64(limit) else { return nil }
            return Int(value)
        }
        func text() -> UnsafeBufferPointer<UInt8>? {
            guard let length = count(atMost: bytes.count - offset) else { return nil }
            defer { offset += length }
            return UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)])
        }
        // Every count is at most the bytes left: each of its items takes one byte at least.
        guard let documentCount = count(atMost: bytes.count) else { return nil }
        documents.reserveCapacity(documentCount)
        for _ in 0..<documentCount {
            guard let place = count(atMost: Int(Int32.max)), let title = text(), let excerpt = text() else { return nil }
            documents.append(Document(place: place, title: String(decoding: title, as: UTF8.self), excerpt: Array(excerpt)))
        }
        guard let termCount = count(atMost: bytes.count - offset) else { return nil }
        terms.reserveCapacity(termCount)
        for _ in 0..<termCount {
            guard offset < bytes.count, bytes[offset] < 4 else { return nil }
            let kind = UInt128(bytes[offset]) << 126
            offset += 1
            if kind == Term.word {
                guard let word = text() else { return nil }
                terms.append(Term.word | UInt128(words.count))
                words.append(String(decoding: word, as: UTF8.self))
            } else {
                guard let low = number() else { return nil }
                var key = UInt128(low)
                if kind == Term.packedLongWord {
                    guard let high = number() else { return nil }
                    key |= UInt128(high) << 64
                }
                guard key != 0, key & Term.kindMask == 0 else { return nil }
                terms.append(kind | key)
            }
        }
        postingStarts.reserveCapacity(documentCount + 1)
        for _ in 0..<documentCount {
            guard let postingCount = count(atMost: bytes.count - offset) else { return nil }
            for _ in 0..<postingCount {
                guard let term = count(atMost: termCount - 1), let weight = count(atMost: Int(UInt16.max)) else { return nil }
                postingTerms.append(Int32(term))
                postingWeights.append(UInt16(weight))
            }
            postingStarts.append(Int32(postingTerms.count))
        }
        guard offset == bytes.count else { return nil }
    }
}
