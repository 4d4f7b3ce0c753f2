import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing

@Suite("Images stay in the site; twins agree on their source")
struct ImageAndSourceChecksTests {
    @Test("an image from another site, another scheme, an absolute path or outside the lesson folder is an error", arguments: [
        ("https://example.com/x.png", Diagnostic.ID.lessonImageExternal), ("http://example.com/x.png", .lessonImageExternal),
        ("//example.com/x.png", .lessonImageExternal), ("file:///etc/passwd", .lessonImageExternal),
        ("/etc/passwd", .lessonImageOutside), ("../other/x.png", .lessonImageOutside), ("%2e%2e/other/x.png", .lessonImageOutside),
    ])
    func outsideImage(source: String, id: Diagnostic.ID) throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n![picture](\(source))\n",
            "other/x.png": "png",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        expectDiagnostic(id, in: bag, severity: .error, line: 5)
    }

    @Test("a picture next to the lesson and an inline data: image are fine")
    func localImage() throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n![picture](x.png) ![dot](data:image/png;base64,iVBORw0KGgo=)\n",
            "a/x.png": "png",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(Set(bag.ids).isDisjoint(with: [.lessonImageExternal, .lessonImageOutside, .lessonImageMissing]))
    }

    @Test("twins that name different sources are an error at the second, with a note at the first")
    func conflictingSource() throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\nsource: en\n---\n",
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: zh-Hans\n---\n",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        let found = try #require(expectDiagnostic(.lessonSourceConflict, in: bag, path: "zh-Hans.md", line: 3))
        #expect(found.notes.first?.location.path.hasSuffix("en.md") == true)
        let agreeing = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\nsource: en\n---\n",
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: en\n---\n",
        ])
        defer { agreeing.remove() }
        expectNoDiagnostic(.lessonSourceConflict, in: agreeing.load().1)
    }
}
