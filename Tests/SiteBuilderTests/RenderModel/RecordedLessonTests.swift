import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// A rebuild that loads only the changed lessons and takes the others from the last build's record (issue 18).
@Suite("Recorded lessons")
struct RecordedLessonTests {
    static let files = [
        "a/en.md": "---\ntitle: A\norder: 1\nsummary: First.\n---\n\n## Step one\n\nAlpha with [a link](../b/#two).\n",
        "a/zh-Hans.md": "---\ntitle: 甲\norder: 1\nsource: en\n---\n\n## 第一步\n\n正文一。\n",
        "b/en.md": "---\ntitle: B\norder: 2\n---\n\n## Two {#two}\n\nBravo.\n",
        "c/en.md": "---\ntitle: C\norder: 3\n---\n\nCharlie.\n",
    ]

    /// The builder of a rebuild that loads only `slugs`, the others from `recorded`.
    static func partialBuilder(_ course: TemporaryCourse, loading slugs: Set<String>, recorded: [RecordedLesson]) -> SiteBuilder {
        var bag = DiagnosticBag()
        let loader = CourseLoader(contentPath: course.path)
        let partial = loader.load(only: slugs, into: &bag)
        let reader: RecordedCourse.Reader = { lesson, page in loader.document(slug: lesson.slug, language: page.language, allowRawHTML: false) }
        return SiteBuilder(course: partial, recorded: RecordedCourse(lessons: recorded, read: reader), report: nil)
    }

    /// Every file of the site at `root` (relative path → bytes), the manifest aside.
    static func files(of root: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(relative).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  relative != ".tutorbuild-manifest.json"
            else { continue }
            files[relative] = FileManager.default.contents(atPath: path)
        }
        return files
    }

    static func wholeBuild(_ course: TemporaryCourse, into output: URL) throws -> SiteBuilder {
        var bag = DiagnosticBag()
        let builder = SiteBuilder(course: CourseLoader(contentPath: course.path).load(into: &bag), report: nil)
        try builder.build(outputPath: output.path, into: &bag)
        return builder
    }

    @Test("issue 18: a rebuild that loads only the edited lesson makes the site a whole build makes, and the same records")
    func partialEqualsWhole() throws {
        let course = try TemporaryCourse(Self.files)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        let recorded = try Self.wholeBuild(course, into: out).recordedLessons
        #expect(recorded.map(\.slug) == ["a", "b", "c"])
        // Edits to the English prose of b and the Chinese prose of a: both their indexes are made again,
        // from the pages of the lessons not loaded as well.
        try course.write("b/en.md", "---\ntitle: B\norder: 2\n---\n\n## Two {#two}\n\nBravo, edited.\n")
        var bag = DiagnosticBag()
        let partial = Self.partialBuilder(course, loading: ["b"], recorded: recorded)
        let summary = try partial.build(outputPath: out.path, into: &bag)
        #expect(summary.pagesReused == 3, "only b's page is rendered")
        let fresh = TemporaryFolder.make().appendingPathComponent("fresh")
        let whole = try Self.wholeBuild(course, into: fresh)
        #expect(Self.files(of: out) == Self.files(of: fresh))
        #expect(partial.recordedLessons == whole.recordedLessons)
        #expect(partial.recordedLessons != recorded)
    }

    @Test("issue 18: a recorded page missing from the site, or changed since it was recorded, asks for a whole build and publishes nothing")
    func notAsRecorded() throws {
        let course = try TemporaryCourse(Self.files)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        let recorded = try Self.wholeBuild(course, into: out).recordedLessons
        try course.write("b/en.md", "---\ntitle: B\norder: 2\n---\n\n## Two {#two}\n\nBravo, edited.\n")
        func expectWholeBuildNeeded(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            var bag = DiagnosticBag()
            do {
                try Self.partialBuilder(course, loading: ["b"], recorded: recorded).build(outputPath: out.path, into: &bag)
                Issue.record("the build published", sourceLocation: sourceLocation)
            } catch {
                #expect((error as? SiteBuildError)?.needsWholeBuild == true, "\(error)", sourceLocation: sourceLocation)
            }
            #expect(!SiteFixture.read(out, "en/b/index.html").contains("edited"), sourceLocation: sourceLocation)
        }
        // c's page, which the rebuild would keep, is gone.
        let page = out.appendingPathComponent("en/c/index.html")
        let kept = try Data(contentsOf: page)
        try FileManager.default.removeItem(at: page)
        expectWholeBuildNeeded()
        try kept.write(to: page)
        // c's file changed after the rebuild decided not to load it, and the English index needs its text.
        try course.write("c/en.md", "---\ntitle: C\norder: 3\n---\n\nCharlie, changed behind the rebuild's back.\n")
        expectWholeBuildNeeded()
    }

    @Test("issue 18: what other lessons read of a lesson is its outline; its text and doc-test results are not")
    func outline() {
        let page = RecordedLesson.Page(
            language: .en, title: "A", summary: "S", generatedFrom: nil, sourceHash: "1", sourceSize: 10, isStale: false,
            sectionIDs: ["one", nil], resultsDigest: "r")
        let lesson = RecordedLesson(slug: "a", sourceLanguage: .en, order: 1, folder: "content/a", pages: [page])
        func with(_ change: (inout RecordedLesson) -> Void) -> RecordedLesson {
            var changed = lesson
            change(&changed)
            return changed
        }
        // What only the page itself shows: its text, its results, the note that it lags its source, its
        // sections without a heading (no link reaches them).
        #expect(lesson.hasSameOutline(as: with {
            $0.pages[0].sourceHash = "2"; $0.pages[0].sourceSize = 11; $0.pages[0].resultsDigest = "s"; $0.pages[0].isStale = true
            $0.pages[0].sectionIDs = [nil, "one"]
        }))
        for different in [
            with { $0.pages[0].title = "B" }, with { $0.pages[0].summary = "T" }, with { $0.pages[0].sectionIDs = ["two", nil] },
            with { $0.order = 2 }, with { $0.sourceLanguage = .zhHans },
            with { $0.pages.append(page) }, with { $0.pages[0].generatedFrom = .zhHans },
        ] {
            #expect(!lesson.hasSameOutline(as: different))
        }
        #expect(lesson.outline == LessonOutline(
            slug: "a", sourceLanguage: .en, versions: [.init(language: .en, path: "content/a/en.md", anchorIDs: ["one"])]))
    }
}
