import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import TutorbuildSupport
import Testing

/// Issue 29 #1: several lessons' programs compiled as the files of one module, with the same results as alone.
@Suite("merged programs")
struct MergedProgramTests {
    static func document(_ body: String, mode: String = "") -> LessonDocument {
        var bag = DiagnosticBag()
        var text = TemporaryCourse.lesson("T", body)
        if !mode.isEmpty { text = text.replacingOccurrences(of: "---\n", with: "---\n\(mode)\n", options: [], range: text.range(of: "---\n")) }
        return LessonParser().parse(SourceFile(path: "t/en.md", text: text), slug: "t", language: .en, into: &bag)
    }

    static func file(_ code: String) -> Result<MergedLessonFile, MergedLessonFile.Refusal> {
        let document = document("```swift\n\(code)\n```\n")
        let builder = LessonProgramBuilder(document: document)
        let program = builder.build().programs[0]
        do throws(MergedLessonFile.Refusal) { return .success(try builder.mergedFile(program)) } catch { return .failure(error) }
    }

    @Test("top-level shapes: merged, or refused with the reason", arguments: [
        ("let (a, b) = (1, 2)\nprint(a, b)", nil),
        ("var count = 0\ncount += 1\nprint(count)", nil),
        ("let double = { (x: Int) in x * 2 }\nprint(double(2))", nil),
        ("class Greeter { func hi() { print(\"hi\") } }\nextension Greeter { func bye() {} }\nGreeter().hi()", nil),
        ("extension UIView { func shake() {} }", nil),
        ("#if canImport(UIKit)\nextension UIView {\n    func wiggle() {}\n}\n#endif\nprint(1)", nil),
        ("var total: Int { 3 }\nprint(total)", nil),
        ("var x: Int\nx = 5\nprint(x)", MergedLessonFile.Refusal.uninitializedVariable),
        ("var field: UITextField?\nprint(field == nil)", nil),
        ("let items = [1, 2].map { n in\n    return n * 2\n}\nprint(items)", nil),
        ("if true {\n    return\n}", .topLevelReturn),
        ("defer { print(\"bye\") }\nprint(1)", .scopeStatement),
        ("guard let n = Int(\"1\") else { fatalError() }\nprint(n)", .scopeStatement),
        ("#if DEBUG\nprint(1)\n#endif", .directive),
        ("print(later)\nlet later = 1", .useBeforeDeclaration),
        ("func show() { print(counter) }\nshow()\nvar counter = 1", .lazyOrder),
        // A name a local scope declares is not the file-scope variable: a member, a local `let`, a guard's binding,
        // a closure's parameter, a nested function.
        ("class Box { let counter = 0; func show() { print(counter) } }\nBox().show()\nvar counter = 1", nil),
        ("class Box {\n    var counter: Int { 0 }\n    func show() { print(counter) }\n}\nBox().show()\nvar counter = 1", nil),
        ("let show = {\n    let counter = 2\n    print(\"\\(counter)\")\n}\nshow()\nvar counter = 1", nil),
        ("func show(_ n: Int?) {\n    guard let n,\n          let counter = Optional(n)\n    else { return }\n    print(counter)\n}\nshow(1)\nvar counter = 1", nil),
        ("[1].forEach { counter in print(counter) }\nvar counter = 1", nil),
        // Where the local declaration's scope is not sure, or the use is outside it, the check stays.
        ("func show() {\n    if let counter = Optional(2) { print(counter) }\n    print(counter)\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show() {\n    if true,\n       let counter = Optional(2) { print(counter) }\n    print(counter)\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show() {\n    for counter in [2] { print(counter) }\n    print(counter)\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show() {\n    for (counter, _) in [(2, 3)] { print(counter) }\n}\nshow()\nvar counter = 1", nil),
        ("func show() {\n    for counter in [2] where counter > 1 { print(counter) }\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show() {\n    for case let (counter, 3) in [(2, 3)] { print(counter) }\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show() {\n    for (counter, _) in [(2, 3)] { print(1) }\n    print(counter)\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("func show(_ n: Int) {\n    switch n {\n    case 0:\n        let counter = 2\n        print(counter)\n    default:\n        print(counter)\n    }\n}\nshow(1)\nvar counter = 1", .lazyOrder),
        ("func show() {\n    do { let counter = 2; print(counter) }\n    print(counter)\n}\nshow()\nvar counter = 1", .lazyOrder),
        ("class Box { func show() { print(counter) }; let counter = 0 }\nBox().show()\nvar counter = 1", .lazyOrder),
        ("let show = { print(counter) }\nlet other = { let counter = 2; print(counter) }\nshow()\nvar counter = 1", .useBeforeDeclaration),
        ("func show() { [2].forEach { (n: Int) in print(n + counter) } }\nshow()\nvar counter = 1", .lazyOrder),
        ("print({ let later = 2; return later }())\nprint(later)\nlet later = 1", .useBeforeDeclaration),
        ("private class Hidden {}\nprint(1)", .privateType),
        ("@main struct App { static func main() {} }", .mainAttribute),
        ("infix operator +++", .moduleOperator),
        ("extension UIView: Identifiable {}", .foreignConformance),
        // An extension of a type declared elsewhere becomes file-private: one that cannot be is compiled alone.
        ("extension UIView { struct Style {} }", .foreignExtensionMember),
        ("extension UIView { public func shake() {} }", .foreignExtensionMember),
        ("public extension UIView { func shake() {} }", .accessLevel),
        ("extension UIView { class func make() -> UIView { UIView() } }\nprint(1)", nil),
        ("private extension UIView { func shake() {} }\nprint(1)", .privateType),
        ("print(#function)", .functionName),
        ("let a = 1; print(a)", .statementDeclaration),
    ] as [(String, MergedLessonFile.Refusal?)])
    func shapes(_ code: String, _ refusal: MergedLessonFile.Refusal?) {
        switch Self.file(code) {
        case .success: #expect(refusal == nil, "\(code)")
        case .failure(let error): #expect(refusal == error, "\(code)")
        }
    }

    @Test("file-scope variables stay at file scope and are read in the run function where they were declared")
    func variablesReadInOrder() throws {
        let file = try Self.file("print(1)\nlet (a, b) = (1, 2)\nvar c = 3, d = 4\nprint(a + b + c + d)").get()
        let text = file.text
        let function = try #require(text.range(of: "func \(MergedLessonFile.runName)()"))
        #expect(text.range(of: "let (a, b) = (1, 2)")!.lowerBound < function.lowerBound)
        let body = String(text[function.upperBound...])
        let order = ["print(1)", "_ = a\n_ = b\n", "_ = c\n_ = d\n", "print(a + b + c + d)"].map { body.range(of: $0)?.lowerBound }
        #expect(!order.contains(nil))
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        // File-private, so another lesson's `a` is another variable.
        #expect(file.variables == ["a", "b", "c", "d"])
        #expect(file.exports.isEmpty)
        #expect(text.contains("fileprivate var c = 3, d = 4"))
    }

    @Test("line map: each moved run of lines keeps its snippet line")
    func lineMap() throws {
        let file = try Self.file("class A {}\nprint(1)\nlet x = 2\nprint(x)").get()
        for (line, code) in [(1, "class A {}"), (2, "print(1)"), (3, "fileprivate let x = 2"), (4, "print(x)")] {
            #expect(file.text.contains("#sourceLocation(file: \"snippet-0.swift\", line: \(line))\n\(code)\n"), "\(code)")
        }
        // A column after the inserted keyword is the author's column again; one before it is unchanged.
        #expect(file.authorColumn(snippet: 0, line: 3, column: 17) == 5)
        #expect(file.authorColumn(snippet: 0, line: 3, column: 1) == 1)
        #expect(file.authorColumn(snippet: 0, line: 4, column: 7) == 7)
    }

    @Test("`@objc` methods' generated declarations get a per-file name")
    func objcNames() throws {
        let code = "class Form: NSObject {\n    @objc func done() { print(\"done\") }\n}\nlet form = Form()\nform.perform(#selector(Form.done))"
        let text = try Self.file(code).get().text
        #expect(text.contains("_tutorbuildObjC" + MergedLessonFile.runName + "_"))
        #expect(!text.contains("_tutorbuildObjC0"))
    }

    @Test("only MainActor default isolation is merged")
    func isolation() {
        let document = Self.document("```swift\nprint(1)\n```\n", mode: "swift-version: 6\ndefault-isolation: nonisolated")
        let builder = LessonProgramBuilder(document: document)
        #expect(throws: MergedLessonFile.Refusal.isolation) { try builder.mergedFile(builder.build().programs[0]) }
    }

    @Test("lessons that declare or mention the same name go to different batches; lone batches compile alone")
    func planner() throws {
        let box = try Self.file("class Box { var n = 1 }\nprint(Box().n)").get()
        let box2 = try Self.file("class Box { var m = 2 }\nprint(Box().m)").get()
        let other = try Self.file("print(\"other\")").get()
        let mode = LanguageMode.xcodeAppTemplate
        let candidates = [("a", box), ("b", box2), ("c", other), ("d", other)].map { MergePlanner.Candidate(key: $0, mode: mode, file: $1) }
            + [MergePlanner.Candidate(key: "e", mode: mode, file: nil)]
        let jobs = MergePlanner(batches: 2).plan(candidates)
        for case .merged(let keys) in jobs { #expect(!(keys.contains("a") && keys.contains("b"))) }
        #expect(jobs.contains(.alone("e")))
        #expect(Set(jobs.flatMap { job -> [String] in
            switch job { case .alone(let k): [k]; case .merged(let k): k }
        }) == ["a", "b", "c", "d", "e"])
    }

    static func member(_ key: String, _ code: String) throws -> MergedProgram.Member {
        let builder = LessonProgramBuilder(document: document("```swift\n\(code)\n```\n"))
        let program = builder.build().programs[0]
        return MergedProgram.Member(key: key, program: program, file: try builder.mergedFile(program))
    }

    /// A warning as the compiler prints it: the message, the source line under it, the caret.
    static func warning(_ snippetLine: String, _ message: String) -> String {
        "snippet-0.swift:1:14: warning: \(message)\n\(snippetLine)\n             ^\n"
    }

    @Test("a warning on a line several lessons share goes to each of them when its copies are as many; else they go alone", arguments: [
        (2, [0: 1, 1: 1], []),
        (1, [:], [0, 1, 2]),
        (3, [:], [0, 1, 2]),
    ] as [(Int, [Int: Int], Set<Int>)])
    func sharedWarning(_ copies: Int, _ given: [Int: Int], _ alone: Set<Int>) throws {
        let shared = "print(UIScreen.main.scale)"
        let merged = MergedProgram(members: [
            try Self.member("a", shared + "\nprint(1)"), try Self.member("b", shared + "\nprint(2)"), try Self.member("c", "print(3)"),
        ])
        let output = String(repeating: Self.warning(shared, "'main' was deprecated in iOS 26.0"), count: copies)
        let (tainted, warnings) = merged.assign(MergedProgram.blocks(output), directory: "/tmp/merged")
        #expect(tainted == alone)
        #expect(warnings.mapValues(\.count) == given)
        for (_, own) in warnings { #expect(own.allSatisfy { $0.message.line == 1 && $0.message.file == "snippet-0.swift" }) }
    }

    static let lessons: [String: String] = [
        "one/en.md": TemporaryCourse.lesson("One", """
            ```swift
            class Box { var n = 1 }
            let (a, b) = (1, 2)
            var count = 0
            count += a + b
            print(Box().n, count)
            ```

            ```output
            1 3
            ```

            ```swift should-trap
            let values: [Int] = []
            print(values[0])
            ```

            ```swift no-run
            let never = 1
            print("never", never)
            ```
            """),
        "two/en.md": TemporaryCourse.lesson("Two", """
            ```swift
            class Box { var m = 2 }
            print(Box().m)
            ```

            ```output
            2
            ```
            """),
        "three/en.md": TemporaryCourse.lesson("Three", """
            ```swift
            let label = UILabel()
            label.text = "three"
            print(label.text ?? "")
            ```

            ```output
            three
            ```

            ```swift isolated
            print("alone")
            ```

            ```output
            alone
            ```
            """),
        "four/en.md": TemporaryCourse.lesson("Four", """
            ```swift
            let field = UITextField()
            field.text = 4
            ```
            """),
        "five/en.md": TemporaryCourse.lesson("Five", """
            ```swift
            let five = 5
            print(five)
            ```

            ```output
            6
            ```
            """),
        "six/en.md": TemporaryCourse.lesson("Six", """
            ```swift
            let view = UIView()
            view.frame = CGRect(x: 0, y: 0, width: 6, height: 6)
            print(view.frame.width)
            let crash: Int? = nil
            print(crash!)
            ```
            """),
        "seven/en.md": TemporaryCourse.lesson("Seven", """
            ```swift
            print(UIScreen.main.scale)
            print("seven")
            ```
            """),
        "eight/en.md": TemporaryCourse.lesson("Eight", """
            ```swift
            print(UIScreen.main.scale)
            print("eight")
            ```
            """),
    ]

    @Test("a course merged and alone gives the same results and diagnostics: compile errors, wrong output, traps, crashes, shared warnings")
    func sameResults() throws {
        var reports: [[String]] = []
        for merge in [false, true] {
            let course = try TemporaryCourse(Self.lessons)
            defer { course.remove() }
            let (report, _) = try course.run { $0.useCache = false; $0.mergePrograms = merge }
            // Merging must really happen: a merged compile that fails for every member still gives the same results.
            #expect(merge ? report.statistics.mergedCompiles >= 1 && report.statistics.answeredByMerged >= 2 : report.statistics.mergedCompiles == 0)
            // Each course has its own folder; the backtrace's addresses differ from run to run.
            let text = (report.entries.map { "\($0.status) \($0.reason ?? "")" } + report.diagnostics.map { "\($0)" }
                + report.verification.results.sorted { ($0.key.path, $0.key.index) < ($1.key.path, $1.key.index) }
                    .map { "\($0.value.actualOutput ?? "")|\($0.value.reason ?? "")" })
                .map { $0.replacingOccurrences(of: course.root, with: "ROOT").replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "0x", options: .regularExpression) }
            reports.append(text + ["\(report.statistics.compiled) compiled"])
        }
        #expect(reports[0] == reports[1])
    }

    @Test("an extension of a type declared elsewhere is file-private in a merged file; one of the lesson's own types is not")
    func foreignExtensionsFilePrivate() throws {
        let text = try Self.file("class Box {}\nextension Box { func open() {} }\n@MainActor extension Array {\n    var count: Int { 42 }\n}\nprint(1)").get().text
        #expect(text.contains("@MainActor fileprivate extension Array {"))
        #expect(text.contains("\nextension Box { func open() {} }"))
    }

    /// A lesson's extension of a standard or model type reached every file of the merged module: it shadowed another
    /// lesson's members (`items.count`), rewrote its string interpolations and became the witness of its conformance to
    /// a model protocol, so that lesson's wrong output passed and was cached under its own program's key.
    @Test("a lesson's extensions of types declared elsewhere change nothing in the lessons merged with it")
    func foreignExtensionsStayInTheirFile() throws {
        let course = try TemporaryCourse([
            "a-extends/en.md": TemporaryCourse.lesson("Extends", """
                ```swift
                extension Array {
                    var count: Int { 42 }
                }
                extension DefaultStringInterpolation {
                    mutating func appendInterpolation(_ value: Int) { appendLiteral("forged") }
                }
                extension UITextFieldDelegate {
                    func textFieldShouldReturn(_ textField: UITextField) -> Bool { print("forged"); return false }
                }
                print([1].count, "\\(1)")
                ```

                ```output
                42 forged
                ```
                """),
            "b-counts/en.md": TemporaryCourse.lesson("Counts", """
                ```swift
                let items = [1, 2, 3]
                print(items.count)
                ```

                ```output
                42
                ```

                ```swift
                let n = 7
                print("n is \\(n)")
                ```

                ```output
                n is forged
                ```
                """),
            "c-delegates/en.md": TemporaryCourse.lesson("Delegates", """
                ```swift
                final class Form: NSObject, UITextFieldDelegate {}
                let form = Form()
                print(form.textFieldShouldReturn(UITextField()))
                ```

                ```output
                forged
                false
                ```
                """),
        ])
        defer { course.remove() }
        let (report, _) = try course.run { $0.useCache = false; $0.jobs = 1 }
        #expect(report.statistics.mergedCompiles == 1 && report.statistics.answeredByMerged == 3)
        #expect(report.entry("a-extends/en.md", 0)?.status == .passed)
        for (lesson, index) in [("b-counts/en.md", 0), ("b-counts/en.md", 1), ("c-delegates/en.md", 0)] {
            #expect(report.entry(lesson, index)?.status == .failed, "\(lesson) \(index)")
        }
    }

    /// Lessons merged into one compile run at the same time; each must still see only its own files, as in a program of its own.
    @Test("merged lessons run each in a folder of its own: a file one writes is not there for another")
    func ownFolders() throws {
        let writes = "```swift\nimport Foundation\nlet made = FileManager.default.createFile(atPath: \"note.txt\", contents: Data(\"a\".utf8))\nprint(made)\n```\n\n```output\ntrue\n```\n"
        let reads = "```swift\nimport Foundation\nlet found = FileManager.default.fileExists(atPath: \"note.txt\")\nprint(found)\n```\n\n```output\nfalse\n```\n"
        let course = try TemporaryCourse([
            "a-writes/en.md": TemporaryCourse.lesson("Writes", writes), "b-reads/en.md": TemporaryCourse.lesson("Reads", reads),
            "c-reads/en.md": TemporaryCourse.lesson("Reads too", reads.replacingOccurrences(of: "found", with: "seen")),
        ])
        defer { course.remove() }
        let (report, _) = try course.run { $0.useCache = false; $0.jobs = 1 }
        #expect(report.statistics.mergedCompiles == 1 && report.statistics.answeredByMerged == 3)
        #expect(report.entries.allSatisfy { $0.status == .passed }, "\(report.entries.map { "\($0.status) \($0.reason ?? "")" })")
    }

    /// Issue 29 item 2: a merged lesson's first result (it type-checks) comes from its own demonstration dump, which
    /// runs beside the merged compile, as a lone program's does; its demonstration lines come with its outcome.
    @Test("issue 29: merged lessons are reported type-checked before their runs are done, and keep their demonstration lines")
    func typeCheckedWhileMerged() throws {
        let lesson = { (word: String) in
            "```swift\nimport UIKit\nlet label = UILabel()\nlabel.text = \"\(word)\"\nprint(label.text ?? \"\")\n```\n\n```output\n\(word)\n```\n"
        }
        let course = try TemporaryCourse([
            "one/en.md": TemporaryCourse.lesson("One", lesson("one")), "two/en.md": TemporaryCourse.lesson("Two", lesson("two")),
        ])
        defer { course.remove() }
        let events = Locked<[String]>([])
        let name = { @Sendable (paths: [String]) in paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent }.joined() }
        let (report, _) = try course.run { options in
            options.useCache = false
            options.jobs = 1
            options.typeChecked = { paths in events.mutate { $0.append("type-checked " + name(paths)) } }
            options.progress = { step in events.mutate { $0.append("done " + name(step.paths)) } }
        }
        #expect(report.statistics.mergedCompiles == 1 && report.statistics.answeredByMerged == 2)
        for lesson in ["one", "two"] {
            let checked = try #require(events.value.firstIndex(of: "type-checked " + lesson), "\(events.value)")
            let done = try #require(events.value.firstIndex(of: "done " + lesson), "\(events.value)")
            #expect(checked < done, "\(events.value)")
        }
        let lines = report.verification.results.values.compactMap(\.demonstrationLines)
        #expect(lines.count == 2, "each lesson's snippet has its demonstration lines (none of them demonstration)")
    }

    /// In `main.swift` a call without `await` takes the completion-handler `present(_:animated:completion:)` even beside
    /// an `await`; in an `async` function it would take the `async` one and fail to compile, so such a lesson would
    /// always be compiled alone.
    @Test("a lesson that never awaits runs in a synchronous function, so present(_:animated:) without await merges; one that awaits merges too")
    func synchronousRunFunction() throws {
        let presents = """
            ```swift
            import UIKit
            let root = UIViewController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = root
            window.makeKeyAndVisible()
            let sheet = UIViewController()
            root.present(sheet, animated: false)
            print(root.presentedViewController === sheet)
            ```

            ```output
            true
            ```

            """
        let awaits = "```swift\nimport UIKit\nfunc answer() async -> Int { 42 }\nprint(await answer())\n```\n\n```output\n42\n```\n"
        let course = try TemporaryCourse([
            "presents/en.md": TemporaryCourse.lesson("Presents", presents), "awaits/en.md": TemporaryCourse.lesson("Awaits", awaits),
        ])
        defer { course.remove() }
        let (report, _) = try course.run { $0.useCache = false; $0.jobs = 1 }
        #expect(report.statistics.mergedCompiles == 1 && report.statistics.answeredByMerged == 2)
        #expect(report.entries.allSatisfy { $0.status == .passed }, "\(report.entries.map { "\($0.status) \($0.reason ?? "")" })")
        let file = { (code: String) in try Self.file(code).get() }
        #expect(try !file("print(1)").suspends)
        #expect(try file("func answer() async -> Int { 42 }\nprint(await answer())").suspends)
    }
}
