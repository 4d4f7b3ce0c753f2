import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
import TutorbuildSupport

/// Runs `body` on a thread of its own; false when it is still running after `seconds` (a read that blocks).
func finishes(within seconds: Double = 10, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    return done.wait(timeout: .now() + seconds) == .success
}

/// Makes a FIFO, or a listening Unix socket, at `path`.
func makeSpecialFile(_ path: String, socket: Bool = false) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    guard socket else {
        try #require(mkfifo(path, 0o644) == 0)
        return
    }
    let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        _ = path.withCString { strncpy(raw.baseAddress!.assumingMemoryBound(to: CChar.self), $0, raw.count - 1) }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    try #require(bound == 0)
}

@Suite("Content files that are not regular are errors, found at once")
struct SpecialFileTests {
    @Test("a FIFO or socket named like a lesson is a located error, at once", arguments: [false, true])
    func lessonFile(socket: Bool) throws {
        let course = try TemporaryCourse(["a/en.md": "---\ntitle: A\n---\n"])
        defer { course.remove() }
        try makeSpecialFile(course.path + "/a/zh-Hans.md", socket: socket)
        let bag = Locked(DiagnosticBag())
        #expect(finishes { bag.mutate { $0 = course.load().1 } })
        let found = try #require(bag.value.first(.courseFileNotRegular))
        #expect(found.location.path == course.path + "/a/zh-Hans.md")
        #expect(found.severity == .error)
    }

    @Test("a FIFO beside a lesson, deep in a lesson's folder, at the top of the content or as site.yml is an error",
          arguments: ["a/picture.png", "a/pictures/more/p.svg", "stray", "site.yml"])
    func anywhere(relative: String) throws {
        let course = try TemporaryCourse(["a/en.md": "---\ntitle: A\n---\n", "a/pictures/more/ok.svg": "<svg/>"])
        defer { course.remove() }
        try makeSpecialFile(course.path + "/" + relative)
        let bag = Locked(DiagnosticBag())
        #expect(finishes { bag.mutate { $0 = course.load().1 } })
        #expect(bag.value.diagnostics.filter { $0.id == .courseFileNotRegular }.map(\.location.path) == [course.path + "/" + relative])
    }
}
