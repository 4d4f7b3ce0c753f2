import Combine
import Testing
import UIKitModel
import UIKitSimulator

// Combine's connectable and deferred publishers as Apple documents them (`makeConnectable()`,
// `Publishers.MakeConnectable`, `Deferred`, `Timer.publish`), on the simulated clock (issue 26 #5).

@Suite("Combine makeConnectable, Deferred and Foundation.Timer.publish on the simulated clock (issue 26 #5)")
struct CombineConnectableTests {
    @Test("Apple doc makeConnectable(): subscribers get nothing until connect(); cancelling the connection stops the values")
    func makeConnectable() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            let connectable = subject.makeConnectable()
            var bag = Set<AnyCancellable>()
            connectable.sink { log.add("a \($0)") }.store(in: &bag)
            subject.send(1)
            let connection = connectable.connect()
            connectable.sink { log.add("b \($0)") }.store(in: &bag)
            subject.send(2)
            connection.cancel()
            subject.send(3)
            #expect(log.entries == ["a 2", "b 2"])
        }
    }

    @Test("Apple doc ConnectablePublisher: a Timer.TimerPublisher erased and made connectable never ticks, as connect() connects the wrapper, not the timer publisher")
    func erasedTimerPublisherNeverTicks() {
        simulate { app, log in
            let connectable = Timer.publish(every: 1, on: .main, in: .common).eraseToAnyPublisher().makeConnectable()
            let cancellable = connectable.sink { _ in log.add("tick") }
            let connection = connectable.connect()
            app.advance(by: 3.5)
            #expect(log.entries.isEmpty)
            connection.cancel()
            cancellable.cancel()
        }
    }

    @Test("Apple doc Deferred: the closure runs at each subscription, not before, and the publisher it makes gets that subscriber")
    func deferred() {
        simulate { _, log in
            var made = 0
            let deferred = Deferred { () -> Just<Int> in
                made += 1
                return Just(made)
            }
            #expect(made == 0)
            var bag = Set<AnyCancellable>()
            deferred.sink { log.add("first \($0)") }.store(in: &bag)
            deferred.sink { log.add("second \($0)") }.store(in: &bag)
            #expect(log.entries == ["first 1", "second 2"])
        }
    }

    @Test("Apple doc Future + Deferred: a deferred future starts its work only when subscribed and answers on the simulated clock")
    func deferredFuture() {
        simulate { app, log in
            let deferred = Deferred {
                Future<String, Never> { promise in
                    log.add("started \(app.now)")
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { promise(.success("done")) }
                }
            }
            app.advance(by: 1)
            #expect(log.entries.isEmpty)
            let start = app.now
            let cancellable = deferred.sink { log.add("\($0) \(app.now - start)") }
            app.advance(by: 1)
            #expect(log.entries == ["started \(start)", "done 0.5"])
            cancellable.cancel()
        }
    }
}
