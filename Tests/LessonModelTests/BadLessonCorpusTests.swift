import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing

/// The bad-lesson corpus: each folder under `BadLessons/` holds a `content/` and the diagnostics it must give.
@Suite("Bad lessons give located diagnostics, never a crash or a hang")
struct BadLessonCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("BadLessons").path

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: corpus)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("corpus case", arguments: cases)
    func corpusCase(name: String) throws {
        let folder = Self.corpus + "/" + name
        let expected = try String(contentsOfFile: folder + "/expected", encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: folder + "/content").load(into: &bag)
        CourseChecks.run(course, into: &bag)
        for item in expected {
            let (id, position) = (Diagnostic.ID(rawValue: item[0]), item[1].split(separator: ":").compactMap { Int($0) })
            let found = bag.diagnostics.filter { $0.id == id }
            #expect(!found.isEmpty, "\(name): expected \(id); got \(bag.ids)")
            #expect(found.contains { $0.location.line == position[0] && $0.location.column == position[1] }, "\(name): \(found.map(\.location))")
            #expect(found.allSatisfy { $0.location.path.hasPrefix(folder + "/content/") })
        }
        #expect(bag.hasErrors)
    }

    @Test("the corpus covers the cases the hardening issue lists")
    func coverage() {
        for name in ["invalid-utf8", "empty", "binary", "unknown-language", "unknown-attribute", "unterminated-fence", "front-matter-not-mapping", "duplicate-slug-case"] {
            #expect(Self.cases.contains(name))
        }
    }

    @Test("a 5 MB single line parses")
    func hugeLine() throws {
        let course = try TemporaryCourse(["big/en.md": "---\ntitle: Big\n---\n\n" + String(repeating: "键盘 keyboard ", count: 5 * 1024 * 1024 / 17) + "\n"])
        defer { course.remove() }
        let (loaded, bag) = course.load(checks: false)
        #expect(!bag.hasErrors)
        #expect(loaded.lesson("big")?.document(.en)?.markdown.blocks.count == 1)
    }

    @Test("20,000 nested block quotes give one located error instead of overflowing the stack")
    func deepQuotes() throws {
        let course = try TemporaryCourse(["deep/en.md": "---\ntitle: Deep\n---\n\n" + String(repeating: "> ", count: 20_000) + "deep\n"])
        defer { course.remove() }
        let (_, bag) = course.load()
        expectDiagnostic(.lessonMarkdownTooDeep, in: bag, line: 5)
    }

    @Test("nested lists and emphasis deep enough to matter are cut off the same way")
    func deepLists() throws {
        let text = "---\ntitle: Deep\n---\n\n" + (0..<3_000).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n") + "\n"
        let course = try TemporaryCourse(["lists/en.md": text])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(bag.ids.contains(.lessonMarkdownTooDeep) || !bag.hasErrors)
    }
}
