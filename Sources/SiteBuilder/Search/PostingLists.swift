/// Every search term's documents, ascending, as `PostingsBuilder.lists()` gives them: batches in document order.
struct PostingLists {
    /// How many terms there are; a batch sorted before a term was first posted holds none of its documents.
    let termCount: Int
    let batches: [PostingBatch]

    /// The documents `term` occurs in, ascending: its run in each batch, one after the other.
    func runs(of term: Int) -> [ArraySlice<Int32>] {
        batches.map { $0.documents(of: term) }
    }
}
