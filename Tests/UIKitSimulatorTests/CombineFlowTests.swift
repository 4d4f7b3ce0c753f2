import Combine
import Testing
import UIKitModel
import UIKitSimulator

// Issue 26 #4, #5: Combine's flow operators (`delay`, `handleEvents`, `first`, `share`, `flatMap`, `switchToLatest`,
// the error operators, `values`), `Task.yield()` and the async `UIView.animate` on the simulated main queue and
// virtual clock. Each test names the statement it checks (Apple's documentation of the API, or the issue).

private enum Failure: Error, Equatable { case bad, mapped }

@Suite("Combine flow operators and concurrency on the simulated clock (issue 26 #4, #5)")
struct CombineFlowTests {
    @Test("Apple doc delay(for:tolerance:scheduler:options:): values and completion arrive interval later on the virtual clock, for DispatchQueue.main and RunLoop.main",
          arguments: [false, true])
    func delay(onRunLoop: Bool) {
        simulate { app, log in
            let subject = PassthroughSubject<Int, Never>()
            let delayed: AnyPublisher<Int, Never> = onRunLoop
                ? subject.delay(for: .seconds(2), scheduler: RunLoop.main).eraseToAnyPublisher()
                : subject.delay(for: .seconds(2), scheduler: DispatchQueue.main).eraseToAnyPublisher()
            let cancellable = delayed.sink(receiveCompletion: { _ in log.add("finished \(app.now)") }, receiveValue: { log.add("\($0) \(app.now)") })
            subject.send(1)
            app.advance(by: 1)
            subject.send(2)
            subject.send(completion: .finished)
            app.advance(by: 0.99)
            #expect(log.entries.isEmpty)
            app.advance(by: 0.01)
            #expect(log.entries == ["1 2.0"])
            app.advance(by: 2)
            #expect(log.entries == ["1 2.0", "2 3.0", "finished 3.0"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc delay: a cancelled subscription's scheduled values never arrive")
    func delayCancelled() {
        simulate { app, log in
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.delay(for: 1, scheduler: DispatchQueue.main).sink { log.add("\($0)") }
            subject.send(1)
            cancellable.cancel()
            app.advance(by: 2)
            #expect(log.entries.isEmpty)
        }
    }

    @Test("Apple doc handleEvents: the closures run for subscription, each value before the subscriber gets it, completion and cancel")
    func handleEvents() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject
                .handleEvents(receiveSubscription: { _ in log.add("subscribed") }, receiveOutput: { log.add("output \($0)") },
                              receiveCancel: { log.add("cancel") })
                .sink { log.add("sink \($0)") }
            subject.send(1)
            cancellable.cancel()
            subject.send(2)
            #expect(log.entries == ["subscribed", "output 1", "sink 1", "cancel"])
        }
    }

