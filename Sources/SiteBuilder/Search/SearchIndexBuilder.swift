import LessonModel

/// Builds each language's index: `search/<lang>.js`, a script calling `tutorbuildSearchIndex({...})`.
///
/// A script rather than JSON so it also loads from `file://`, where browsers refuse `fetch`.
/// Format (version 2):
/// ```
/// {"v":2, "lang":"zh-Hans", "fold":{"name":"none","table":{}},
///  "pages":[[url, lesson title], …],                       url from the site root
///  "docs":[[page], [page, anchor, section title, excerpt], …],
///  "syn":[["挡住","遮挡","遮住"], …],
///  "terms":{"键盘":"#d$b…", …}}
/// ```
/// Each page has a document of its own, `[page]` (its lesson title and summary), followed by one per
/// section. A term's postings are a string of (document gap, weight) pairs: the gap in base 45, its
/// leading digits from the upper half of `SearchPostingCode`'s alphabet and its last digit from the
/// lower, then the weight as one character, a BM25F term score quantized to 1…89 (see `SearchField`).
/// `syn` holds the groups of words a query may use for each other (`SearchTerms`), folded.
struct SearchIndexBuilder {
    static func indexPath(_ language: Language) -> String { "search/" + language.rawValue + ".js" }

    var language: Language
    var folding: ScriptFolding = .none
    /// Groups of interchangeable words written into the index for the query side.
    var synonyms: [[String]] = []
    /// What each document shows in the result list; its full text is not kept once its terms are posted.
    private var documents: [ShownDocument] = []

    /// A document as the result list shows it: a section, or the page's own (title and summary).
    private struct ShownDocument {
        /// Index into `pages`.
        var page: Int
        /// The page's own document (nothing to show of it but the page).
        var isPage: Bool
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
    /// How many terms have a posting list number: a page's terms are all numbered before any is posted.
    private var termCount: Int32 = 0

    init(language: Language, folding: ScriptFolding = .none, synonyms: [[String]] = []) {
        self.language = language
        self.folding = folding
        self.synonyms = synonyms
    }

    /// Adds a page's documents and postings, its terms given the index's numbers (new ones for terms new to it).
    ///
    /// Pages are added in course order, whether tokenized in this build or read back from the last one
    /// (`SearchPostingsCache`): either way the index is the same, byte for byte.
    mutating func add(_ indexed: IndexedPage, of page: PageContent) {
        let number = pages.count
        pages.append((PagePath.lesson(page.slug, page.language).filePath, page.title))
        let first = documents.count
        for document in indexed.documents {
            var fragment = ""
            if document.place >= IndexedPage.Document.firstSection {
                let s = document.place - IndexedPage.Document.firstSection
                fragment = s < page.sectionIDs.count ? page.sectionIDs[s] ?? "" : ""
            }
            documents.append(ShownDocument(
                page: number, isPage: document.place == IndexedPage.Document.pageDocument, fragment: fragment,
                title: document.title, excerpt: document.excerpt))
        }
        // One lookup a term of the page, then the postings with the index's numbers.
        var numbers: [Int32] = []
        numbers.reserveCapacity(indexed.terms.count)
        for term in indexed.terms { numbers.append(listID(term, words: indexed.words)) }
        for d in indexed.documents.indices {
            let document = Int32(first + d)
            for p in Int(indexed.postingStarts[d])..<Int(indexed.postingStarts[d + 1]) {
                postings.post(numbers[Int(indexed.postingTerms[p])], to: document, weight: indexed.postingWeights[p])
            }
        }
    }

