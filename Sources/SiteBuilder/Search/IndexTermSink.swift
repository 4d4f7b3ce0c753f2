/// Receives the terms `SearchTokenizer.indexTerms(_:folding:into:)` finds, in the order it finds them.
///
/// A protocol rather than a closure so that the tokenizer, specialized for `IndexedPage.Maker`,
/// has the posting code inlined into its loop: a closure call per term cost as much as looking
/// the term up.
protocol IndexTermSink {
    mutating func take(_ term: SearchTokenizer.IndexTerm)
}
