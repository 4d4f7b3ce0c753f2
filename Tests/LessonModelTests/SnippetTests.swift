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
}