    /// The posting list number of a page's term (`IndexedPage.Term`); a new one (`termCount`) for a new term.
    @inline(__always)
    private mutating func listID(_ term: UInt128, words: [String]) -> Int32 {
        let newTerm = termCount
        let key = IndexedPage.Term.key(term)
        let id: Int32
        switch IndexedPage.Term.kind(term) {
        case IndexedPage.Term.packedWord: id = wordIDs.value(for: UInt64(truncatingIfNeeded: key), insertingIfAbsent: newTerm)
        case IndexedPage.Term.packedLongWord: id = longWordIDs.value(for: key, insertingIfAbsent: newTerm)
        case IndexedPage.Term.han:
            let han = UInt64(truncatingIfNeeded: key)
            let first = UInt32(truncatingIfNeeded: han >> 32)
            if han & 0xFFFF_FFFF == 0, Self.ideographs.contains(first) {
                let index = Int(first - Self.ideographs.lowerBound)
                if ideographIDs[index] == 0 { ideographIDs[index] = newTerm + 1 }
                id = ideographIDs[index] - 1
            } else {
                id = hanIDs.value(for: han, insertingIfAbsent: newTerm)
            }
        default: id = listID(word: words[Int(key)])
        }
        if id == newTerm { termCount += 1 }
        return id
    }

    /// The posting list number of an unpacked word; a new one (`termCount`) for a new word.
    private mutating func listID(word: String) -> Int32 {
        if let id = termIDs[word] { return id }
        let id = termCount
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

    /// Adds the page's own document and one per section of a lesson page, tokenized from its body.
    mutating func add(_ page: PageContent) {
        add(page, text: SearchPageText(page))
    }

    /// Adds the page's own document and one per section of a lesson page whose text is `text` (its anchors are the page's).
    mutating func add(_ page: PageContent, text: SearchPageText) {
        var maker = IndexedPage.Maker(folding: folding)
        add(maker.index(page, text: text), of: page)
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
        add("{\"v\":2,\"lang\":"); JSON.append(language.rawValue, to: &out)
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
            add("["); JSON.appendDecimal(Int64(document.page), to: &out)
            if !document.isPage {
                add(","); JSON.append(document.fragment, to: &out)
                add(","); JSON.append(document.title, to: &out)
                add(","); JSON.append(utf8: document.excerpt, to: &out)
            }
            add("]")
        }
        add("],\n\"syn\":[")
        for (k, group) in foldedSynonyms().enumerated() {
            if k > 0 { add(",") }
            add("[")
            for (w, word) in group.enumerated() {
                if w > 0 { add(",") }
                JSON.append(word, to: &out)
            }
            add("]")
        }
        add("],\n\"terms\":{")
        let scores = SearchField.Scorer(lengths: lists.documentLengths(count: documents.count), isPage: documents.map(\.isPage))
        for (k, term) in terms.enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSON.append(term.text, to: &out)
            out.append(UInt8(ascii: ":"))
            SearchPostingCode.append(term: term.id, of: lists, scores: scores, to: &out)
        }
        add("}});\n")
        return out
    }

    /// The synonym groups as the query side reads them: folded, lower-cased, each word once, groups of two or more.
    func foldedSynonyms() -> [[String]] {
        synonyms.compactMap { group in
            var seen = Set<String>()
            let words = group.map { folding.fold($0).lowercased() }.filter { !$0.isEmpty && seen.insert($0).inserted }
            return words.count > 1 ? words : nil
        }
    }

    /// About how many bytes `scriptBytes()` writes, a little more if anything: reserved at once, the
    /// output is not copied as it grows, and memory not written to is never touched.
    private func estimatedScriptSize(terms: [SortableTerm], postings: Int) -> Int {
        var size = 1024 + 16 * folding.table.count
        for page in pages { size += page.url.utf8.count + page.title.utf8.count + 8 }
        for document in documents { size += document.fragment.utf8.count + document.title.utf8.count + document.excerpt.count + 24 }
        for group in synonyms { for word in group { size += word.utf8.count * 2 + 3 } }
        for term in terms { size += term.text.utf8.count + 6 }
        // A posting is a weight and a gap of mostly one digit, never more than the number of documents has in base 45.
        var gapDigits = 1
        var rest = documents.count / SearchPostingCode.base
        while rest > 0, gapDigits < 3 {
            gapDigits += 1
            rest /= SearchPostingCode.base
        }
        return size + size / 8 + postings * (1 + gapDigits)
    }

    /// The first words of a section, for the result list (whitespace runs collapsed).
    static func excerpt(_ text: String) -> String {
        var excerpt = ExcerptBuilder()
        excerpt.add(text)
        return String(decoding: excerpt.bytes, as: UTF8.self)
    }
}
