import Diagnostics
import Foundation
import LessonModel
@testable import SiteBuilder
import TestSupport
import Testing

/// Files beside a lesson are copied as streams, never read whole, and never when they are links or too large
/// (issue 30 #5: a 2 GB sparse picture took 4.2 GB of memory, on every rebuild; a link to `/etc/passwd` was copied).
@Suite("Copying the files beside a lesson")
struct AssetCopyTests {
    /// Bytes that are not all alike, so a chunk copied out of place would show.
    static func pattern(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) })
    }

    @Test("issue 30 #5: a file's hash read a chunk at a time equals the hash of its bytes", arguments: [0, 1, 1 << 20, (1 << 20) + 3, 3 << 20])
    func streamedHash(size: Int) throws {
        let path = TemporaryFolder.make().appendingPathComponent("f").path
        let data = Self.pattern(size)
        try data.write(to: URL(fileURLWithPath: path))
        let streamed = try #require(ContentHash.of(fileAtPath: path, limit: .max))
        #expect(streamed.size == size)
        #expect(streamed.hex == data.withUnsafeBytes { ContentHash.of($0.bindMemory(to: UInt8.self)) })
        #expect(ContentHash.of(fileAtPath: path, limit: size - 1) == nil || size == 0)
    }

    static func course(_ extra: [String: String] = [:]) throws -> String {
        try TemporaryCourse(["a/en.md": "---\ntitle: A\n---\n\n![Screen](screen.png)\n"].merging(extra) { a, _ in a }).path
    }

    static func build(_ content: String, to out: URL) throws -> (SiteBuildSummary, DiagnosticBag) {
        let (course, _) = SiteFixture.loadCourse(content)
        var bag = DiagnosticBag()
        let summary = try SiteBuilder(course: course, report: nil).build(outputPath: out.path, into: &bag)
        return (summary, bag)
    }

    @Test("issue 30 #5: a picture bigger than a chunk is copied byte for byte, and left alone by a rebuild, with or without a manifest")
    func copiesAndKeeps() throws {
        let content = try Self.course()
        let data = Self.pattern((3 << 20) + 5)
        try data.write(to: URL(fileURLWithPath: content + "/a/screen.png"))
        let out = TemporaryFolder.make().appendingPathComponent("site")
        let (first, bag) = try Self.build(content, to: out)
        #expect(!bag.hasErrors)
        #expect(try Data(contentsOf: out.appendingPathComponent("en/a/screen.png")) == data)
        #expect(first.filesWritten > 0)
        let (second, _) = try Self.build(content, to: out)
        #expect(second.filesWritten == 0)
        // Without the manifest the bytes are compared, as streams.
        try FileManager.default.removeItem(at: out.appendingPathComponent(BuildManifest.fileName))
        let (third, _) = try Self.build(content, to: out)
        #expect(third.filesWritten == 0)
        var changed = data
        changed[changed.count - 1] ^= 1
        try changed.write(to: URL(fileURLWithPath: content + "/a/screen.png"))
        try FileManager.default.removeItem(at: out.appendingPathComponent(BuildManifest.fileName))
        let (fourth, _) = try Self.build(content, to: out)
        #expect(fourth.filesWritten == 1)
        #expect(try Data(contentsOf: out.appendingPathComponent("en/a/screen.png")) == changed)
    }

    @Test("issue 30 #5: a picture that is a link, or over the limit (a 2 GB sparse file), is an error in the build and is not copied",
          arguments: ["link", "sparse"])
    func refused(kind: String) throws {
        let content = try Self.course()
        let picture = content + "/a/screen.png"
        if kind == "link" {
            try FileManager.default.createSymbolicLink(atPath: picture, withDestinationPath: "/etc/passwd")
        } else {
            #expect(FileManager.default.createFile(atPath: picture, contents: nil))
            #expect(truncate(picture, 2 << 30) == 0)
        }
        let out = TemporaryFolder.make().appendingPathComponent("site")
        let (_, bag) = try Self.build(content, to: out)
        let id: Diagnostic.ID = kind == "link" ? .courseFileLink : .courseFileTooLarge
        expectDiagnostic(id, in: bag, severity: .error, path: "/a/screen.png")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("en/a/screen.png").path))
    }
}
