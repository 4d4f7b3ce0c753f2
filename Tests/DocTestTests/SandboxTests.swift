import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// `--sandbox`: lesson programs see a read-only system and no network (when bubblewrap is installed).
@Suite("Sandbox", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")))
struct SandboxTests {
    static let probe = TemporaryCourse.lesson("Probe", """
        ```swift
        import Glibc
        let outside = "/var/tmp/tutorbuild-sandbox-probe-\\(getpid())"
        let wrote = FileManager.default.createFile(atPath: outside, contents: Data("x".utf8))
        if wrote { try? FileManager.default.removeItem(atPath: outside) }
        let here = FileManager.default.createFile(atPath: "inside.txt", contents: Data("x".utf8))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(9).bigEndian
        address.sin_addr.s_addr = inet_addr("1.1.1.1")
        let unreachable = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } != 0 && errno == ENETUNREACH
        print("outside:", wrote, "inside:", here, "network unreachable:", unreachable)
        ```
        """)

    @Test("a sandboxed program cannot write outside its folder or reach a network, but runs")
    func sandboxed() throws {
        let course = try TemporaryCourse(["probe/en.md": Self.probe])
        defer { course.remove() }
        let (report, _) = try course.run { $0.sandbox = .required }
        let actual = report.verification.results.values.first?.actualOutput ?? ""
        #expect(actual.contains("outside: false inside: true network unreachable: true"), "\(actual)")
    }

    /// A lesson that tries to escape; `state` is a folder outside /tmp whose `cache/` it tries to write.
    ///
    /// The folder is written into the lesson rather than handed over in an environment variable: the
    /// tests share one process, and a variable set here would reach every other test's `tutorbuild`
    /// (whose build records count the `TUTORBUILD_*` variables among their settings).
    static func hostile(state: String) -> String { TemporaryCourse.lesson("Hostile", """
        ```swift
        import Glibc
        // Issue 20 #13: every process it can see is its own (its own PID namespace).
        let visible = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil }.count ?? 0
        print("sees few processes:", visible < 10)
        // Issue 20 #10: the cache and results next to the content folder cannot be changed.
        let cache = "\(state)"
        print("cache writable:", FileManager.default.createFile(atPath: cache + "/cache/poison.json", contents: Data("x".utf8)))
        // Issue 20 #14: a child that clears its environment and leaves the process group. The program ends once the
        // child runs /bin/sleep: the exec closes the child's end of the close-on-exec pipe, so the read returns.
        var ends: [Int32] = [0, 0]
        pipe(&ends)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        if fork() == 0 {
            setpgid(0, 0)
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sleep"), strdup("987659"), nil]
            let envp: [UnsafeMutablePointer<CChar>?] = [nil]
            execve("/bin/sleep", argv, envp)
        }
        close(ends[1])
        var byte: UInt8 = 0
        print("child started:", read(ends[0], &byte, 1) == 0)
        ```
        """) }

    @Test("issue 20 #10, #13, #14: a sandboxed program sees only its own processes, cannot poison the cache, and leaves nothing running")
    func hostileProgram() throws {
        // Outside /tmp (the sandbox has a private one), where an unsandboxed program could write.
        let state = TemporaryCourse.buildDirectory + "/sandbox-probe-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state + "/cache", withIntermediateDirectories: true)
        let course = try TemporaryCourse(["hostile/en.md": Self.hostile(state: state)])
        defer { course.remove() }
        let (report, _) = try course.run { $0.sandbox = .required }
        let actual = report.verification.results.values.first?.actualOutput ?? ""
        #expect(actual.contains("sees few processes: true"), "\(actual)")
        #expect(actual.contains("cache writable: false"), "\(actual)")
        #expect(!FileManager.default.fileExists(atPath: state + "/cache/poison.json"))
        #expect(actual.contains("child started: true"), "\(actual)")
        #expect(eventually(within: 5) { ContainmentTests.running("987659").isEmpty })
    }
}
