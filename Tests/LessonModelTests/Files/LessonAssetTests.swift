import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing

/// Pictures and other files beside a lesson are regular files of bounded size (issue 30 #5: `check` accepted
/// a picture linked to `/etc/passwd`, and a 2 GB sparse picture was read whole on every build).
@Suite("Files beside a lesson: no links, bounded size")
struct LessonAssetTests {
    static let en = "---\ntitle: A\n---\n\n![Screen](pictures/screen.png)\n"

    /// The `path: line:col` of the image in `en`.
    static let imageLine = 5

    @Test("issue 30 #5: a picture that is a symbolic link is an error at the image and at the file", arguments: [
        "/etc/passwd", "real.png", "missing.png",
    ])
    func linkedPicture(target: String) throws {
        let course = try TemporaryCourse(["a/en.md": Self.en, "a/pictures/real.png": "png"])
        defer { course.remove() }
        try FileManager.default.createSymbolicLink(atPath: course.path + "/a/pictures/screen.png", withDestinationPath: target)
        let (_, bag) = course.load()
        expectDiagnostic(.lessonImageLink, in: bag, severity: .error, line: Self.imageLine, column: 1)
        expectDiagnostic(.courseFileLink, in: bag, severity: .error, path: course.path + "/a/pictures/screen.png")
    }

    @Test("issue 30 #5: a folder of pictures that is a link is an error, and so is any other file that is one")
    func linkedFolderAndFile() throws {
        let course = try TemporaryCourse(["a/en.md": Self.en, "shared/pictures/screen.png": "png", "b/en.md": "---\ntitle: B\n---\n"])
        defer { course.remove() }
        try FileManager.default.createSymbolicLink(atPath: course.path + "/a/pictures", withDestinationPath: course.path + "/shared/pictures")
        try FileManager.default.createSymbolicLink(atPath: course.path + "/b/notes.txt", withDestinationPath: "/etc/hostname")
        let (_, bag) = course.load()
        expectDiagnostic(.lessonImageLink, in: bag, line: Self.imageLine)
        #expect(bag.diagnostics.filter { $0.id == .courseFileLink }.map(\.location.path).sorted()
            == [course.path + "/a/pictures", course.path + "/b/notes.txt"])
    }

    @Test("issue 30 #5: a picture or other file over the limit is an error, found without reading it (sparse files)", arguments: [
        LessonAsset.maximumSize + 1, 2 << 30,
    ])
    func tooLarge(size: Int) throws {
        let course = try TemporaryCourse(["a/en.md": Self.en, "a/pictures/screen.png": "", "a/data/big.bin": ""])
        defer { course.remove() }
        #expect(truncate(course.path + "/a/pictures/screen.png", off_t(size)) == 0)
        #expect(truncate(course.path + "/a/data/big.bin", off_t(size)) == 0)
        let (_, bag) = course.load()
        expectDiagnostic(.lessonImageTooLarge, in: bag, severity: .error, line: Self.imageLine, column: 1)
        #expect(bag.diagnostics.filter { $0.id == .courseFileTooLarge }.map(\.location.path).sorted()
            == [course.path + "/a/data/big.bin", course.path + "/a/pictures/screen.png"])
    }

    @Test("issue 30 #5: a picture of exactly the limit is fine")
    func atLimit() throws {
        let course = try TemporaryCourse(["a/en.md": Self.en, "a/pictures/screen.png": ""])
        defer { course.remove() }
        #expect(truncate(course.path + "/a/pictures/screen.png", off_t(LessonAsset.maximumSize)) == 0)
        let (_, bag) = course.load()
        #expect(!bag.diagnostics.contains { [.lessonImageTooLarge, .courseFileTooLarge, .lessonImageLink, .courseFileLink].contains($0.id) })
    }
}
