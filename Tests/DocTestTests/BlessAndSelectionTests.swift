import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

@Suite("Bless, selection, locations and report formats")
struct BlessAndSelectionTests {
    static let blessEN = TemporaryCourse.lesson("Bless", """
        ```swift
        print("new output")
        print("```")
        ```

        ```output
        old output
        ```

        - In a list:

          ```swift
          print("indented")
          ```

          ```output
          ```
        """)

    @Test("bless rewrites the output blocks of every twin, then the lesson passes")
    func bless() throws {
        let zh = Self.blessEN.replacingOccurrences(of: "In a list:", with: "列表中：")
        let course = try TemporaryCourse(["bless/en.md": Self.blessEN, "bless/zh-Hans.md": zh])
        defer { course.remove() }
        let (blessed, _) = try course.run { $0.bless = true }
        #expect(blessed.failed == 0)
        #expect(blessed.blessed.count == 2)
        for file in ["bless/en.md", "bless/zh-Hans.md"] {
            let text = try course.read(file)
            #expect(text.contains("````output\nnew output\n```\n````"))
            #expect(text.contains("  ```output\n  indented\n  ```"))
            #expect(!text.contains("old output"))
        }
        #expect(try course.read("bless/zh-Hans.md").contains("列表中："))
        let (again, _) = try course.run()
        #expect(DocTestReporter.summaryLine(again) == "4 passed, 0 failed")
        #expect(again.statistics.compiled == 0)
    }

    static let locations = TemporaryCourse.lesson("Locations", """
        ```swift
        class Screen {
            var title = "Home"
        }
        ```

        ```swift in=Screen
        func show() {
            print(title.missingMember)
        }
        ```

        ```swift in=Nowhere
        func lost() {}
        ```

        ```swift
        print("after the error")
        ```
        """)

    @Test("errors in a spliced snippet point at its own Markdown line; an unknown type is reported")
    func spliceLocations() throws {
        let course = try TemporaryCourse(["locations/en.md": Self.locations])
        defer { course.remove() }
        let (report, _) = try course.run()
        // Front matter (3 lines), blank, 4-line snippet, blank, fence on line 11: `print` is on line 13.
        expectDiagnostic(.doctestCompileError, in: report.diagnostics, line: 13, column: 17)
        expectDiagnostic(.doctestSpliceUnknownType, in: report.diagnostics, line: 17)
        // The snippet before the error is still verified, in a program that stops before the error.
        #expect(report.entry("locations/en.md", 0)?.status == .passed)
        #expect(report.entry("locations/en.md", 1)?.status == .failed)
        #expect(report.entry("locations/en.md", 3)?.status == .notRun)
        #expect(report.entry("locations/en.md", 3)?.skipCategory == "lesson program does not compile")
    }

    @Test("twins crash once: each at its own line, reported once with a note at the twin")
    func twinCrash() throws {
        let en = TemporaryCourse.lesson("Crash", "```swift\nfunc pick(_ i: Int) -> Int {\n    [1, 2][i]\n}\nprint(pick(5))\n```\n")
        // The translation has two more lines of prose, so every line is two further down.
        let zh = en.replacingOccurrences(of: "```swift", with: "说明。\n\n```swift")
        let course = try TemporaryCourse(["crash/en.md": en, "crash/zh-Hans.md": zh])
        defer { course.remove() }
        let (report, _) = try course.run()
        let crashes = report.diagnostics.filter { $0.id == .doctestTrap }
        #expect(crashes.count == 1)
        let crash = try #require(crashes.first)
        #expect(crash.location.path.hasSuffix("en.md"))
        #expect(crash.location.line == 7)
        #expect(crash.notes.map(\.location.line) == [9])
        #expect(report.entry("crash/zh-Hans.md", 0)?.reason?.hasSuffix("zh-Hans.md:9") == true)
        #expect(report.statistics.compiled == 1)
    }

