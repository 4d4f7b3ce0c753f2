import Diagnostics
@testable import DocTest
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing
import TutorbuildSupport

/// Demonstration lines found by the compiler, and the app code file each lesson publishes (docs/lesson-format.md,
/// "App code and demonstration").
@Suite("App code and demonstration")
struct AppCodeTests {
    static let lesson = TemporaryCourse.lesson("Demo", """
        ```swift
        class Greeter: UIViewController {
            let field = UITextField()
            func greet() {
                print("hello")
            }
        }
        ```

        ```swift in=Greeter
        func shout() { print("HELLO") }
        ```

        ```swift
        let phone = Simulator(device: .iPhone4)
        let greeter = Greeter()
        let user = phone
        user.show(greeter)
        greeter.greet()
        print("visible:",
              user.isKeyboardVisible)
        // snippet.hide
        print("hidden")
        // snippet.show
        func drive(_ s: Simulator) {}
        var profile = BehaviorProfile.current
        func loaded() -> Bool { greeter.isViewLoaded }
        ```

        ```output
        hello
        visible: false
        hidden
        ```
        """)

    static let shared: Result<(TemporaryCourse, DocTestReport), Error> = Result {
        let course = try TemporaryCourse(["demo/en.md": lesson])
        let (report, _) = try course.run()
        return (course, report)
    }

    func result(_ index: Int) throws -> SnippetResult {
        let (_, report) = try Self.shared.get()
        let entry = try #require(report.entry("demo/en.md", index))
        #expect(entry.status == .passed, "\(entry.reason ?? "")")
        return try #require(report.verification.results[entry.key])
    }

    @Test("driver references, driver values under any name and top-level prints are demonstration; prints in methods are not")
    func demonstration() throws {
        #expect(try result(0).demonstrationLines == [])
        #expect(try result(1).demonstrationLines == [])
        // 0 `Simulator(…)`, 2 `let user = phone`, 3 `user.show`, 5–6 a print over two lines, 8 a hidden print,
        // 10 a function taking a driver type, 11 a profile, 12 a function using a top-level variable; the top-level
        // `greeter` lines are the lesson's own.
        #expect(try result(2).demonstrationLines == [0, 2, 3, 5, 6, 8, 10, 11, 12])
    }

    @Test("a program compiled alone is dumped for its demonstration lines beside its compile and run, in a folder the program does not see")
    func dumpBesideTheRun() throws {
        let course = try TemporaryCourse(["seen/en.md": TemporaryCourse.lesson("Seen", """
            ```swift
            import Foundation
            let names = (try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []
            print(names.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".txt") })
            ```

            ```output
            []
            ```
            """)])
        defer { course.remove() }
        let (report, _) = try course.run { $0.mergePrograms = false }
        let entry = try #require(report.entry("seen/en.md", 0))
        #expect(entry.status == .passed, "\(entry.reason ?? "")")
        // The top-level print is demonstration; the dump ran although the program was compiled with it.
        #expect(report.verification.results[entry.key]?.demonstrationLines == [2])
    }

    @Test("the app file holds the declarations in order, spliced members inside their type, nothing of the demonstration")
    func appFile() throws {
        let (_, report) = try Self.shared.get()
        let parts = (0..<3).map { report.verification.result(path: report.entry("demo/en.md", $0)!.key.path, index: $0)?.appCode }
        #expect(AppCodeFile.text(parts) == """
            import UIKit

            class Greeter: UIViewController {
                let field = UITextField()
                func greet() {
                    print("hello")
                }

            func shout() { print("HELLO") }
            }

            """)
    }

    /// The repository's lessons, run with the cache `tutorbuild test` keeps (fast after it).
    static let content: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("content").path

    @Test("every lesson's app file compiles with import UIKit alone, in Swift 5 and Swift 6 with default isolation MainActor")
    func everyLessonCompiles() throws {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: Self.content).load(into: &bag)
        var options = DocTestOptions()
        options.buildDirectory = TemporaryCourse.buildDirectory
        options.resultsPath = ""
        options.jobs = 2
        let report = try DocTestRunner(course: course, options: options).run(into: &bag)
        let toolchain = try Toolchain.locate(options: options)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-code-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var checked = 0
        for lesson in course.lessons {
            for document in lesson.documents where document.language == .en {
                let parts = document.snippets.map { report.verification.result(path: document.path, index: $0.index)?.appCode }
                let text = try #require(AppCodeFile.text(parts), "\(lesson.slug) has no app code")
                #expect(!text.contains("UIKitSimulator") && !text.contains("BehaviorProfile"), "\(lesson.slug)")
                let file = folder + "/\(lesson.slug).swift"
                try Self.asOnLinux(text).write(toFile: file, atomically: true, encoding: .utf8)
                for swift in [5, 6] {
                    let mode = LanguageMode(swiftVersion: swift, defaultIsolation: .mainActor)
                    let errors = try Self.compile(file, mode: mode, toolchain: toolchain)
                    #expect(errors.isEmpty, "\(lesson.slug).swift in Swift \(swift):\n\(errors)")
                }
                checked += 1
            }
        }
        #expect(checked == course.lessons.count)
    }

    /// The file as every lesson program is compiled: `@objc` and `#selector`, which Linux's Swift lacks, rewritten
    /// to the model's selectors (`ObjCSourceRewriter`), line for line.
    static func asOnLinux(_ text: String) -> String {
        let snippet = ObjCSourceRewriterTests.snippet(0, text)
        return ObjCSourceRewriter(code: [0: SwiftLexer.strippingComments(text)], snippets: [snippet]).code[0] ?? text
    }

    /// The errors of compiling `file` as an app's module against the model's `UIKit` alone: its module folder holds
    /// the driver's modules too, but nothing imports them.
    static func compile(_ file: String, mode: LanguageMode, toolchain: Toolchain) throws -> String {
        var arguments = toolchain.arguments(source: file, output: nil, mode: mode)
        arguments.append(contentsOf: ["-parse-as-library", "-module-name", "App"])
        if let name = arguments.firstIndex(of: LessonProgram.moduleName) { arguments.remove(at: name); arguments.remove(at: name - 1) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: toolchain.swiftc)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : output
    }
}
