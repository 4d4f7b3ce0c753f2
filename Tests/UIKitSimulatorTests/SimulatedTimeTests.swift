import Testing
import UIKitModel
import UIKitSimulator

// Issue 26 #4: nothing in a lesson depends on the wall clock. Dispatch, timers, the run loop, `Task {}`, `Task.sleep`,
// `MainActor.run` and `notifications(named:)` run on the virtual clock, driven by `app.advance(by:)` and
// `app.runUntilIdle()`; each test names the statement it checks. No test sleeps: a run takes milliseconds of real time.

/// Runs `body` as a simulation on this thread (the simulated main thread) with a fresh app showing an empty screen, and
/// a log.
func simulate(_ body: (Simulator, Log) throws -> Void) rethrows {
    try withSimulator(device: .iPhone4) { app in
        app.show(UIViewController())
        try body(app, Log())
    }
}

/// A controller whose timer sends `tick:` with a selector; the timer keeps it alive until invalidated.
private final class TickingController: UIViewController {
    let log: Log
    var timer: Timer?

    init(log: Log) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    deinit { log.add("deinit") }

    func start() {
        timer = Timer.scheduledTimer(
            timeInterval: 0.5, target: self, selector: Selector(_tutorbuildMethod: TickingController.tick(_:), swift: "tick(_:)"),
            userInfo: "info", repeats: true)
    }

    func tick(_ timer: Timer) {
        log.add("tick \(UIKitSystem.shared.clock.now) \(timer.userInfo as? String ?? "-")")
    }
}

@Suite("Time and concurrency on the simulated clock (issue 26 #4)")
struct SimulatedTimeTests {
    @Test("DispatchQueue.main.async runs after the code that queued it, when the run loop turns, in the order queued")
    func mainQueueAsync() {
        simulate { app, log in
            DispatchQueue.main.async { log.add("first") }
            Task { @MainActor in log.add("task") }
            DispatchQueue.main.async { log.add("second") }
            log.add("caller")
            #expect(log.entries == ["caller"])
            app.advance(by: 0)
            #expect(log.entries == ["caller", "first", "task", "second"])
            #expect(app.now == 0)
        }
    }

    @Test("asyncAfter(deadline: .now() + 0.5) runs when the virtual clock reaches the deadline, not before")
    func asyncAfterDeadline() {
        simulate { app, log in
            #expect(DispatchTime.now().uptimeNanoseconds == 1_000_000_000)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { log.add("after \(app.now)") }
            app.advance(by: 0.4)
            #expect(log.entries.isEmpty)
            app.advance(by: 0.1)
            #expect(log.entries == ["after 0.5"])
            #expect(DispatchTime.now().uptimeNanoseconds == 1_500_000_000)
        }
    }

