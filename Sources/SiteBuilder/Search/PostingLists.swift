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

    /// Each document's length, the weights of its postings summed (`SearchField.weight` a mention): summed
    /// here, a posting at a time, rather than as each mention is posted.
    func documentLengths(count: Int) -> [UInt32] {
        var lengths = [UInt32](repeating: 0, count: count)
        lengths.withUnsafeMutableBufferPointer { lengths in
            for batch in batches {
                batch.documents.withUnsafeBufferPointer { documents in
                    batch.weights.withUnsafeBufferPointer { weights in
                        for k in 0..<documents.count { lengths[Int(documents[k])] &+= UInt32(weights[k]) }
                    }
                }
            }
        }
        return lengths
    }
}
