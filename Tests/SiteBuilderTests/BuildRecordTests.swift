import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

/// The record that lets a build with unchanged inputs into an untouched site stop early (issue 18).
@Suite struct BuildRecordTests {
    /// A folder with two lesson files and an image, removed by the caller.
    static func folder() throws -> String {
        let root = NSTemporaryDirectory() + "tutorbuild-record-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/a", withIntermediateDirectories: true)
        try "---\ntitle: A\n---\nText.\n".write(toFile: root + "/a/en.md", atomically: true, encoding: .utf8)
        try "---\ntitle: 甲\n---\n正文。\n".write(toFile: root + "/a/zh-Hans.md", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: root + "/a/picture.png"))
        return root
    }

    enum ContentChange: String, CaseIterable {
        case editedByte, addedFile, renamedFile, addedFolder, removedFile
    }

    @Test("the content hash changes with any change to the folder's files or names", arguments: ContentChange.allCases)
    func contentHashSeesEveryChange(_ change: ContentChange) throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = try #require(BuildRecord.contentSnapshot(of: root)?.hash)
        #expect(BuildRecord.contentSnapshot(of: root)?.hash == before)
        switch change {
        case .editedByte:
            // Same size, same second: only the bytes tell.
            try "---\ntitle: B\n---\nText.\n".write(toFile: root + "/a/en.md", atomically: false, encoding: .utf8)
        case .addedFile:
            try "".write(toFile: root + "/a/notes.txt", atomically: true, encoding: .utf8)
        case .renamedFile:
            try FileManager.default.moveItem(atPath: root + "/a/picture.png", toPath: root + "/a/picture2.png")
        case .addedFolder:
            try FileManager.default.createDirectory(atPath: root + "/b", withIntermediateDirectories: false)
        case .removedFile:
            try FileManager.default.removeItem(atPath: root + "/a/zh-Hans.md")
        }
        #expect(BuildRecord.contentSnapshot(of: root)?.hash != before)
    }

    @Test("a symbolic link or a FIFO in the content folder makes the content hash unknown")
    func linksAreNotTrusted() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/a/linked.md", withDestinationPath: "/etc/hostname")
        #expect(BuildRecord.contentSnapshot(of: root)?.hash == nil)
        try FileManager.default.removeItem(atPath: root + "/a/linked.md")
        #expect(mkfifo(root + "/a/pipe.md", 0o600) == 0)
        #expect(BuildRecord.contentSnapshot(of: root)?.hash == nil)
        #expect(BuildRecord.contentSnapshot(of: root + "/missing")?.hash == nil)
    }

    @Test("the site identity changes when a file is touched, rewritten with the same bytes, removed or added")
    func siteIdentitySeesEveryWrite() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var identity = try #require(BuildRecord.siteIdentity(outputPath: root))
        #expect(BuildRecord.siteIdentity(outputPath: root) == identity)
        let steps: [() throws -> Void] = [
            { try "---\ntitle: A\n---\nText.\n".write(toFile: root + "/a/en.md", atomically: true, encoding: .utf8) },
            { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1)], ofItemAtPath: root + "/a/zh-Hans.md") },
            { try FileManager.default.removeItem(atPath: root + "/a/picture.png") },
            { try "".write(toFile: root + "/.hidden", atomically: true, encoding: .utf8) },
        ]
        for step in steps {
            try step()
            let now = try #require(BuildRecord.siteIdentity(outputPath: root))
            #expect(now != identity)
            identity = now
        }
        #expect(BuildRecord.siteIdentity(outputPath: root + "/missing") == nil)
    }

    enum SiteChange: String, CaseIterable {
        case none, editedLesson, removedLesson, addedLesson, strayFile
    }

    @Test("the identity a build notes while publishing is the identity of the site it leaves", arguments: SiteChange.allCases)
    func publishedIdentityMatchesWalk(_ change: SiteChange) throws {
        let files = [
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\nAlpha.\n",
            "b/en.md": "---\ntitle: B\norder: 2\n---\n\nBravo.\n",
            "b/zh-Hans.md": "---\ntitle: 乙\norder: 2\nsource: en\n---\n\n正文。\n",
        ]
        let course = try TemporaryCourse(files)
        let out = TemporaryFolder.make().appendingPathComponent("site").path
        func build() throws -> String? {
            var bag = DiagnosticBag()
            return try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil).build(outputPath: out, into: &bag).siteIdentity
        }
        let first = try #require(try build())
        #expect(first == BuildRecord.siteIdentity(outputPath: out))
        switch change {
        case .none: break
        case .editedLesson: try course.write("a/en.md", "---\ntitle: A\norder: 1\n---\n\nAlpha, edited.\n")
        case .removedLesson:
            // Its pages go, and the folders they leave empty.
            try FileManager.default.removeItem(atPath: course.path + "/b")
        case .addedLesson: try course.write("c/en.md", "---\ntitle: C\norder: 3\n---\n\nCharlie.\n")
        case .strayFile: try Data("x".utf8).write(to: URL(fileURLWithPath: out + "/en/a/stray.txt"))
        }
        let second = try #require(try build())
        #expect(second == BuildRecord.siteIdentity(outputPath: out))
        #expect((second == first) == (change == .none))
    }

    @Test("a record reads back as written; a damaged or missing one reads as none")
    func recordRoundTrip() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let workspace = Workspace(contentPath: root + "/content")
        let path = BuildRecord.path(in: workspace, outputPath: root + "/site")
        #expect(path.hasPrefix(root + "/.tutorbuild/"))
        #expect(path != BuildRecord.path(in: workspace, outputPath: root + "/other"))
        let warning = Diagnostic(id: .siteAssetOutside, severity: .warning, location: SourceLocation(path: "a/en.md", line: 3, column: 1), message: "m")
        let note = Diagnostic(
            id: .siteAssetOutside, severity: .note, location: SourceLocation(path: "-", line: 0, column: 0),
            endLocation: SourceLocation(path: "b\tc/中.md", line: 9, column: 2), message: "\\ two\nlines",
            notes: [.init(location: .file("+"), message: "-")], detail: "--- expected\n+++ actual")
        let record = BuildRecord(site: "2", diagnostics: [warning, note], lines: ["      line", "", "tab\there"], pages: 2, lessons: 1)
        record.write(to: path, inputs: "1")
        #expect(BuildRecord.load(from: path, inputs: "1") == record)
        #expect(BuildRecord.load(from: path, inputs: "other") == nil)
        var stored = try Data(contentsOf: URL(fileURLWithPath: path))
        stored[stored.count - 2] ^= 0x01
        try stored.write(to: URL(fileURLWithPath: path))
        #expect(BuildRecord.load(from: path, inputs: "1") == nil)
        BuildRecord.remove(at: path)
        #expect(BuildRecord.load(from: path, inputs: "1") == nil)
    }

    @Test("the inputs differ when the content or any setting differs")
    func inputsCombineContentAndSettings() {
        let base = BuildRecord.inputs(content: "c", settings: ["tests true", "program 1"])
        #expect(base == BuildRecord.inputs(content: "c", settings: ["tests true", "program 1"]))
        #expect(base != BuildRecord.inputs(content: "d", settings: ["tests true", "program 1"]))
        #expect(base != BuildRecord.inputs(content: "c", settings: ["tests false", "program 1"]))
        #expect(base != BuildRecord.inputs(content: "c", settings: ["tests true", "program 1", "TUTORBUILD_X=1"]))
    }
}
