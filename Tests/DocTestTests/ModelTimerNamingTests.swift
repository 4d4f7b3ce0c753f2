@testable import DocTest
import Testing

/// `Foundation.Timer` in a snippet names the model's timer, so a module-qualified timer fires on the simulated clock
/// instead of silently never firing (docs/model.md, "Time and concurrency on the simulated clock").
@Suite("Foundation.Timer names the simulated run loop's timer")
struct ModelTimerNamingTests {
    @Test("module-qualified timer spellings become UIKitModel.Timer, byte for byte the same length", arguments: [
        ("t = Foundation.Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }",
         "t = UIKitModel.Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }"),
        ("var timer: Foundation.Timer?", "var timer: UIKitModel.Timer?"),
        ("let t = Foundation.Timer(timeInterval: 2, repeats: false) { _ in }\nRunLoop.main.add(t, forMode: .common)",
         "let t = UIKitModel.Timer(timeInterval: 2, repeats: false) { _ in }\nRunLoop.main.add(t, forMode: .common)"),
        ("Foundation.Timer.publish(every: 1, on: .main, in: .common)", "UIKitModel.Timer.publish(every: 1, on: .main, in: .common)"),
    ])
    func rewritten(_ source: String, _ expected: String) {
        let result = LessonProgramBuilder.namingModelTimer(source)
        #expect(result == expected)
        #expect(result.utf8.count == source.utf8.count)
    }

    @Test("strings, other Foundation names, a nested module path and spaced-out dots are left alone", arguments: [
        "print(\"Foundation.Timer\")",
        "let d = Foundation.Date()",
        "let t: Foundation.TimeInterval = 1",
        "let t = Other.Foundation.Timer()",
        "Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in }",
    ])
    func untouched(_ source: String) {
        #expect(LessonProgramBuilder.namingModelTimer(source) == source)
    }
}
