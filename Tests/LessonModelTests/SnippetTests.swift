import Diagnostics
import LessonModel
import TestSupport
import Testing

@Suite("Snippets and their attributes")
struct SnippetTests {
    let header = "---\ntitle: x\n---\n"

    @Test("attributes are parsed", arguments: [
        ("swift", SnippetAttributes.Mode.run),
        ("swift no-run", .noRun),
        ("swift ignore", .ignore),
        ("swift compile-fail", .compileFail),
        ("swift should-trap", .shouldTrap),
    ])
    func modes(info: String, mode: SnippetAttributes.Mode) {
        let (doc, bag) = parseLesson(header + "```\(info)\nx\n```\n")
        #expect(bag.diagnostics.isEmpty)
        #expect(doc.snippets.first?.attributes.mode == mode)
    }

    @Test("values, flags and quoting")
    func values() {
        let (doc, bag) = parseLesson(header + "```swift in=FormViewController hidden\nx\n```\n\n```swift compile-fail=\"cannot find 'y' in scope\" isolated\ny\n```\n")
        #expect(bag.diagnostics.isEmpty)
        #expect(doc.snippets[0].attributes.spliceInto == "FormViewController")
        #expect(doc.snippets[0].attributes.hidden)
        #expect(doc.snippets[1].attributes.expectedError == "cannot find 'y' in scope")
        #expect(doc.snippets[1].attributes.isolated)
    }

    @Test("an unknown attribute is an error at its own column, even after Chinese text in a list")
    func unknownAttribute() throws {
        let (_, bag) = parseLesson(header + "\n```swift no-run 奇怪\nx\n```\n")
        let d = try #require(expectDiagnostic(.snippetAttributeUnknown, in: bag, severity: .error, line: 5, column: 17))
        #expect(d.endLocation?.column == 18, "the range covers the whole word, for editors")
    }

    @Test("contradicting and malformed attributes", arguments: [
        ("swift ignore should-trap", Diagnostic.ID.snippetAttributeConflict),
        ("swift in=", .snippetAttributeInvalidValue),
        ("swift in=Foo isolated", .snippetAttributeConflict),
        ("swift hidden=yes", .snippetAttributeUnexpectedValue),
        ("swift compile-fail=\"open", .snippetAttributeUnclosedQuote),
    ])
    func badAttributes(info: String, id: Diagnostic.ID) {
        let (_, bag) = parseLesson(header + "```\(info)\nx\n```\n")
        expectDiagnostic(id, in: bag)
    }

    @Test("an output block right after a snippet is its expected output")
    func output() throws {
        let (doc, bag) = parseLesson(header + "```swift\nprint(1)\n```\n\n```output timeline\n1\n```\n\n```output\norphan\n```\n")
        let expected = try #require(doc.snippets.first?.expectedOutput)
        #expect(expected.text == "1\n")
        #expect(expected.timeline)
        #expect(bag.ids == [.snippetOutputOrphan])
    }

    @Test("hidden lines are compiled but not displayed")
    func hiddenLines() throws {
        let (doc, _) = parseLesson(header + "```swift\n// snippet.hide\nlet app = 1\n// snippet.show\nprint(app)\n```\n")
        let snippet = try #require(doc.snippets.first)
        #expect(snippet.displayCode == "print(app)\n")
        #expect(snippet.code.contains("let app = 1"))
        #expect(snippet.hasHiddenLines)
    }

    @Test("snippets nested in lists are found; other languages are not snippets")
    func nested() {
        let (doc, _) = parseLesson(header + "1. Step\n\n   ```swift\n   print(1)\n   ```\n\n```objc\n[x y];\n```\n")
        #expect(doc.snippets.count == 1)
        #expect(doc.snippets[0].code == "print(1)\n")
    }

    @Test("an unterminated fence is an error")
    func unterminated() {
        let (_, bag) = parseLesson(header + "```swift\nprint(1)\n")
        expectDiagnostic(.lessonMarkdownUnterminatedFence, in: bag)
        let (_, ok) = parseLesson(header + "```swift\nprint(1)\n```\n")
        expectNoDiagnostic(.lessonMarkdownUnterminatedFence, in: ok)
    }

    @Test("fences that close and fences that do not, as CommonMark reads them (issue 31)", arguments: [
        ("```\naaa\n    ```\n", true),  // indented four spaces: not a closing fence
        ("~~~~~~\naaa\n~~~ ~~\n", true),  // a closing fence has nothing after it
        ("````\n```\n````\n", false),
        ("```\nfoo\n\n```\n", false),
        ("```\n```\n", false),
        ("    ```\n    code\n", false),  // an indented code block that shows a fence is no fence
        ("- ```\n  a\n  ```\n", false),
    ])
    func closing(body: String, unterminated: Bool) {
        let (_, bag) = parseLesson(header + body)
        #expect(bag.diagnostics.contains { $0.id == .lessonMarkdownUnterminatedFence } == unterminated)
    }

    @Test("a fence left open in a quote is reported where the quote ends it, with a note at the fence")
    func unterminatedInQuote() throws {
        let (_, bag) = parseLesson(header + "> ```\n> aaa\n\nbbb\n")
        let lines = header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let found = try #require(expectDiagnostic(.lessonMarkdownUnterminatedFence, in: bag, line: lines + 2))
        #expect(found.notes.map(\.location.line) == [lines + 1])
    }
}

@Suite("Sections and anchors")
struct SectionTests {
    @Test("headings make sections with ids; explicit ids win and are stripped")
    func sections() {
        let (doc, _) = parseLesson("---\ntitle: x\n---\nIntro\n\n## Observing the keyboard\n\ntext\n\n## 键盘通知 {#notifications}\n\n## Observing the keyboard\n")
        #expect(doc.sections.map(\.id) == [nil, "observing-the-keyboard", "notifications", "observing-the-keyboard-2"])
        #expect(doc.sections[2].title == "键盘通知")
        #expect(doc.sections[2].titleHTML == "键盘通知")
    }

    @Test("a heading ending in braces that are not an id keeps its text (issue 31)", arguments: [
        ("## Count with ${#array[@]}", "Count with ${#array[@]}", "count-with-array"),
        ("## Length: ${#count}", "Length: ${#count}", "length-count"),
        ("## Length {#length}", "Length", "length"),
    ])
    func notAnID(heading: String, title: String, id: String) throws {
        let (doc, _) = parseLesson("---\ntitle: x\n---\n" + heading + "\n")
        let section = try #require(doc.sections.first { $0.hasHeading })
        #expect(section.title == title)
        #expect(section.titleHTML == title)
        #expect(section.id == id)
    }
}
