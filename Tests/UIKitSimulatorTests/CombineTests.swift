import Combine
import Testing
import UIKitModel
import UIKitSimulator

// Issue 26 #5: `import Combine` gives Combine's API on the simulated app's main queue and virtual clock. Each test
// names the statement it checks: Apple's documentation of the operator, or the spec's notification order.

private final class SignUpModel: ObservableObject {
    @Published var name = ""
    @Published var password = ""
    @Published private(set) var canSubmit = false

    init() {
        $name.combineLatest($password) { !$0.isEmpty && $1.count >= 8 }
            .removeDuplicates()
            .assign(to: &$canSubmit)
    }
}

/// A subscriber that asks for one value at a time, on request.
private final class OneAtATime: Subscriber {
    typealias Input = Int
    typealias Failure = Never
    var subscription: (any Subscription)?
    var received: [Int] = []

    func receive(subscription: any Subscription) { self.subscription = subscription }
    func receive(_ input: Int) -> Subscribers.Demand {
        received.append(input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

@Suite("Combine on the simulated clock (issue 26 #5)")
struct CombineTests {
    @Test("Apple doc AnyCancellable: it cancels when released; store(in:) keeps it in a set or an array")
    func cancellables() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            var set = Set<AnyCancellable>()
            var array: [AnyCancellable] = []
            subject.sink { log.add("set \($0)") }.store(in: &set)
            subject.sink { log.add("array \($0)") }.store(in: &array)
            _ = subject.sink { log.add("dropped \($0)") }
            subject.send(1)
            set.removeAll()
            subject.send(2)
            array.first?.cancel()
            subject.send(3)
            #expect(log.entries == ["set 1", "array 1", "array 2"])
        }
    }

    @Test("map, filter, compactMap, removeDuplicates, dropFirst and scan transform in order, synchronously")
    func operators() {
        simulate { _, log in
            let subject = PassthroughSubject<String, Never>()
            let cancellable = subject
                .compactMap(Int.init)
                .filter { $0 >= 0 }
                .removeDuplicates()
                .dropFirst()
                .map { $0 * 10 }
                .scan(0, +)
                .sink { log.add("\($0)") }
            for text in ["1", "x", "2", "2", "-3", "3"] { subject.send(text) }
            #expect(log.entries == ["20", "50"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc prepend/append: the prefix's values come first, the suffix's after the prefix finishes; a subject's later values follow")
    func concatenate() {
        simulate { _, log in
            let subject = PassthroughSubject<String, Never>()
            let cancellable = subject.prepend("initial").append("done").sink(
                receiveCompletion: { _ in log.add("finished") }, receiveValue: { log.add($0) })
            subject.send("typed")
            subject.send(completion: .finished)
            _ = [1, 2].publisher.prepend(0).append([3]).sink { log.add("\($0)") }
            #expect(log.entries == ["initial", "typed", "done", "finished", "0", "1", "2", "3"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc PassthroughSubject: subscribers get only later values; after completion a subscriber gets the completion")
    func passthroughSubject() {
        simulate { _, log in
            let subject = PassthroughSubject<Int, Never>()
            subject.send(0)
            let first = subject.sink(receiveCompletion: { log.add("first \($0)") }, receiveValue: { log.add("first \($0)") })
            subject.send(1)
            subject.send(completion: .finished)
            subject.send(2)
            let late = subject.sink(receiveCompletion: { log.add("late \($0)") }, receiveValue: { log.add("late \($0)") })
            #expect(log.entries == ["first 1", "first finished", "late finished"])
            _ = (first, late)
        }
    }

    @Test("Apple doc CurrentValueSubject: a new subscriber gets the current value; setting value publishes it")
    func currentValueSubject() {
        simulate { _, log in
            let subject = CurrentValueSubject<String, Never>("a")
            let cancellable = subject.sink { log.add($0) }
            subject.value = "b"
            subject.send("c")
            #expect(subject.value == "c")
            #expect(log.entries == ["a", "b", "c"])
            cancellable.cancel()
        }
    }

    @Test("a subject drops values for a subscriber with no demand; the subscriber gets the next one it asks for")
    func demand() {
        simulate { _, _ in
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = OneAtATime()
            subject.subscribe(subscriber)
            subject.send(1)
            subscriber.subscription?.request(.max(1))
            subject.send(2)
            subject.send(3)
            #expect(subscriber.received == [2])
            #expect(Subscribers.Demand.max(2) + .unlimited == .unlimited)
            #expect(Subscribers.Demand.max(3) - 1 == .max(2))
        }
    }

    @Test("Apple doc Published: subscribers get the new value in willSet, before the property changes; objectWillChange comes first")
    func publishedWillSet() {
        simulate { _, log in
            let model = SignUpModel()
            var bag = Set<AnyCancellable>()
            model.objectWillChange.sink { log.add("will change") }.store(in: &bag)
            model.$name.sink { [unowned model] in log.add("name \($0), property still '\(model.name)'") }.store(in: &bag)
            model.name = "Ann"
            #expect(log.entries == ["name , property still ''", "will change", "name Ann, property still ''"])
        }
    }

    @Test("Apple doc assign(to:): republishes into a @Published property (with objectWillChange) for as long as it lives")
    func assignToPublished() {
        simulate { _, log in
            let model = SignUpModel()
            let cancellable = model.objectWillChange.sink { log.add("will change") }
            model.name = "Ann"
            model.password = "12345678"
            #expect(model.canSubmit)
            #expect(log.entries == ["will change", "will change", "will change"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc assign(to:on:): keeps the object and sets the key path on each value")
    func assignOn() {
        simulate { _, _ in
            let label = UILabel()
            let subject = PassthroughSubject<String?, Never>()
            let cancellable = subject.assign(to: \.text, on: label)
            subject.send("Hello")
            #expect(label.text == "Hello")
            cancellable.cancel()
            subject.send("Bye")
            #expect(label.text == "Hello")
        }
    }

    @Test("Apple doc debounce(for:scheduler:options:): publishes only after the interval passes with no new value, on the virtual clock")
    func debounce() {
        simulate { app, log in
            let subject = PassthroughSubject<String, Never>()
            var bag = Set<AnyCancellable>()
            subject.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).sink { log.add("dispatch \($0) \(app.now)") }.store(in: &bag)
            subject.debounce(for: 0.3, scheduler: RunLoop.main).sink { log.add("runloop \($0) \(app.now)") }.store(in: &bag)
            subject.send("s")
            app.advance(by: 0.2)
            subject.send("sw")
            app.advance(by: 0.29)
            #expect(log.entries.isEmpty)
            app.advance(by: 0.01)
            #expect(log.entries == ["dispatch sw 0.5", "runloop sw 0.5"])
        }
    }

    @Test("Apple doc throttle(for:scheduler:latest:): the first value goes at once, then one per interval, the latest or the first")
    func throttle() {
        simulate { app, log in
            let subject = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            subject.throttle(for: 1, scheduler: DispatchQueue.main, latest: true).sink { log.add("latest \($0) \(app.now)") }.store(in: &bag)
            subject.throttle(for: 1, scheduler: DispatchQueue.main, latest: false).sink { log.add("first \($0) \(app.now)") }.store(in: &bag)
            for value in 1...4 {
                subject.send(value)
                app.advance(by: 0.3)
            }
            app.advance(by: 2)
            #expect(log.entries == ["latest 1 0.0", "first 1 0.0", "latest 4 1.0", "first 2 1.0"])
        }
    }

    @Test("receive(on: DispatchQueue.main) delivers on the run loop's next turn, even from the main thread")
    func receiveOnMain() {
        simulate { app, log in
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.receive(on: DispatchQueue.main).sink { log.add("received \($0)") }
            subject.send(1)
            log.add("sent")
            app.advance(by: 0)
            #expect(log.entries == ["sent", "received 1"])
            cancellable.cancel()
        }
    }

    @Test("Apple doc merge(with:) interleaves; combineLatest waits for every publisher, then sends the latest of each")
    func mergeAndCombineLatest() {
        simulate { _, log in
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            a.merge(with: b).sink { log.add("merge \($0)") }.store(in: &bag)
            Publishers.CombineLatest(a, b).sink { log.add("latest \($0) \($1)") }.store(in: &bag)
            a.send(1)
            b.send(10)
            a.send(2)
            #expect(log.entries == ["merge 1", "merge 10", "latest 1 10", "merge 2", "latest 2 10"])
        }
    }

    @Test("NotificationCenter.publisher(for:object:) sees a text field's edits as the user types, inside post (uikit-behaviour-3 #133: registration order)")
    func textFieldPublisher() {
        simulate { app, log in
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 31))
            let other = UITextField(frame: CGRect(x: 20, y: 60, width: 200, height: 31))
            app.window?.addSubview(field)
            app.window?.addSubview(other)
            var bag = Set<AnyCancellable>()
            NotificationCenter.default.publisher(for: UITextField.textDidChangeNotification, object: field)
                .compactMap { ($0.object as? UITextField)?.text }
                .sink { log.add("publisher \($0)") }
                .store(in: &bag)
            let token = NotificationCenter.default.addObserver(forName: UITextField.textDidChangeNotification, object: nil, queue: nil) { _ in
                log.add("block")
            }
            defer { NotificationCenter.default.removeObserver(token) }
            app.tap(field)
            app.type("hi")
            app.tap(other)
            app.type("x")
            #expect(log.entries == ["publisher h", "block", "publisher hi", "block", "block"])
        }
    }

    @Test("Timer.publish(every:on:in:).autoconnect() ticks on the virtual clock until cancelled")
    func timerPublisher() {
        simulate { app, log in
            let cancellable = Timer.publish(every: 0.5, on: .main, in: .common).autoconnect().sink {
                log.add("tick \($0.timeIntervalSinceReferenceDate)")
            }
            app.advance(by: 1.2)
            cancellable.cancel()
            app.advance(by: 1)
            #expect(log.entries == ["tick 0.5", "tick 1.0"])
        }
    }

    @Test("Just, a sequence's publisher and eraseToAnyPublisher send their values, then finish")
    func simplePublishers() {
        simulate { _, log in
            var bag = Set<AnyCancellable>()
            Just(41).map { $0 + 1 }.eraseToAnyPublisher().sink(receiveCompletion: { log.add("\($0)") }, receiveValue: { log.add("\($0)") }).store(in: &bag)
            [1, 2].publisher.sink { log.add("seq \($0)") }.store(in: &bag)
            #expect(log.entries == ["42", "finished", "seq 1", "seq 2"])
        }
    }
}
