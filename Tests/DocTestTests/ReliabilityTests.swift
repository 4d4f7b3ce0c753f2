import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// Lesson code cannot make a wrong, crashing or never-run snippet pass, nor reach the host (issue 30).
@Suite("Reliability: what a lesson program may not do")
struct ReliabilityTests {
    static let files: [String: String] = [
        // The key-theft route: the runner's channel (3) and the launcher's report (4) cannot be replaced or reached.
        "descriptors/en.md": TemporaryCourse.lesson("Descriptors", """
            ```swift
            import Glibc
            var ends: [Int32] = [0, 0]
            _ = pipe(&ends)
            typealias Dup3 = @convention(c) (Int32, Int32, Int32) -> Int32
            let dup3 = unsafeBitCast(dlsym(nil, "dup3"), to: Dup3.self)
            print(dup2(ends[1], 3), dup3(ends[1], 3, 0), close(3), dup2(ends[1], 1), close(1))
            print(write(4, "signaled 6\\n", 11))
            ```

            ```output
            -1 -1 -1 -1 -1
            -1
            ```

            ```swift
            print(1 + 1)
            ```

            ```output
            3
            ```
            """),
        // The root escape: no mounts, namespaces or tracing; no terminal to type into.
        "host/en.md": TemporaryCourse.lesson("Host", """
            ```swift
            import Glibc
            typealias Call = @convention(c) (Int) -> Int32
            func call(_ name: String, _ argument: Int) -> Int32 { unsafeBitCast(dlsym(nil, name), to: Call.self)(argument) }
            print(mount("none", "/tmp", "tmpfs", 0, nil), umount2("/tmp", 2), call("unshare", 0x1000_0000), call("ptrace", 0))
            var key: CChar = 0x6c
            print(ioctl(0, UInt(TIOCSTI), &key), open("/dev/tty", O_RDWR))
            ```

            ```output
            -1 -1 -1 -1
            -1 -1
            ```
            """),
        // stdout is a pipe: a later snippet cannot seek back over an earlier snippet's output.
        "seek/en.md": TemporaryCourse.lesson("Seek", HostileSnippets.seekOverEarlierOutput),
        // A snippet skipped by `#if false` around it never ran: it fails, though the program ended.
        "skipped/en.md": TemporaryCourse.lesson("Skipped", """
            ```swift
            print("before")
            #if false
            ```

            ```swift
            fatalError("never run")
            ```

            ```swift
            #endif
            print("after")
            ```
            """),
        // Exiting with a crash's status is not a crash, whatever the program writes where.
        "fake-trap/en.md": TemporaryCourse.lesson("Fake trap", """
            ```swift should-trap
            import Glibc
            _ = "signaled 6\\n".withCString { write(4, $0, 11) }
            exit(134)
            ```
            """),
        // Code the linker runs before main (before the support code reads the key) is never run.
        "constructor/en.md": TemporaryCourse.lesson("Constructor", """
            ```swift
            @_cdecl("early") func early() { print("early") }
            @section(".init_array") @used let constructor: @convention(c) () -> Void = early
            ```

            ```swift
            print("after")
            ```

            ```output
            after
            ```
            """),
        "real-trap/en.md": TemporaryCourse.lesson("Real trap", """
            ```swift should-trap
            let values: [Int] = []
            print(values[1])
            ```
            """),
    ]

    @Test("issue 30: forged descriptors, host calls, seeks, skipped snippets and faked traps all fail")
    func hostileLessons() throws {
        let course = try TemporaryCourse(Self.files)
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("descriptors/en.md", 0)?.status == .passed, "the calls were refused")
        #expect(report.entry("descriptors/en.md", 1)?.status == .failed)
        #expect(report.entry("host/en.md", 0)?.status == .passed, "the calls were refused")
        #expect(report.entry("seek/en.md", 0)?.status == .failed)
        #expect(report.entry("seek/en.md", 1)?.status == .passed)
        #expect(report.entry("skipped/en.md", 0)?.status == .passed)
        #expect(report.entry("skipped/en.md", 1)?.status == .failed)
        // The last snippet's start is inside the `#if false` too: its own line comes before its `#endif`.
        #expect(report.entry("skipped/en.md", 2)?.status == .failed)
        #expect(report.ids("skipped/en.md") == [.doctestNeverEntered, .doctestNeverEntered])
        #expect(report.entry("fake-trap/en.md", 0)?.status == .failed)
        #expect(report.ids("fake-trap/en.md") == [.doctestExpectedTrap])
        #expect(report.entry("real-trap/en.md", 0)?.status == .passed)
        #expect(report.entry("constructor/en.md", 0)?.status == .failed)
        #expect(report.ids("constructor/en.md") == [.doctestLinkageAttribute])
        #expect(report.entry("constructor/en.md", 1)?.status == .passed, "the program ran without the constructor")
    }

    @Test("issue 30: linkage attributes are found as tokens, not in comments or strings", arguments: [
        ("@section(\".init_array\") @used let f = 1", "@section"),
        ("@_silgen_name(\"write\") func w()", "@_silgen_name"),
        ("let s = \"@section\" // @_cdecl", nil),
        ("@objc func tapped() {}", nil),
    ])
    func linkage(_ code: String, _ expected: String?) {
        #expect(LessonProgramBuilder.linkageAttribute(in: code) == expected)
    }

    @Test("issue 30: the launcher's report is read strictly", arguments: [
        ("exited 0\n", ContainedProcess.LaunchStatus.exited(0)),
        ("signaled 6\n", .signaled(6)),
        ("error no filter\n", .failed("no filter")),
        ("", .unknown),
        ("exited 0\nsignaled 6\n", .unknown),
        ("signaled 6\nexited 0\n", .unknown),
        ("exited 0", .unknown),
        ("exited 9223372036854775808\n", .unknown),
        ("signaled 0\n", .unknown),
        ("exited -1\n", .unknown),
    ])
    func launchStatus(_ text: String, _ expected: ContainedProcess.LaunchStatus) {
        #expect(ContainedProcess.LaunchStatus(Array(text.utf8)) == expected)
    }
}
