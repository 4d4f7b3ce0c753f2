import Observation
import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator

// uikit-behaviour-3 #179 and §B10 `observationTrackingDefault` (WWDC25 243; Apple's "Updating views automatically with
// observation tracking", `updateProperties()`, `setNeedsUpdateProperties()`, `updatePropertiesIfNeeded()`,
// `UIView.AnimationOptions.flushUpdates`): iOS 26's properties pass and automatic tracking of `@Observable` reads.

@Observable
private final class Status {
    var text = ""
    var count = 0
    var unread = 0
}

/// A controller that records which of its update methods run and what they read.
private final class TrackedController: UIViewController {
    let status: Status
    let log: Log
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
    var readsCountInLayout = true

    init(status: Status, log: Log) {
        self.status = status
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(label)
    }

    override func updateProperties() {
        super.updateProperties()
        label.text = status.text
        log.add("updateProperties \(status.text)")
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        log.add(readsCountInLayout ? "viewWillLayoutSubviews \(status.count)" : "viewWillLayoutSubviews")
    }
}

@Suite("iOS 26 properties updates and automatic observation tracking (uikit-behaviour-3 #179)")
struct ObservationTrackingTests {
    @Test("uikit-behaviour-3 #179: a property read in updateProperties() re-runs it at the next pass after a change, not at once, and without a layout")
    func updatePropertiesTracksReads() {
        withSimulator { app in
            let log = Log()
            let status = Status()
            let screen = TrackedController(status: status, log: log)
            screen.readsCountInLayout = false
            app.show(screen)
            #expect(log.entries.first == "updateProperties ")
            log.entries = []
            status.text = "3 unread"
            #expect(log.entries.isEmpty)
            #expect(screen.label.text == "")
            app.runUntilIdle()
            #expect(log.entries == ["updateProperties 3 unread"])
            #expect(screen.label.text == "3 unread")
        }
    }

    @Test("uikit-behaviour-3 #179: a property read in viewWillLayoutSubviews invalidates layout when it changes; one it did not read does not",
          arguments: [true, false])
    func layoutTracksOnlyWhatItRead(readsCount: Bool) {
        withSimulator { app in
            let log = Log()
            let status = Status()
            let screen = TrackedController(status: status, log: log)
            screen.readsCountInLayout = readsCount
            app.show(screen)
            log.entries = []
            status.count = 4
            app.runUntilIdle()
            #expect(log.entries == (readsCount ? ["viewWillLayoutSubviews 4"] : []))
        }
    }

    @Test("§B10 observationTrackingDefault: before iOS 26 (the iOS 18 profile, no UIObservationTrackingEnabled) nothing is tracked and there is no properties pass")
    func iOS18ProfileDoesNotTrack() {
        withSimulator(profile: .iOS18) { app in
            let log = Log()
            let status = Status()
            let screen = TrackedController(status: status, log: log)
            app.show(screen)
            #expect(!log.entries.contains { $0.hasPrefix("updateProperties") })
            log.entries = []
            status.count = 4
            app.runUntilIdle()
            #expect(log.entries.isEmpty)
        }
    }

    @Test("Apple doc setNeedsUpdateProperties(): requests are coalesced into one update in the next layout pass; updatePropertiesIfNeeded() runs it at once")
    func setNeedsUpdatePropertiesCoalesces() {
        withSimulator { app in
            final class Counter: UIView {
                var updates = 0
                override func updateProperties() {
                    super.updateProperties()
                    updates += 1
                }
            }
            let screen = UIViewController()
            app.show(screen)
            let counter = Counter(frame: .zero)
            screen.view.addSubview(counter)
            app.runUntilIdle()
            #expect(counter.updates == 1)
            counter.setNeedsUpdateProperties()
            counter.setNeedsUpdateProperties()
            #expect(counter.updates == 1)
            app.runUntilIdle()
            #expect(counter.updates == 2)
            counter.setNeedsUpdateProperties()
            counter.updatePropertiesIfNeeded()
            #expect(counter.updates == 3)
            counter.updatePropertiesIfNeeded()
            #expect(counter.updates == 3)
        }
    }

