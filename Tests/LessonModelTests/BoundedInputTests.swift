import Diagnostics
import Foundation
@testable import LessonModel
import TestSupport
import Testing

@Suite("Bounded input: YAML is read only as far as its limits")
struct BoundedInputTests {
    @Test("a document nested 100,000 deep stops at the depth limit after a few dozen events")
    func deep() {
        var events = 0
        let result = YAMLReader.parse("key: " + String(repeating: "[", count: 100_000), eventsRead: &events)
        guard case .failure(let error) = result else {
            Issue.record("expected an error")
            return
        }
        #expect(error.message.contains("too deeply nested"))
        #expect(events < 100)
    }

    @Test("a list of 200,000 items stops at the node limit, not after libyaml has loaded it")
    func long() {
        var events = 0
        let result = YAMLReader.parse("key:\n" + String(repeating: "- a\n", count: 200_000), eventsRead: &events)
        guard case .failure = result else {
            Issue.record("expected an error")
            return
        }
        #expect(events <= YAMLReader.maximumNodes + 4)
    }

    @Test("YAML text over the size limit is refused before libyaml sees it")
    func huge() {
        var events = 0
        let result = YAMLReader.parse("key: " + String(repeating: "a", count: YAMLReader.maximumBytes), eventsRead: &events)
        guard case .failure = result else {
            Issue.record("expected an error")
            return
        }
        #expect(events == 0)
    }

    @Test("anchors and aliases still read, and an alias bomb still ends in an error")
    func aliases() throws {
        let node = try #require(try YAMLReader.parse("a: &x [1, 2]\nb: *x\n").get())
        guard case .mapping(let pairs) = node.value else {
            Issue.record("expected a mapping")
            return
        }
        #expect(pairs[1].value == pairs[0].value)
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        for n in 1..<8 { bomb += "a\(n): &a\(n) [" + Array(repeating: n == 1 ? "*a" : "*a\(n - 1)", count: 10).joined(separator: ", ") + "]\n" }
        guard case .failure = YAMLReader.parse(bomb) else {
            Issue.record("expected an error")
            return
        }
        guard case .failure(let undefined) = YAMLReader.parse("a: *nowhere\n") else {
            Issue.record("expected an error")
            return
        }
        #expect(undefined.line == 1)
    }

    @Test("front matter over 64 KB is one located error; a 1.4 MB list is never given to YAML")
    func largeFrontMatter() {
        let (_, bag) = parseLesson("---\ntitle: Big\nitems:\n" + String(repeating: "- item\n", count: 200_000) + "---\n\nText.\n")
        #expect(bag.ids == [.lessonFrontMatterTooLarge])
    }

    @Test("a key given twice in front matter is an error at the second, with a note at the first")
    func duplicateKey() throws {
        let (document, bag) = parseLesson("---\ntitle: First\nsummary: s\ntitle: Second\n---\n\nText.\n")
        let found = try #require(expectDiagnostic(.lessonFrontMatterDuplicateKey, in: bag, line: 4))
        #expect(found.notes.first?.location.line == 2)
        #expect(document.frontMatter.title == "First")
    }

    @Test("a file with CR-only line ends reads its front matter")
    func carriageReturnsOnly() throws {
        let course = try TemporaryCourse(["a/en.md": "---\rtitle: Classic Mac\rsummary: CR only\r---\r\r# Heading\r\rText.\r"])
        defer { course.remove() }
        let (loaded, bag) = course.load(checks: false)
        #expect(bag.diagnostics.filter { $0.severity == .error }.isEmpty, "\(bag.ids)")
        #expect(loaded.lessons.first?.documents.first?.frontMatter.title == "Classic Mac")
        #expect(loaded.lessons.first?.documents.first?.frontMatter.summary == "CR only")
    }
}