    @Test("a cancelled DispatchWorkItem never runs: the debounce pattern keeps only the last edit")
    func workItemDebounce() {
        simulate { app, log in
            var pending: DispatchWorkItem?
            for text in ["h", "he", "hel"] {
                pending?.cancel()
                let item = DispatchWorkItem { log.add("search \(text) at \(app.now)") }
                pending = item
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.3, execute: item)
                app.advance(by: 0.1)
            }
            app.advance(by: 1)
            #expect(log.entries == ["search hel at 0.5"])
        }
    }

    @Test("Apple doc Timer: a repeating timer fires every interval until invalidated; inside its block it is still valid")
    func repeatingTimer() {
        simulate { app, log in
            var timer: Timer?
            timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { t in
                log.add("tick \(app.now) valid \(t.isValid)")
                if app.now >= 0.9 { t.invalidate() }
            }
            #expect(timer?.timeInterval == 0.3)
            app.advance(by: 2)
            #expect(log.entries == ["tick 0.3 valid true", "tick 0.6 valid true", "tick 0.9 valid true"])
            #expect(timer?.isValid == false)
        }
    }

    @Test("Apple doc Timer: a non-repeating timer is invalidated after it fires and reports a timeInterval of 0")
    func oneShotTimer() {
        simulate { app, log in
            let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { t in log.add("fired, valid \(t.isValid)") }
            #expect(timer.timeInterval == 0)
            #expect(timer.fireDate == Date(timeIntervalSinceReferenceDate: 1))
            app.advance(by: 1)
            #expect(log.entries == ["fired, valid true"])
            #expect(!timer.isValid)
        }
    }

    @Test("Apple doc Timer: an interval of 0 or less becomes 0.0001 s")
    func zeroInterval() {
        simulate { app, log in
            _ = Timer.scheduledTimer(withTimeInterval: 0, repeats: false) { _ in log.add("fired at \(app.now)") }
            app.advance(by: 0)
            #expect(log.entries.isEmpty)
            app.advance(by: 0.0001)
            #expect(log.entries == ["fired at 0.0001"])
        }
    }

    @Test("a timer made with init fires only once added to RunLoop.main, late once, then on its schedule; fire() keeps the schedule")
    func runLoopAdd() {
        simulate { app, log in
            let timer = Timer(timeInterval: 1, repeats: true) { _ in log.add("tick \(app.now)") }
            app.advance(by: 1.5)
            #expect(log.entries.isEmpty)
            RunLoop.main.add(timer, forMode: .common)
            app.advance(by: 0)
            #expect(log.entries == ["tick 1.5"])
            timer.fire()
            app.advance(by: 1)
            // Due at 1.0 and added at 1.5, it fires once at once; its schedule stays 2.0, 3.0, …
            #expect(log.entries == ["tick 1.5", "tick 1.5", "tick 2.0"])
            timer.invalidate()
        }
    }

    @Test("Apple doc scheduledTimer(timeInterval:target:selector:userInfo:repeats:): the timer sends the selector with itself and keeps its target until invalidated")
    func targetSelectorTimer() {
        let log = Log()
        withSimulator(device: .iPhone4) { app in
            weak var weakController: TickingController?
            do {
                let controller = TickingController(log: log)
                weakController = controller
                controller.start()
            }
            app.advance(by: 1)
            #expect(weakController != nil, "the scheduled timer keeps its target")
            weakController?.timer?.invalidate()
            #expect(weakController == nil, "invalidating releases the target")
        }
        #expect(log.entries == ["tick 0.5 info", "tick 1.0 info", "deinit"])
    }

    @Test("perform(_:with:afterDelay:) sends the selector on the virtual clock")
    func performAfterDelay() {
        simulate { app, log in
            let field = UITextField()
            field.perform(Selector("becomeFirstResponder"), with: nil, afterDelay: 0.2)
            app.advance(by: 0.1)
            #expect(!field.isFirstResponder)
            app.window?.addSubview(field)
            app.advance(by: 0.1)
            #expect(field.isFirstResponder)
        }
    }

    @Test("Apple doc cancelPreviousPerformRequests(withTarget:selector:object:): only the matching delayed performs are cancelled")
    func cancelPreviousPerformRequests() {
        simulate { app, _ in
            let first = UITextField()
            let second = UITextField()
            app.window?.addSubview(first)
            app.window?.addSubview(second)
            first.perform(Selector("becomeFirstResponder"), with: nil, afterDelay: 0.5)
            second.perform(Selector("becomeFirstResponder"), with: nil, afterDelay: 0.3)
            NSObject.cancelPreviousPerformRequests(withTarget: second, selector: Selector("becomeFirstResponder"), object: "other")
            NSObject.cancelPreviousPerformRequests(withTarget: first)
            app.advance(by: 0.3)
            #expect(second.isFirstResponder)
            app.advance(by: 0.2)
            #expect(!first.isFirstResponder)
        }
    }

    @Test("a user action lets UIKit's own work finish but leaves the app's later timers to advance(by:)")
    func userActionsSettleUIKitWorkOnly() {
        simulate { app, log in
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 31))
            app.window?.addSubview(field)
            let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { _ in log.add("tick") }
            app.tap(field)
            // The keyboard's Did notifications come 0.25 s after the tap: the ticks due by then fired, no more.
            #expect(app.now == 0.25)
            #expect(log.entries == ["tick", "tick"])
            timer.invalidate()
        }
    }

    @Test("Task.sleep(nanoseconds:), sleep(for:) and sleep(until:clock:) wake when the virtual clock reaches the deadline")
    func taskSleep() {
        simulate { app, log in
            Task { @MainActor in
                try await Task.sleep(nanoseconds: 500_000_000)
                log.add("nanoseconds \(app.now)")
                try await Task.sleep(for: .seconds(1))
                log.add("for \(app.now)")
                try await Task.sleep(until: .now + .milliseconds(250), clock: .continuous)
                log.add("until \(app.now)")
            }
            app.advance(by: 0.49)
            #expect(log.entries.isEmpty)
            app.advance(by: 0.01)
            #expect(log.entries == ["nanoseconds 0.5"])
            app.runUntilIdle()
            #expect(log.entries == ["nanoseconds 0.5", "for 1.5", "until 1.75"])
        }
    }

    @Test("a cancelled sleeping task wakes at once with CancellationError")
    func sleepCancellation() {
        simulate { app, log in
            let task = Task { @MainActor in
                do {
                    try await Task.sleep(for: .seconds(10))
                    log.add("woke")
                } catch is CancellationError {
                    log.add("cancelled at \(app.now)")
                }
            }
            app.advance(by: 1)
            task.cancel()
            app.advance(by: 0)
            #expect(log.entries == ["cancelled at 1.0"])
            app.runUntilIdle()
            #expect(app.now == 1, "the cancelled sleep left nothing on the clock")
        }
    }

    @Test("MainActor.run from a detached task hops back through the main queue; Thread.isMainThread tells the queues apart")
    func mainActorRunAndThreads() {
        simulate { app, log in
            Task.detached {
                log.add("detached main? \(Thread.isMainThread)")
                await MainActor.run { log.add("MainActor.run main? \(Thread.isMainThread)") }
            }
            DispatchQueue.global().async { log.add("global main? \(Thread.isMainThread)") }
            DispatchQueue.main.async { log.add("main queue main? \(Thread.isMainThread)") }
            app.runUntilIdle()
            #expect(log.entries == [
                "detached main? false", "global main? false", "main queue main? true", "MainActor.run main? true",
            ])
        }
    }

    @Test("a queue: .main block observer posted to from a global queue's block runs as main-thread work while the poster waits")
    func mainQueueObserverFromBackground() {
        simulate { app, log in
            let name = Notification.Name("Refreshed")
            let token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: .main) { _ in
                log.add("observer main? \(Thread.isMainThread)")
            }
            defer { NotificationCenter.default.removeObserver(token) }
            DispatchQueue.global().async {
                log.add("posting main? \(Thread.isMainThread)")
                NotificationCenter.default.post(name: name, object: nil)
                log.add("posted")
            }
            app.advance(by: 0)
            #expect(log.entries == ["posting main? false", "observer main? true", "posted"])
        }
    }

    @Test("notifications(named:) hands each matching post to the for-await loop after the posting code returns")
    func notificationSequence() {
        simulate { app, log in
            let name = Notification.Name("Saved")
            let task = Task { @MainActor in
                for await note in NotificationCenter.default.notifications(named: name) {
                    log.add("got \(note.userInfo?["n"] as? Int ?? -1)")
                }
                log.add("loop ended")
            }
            app.advance(by: 0)
            NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": 1])
            NotificationCenter.default.post(name: name, object: nil, userInfo: ["n": 2])
            log.add("posted")
            app.advance(by: 0)
            #expect(log.entries == ["posted", "got 1", "got 2"])
            task.cancel()
            app.advance(by: 0)
            #expect(log.entries.last == "loop ended")
        }
    }

    @Test("a keyboard notification reaches a notifications(named:) loop (uikit-behaviour #7: WillShow is posted inside becomeFirstResponder)")
    func keyboardNotificationSequence() {
        simulate { app, log in
            let field = UITextField(frame: CGRect(x: 20, y: 20, width: 200, height: 31))
            app.window?.addSubview(field)
            let task = Task { @MainActor in
                for await note in NotificationCenter.default.notifications(named: UIResponder.keyboardWillShowNotification) {
                    let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
                    log.add("will show \(frame?.height ?? 0) at \(app.now)")
                }
            }
            app.advance(by: 0)
            field.becomeFirstResponder()
            log.add("became first responder")
            app.advance(by: 0)
            #expect(log.entries == ["became first responder", "will show 216.0 at 0.0"])
            task.cancel()
        }
    }

    @Test("Date(), Date.now, ContinuousClock.now and ProcessInfo.systemUptime read the simulated clock")
    func wallClockIsSimulated() {
        simulate { app, _ in
            let start = ContinuousClock.now
            #expect(Date() == Date(timeIntervalSinceReferenceDate: 0))
            app.advance(by: 2.5)
            #expect(Date.now == Date(timeIntervalSinceReferenceDate: 2.5))
            #expect(start.duration(to: .now) == .milliseconds(2500))
            #expect(ProcessInfo.processInfo.systemUptime == 3.5)
            #expect(CACurrentMediaTime() == 3.5)
        }
    }

    @Test("a dispatch group notifies after its last leave(); wait(timeout:) runs the queues until then")
    func dispatchGroup() {
        simulate { app, log in
            let group = DispatchGroup()
            for n in 1...2 {
                group.enter()
                DispatchQueue.main.asyncAfter(deadline: .now() + Double(n)) {
                    log.add("done \(n)")
                    group.leave()
                }
            }
            group.notify(queue: .main) { log.add("all done at \(app.now)") }
            #expect(group.wait(timeout: .now() + 1.5) == .timedOut)
            #expect(log.entries == ["done 1"])
            #expect(group.wait(timeout: .now() + 5) == .success)
            app.advance(by: 0)
            #expect(log.entries == ["done 1", "done 2", "all done at 2.0"])
        }
    }
}
