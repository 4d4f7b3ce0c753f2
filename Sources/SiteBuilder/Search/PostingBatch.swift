/// Postings of consecutive documents grouped by term: one counting sort's result.
struct PostingBatch {
    /// The documents of term 0, then those of term 1, and so on; each term's ascending.
    let documents: [Int32]
    /// Each posting's weight, beside `documents`.
    let weights: [UInt16]
    /// Where each term's documents begin in `documents`, and after the last term's, their end.
    let starts: [Int32]

    /// The documents of `term` in this batch; none for a term first posted after it.
    func documents(of term: Int) -> ArraySlice<Int32> {
        guard term + 1 < starts.count else { return [] }
        return documents[Int(starts[term])..<Int(starts[term + 1])]
    }

    /// The weights of `term`'s postings in this batch, beside `documents(of:)`.
    func weights(of term: Int) -> ArraySlice<UInt16> {
        guard term + 1 < starts.count else { return [] }
        return weights[Int(starts[term])..<Int(starts[term + 1])]
    }
}
