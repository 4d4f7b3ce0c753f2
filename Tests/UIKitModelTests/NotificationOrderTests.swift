import Testing
import UIKitModel

@Suite("Notification delivery order")
struct NotificationOrderTests {
    final class Log: @unchecked Sendable {
        var entries: [String] = []
    }

    @Test("block observers run in the order they were added, and removed tokens stop (§9 #54, #56)")
    func registrationOrder() {
        let center = NotificationCenter()
        let name = Notification.Name("tutorbuild.test")
        let log = Log()
        var tokens: [any NSObjectProtocol] = []
        for i in 0..<8 {
            tokens.append(center.addObserver(forName: name, object: nil, queue: nil) { _ in log.entries.append("\(i)") })
        }
        center.post(name: name, object: nil)
        #expect(log.entries == (0..<8).map(String.init))
        log.entries = []
        center.removeObserver(tokens[3])
        center.post(name: name, object: nil)
        #expect(log.entries == ["0", "1", "2", "4", "5", "6", "7"])
    }

    @Test("an observer with an object hears only that sender; nil hears every sender")
    func objectFilter() {
        let center = NotificationCenter()
        let name = Notification.Name("tutorbuild.test")
        let sender = NSObject()
        let log = Log()
        _ = center.addObserver(forName: name, object: sender, queue: nil) { _ in log.entries.append("specific") }
        _ = center.addObserver(forName: name, object: nil, queue: .main) { _ in log.entries.append("any") }
        center.post(name: name, object: NSObject())
        center.post(name: name, object: sender)
        #expect(log.entries == ["any", "specific", "any"])
    }
}
