import Testing
@testable import SiteBuilder

@Suite("Postings builder")
struct PostingsBuilderTests {
    /// Each term's documents as `lists()` gives them.
    static func documents(_ lists: PostingLists) -> [[Int32]] {
        (0..<lists.termCount).map { Array(lists.runs(of: $0).joined()) }
    }

    /// Batch sizes from one posting a batch up to the build's own, which these tests never fill.
    static let batchSizes = [1, 2, 3, 1 << 16]

    @Test("an empty builder gives no terms and no documents")
    func empty() {
        let lists = PostingsBuilder().lists()
        #expect(lists.termCount == 0)
        #expect(lists.batches.allSatisfy { $0.documents.isEmpty })
    }

    @Test("each term's documents come out ascending, each once, whatever order the terms come in", arguments: batchSizes)
    func ascendingAndDeduplicated(batchSize: Int) {
        var builder = PostingsBuilder(batchSize: batchSize, batchPostingsPerTerm: 0)
        // Term 0 and 1 in document 0, term 1 twice; term 2 first seen in document 2; nothing in document 1 or 3.
        for (term, document) in [(0, 0), (1, 0), (1, 0), (0, 0), (2, 2), (1, 2), (1, 2), (0, 4), (2, 4), (2, 4), (1, 5)] as [(Int32, Int32)] {
            builder.post(term, to: document)
        }
        #expect(builder.termCount == 3)
        #expect(Self.documents(builder.lists()) == [[0, 4], [0, 2, 5], [2, 4]])
    }

    @Test("a term first seen in a later document starts its list there", arguments: batchSizes)
    func laterTerms(batchSize: Int) {
        var builder = PostingsBuilder(batchSize: batchSize, batchPostingsPerTerm: 0)
        builder.post(0, to: 0)
        builder.post(1, to: 7)
        builder.post(2, to: 7)
        builder.post(0, to: 9)
        #expect(Self.documents(builder.lists()) == [[0, 9], [7], [7]])
    }

    @Test("posting a term again to its document adds to its weight", arguments: batchSizes)
    func weights(batchSize: Int) {
        var builder = PostingsBuilder(batchSize: batchSize, batchPostingsPerTerm: 0)
        builder.post(0, to: 0, weight: 6)
        builder.post(1, to: 0, weight: 2)
        builder.post(0, to: 0, weight: 2)
        builder.post(1, to: 1, weight: 1)
        builder.post(0, to: 2, weight: 1)
        builder.post(1, to: 2, weight: 2)
        builder.post(1, to: 2, weight: 2)
        let lists = builder.lists()
        #expect(Self.documents(lists) == [[0, 2], [0, 1, 2]])
        #expect((0..<2).map { Array(lists.weightRuns(of: $0).joined()) } == [[8, 1], [2, 1, 4]])
    }

    @Test("a weight stops at its largest value")
    func saturatingWeight() {
        var builder = PostingsBuilder()
        for _ in 0..<3 { builder.post(0, to: 0, weight: UInt16.max / 2) }
        #expect(Array(builder.lists().weightRuns(of: 0).joined()) == [UInt16.max])
    }

    @Test("a batch holds some postings for each term there is, so that its starts stay small beside them")
    func postingsPerTerm() {
        var builder = PostingsBuilder(batchSize: 1, batchPostingsPerTerm: 4)
        // The same ten terms in each of ten documents: a batch once 4 × 10 postings are pending.
        for document in Int32(0)..<10 {
            for term in Int32(0)..<10 { builder.post(term, to: document) }
        }
        let sizes = builder.lists().batches.map(\.documents.count)
        #expect(sizes == [40, 40, 20])
    }

    @Test("random postings group as a set of documents per term would, weights summed", arguments: [1, 2, 3], [1, 50, 1 << 16])
    func matchesModel(seed: UInt64, batchSize: Int) {
        var random = SplitMix(seed: seed)
        var builder = PostingsBuilder(batchSize: batchSize, batchPostingsPerTerm: 0)
        var model: [[Int32]] = []
        var modelWeights: [[UInt16]] = []
        for document in Int32(0)..<300 {
            // Some documents get nothing; the rest a burst of terms, new ones among them, often repeated.
            guard random.next() % 5 != 0 else { continue }
            for _ in 0..<(random.next() % 40) {
                let term = Int(random.next() % UInt64(model.count + 3))
                let id = min(term, model.count)
                if id == model.count { model.append([]); modelWeights.append([]) }
                let weight = UInt16(1 + random.next() % 6)
                builder.post(Int32(id), to: document, weight: weight)
                if model[id].last != document {
                    model[id].append(document)
                    modelWeights[id].append(weight)
                } else {
                    modelWeights[id][modelWeights[id].count - 1] += weight
                }
            }
        }
        #expect(builder.termCount == model.count)
        let lists = builder.lists()
        #expect(Self.documents(lists) == model)
        #expect((0..<lists.termCount).map { Array(lists.weightRuns(of: $0).joined()) } == modelWeights)
        // A batch is sorted once it holds `batchSize` postings, at the next document's start, so it
        // holds fewer than a document's more (at most 40 here).
        for batch in lists.batches.dropLast() {
            #expect(batch.documents.count >= batchSize && batch.documents.count < batchSize + 40)
        }
        #expect(lists.batches.count > 1 || batchSize == 1 << 16)
    }

    /// A small seeded generator, so that a failure can be replayed.
    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
