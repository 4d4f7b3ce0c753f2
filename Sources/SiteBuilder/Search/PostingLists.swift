/// Every search term's documents, ascending, as `PostingsBuilder.lists()` gives them: batches in document order.
struct PostingLists {
    /// How many terms there are; a batch sorted before a term was first posted holds none of its documents.
    let termCount: Int
    let batches: [PostingBatch]

    /// How many postings there are, all terms together.
    var postingCount: Int { batches.reduce(0) { $0 + $1.documents.count } }

    /// The documents `term` occurs in, ascending: its run in each batch, one after the other.
    func runs(of term: Int) -> LazyMapSequence<[PostingBatch], ArraySlice<Int32>> {
        batches.lazy.map { $0.documents(of: term) }
    }

    /// The weights of `term`'s postings, beside `runs(of:)`.
    func weightRuns(of term: Int) -> LazyMapSequence<[PostingBatch], ArraySlice<UInt16>> {
        batches.lazy.map { $0.weights(of: term) }
    }
}