    @Test("filter and shard skip lessons, and say so")
    func selection() throws {
        let course = try TemporaryCourse([
            "one/en.md": TemporaryCourse.lesson("One", "```swift\nprint(1)\n```\n"),
            "two/en.md": TemporaryCourse.lesson("Two", "```swift\nprint(2)\n```\n"),
            "three/en.md": TemporaryCourse.lesson("Three", "```swift\nprint(3)\n```\n"),
        ])
        defer { course.remove() }
        let (filtered, _) = try course.run { $0.filter = "two" }
        #expect(DocTestReporter.summaryLine(filtered) == "1 passed, 0 failed, 2 skipped")
        #expect(filtered.skippedByCategory.first?.category == "filtered out")
        // Lessons in course order (slug): one, three, two; shard 2/2 gets the second only.
        let (sharded, _) = try course.run { $0.shard = (2, 2) }
        #expect(sharded.entry("three/en.md", 0)?.status == .passed)
        #expect(sharded.entry("one/en.md", 0)?.skipCategory == "in another shard")
        // The results file keeps what other shards and filters verified earlier.
        let saved = try #require(DocTestRunner.loadResults(from: course.root + "/results.json"))
        #expect(saved.results.values.filter { $0.status == .passed }.count == 2)
    }

    @Test("Swift 6 language mode per lesson")
    func swift6() throws {
        let six = "---\ntitle: Six\nswift-version: 6\n---\n\n```swift\nvar count = 0\nlet work: @Sendable () -> Void = { count += 1 }\nwork()\n```\n"
        let fine = "---\ntitle: Fine\nswift-version: 6\n---\n\n```swift\nprint(\"six\")\n```\n\n```swift should-trap\nfatalError()\n```\n"
        let course = try TemporaryCourse([
            "six/en.md": six, "five/en.md": six.replacingOccurrences(of: "swift-version: 6", with: "swift-version: 5"), "fine/en.md": fine,
        ])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("five/en.md", 0)?.status == .passed)
        #expect(report.entry("six/en.md", 0)?.status == .failed)
        #expect(report.ids("six/en.md") == [.doctestCompileError])
        expectDiagnostic(.doctestCompileError, in: report.diagnostics, line: 8)
        #expect(report.entry("fine/en.md", 0)?.status == .passed)
        #expect(report.entry("fine/en.md", 1)?.status == .passed)
        #expect(report.verification.results[report.entry("fine/en.md", 0)!.key]?.provenance?.swiftVersion == 6)
    }

    @Test("JUnit XML, JSON and GitHub annotations")
    func formats() throws {
        let location = SourceLocation(path: "content/x/en.md", line: 9, column: 1)
        let key = SnippetKey(path: "content/x/en.md", index: 0)
        let report = DocTestReport(
            verification: VerificationReport(toolchain: "Swift version 6.3.1", modelHash: "abc", results: [key: SnippetResult(status: .failed)]),
            diagnostics: [Diagnostic(id: .doctestOutputMismatch, severity: .error, location: location, message: "snippet output differs from the expected output", detail: "-a\n+b")],
            entries: [
                .init(key: key, slug: "x", language: "en", line: 5, status: .failed, reason: "output differs <here>", skipCategory: nil),
                .init(key: SnippetKey(path: "content/x/en.md", index: 1), slug: "x", language: "en", line: 20, status: .notRun, reason: "not run: marked 'ignore'", skipCategory: "ignored"),
            ],
            statistics: .init(), blessed: [])
        #expect(DocTestReporter.summaryLine(report) == "0 passed, 1 failed, 1 skipped")
        let xml = DocTestReporter.junitXML(report)
        #expect(xml.contains(#"<testcase classname="x.en" name="snippet 1 (line 5)" file="content/x/en.md" line="5">"#))
        #expect(xml.contains(#"<failure message="output differs &lt;here&gt;">"#))
        #expect(xml.contains(#"<skipped message="not run: marked &#39;ignore&#39;"/>"#))
        let json = try DocTestReporter.json(report)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["summary"] as? String == "0 passed, 1 failed, 1 skipped")
        #expect(DocTestReporter.githubAnnotations(report) == "::error file=content/x/en.md,line=9,col=1,title=doctest.output.mismatch::snippet output differs from the expected output%0A-a%0A+b\n")
        #expect(DocTestReporter().text(report).hasSuffix("0 passed, 1 failed, 1 skipped\n"))
    }
}