    @Test("Apple doc first() / first(where:): the first (matching) value, then finished; later values are not delivered")
    func first() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            subject.first().sink(receiveCompletion: { _ in log.add("first finished") }, receiveValue: { log.add("first \($0)") }).store(in: &bag)
            subject.first { $0 > 1 }.sink(receiveCompletion: { _ in log.add("where finished") }, receiveValue: { log.add("where \($0)") }).store(in: &bag)
            for value in [1, 2, 3] { subject.send(value) }
            #expect(log.entries == ["first 1", "first finished", "where 2", "where finished"])
        }
    }

    @Test("Apple doc share(): one upstream subscription for all subscribers, alive while they are, even when only a local variable held the share")
    func share() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            do {
                let shared = subject.handleEvents(receiveSubscription: { _ in log.add("upstream subscribed") }).share()
                shared.sink { log.add("a \($0)") }.store(in: &bag)
                shared.map { $0 * 10 }.sink { log.add("b \($0)") }.store(in: &bag)
            }
            subject.send(1)
            subject.send(2)
            #expect(log.entries == ["upstream subscribed", "a 1", "b 10", "a 2", "b 20"])
        }
    }

    @Test("Apple doc flatMap with Future: a future held only by its subscription still delivers, at the clock time its promise is called")
    func flatMapFuture() {
        simulate { app, log in
            let subject = PassthroughSubject<String, Never>()
            let cancellable = subject
                .flatMap { text in
                    Future<String, Never> { promise in
                        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { promise(.success(text.uppercased())) }
                    }
                }
                .sink { log.add("\($0) \(app.now)") }
            subject.send("a")
            app.advance(by: 0.25)
            subject.send("b")
            app.advance(by: 1)
            #expect(log.entries == ["A 0.5", "B 0.75"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc switchToLatest: a newer inner publisher cancels the older one, whose later values never arrive")
    func switchToLatest() {
        simulate { app, log in
            let subject = PassthroughSubject<(String, Double), Never>()
            let cancellable = subject
                .map { text, delay in
                    Future<String, Never> { promise in
                        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { promise(.success(text)) }
                    }
                }
                .switchToLatest()
                .sink { log.add("\($0) \(app.now)") }
            subject.send(("slow", 1))
            app.advance(by: 0.1)
            subject.send(("fast", 0.2))
            app.advance(by: 2)
            #expect(log.entries == ["fast 0.3"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc tryMap / replaceError / mapError / setFailureType: a thrown error fails the stream once; replaceError sends its value then finishes")
    func errors() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            subject.setFailureType(to: Failure.self)
                .tryMap { value -> Int in
                    if value < 0 { throw Failure.bad }
                    return value
                }
                .mapError { _ in Failure.mapped }
                .sink(receiveCompletion: { completion in
                    if case .failure(let error) = completion { log.add("failed \(error == .mapped ? "mapped" : "unmapped")") }
                }, receiveValue: { log.add("value \($0)") })
                .store(in: &bag)
            subject.tryMap { value -> Int in
                if value < 0 { throw Failure.bad }
                return value
            }
            .replaceError(with: 0)
            .sink(receiveCompletion: { log.add("replaced \($0)") }, receiveValue: { log.add("replaced value \($0)") })
            .store(in: &bag)
            for value in [1, -1, 2] { subject.send(value) }
            #expect(log.entries == [
                "value 1", "replaced value 1", "failed mapped", "replaced value 0", "replaced finished",
            ])
        }
    }

    @Test("Apple doc Publisher.values (iOS 15): for await gets @Published's current value and each later one on the main queue's turn; cancelling the task ends the loop")
    func values() {
        simulate { app, log in
            final class Model { @Published var text = "" }
            let model = Model()
            let task = Task { @MainActor in
                for await text in model.$text.values { log.add("'\(text)'") }
                log.add("loop ended")
            }
            app.runUntilIdle()
            model.text = "a"
            #expect(log.entries == ["''"])
            app.runUntilIdle()
            model.text = "ab"
            app.runUntilIdle()
            #expect(log.entries == ["''", "'a'", "'ab'"])
            task.cancel()
            app.runUntilIdle()
            model.text = "abc"
            app.runUntilIdle()
            #expect(log.entries == ["''", "'a'", "'ab'", "loop ended"])
        }
    }

    @Test("issue 26 #4: Task.yield() on the main actor resumes after the work queued before it, when the run loop turns (it never hangs)")
    func yield() {
        simulate { app, log in
            Task { @MainActor in
                log.add("before yield")
                DispatchQueue.main.async { log.add("queued block") }
                await Task.yield()
                log.add("after yield")
            }
            #expect(log.entries.isEmpty)
            app.runUntilIdle()
            #expect(log.entries == ["before yield", "queued block", "after yield"])
        }
    }

    @Test("Apple's async UIView.animate(withDuration:animations:) -> Bool: the changes apply at once, the call returns true when the animation ends on the virtual clock")
    func asyncAnimate() {
        simulate { app, log in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            Task { @MainActor in
                let finished = await UIView.animate(withDuration: 0.3) { view.alpha = 0.5 }
                log.add("finished \(finished) at \(app.now), alpha \(view.alpha)")
            }
            app.advance(by: 0.29)
            #expect(log.entries.isEmpty)
            #expect(view.alpha == 0.5)
            app.advance(by: 0.01)
            #expect(log.entries == ["finished true at 0.3, alpha 0.5"])
        }
    }
}
