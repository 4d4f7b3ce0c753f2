import Combine
import Foundation
import Testing
import UIKitModel
import UIKitSimulator

// `Foundation.Timer.publish`, the module-qualified spelling, needs Foundation imported by name (a lesson gets it through
// `import UIKit`); this file imports nothing else whose names the model shadows.

@Suite("Foundation.Timer.publish on the simulated clock (issue 26 #5)")
struct FoundationTimerPublishTests {
    @Test("Apple doc Timer.publish: Foundation.Timer.publish, the module-qualified spelling, ticks on the simulated clock like Timer.publish")
    func foundationTimerPublish() {
        simulate { app, log in
            let start = app.now
            let cancellable = Foundation.Timer.publish(every: 1, on: .main, in: .common)
                .autoconnect()
                .sink { _ in log.add("tick \(app.now - start)") }
            app.advance(by: 2.5)
            #expect(log.entries == ["tick 1.0", "tick 2.0"])
            cancellable.cancel()
        }
    }

}
