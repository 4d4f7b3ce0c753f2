import Diagnostics
import LessonModel
import Testing
@testable import DocTest

/// What `results.json`'s stamp reads of a snippet must be all of it, or a changed snippet could leave old results.
@Suite struct ResultsStampTests {
    /// The stored properties `DocTestRun.resultInputs` writes out, by type.
    static let named: [String: Set<String>] = [
        "Snippet": ["index", "code", "attributes", "range", "firstCodeLine", "expectedOutput"],
        "SnippetAttributes": ["mode", "expectedError", "failsIn", "hidden", "isolated", "spliceInto"],
        "ExpectedOutput": ["text", "range", "timeline"],
    ]

    @Test("the results stamp names every stored property of a snippet, its attributes and its expected output")
    func everyPropertyNamed() throws {
        let document = try #require(parse("---\ntitle: T\n---\n\n```swift no-run\nprint(1)\n```\n\n```output\n1\n```\n"))
        let snippet = try #require(document.snippets.first)
        let output = try #require(snippet.expectedOutput)
        for (type, value) in [("Snippet", snippet as Any), ("SnippetAttributes", snippet.attributes), ("ExpectedOutput", output)] {
            let stored = Set(Mirror(reflecting: value).children.compactMap(\.label))
            let update = type == "SnippetAttributes" ? "SnippetAttributes.stampText" : "DocTestRun.resultInputs"
            #expect(stored == Self.named[type], "\(type) has properties the stamp does not name: update \(update)")
        }
    }

    @Test("any change to a snippet changes what the stamp reads; prose does not")
    func snippetChangesShow() throws {
        let base = "---\ntitle: T\n---\n\nWords.\n\n```swift\nprint(1)\n```\n\n```output\n1\n```\n"
        let variants = [
            base.replacingOccurrences(of: "print(1)", with: "print(2)"),
            base.replacingOccurrences(of: "```swift\n", with: "```swift no-run\n"),
            base.replacingOccurrences(of: "```swift\n", with: "```swift compile-fail\n"),
            base.replacingOccurrences(of: "```swift\n", with: "```swift compile-fail=swift6\n"),
            base.replacingOccurrences(of: "```output\n1", with: "```output\n2"),
            base.replacingOccurrences(of: "Words.\n", with: "Words.\n\nMore.\n"),
        ]
        let lesson = Lesson(slug: "t", documents: [])
        let original = try #require(parse(base))
        for variant in variants {
            let changed = try #require(parse(variant))
            #expect(DocTestRun.resultInputs(changed, of: lesson) != DocTestRun.resultInputs(original, of: lesson), "\(variant)")
        }
        let prose = try #require(parse(base.replacingOccurrences(of: "Words.", with: "Other words.")))
        #expect(DocTestRun.resultInputs(prose, of: lesson) == DocTestRun.resultInputs(original, of: lesson))
    }

    private func parse(_ text: String) -> LessonDocument? {
        var bag = DiagnosticBag()
        return LessonParser().parse(SourceFile(path: "t/en.md", text: text), slug: "t", language: .en, into: &bag)
    }
}
