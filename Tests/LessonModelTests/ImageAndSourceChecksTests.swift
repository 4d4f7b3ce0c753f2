import Diagnostics
import Foundation
import LessonModel
import Testing

@Suite("Images stay in the site; twins agree on their source")
struct ImageAndSourceChecksTests {
    @Test("an image from another site, another scheme, an absolute path or outside the lesson folder is an error", arguments: [
        ("https://example.com/x.png", "lesson.image.external"), ("http://example.com/x.png", "lesson.image.external"),
        ("//example.com/x.png", "lesson.image.external"), ("file:///etc/passwd", "lesson.image.external"),
        ("/etc/passwd", "lesson.image.outside"), ("../other/x.png", "lesson.image.outside"), ("%2e%2e/other/x.png", "lesson.image.outside"),
    ])
    func outsideImage(source: String, id: String) throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n![picture](\(source))\n",
            "other/x.png": "png",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        let found = try #require(bag.first(Diagnostic.ID(rawValue: id)))
        #expect(found.location.line == 5)
        #expect(found.severity == .error)
    }

    @Test("a picture next to the lesson and an inline data: image are fine")
    func localImage() throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\n---\n\n![picture](x.png) ![dot](data:image/png;base64,iVBORw0KGgo=)\n",
            "a/x.png": "png",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        #expect(!bag.ids.contains { $0.hasPrefix("lesson.image") })
    }

    @Test("twins that name different sources are an error at the second, with a note at the first")
    func conflictingSource() throws {
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\nsource: en\n---\n",
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: zh-Hans\n---\n",
        ])
        defer { course.remove() }
        let (_, bag) = course.load()
        let found = try #require(bag.first("lesson.source.conflict"))
        #expect(found.location.path.hasSuffix("zh-Hans.md"))
        #expect(found.location.line == 3)
        #expect(found.notes.first?.location.path.hasSuffix("en.md") == true)
        let agreeing = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\nsource: en\n---\n",
            "a/zh-Hans.md": "---\ntitle: 甲\nsource: en\n---\n",
        ])
        defer { agreeing.remove() }
        #expect(!agreeing.load().1.ids.contains("lesson.source.conflict"))
    }
}
