import Foundation
import Testing
@testable import TutorbuildSupport

/// A file's stamp tells a file written, replaced or touched since from the same file left alone.
@Suite struct FileStampTests {
    @Test("the stamp stays while the file is left alone and changes when it is rewritten, replaced or touched")
    func stampFollowsTheFile() throws {
        let path = NSTemporaryDirectory() + "tutorbuild-stamp-" + UUID().uuidString
        defer { unlink(path) }
        #expect(FileStamp.of(path) == nil)
        try "same".write(toFile: path, atomically: false, encoding: .utf8)
        let first = try #require(FileStamp.of(path))
        #expect(FileStamp.of(path) == first)
        let changes: [() throws -> Void] = [
            { try "same".write(toFile: path, atomically: true, encoding: .utf8) },  // a new inode, the same bytes
            { try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 7)], ofItemAtPath: path) },
            { try "longer".write(toFile: path, atomically: false, encoding: .utf8) },
        ]
        var last = first
        for change in changes {
            try change()
            let now = try #require(FileStamp.of(path))
            #expect(now != last)
            last = now
        }
    }
}
