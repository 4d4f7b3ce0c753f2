import Foundation
@testable import TutorbuildSupport
import Testing

/// Cache entries replaced whole, for the doc-test results and the converted pages.
@Suite("Cache files")
struct CacheFileTests {
    @Test("an entry is written into a new folder, replaced whole, and leaves no temporary file")
    func writeAndReplace() throws {
        let folder = NSTemporaryDirectory() + "tutorbuild-cachefile-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/ab/entry.json"
        CacheFile.write(Array("first, longer text".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("first, longer text".utf8))
        CacheFile.write(Data("second".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/ab") == ["entry.json"])
    }
}
