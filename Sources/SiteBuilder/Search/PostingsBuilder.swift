/// The documents each search term occurs in, with a weight for each (how often, and in which fields: the
/// caller's sum), collected in document order and grouped by term a batch at a time.
///
/// A classic inverted-index build. Each new (term, document) pair is one append to a flat array of
/// pending postings; once that holds a batch, a counting sort by term turns it into a `PostingBatch`.
/// Since documents are posted in ascending order, each term's documents come out ascending within a
/// batch, and the batches follow each other. The per-term state is the term's last posting,
/// rather than an array per term; sorting a batch at a time keeps the flat array small (docs/site.md,
/// "Why the code is shaped as it is"). A term posted again to the same document adds its weight to
/// that posting, found by its place in the pending array, kept beside the last document (8 bytes a term).
struct PostingsBuilder {
    /// The pending postings' terms, in the order posted: by document, ascending.
    private var pendingTerms: [Int32] = []
    /// The pending postings' weights, beside `pendingTerms`.
    private var pendingWeights: [UInt16] = []
    /// Where each pending document's postings begin in `pendingTerms`, from `firstPendingDocument` on.
    private var pendingStarts: [Int] = []
    /// The document whose postings begin at `pendingStarts[0]`.
    private var firstPendingDocument = 0
    /// The first document not started yet: `firstPendingDocument + pendingStarts.count`.
    private var nextDocument: Int32 = 0
    /// Each term's last posting, by term number: its document in the high half (a term is posted once per
    /// document) and its place in `pendingTerms` in the low half, valid while that document is the current one.
    /// One number rather than two arrays: one load and one store a posting.
    private var lastPostings: [UInt64] = []
    /// The postings sorted so far, in document order.
    private var batches: [PostingBatch] = []
    /// How many pending postings make a batch, at least (a document's postings stay in one batch).
    private let batchSize: Int
    /// How many postings a batch holds for each term there is, at least, so that its `starts` (4 bytes
    /// a term) stay small beside its documents (4 bytes a posting).
    private let batchPostingsPerTerm: Int

    /// An empty builder that sorts its postings a batch at a time (tests make batches small).
    init(batchSize: Int = 1 << 16, batchPostingsPerTerm: Int = 8) {
        precondition(batchSize > 0, "a batch holds postings")
        self.batchSize = batchSize
        self.batchPostingsPerTerm = batchPostingsPerTerm
    }

    /// How many terms there are; terms are numbered from 0.
    var termCount: Int { lastPostings.count }

    /// Posts `term` to `document` with `weight`, or adds `weight` to the posting if there is one (the
    /// sum stops at `UInt16.max`); `term` may be `termCount` or above, a new term.
    ///
    /// Documents must come in ascending order: only then is a document already posted to the term's last.
    @inline(__always)
    mutating func post(_ term: Int32, to document: Int32, weight: UInt16 = 1) {
        let index = Int(term)
        let high = UInt64(UInt32(bitPattern: document)) << 32
        if index < lastPostings.count {
            let last = lastPostings[index]
            if last & 0xFFFF_FFFF_0000_0000 == high {
                let place = Int(truncatingIfNeeded: last & 0xFFFF_FFFF)
                let sum = UInt32(pendingWeights[place]) &+ UInt32(weight)
                pendingWeights[place] = UInt16(truncatingIfNeeded: min(sum, UInt32(UInt16.max)))
                return
            }
        }
        // A new posting; starting its document may sort the pending postings into a batch, so its place is read after.
        if document >= nextDocument { startDocuments(through: document) }
        let key = high | UInt64(pendingTerms.count)
        if index < lastPostings.count {
            lastPostings[index] = key
        } else {
            // Terms numbered but not posted yet (a page's terms are numbered first) have no last posting.
            while lastPostings.count < index { lastPostings.append(UInt64.max) }
            lastPostings.append(key)
        }
        pendingTerms.append(term)
        pendingWeights.append(weight)
    }

    /// Records where `document`'s postings begin, and those of any document before it that has none;
    /// first sorts the pending postings into a batch if there are enough.
    private mutating func startDocuments(through document: Int32) {
        if pendingTerms.count >= max(batchSize, batchPostingsPerTerm * termCount) {
            batches.append(pendingBatch())
            firstPendingDocument += pendingStarts.count
            pendingStarts.removeAll(keepingCapacity: true)
            pendingTerms.removeAll(keepingCapacity: true)
            pendingWeights.removeAll(keepingCapacity: true)
        }
        while nextDocument <= document {
            pendingStarts.append(pendingTerms.count)
            nextDocument += 1
        }
    }

    /// The pending postings grouped by term: a counting sort.
    ///
    /// Through buffer pointers: every access is in bounds by construction (a term number is below
    /// `termCount`, and a term's places end where the next term's begin), and the arrays' own checks
    /// cost as much as the access.
    private func pendingBatch() -> PostingBatch {
        // Each term's count, then its start (the counts summed before it), then each document goes to
        // its terms' next free places, documents in ascending order.
        var nextFree = [Int](repeating: 0, count: termCount + 1)
        var weights = [UInt16](repeating: 0, count: pendingTerms.count)
        let documents = nextFree.withUnsafeMutableBufferPointer { nextFree in
            weights.withUnsafeMutableBufferPointer { weights in
                pendingWeights.withUnsafeBufferPointer { pendingWeights in
                    pendingTerms.withUnsafeBufferPointer { pendingTerms in
                        for term in pendingTerms { nextFree[Int(term) + 1] += 1 }
                        for term in 0..<termCount { nextFree[term + 1] += nextFree[term] }
                        return [Int32](unsafeUninitializedCapacity: pendingTerms.count) { documents, initialized in
                            for (offset, start) in pendingStarts.enumerated() {
                                let end = offset + 1 < pendingStarts.count ? pendingStarts[offset + 1] : pendingTerms.count
                                let document = Int32(firstPendingDocument + offset)
                                for posting in start..<end {
                                    let term = Int(pendingTerms[posting])
                                    documents[nextFree[term]] = document
                                    weights[nextFree[term]] = pendingWeights[posting]
                                    nextFree[term] += 1
                                }
                            }
                            initialized = pendingTerms.count
                        }
                    }
                }
            }
        }
        // Each term's next free place is now the next term's start: shifted by one, they are the starts.
        let starts = [0] + nextFree.dropLast().map { Int32($0) }
        return PostingBatch(documents: documents, weights: weights, starts: starts)
    }

    /// The postings grouped by term, each term's documents ascending.
    func lists() -> PostingLists {
        PostingLists(termCount: termCount, batches: batches + [pendingBatch()])
    }
}
