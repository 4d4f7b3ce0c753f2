@testable import DocTest
import Foundation
import TestSupport
import Testing
import TutorbuildSupport

/// Issue 29 item 2: the first result an edited lesson can show is that its program type-checks, known from the
/// demonstration dump that runs beside the compile, before the program is compiled and run.
@Suite("Issue 29: an edit's first result, type-checked before compiled and run")
struct TypeCheckedStageTests {
    @Test("issue 29: a program that type-checks is reported with its lesson's files before its run is done; one that does not, and a cached one, never")
    func reportedWhileCompiling() throws {
        let course = try TemporaryCourse([
            "good/en.md": TemporaryCourse.lesson("Good", "```swift\nprint(\"ok\")\n```\n\n```output\nok\n```\n"),
            "bad/en.md": TemporaryCourse.lesson("Bad", "```swift\nlet number: Int = \"seven\"\n```\n"),
        ])
        defer { course.remove() }
        let events = Locked<[String]>([])
        let configure = { (options: inout DocTestOptions) in
            // A serve edit compiles its lesson alone; merged programs are type-checked by their own compile.
            options.mergePrograms = false
            options.typeChecked = { paths in events.mutate { $0.append("type-checked " + paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }.joined(separator: ",")) } }
            options.progress = { step in events.mutate { $0.append("done " + step.paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }.joined(separator: ",")) } }
        }
        _ = try course.run(configure)
        let first = events.value
        #expect(first.filter { $0.hasPrefix("type-checked") } == ["type-checked good"], "\(first)")
        let checked = try #require(first.firstIndex(of: "type-checked good"))
        let done = try #require(first.firstIndex(of: "done good"))
        #expect(checked < done, "reported before the program's compile and run ended: \(first)")
        events.mutate { $0 = [] }
        _ = try course.run(configure)
        #expect(!events.value.contains { $0.hasPrefix("type-checked") }, "a cached result needs no stage: \(events.value)")
    }
}
