import Foundation
import Testing
import TutorbuildSupport

/// The one helper every parallel loop of the build goes through.
@Suite("Parallel loops")
struct ParallelTests {
    struct Stop: Error, Equatable {
        var at: Int
    }

    @Test("results come back in input order, whatever order the work finishes in", arguments: [nil, 1, 2, 7] as [Int?])
    func order(workers: Int?) {
        let input = Array(0..<200)
        let output = input.parallelMap(workers: workers) { k in
            // Early items take longest, so they finish last.
            if k < 4 { usleep(2_000) }
            return k * k
        }
        #expect(output == input.map { $0 * $0 })
    }

    @Test("every index runs once; with workers, no more than that many at a time")
    func workers() {
        let running = Locked((now: 0, most: 0, calls: [Int](repeating: 0, count: 64)))
        Parallel.forEach(64, workers: 2) { k in
            running.mutate { $0.now += 1; $0.most = max($0.most, $0.now); $0.calls[k] += 1 }
            usleep(500)
            running.mutate { $0.now -= 1 }
        }
        #expect(running.value.calls.allSatisfy { $0 == 1 })
        #expect(running.value.most <= 2)
    }

    @Test("an error stops new work from starting and is rethrown", arguments: [nil, 2] as [Int?])
    func error(workers: Int?) {
        let started = Locked(0)
        #expect(throws: Stop(at: 0)) {
            try Parallel.forEach(10_000, workers: workers) { (k) throws(Stop) in
                started.mutate { $0 += 1 }
                if k == 0 { throw Stop(at: 0) }
                usleep(100)
            }
        }
        #expect(started.value < 10_000)
    }

    @Test("an empty input runs nothing")
    func empty() {
        #expect([Int]().parallelMap { $0 } == [])
    }
}
