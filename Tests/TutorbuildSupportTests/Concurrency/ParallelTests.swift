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
        let laterFinished = DispatchSemaphore(value: 0)
        let output = input.parallelMap(workers: workers) { k in
            // With more than one worker, the first item finishes only after a later one has (or after a deadline
            // when the machine runs one thread at a time).
            if k == 0, workers != 1 { _ = laterFinished.wait(timeout: .now() + 10) }
            if k >= 4 { laterFinished.signal() }
            return k * k
        }
        #expect(output == input.map { $0 * $0 })
    }

    @Test("every index runs once; with workers, that many at a time and no more")
    func workers() {
        let running = Locked((now: 0, most: 0, calls: [Int](repeating: 0, count: 64)))
        let arrived = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        Parallel.forEach(64, workers: 2) { k in
            running.mutate { $0.now += 1; $0.most = max($0.most, $0.now); $0.calls[k] += 1 }
            // The first two items wait for each other: both run at once unless the loop runs one at a time.
            if k < 2 {
                arrived[k].signal()
                _ = arrived[1 - k].wait(timeout: .now() + 10)
            }
            running.mutate { $0.now -= 1 }
        }
        #expect(running.value.calls.allSatisfy { $0 == 1 })
        #expect(running.value.most == 2)
    }

    @Test("an error stops new work from starting and is rethrown", arguments: [nil, 2] as [Int?])
    func error(workers: Int?) {
        let started = Locked(0)
        let thrown = DispatchSemaphore(value: 0)
        #expect(throws: Stop(at: 0)) {
            try Parallel.forEach(10_000, workers: workers) { (k) throws(Stop) in
                started.mutate { $0 += 1 }
                if k == 0 {
                    thrown.signal()
                    throw Stop(at: 0)
                }
                // Items already running finish only once the first has thrown, so the loop has the error to stop at.
                _ = thrown.wait(timeout: .now() + 10)
                thrown.signal()
            }
        }
        #expect(started.value < 1_000)
    }

    @Test("an empty input runs nothing")
    func empty() {
        #expect([Int]().parallelMap { $0 } == [])
    }
}
