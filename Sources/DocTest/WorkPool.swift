import Foundation

/// Runs numbered jobs on a few threads and keeps their outcomes.
final class WorkPool: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var outcomes: [ProgramOutcome?]
    private(set) var cacheHits = 0
    private var finished = 0
    private var next = 0
    private var error: Error?

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    /// Records an outcome; returns how many jobs are done.
    func finish(_ k: Int, _ outcome: ProgramOutcome, fromCache: Bool) -> Int {
        lock.withLock {
            outcomes[k] = outcome
            if fromCache { cacheHits += 1 }
            finished += 1
            return finished
        }
    }

    func run(jobs: Int, _ body: @escaping @Sendable (Int) throws -> Void) throws {
        let count = outcomes.count
        guard count > 0 else { return }
        let group = DispatchGroup()
        for _ in 0..<min(jobs, count) {
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                while true {
                    let k: Int? = lock.withLock {
                        guard error == nil, next < count else { return nil }
                        next += 1
                        return next - 1
                    }
                    guard let k else { return }
                    do { try body(k) } catch {
                        lock.withLock { self.error = self.error ?? error }
                    }
                }
            }
            thread.stackSize = 4 << 20
            thread.start()
        }
        group.wait()
        if let error { throw error }
    }
}
