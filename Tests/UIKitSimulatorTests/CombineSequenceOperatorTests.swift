import Combine
import Testing
import UIKitModel
import UIKitSimulator

// Combine's sequence operators (`prefix`, `output`, `drop(while:)`, `collect`, `count`, `reduce`, `last`, `min`, `max`,
// `contains`, `allSatisfy`, `ignoreOutput`, `replaceEmpty`, `zip`, `retry`, the `try` filters and `print`): each test
// names the statement of Apple's documentation of the operator it checks.

private struct Bad: Error, Equatable {}

@Suite("Combine sequence operators (Apple's documentation of each)")
struct CombineSequenceOperatorTests {
    @Test("Apple doc prefix(_:): republishes up to maxLength elements, then finishes and cancels the upstream, on the simulated clock")
    func prefixOfTimer() {
        simulate { app, log in
            let cancellable = Timer.publish(every: 1, on: .main, in: .common).autoconnect().prefix(2)
                .sink(receiveCompletion: { _ in log.add("finished \(app.now)") }, receiveValue: { _ in log.add("tick \(app.now)") })
            app.advance(by: 5)
            #expect(log.entries == ["tick 1.0", "tick 2.0", "finished 2.0"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc output(at:), output(in:), prefix(while:), drop(while:): the elements their index or predicate picks", arguments: [
        ("output(at: 1)", [2]), ("output(in: 1...2)", [2, 3]), ("prefix(while: < 3)", [1, 2]), ("drop(while: < 3)", [3, 1]), ("prefix(0)", []),
    ])
    func picking(_ name: String, _ expected: [Int]) {
        let source = [1, 2, 3, 1].publisher
        let picked: AnyPublisher<Int, Never> = switch name {
        case "output(at: 1)": source.output(at: 1).eraseToAnyPublisher()
        case "output(in: 1...2)": source.output(in: 1...2).eraseToAnyPublisher()
        case "prefix(while: < 3)": source.prefix { $0 < 3 }.eraseToAnyPublisher()
        case "drop(while: < 3)": source.drop { $0 < 3 }.eraseToAnyPublisher()
        default: source.prefix(0).eraseToAnyPublisher()
        }
        var values: [Int] = []
        var finished = false
        let cancellable = picked.sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        #expect(values == expected)
        #expect(finished)
        cancellable.cancel()
    }

