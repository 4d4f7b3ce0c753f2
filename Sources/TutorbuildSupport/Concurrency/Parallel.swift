import Foundation

/// Runs independent pieces of work on every core and hands back their results in input order.
///
/// Every parallel loop of the build goes through here, so how work is spread over the cores is decided
/// in one place (docs/site.md, "Build behaviour", says why each caller is shaped as it is).
package enum Parallel {
    /// Calls `body` once for every index below `count`, from several threads at once, and returns when all
    /// calls have; after a call throws, no further index is started and the first error (by time) is rethrown.
    ///
    /// With `workers` nil, Dispatch spreads the indices over a thread per core, each thread taking the next
    /// index as it finishes one. With `workers`, that many threads share one counter the same way: a worker
    /// per core over a single list, so a long item never holds up a queue of short ones behind it.
    package static func forEach<E: Error>(_ count: Int, workers: Int? = nil, _ body: @Sendable (Int) throws(E) -> Void) throws(E) {
        guard count > 0 else { return }
        let failure = Locked<E?>(nil)
        let threads = min(count, max(1, workers ?? count))
        if threads == count {
            DispatchQueue.concurrentPerform(iterations: count) { k in
                guard failure.value == nil else { return }
                do throws(E) { try body(k) } catch { failure.mutate { $0 = $0 ?? error } }
            }
        } else {
            let taken = Locked(0)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while failure.value == nil {
                    var next = 0
                    taken.mutate { next = $0; $0 += 1 }
                    guard next < count else { return }
                    do throws(E) { try body(next) } catch { failure.mutate { $0 = $0 ?? error } }
                }
            }
        }
        if let error = failure.value { throw error }
    }
}

extension RandomAccessCollection where Self: Sendable, Index == Int {
    /// `map(transform)` with the elements transformed on every core (see `Parallel.forEach`); results in the
    /// collection's order.
    package func parallelMap<T, E: Error>(workers: Int? = nil, _ transform: @Sendable (Element) throws(E) -> T) throws(E) -> [T] {
        let results = ParallelResults<T>(count: count)
        let start = startIndex
        try Parallel.forEach(count, workers: workers) { (k) throws(E) in
            results[k] = try transform(self[start + k])
        }
        return (0..<count).map { results[$0]! }
    }
}
