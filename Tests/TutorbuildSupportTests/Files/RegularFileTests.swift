import Foundation
import Testing
import TutorbuildSupport

@Suite("Only regular files are read")
struct RegularFileTests {
    @Test("reading a FIFO gives nil at once; a regular file reads whole")
    func contents() throws {
        let folder = NSTemporaryDirectory() + "tutorbuild-regularfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("text".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        try #require(mkfifo(folder + "/fifo", 0o644) == 0)
        // Read on another thread: a read that waits for a writer would otherwise hang the test.
        let read = Locked<[Data?]>([])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            read.mutate { $0 = [RegularFile.contents(atPath: folder + "/fifo"), RegularFile.contents(atPath: folder + "/file")] }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(read.value == [nil, Data("text".utf8)])
        #expect(RegularFile.specialKind(atPath: folder + "/fifo") == "a FIFO")
        #expect(RegularFile.specialKind(atPath: folder + "/file") == nil)
        #expect(RegularFile.specialKind(atPath: "/dev/null") == "a character device")
    }

    @Test("reading stops at the limit, so an oversized file is never read whole")
    func limit() throws {
        let path = NSTemporaryDirectory() + "tutorbuild-regularfile-" + UUID().uuidString
        try Data(repeating: UInt8(ascii: "a"), count: 100_000).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(RegularFile.withContents(of: path, limit: 1_001) { $0.count } == 1_001)
        #expect(RegularFile.withContents(of: path) { $0.count } == 100_000)
    }
}
