import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import Testing

/// `--sandbox`: lesson programs see a read-only system and no network (when bubblewrap is installed).
@Suite("Sandbox", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bwrap")))
struct SandboxTests {
    static let probe = TestCourse.lesson("Probe", """
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
        let course = try TestCourse(["probe/en.md": Self.probe])
        defer { course.remove() }
        let (report, _) = try course.run { $0.sandbox = .required }
        let actual = report.verification.results.values.first?.actualOutput ?? ""
        #expect(actual.contains("outside: false inside: true network unreachable: true"), "\(actual)")
    }
}