    @Test("Apple doc collect(), collect(_:), count(), reduce, last(), min(), max(), contains, allSatisfy: one value when the upstream finishes (collect(_:) also each full group)")
    func reducing() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            subject.collect().sink { log.add("collect \($0)") }.store(in: &bag)
            subject.collect(2).sink { log.add("collect(2) \($0)") }.store(in: &bag)
            subject.count().sink { log.add("count \($0)") }.store(in: &bag)
            subject.reduce(10, +).sink { log.add("reduce \($0)") }.store(in: &bag)
            subject.last().sink { log.add("last \($0)") }.store(in: &bag)
            subject.last { $0 < 3 }.sink { log.add("last(where:) \($0)") }.store(in: &bag)
            subject.min().sink { log.add("min \($0)") }.store(in: &bag)
            subject.max(by: { $0 < $1 }).sink { log.add("max \($0)") }.store(in: &bag)
            subject.allSatisfy { $0 > 0 }.sink { log.add("allSatisfy \($0)") }.store(in: &bag)
            for value in [3, 1, 4] { subject.send(value) }
            // Nothing but full groups before the end.
            #expect(log.entries == ["collect(2) [3, 1]"])
            subject.send(completion: .finished)
            #expect(log.entries == [
                "collect(2) [3, 1]", "collect [3, 1, 4]", "collect(2) [4]", "count 3", "reduce 18", "last 4", "last(where:) 1", "min 1", "max 4",
                "allSatisfy true",
            ])
        }
    }

    @Test("Apple doc contains(_:) and allSatisfy: the first deciding element publishes the answer and finishes at once; a stream that ends undecided publishes the other answer")
    func deciding() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            subject.contains(2).sink(receiveCompletion: { _ in log.add("contains finished") }, receiveValue: { log.add("contains \($0)") }).store(in: &bag)
            subject.allSatisfy { $0 < 2 }.sink(receiveCompletion: { _ in log.add("all finished") }, receiveValue: { log.add("all \($0)") }).store(in: &bag)
            subject.contains(9).sink { log.add("contains 9 \($0)") }.store(in: &bag)
            subject.send(1)
            #expect(log.entries.isEmpty)
            subject.send(2)
            #expect(log.entries == ["contains true", "contains finished", "all false", "all finished"])
            subject.send(completion: .finished)
            #expect(log.entries.last == "contains 9 false")
        }
    }

    @Test("Apple doc: a failure goes on at once and the reducing operator publishes nothing; ignoreOutput passes only the completion; replaceEmpty publishes its element for an empty stream only")
    func failuresAndEmpty() {
        var log: [String] = []
        let failing = PassthroughSubject<Int, Bad>()
        let collected = failing.collect().sink(receiveCompletion: { log.append("collect \($0)") }, receiveValue: { log.append("values \($0)") })
        failing.send(1)
        failing.send(completion: .failure(Bad()))
        #expect(log.count == 1 && log[0].hasPrefix("collect failure("))
        collected.cancel()
        log = []
        let ignored = [1, 2].publisher.ignoreOutput().sink(receiveCompletion: { log.append("ignore \($0)") }, receiveValue: { _ in log.append("value") })
        let empty = [Int]().publisher.replaceEmpty(with: 7).sink { log.append("empty \($0)") }
        let full = [1].publisher.replaceEmpty(with: 7).sink { log.append("full \($0)") }
        #expect(log == ["ignore finished", "empty 7", "full 1"])
        _ = (ignored, empty, full)
    }

    @Test("Apple doc zip: pairs the oldest unpaired element of each publisher; finishes when one publisher has finished and has nothing left to pair")
    func zip() {
        simulate { _, log in
            let numbers = PassthroughSubject<Int, Never>()
            let letters = PassthroughSubject<String, Never>()
            let cancellable = numbers.zip(letters) { "\($0)\($1)" }
                .sink(receiveCompletion: { _ in log.add("finished") }, receiveValue: { log.add($0) })
            numbers.send(1)
            numbers.send(2)
            #expect(log.entries.isEmpty)
            letters.send("a")
            numbers.send(completion: .finished)
            #expect(log.entries == ["1a"])
            letters.send("b")
            #expect(log.entries == ["1a", "2b", "finished"])
            letters.send("c")
            #expect(log.entries == ["1a", "2b", "finished"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc retry(_:): resubscribes after a failure up to retries times, then passes the failure on")
    func retry() {
        for (failures, expected) in [(2, ["value 3", "finished"]), (9, ["failed"])] {
            var attempts = 0
            var log: [String] = []
            let cancellable = Deferred {
                Future<Int, Bad> { promise in
                    attempts += 1
                    promise(attempts <= failures ? .failure(Bad()) : .success(attempts))
                }
            }
            .retry(3)
            .sink(receiveCompletion: { end in
                if case .failure = end { log.append("failed") } else { log.append("finished") }
            }, receiveValue: { log.append("value \($0)") })
            #expect(log == expected)
            #expect(attempts == min(failures + 1, 4))
            cancellable.cancel()
        }
    }

    @Test("Apple doc tryFilter, tryCompactMap, tryScan: a thrown error fails the stream and later elements are not published")
    func tryOperators() {
        var log: [String] = []
        let subject = PassthroughSubject<Int, Never>()
        var bag = Set<AnyCancellable>()
        func record(_ name: String) -> (Subscribers.Completion<any Error>) -> Void {
            { end in if case .failure = end { log.append("\(name) failed") } else { log.append("\(name) finished") } }
        }
        subject.tryFilter { value in if value == 3 { throw Bad() }; return value.isMultiple(of: 2) }
            .sink(receiveCompletion: record("filter"), receiveValue: { log.append("filter \($0)") }).store(in: &bag)
        subject.tryCompactMap { value -> String? in if value == 3 { throw Bad() }; return value == 1 ? nil : "#\(value)" }
            .sink(receiveCompletion: record("compactMap"), receiveValue: { log.append("compactMap \($0)") }).store(in: &bag)
        subject.tryScan(0) { sum, value in if value == 3 { throw Bad() }; return sum + value }
            .sink(receiveCompletion: record("scan"), receiveValue: { log.append("scan \($0)") }).store(in: &bag)
        for value in [1, 2, 3, 4] { subject.send(value) }
        #expect(log == ["scan 1", "filter 2", "compactMap #2", "scan 3", "filter failed", "compactMap failed", "scan failed"])
    }

    @Test("Apple doc print(_:to:): logs subscription, request, values, completion and cancel with the prefix, to standard output or the stream given")
    func printing() {
        /// A class, so that what is written stays readable here (`print` keeps its own copy of a value stream).
        final class Sink: TextOutputStream {
            var lines: [String] = []
            func write(_ string: String) { if !string.isEmpty { lines.append(string) } }
        }
        let sink = Sink()
        let subject = PassthroughSubject<String, Never>()
        let second = subject.print("text", to: sink).sink { _ in }
        subject.send("b")
        subject.send(completion: .finished)
        #expect(sink.lines == [
            "text: receive subscription: (PassthroughSubject)\n", "text: request unlimited\n", "text: receive value: (b)\n", "text: receive finished\n",
        ])
        second.cancel()
    }

    @Test("Apple doc print(_:to:): cancelling logs receive cancel")
    func printingCancel() {
        final class Sink: TextOutputStream {
            var lines: [String] = []
            func write(_ string: String) { lines.append(string) }
        }
        let sink = Sink()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.print("p", to: sink).sink { _ in }
        cancellable.cancel()
        #expect(sink.lines.last == "p: receive cancel\n")
    }
}