    @Test("WWDC25 243: updateProperties() runs before layoutSubviews() in the same pass, the controller's before its view's")
    func propertiesBeforeLayout() {
        withSimulator { app in
            final class Root: UIView {
                var log: Log?
                override func updateProperties() { super.updateProperties(); log?.add("view updateProperties") }
                override func layoutSubviews() { super.layoutSubviews(); log?.add("view layoutSubviews") }
            }
            final class Screen: UIViewController {
                let log = Log()
                override func loadView() {
                    let root = Root(frame: UIScreen.main.bounds)
                    root.log = log
                    view = root
                }
                override func updateProperties() { super.updateProperties(); log.add("controller updateProperties") }
                override func viewWillLayoutSubviews() { super.viewWillLayoutSubviews(); log.add("viewWillLayoutSubviews") }
            }
            let screen = Screen()
            app.show(screen)
            #expect(Array(screen.log.entries.prefix(4)) == [
                "controller updateProperties", "view updateProperties", "viewWillLayoutSubviews", "view layoutSubviews",
            ])
        }
    }

    @Test("Apple doc flushUpdates: a constraint changed inside the animation block moves its view before animate returns; without the option it waits for the next pass",
          arguments: [true, false])
    func flushUpdates(flush: Bool) {
        withSimulator { app in
            let screen = UIViewController()
            app.show(screen)
            let box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            screen.view.addSubview(box)
            let top = box.topAnchor.constraint(equalTo: screen.view.topAnchor, constant: 10)
            NSLayoutConstraint.activate([top, box.heightAnchor.constraint(equalToConstant: 20), box.widthAnchor.constraint(equalToConstant: 20)])
            app.runUntilIdle()
            #expect(box.frame.minY == 10)
            UIView.animate(withDuration: 0.3, delay: 0, options: flush ? .flushUpdates : []) { top.constant = 100 }
            #expect(box.frame.minY == (flush ? 100 : 10))
            app.runUntilIdle()
            #expect(box.frame.minY == 100)
        }
    }
}

/// A scene delegate that logs its life-cycle calls and builds its window as Xcode's template does.
private final class LoggingSceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let log = Log()

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        log.add("willConnectTo \(session.role.rawValue)")
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UIViewController()
        self.window = window
        window.makeKeyAndVisible()
    }

    func sceneWillEnterForeground(_ scene: UIScene) { log.add("sceneWillEnterForeground") }
    func sceneDidBecomeActive(_ scene: UIScene) { log.add("sceneDidBecomeActive") }
}

@Suite("Scene life cycle: connecting a scene delegate (Apple's UISceneDelegate and UIScene notifications)")
struct SceneLifecycleTests {
    @Test("Apple doc UISceneDelegate / willEnterForegroundNotification: a connecting scene calls willConnectTo, then enters the foreground, then becomes active, each with its notification, and shows the delegate's window as key")
    func connectOrder() {
        withSimulator { app in
            let delegate = LoggingSceneDelegate()
            let center = NotificationCenter.default
            let names: [Notification.Name] = [UIScene.willConnectNotification, UIScene.willEnterForegroundNotification, UIScene.didActivateNotification]
            let tokens = names.map { name in
                center.addObserver(forName: name, object: nil, queue: nil) { note in
                    MainActor.assumeIsolated {
                        delegate.log.add("\(note.name.rawValue) \(note.object is UIWindowScene)")
                    }
                }
            }
            defer { tokens.forEach(center.removeObserver) }
            app.connect(delegate)
            #expect(delegate.log.entries == [
                "willConnectTo UIWindowSceneSessionRoleApplication", "UISceneWillConnectNotification true",
                "sceneWillEnterForeground", "UISceneWillEnterForegroundNotification true",
                "sceneDidBecomeActive", "UISceneDidActivateNotification true",
            ])
            #expect(delegate.window?.isKeyWindow == true)
            #expect(UIApplication.shared.connectedScenes.first?.delegate === delegate)
        }
    }
}

@Suite("The async forms of present and dismiss (Swift's import of completion-handler methods)")
struct AsyncPresentationTests {
    @Test("Apple doc present(_:animated:completion:): the async form returns when the transition ends on the virtual clock, as the completion would run; dismiss(animated:) likewise",
          arguments: [true, false])
    func presentAndDismiss(animated: Bool) {
        withSimulator { app in
            let log = Log()
            let screen = UIViewController()
            app.show(screen)
            let sheet = UIViewController()
            Task { @MainActor in
                await screen.present(sheet, animated: animated)
                log.add("presented \(app.now) \(sheet.isBeingPresented)")
                await sheet.dismiss(animated: animated)
                log.add("dismissed \(app.now) \(screen.presentedViewController == nil)")
            }
            let start = app.now
            app.runUntilIdle()
            let duration = animated ? 0.3 : 0
            #expect(log.entries.first == "presented \(start + duration) false")
            #expect(log.entries.count == 2)
            #expect(log.entries.last?.hasSuffix(" true") == true)
        }
    }
}
