import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// A snippet cannot make the runner believe a later snippet passed (issue 20, items 1 and 2).
@Suite("Forgery: snippets that imitate the runner's records")
struct ForgeryTests {
    /// What the runner's markers looked like when they travelled on stdout.
    static let oldMarkers = #"""
        print("\u{1E}TUTORBUILD-SNIPPET 1")
        print("\u{1E}TUTORBUILD-SNIPPET 2")
        print("wrong")
        print("\u{1E}TUTORBUILD-END")
        """#

    static let files: [String: String] = [
        // Prints the old markers, then leaves: the trapping and the mismatching snippet must not pass.
        "printed/en.md": TemporaryCourse.lesson("Printed markers", """
            ```swift
            \(oldMarkers)
            exit(0)
            ```

            ```swift
            fatalError("never verified")
            ```

            ```swift
            print("right")
            ```

            ```output
            right
            ```
            """),
        // Writes records in the channel's own format straight to its descriptor, with a guessed key.
        "written/en.md": TemporaryCourse.lesson("Written records", """
            ```swift
            import Glibc
            for kind in ["SNIPPET 1", "SNIPPET 2", "END"] {
                let line = "00000000000000000000000000000000 0 \\(kind)\\n"
                _ = line.withCString { write(3, $0, strlen($0)) }
            }
            exit(0)
            ```

            ```swift
            fatalError("never verified")
            ```

            ```swift
            print("right")
            ```
            """),
        // Calls the channel code the model ships for the support type, with a guessed key.
        "library/en.md": TemporaryCourse.lesson("The model's channel code", """
            ```swift
            import DocTestProtocol
            let guess = String(repeating: "0", count: RunnerChannel.keyLength)
            RunnerChannel.record(key: guess, kind: .snippet, snippet: 1)
            RunnerChannel.record(key: guess, kind: .snippet, snippet: 2)
            RunnerChannel.record(key: guess, kind: .end, argument: nil)
            exit(0)
            ```

            ```swift
            fatalError("never verified")
            ```

            ```swift
            print("right")
            ```
            """),
        // The old marker in front of a should-trap snippet once crashed the runner.
        "trap/en.md": TemporaryCourse.lesson("Marker before a trap", """
            ```swift
            print("\\u{1E}TUTORBUILD-SNIPPET 99")
            print("\\u{1E}TUTORBUILD-NO-TRAP 1")
            ```

            ```swift should-trap
            let values: [Int] = []
            print(values[3])
            ```
            """),
        // The program's own source names the support type: it must not be there to read.
        "source/en.md": TemporaryCourse.lesson("Reading the source", """
            ```swift
            print(FileManager.default.fileExists(atPath: "main.swift"))
            ```

            ```output
            false
            ```
            """),
    ]

    @Test("issue 20 #1, #2: printed or written markers never make a later snippet pass, and never crash the runner")
    func forgedMarkers() throws {
        let report = try Self.run(Self.files)
        // Printing the old markers is only output; exit(0) stops the program in the first snippet.
        #expect(report.entry("printed/en.md", 0)?.status == .failed)
        #expect(report.ids("printed/en.md") == [.doctestExit])
        #expect(report.entry("printed/en.md", 1)?.status == .notRun)
        #expect(report.entry("printed/en.md", 2)?.status == .notRun)
        // Records with a wrong key are a forgery: nothing of that run is trusted.
        for i in 0..<3 { #expect(report.entry("written/en.md", i)?.status == .failed) }
        #expect(report.ids("written/en.md").contains(.doctestChannelForged))
        for i in 0..<3 { #expect(report.entry("library/en.md", i)?.status == .failed) }
        #expect(report.ids("library/en.md").contains(.doctestChannelForged))
        // The trap is still judged on its own run.
        #expect(report.entry("trap/en.md", 1)?.status == .passed)
        #expect(report.entry("source/en.md", 0)?.status == .passed)
        #expect(!report.succeeded)
    }

    /// Between two regex literals whose text looks like a block comment's start and end, on one line or
    /// several: the old lexer stripped the call as a comment and left a program that ran to the end.
    static let regexLessons: [String: String] = [
        "regex-line/en.md": TemporaryCourse.lesson("Regex literals", """
            ```swift
            let opening = #/ a/* /#; fatalError("between two regex literals"); let closing = #/ a*/b /#
            print("not reached")
            ```

            ```output
            not reached
            ```
            """),
        "regex-lines/en.md": TemporaryCourse.lesson("Multi-line regex literals", """
            ```swift
            let opening = #/
              a/*
              /#
            fatalError("between two regex literals")
            let closing = #/
              a*/b
              /#
            print("not reached")
            ```

            ```output
            not reached
            ```
            """),
    ]

    @Test("issue 30 #5: code between two regex literals that hold comment marks is compiled, and its crash reported")
    func codeBetweenRegexLiterals() throws {
        let report = try Self.run(Self.regexLessons)
        for lesson in Self.regexLessons.keys {
            #expect(report.entry(lesson, 0)?.status == .failed)
            #expect(report.ids(lesson) == [.doctestTrap])
        }
    }

    @Test("a snippet swallowed by a comment or a multi-line string left open in the one before fails, never skipped")
    func swallowedSnippet() throws {
        let report = try Self.run([
            "comment/en.md": TemporaryCourse.lesson("Open comment", "```swift\nprint(1)\n/*\n```\n\n```swift\nfatalError(\"swallowed\")\n*/\n```\n"),
            "string/en.md": TemporaryCourse.lesson(
                "Open string", "```swift\nlet s = \"\"\"\n```\n\n```swift\nfatalError(\"swallowed\")\n\"\"\"\n```\n"),
        ])
        for lesson in ["comment/en.md", "string/en.md"] {
            #expect(report.entry(lesson, 1)?.status == .failed)
            #expect(report.ids(lesson) == [.doctestNeverEntered])
        }
        #expect(!report.succeeded)
    }

    /// The run's switches were read when the support code first asked: a snippet's `setenv` before that steered the
    /// main run into a `no-run` or `should-trap` block, which stopped it there, and every later snippet was "not run"
    /// (skipped, not failed) however wrong its output.
    @Test("a snippet that sets the run's switches cannot stop the main run in a no-run or should-trap block to skip later snippets")
    func switchesFixedBeforeSnippets() throws {
        let report = try Self.run([
            "never/en.md": TemporaryCourse.lesson("No-run block", """
                ```swift hidden
                setenv("TUTORBUILD_NEVER_SET_THIS", "1", 1)
                ```

                ```swift no-run
                exit(0)
                ```

                ```swift
                print("wrong")
                ```

                ```output
                right
                ```
                """),
            "trap/en.md": TemporaryCourse.lesson("Should-trap block", """
                ```swift hidden
                setenv("TUTORBUILD_TRAP", "1", 1)
                ```

                ```swift should-trap
                let values: [Int] = []
                print(values[3])
                ```

                ```swift
                print("wrong")
                ```

                ```output
                right
                ```
                """),
        ])
        for lesson in ["never/en.md", "trap/en.md"] {
            #expect(report.entry(lesson, 2)?.status == .failed, "\(lesson)")
            #expect(report.ids(lesson) == [.doctestOutputMismatch], "\(lesson)")
        }
        #expect(report.entry("trap/en.md", 1)?.status == .passed)
        #expect(!report.succeeded)
    }

    /// The program waits for the runner's answer to each record, so each snippet's output is cut where the runner
    /// counted it; a snippet that made the channel non-blocking or gave it a receive timeout went on without the
    /// answer, and the next snippet's output was counted before its record (here "Hello" usually went to the hidden
    /// snippet). A channel shut for writing killed the program with `SIGPIPE` at its next record, which a
    /// `should-trap` run took for a trap.
    @Test("a snippet that unblocks or shuts the runner's channel cannot move output between snippets or pass as a trap")
    func channelFlags() throws {
        let hello = """

            ```swift
            print("Hello")
            ```

            ```output
            Hello
            ```
            """
        let report = try Self.run([
            "nonblock/en.md": TemporaryCourse.lesson("Non-blocking", "```swift hidden\n_ = fcntl(3, F_SETFL, O_NONBLOCK)\n```\n" + hello),
            "timeout/en.md": TemporaryCourse.lesson("Receive timeout", """
                ```swift hidden
                var wait = timeval(tv_sec: 0, tv_usec: 1)
                _ = setsockopt(3, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
                ```
                """ + hello),
            "shut/en.md": TemporaryCourse.lesson("Shut for reading", "```swift hidden\n_ = shutdown(3, Int32(SHUT_RD))\n```\n" + hello),
            "pipe/en.md": TemporaryCourse.lesson("Shut for writing", """
                ```swift should-trap
                _ = shutdown(3, Int32(SHUT_WR))
                print("no trap")
                ```
                """),
        ])
        for lesson in ["nonblock/en.md", "timeout/en.md"] {
            #expect(report.entry(lesson, 0)?.status == .passed, "\(lesson)")
            #expect(report.entry(lesson, 1)?.status == .passed, "\(lesson)")
        }
        // A shut channel ends the program with an exit, which fails the snippet it happened in.
        #expect(report.entry("shut/en.md", 1)?.status == .failed)
        #expect(report.ids("shut/en.md") == [.doctestExit])
        #expect(report.entry("pipe/en.md", 0)?.status == .failed)
        #expect(report.ids("pipe/en.md") == [.doctestExpectedTrap])
    }

    /// Only the signals a trap raises count: another thread's broken pipe, a timer or the file-size limit can kill
    /// the program at any moment, such as during a `should-trap` snippet that traps nowhere.
    @Test("a should-trap snippet killed by a signal no trap raises (a broken pipe, a timer) has not trapped")
    func onlyTrapSignals() throws {
        let report = try Self.run([
            "pipe/en.md": TemporaryCourse.lesson("Broken pipe", """
                ```swift hidden
                var ends: [Int32] = [0, 0]
                _ = pipe(&ends)
                _ = Glibc.close(ends[0])
                let stream = fdopen(ends[1], "w")
                if getenv("TUTORBUILD_TRAP") != nil {
                    Thread.detachNewThread { usleep(100_000); fputs("x", stream); fflush(stream) }
                }
                ```

                ```swift should-trap
                usleep(2_000_000)
                print("fine")
                ```
                """),
            "timer/en.md": TemporaryCourse.lesson("Timer", """
                ```swift hidden
                var timer = itimerval(it_interval: timeval(tv_sec: 0, tv_usec: 0), it_value: timeval(tv_sec: 0, tv_usec: 100_000))
                if getenv("TUTORBUILD_TRAP") != nil { _ = setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil) }
                ```

                ```swift should-trap
                usleep(2_000_000)
                print("fine")
                ```
                """),
            "real/en.md": TemporaryCourse.lesson("A real trap", """
                ```swift should-trap
                let values: [Int] = []
                print(values[3])
                ```
                """),
        ])
        for lesson in ["pipe/en.md", "timer/en.md"] {
            #expect(report.entry(lesson, 1)?.status == .failed, "\(lesson)")
            #expect(report.ids(lesson) == [.doctestExpectedTrap], "\(lesson)")
        }
        #expect(report.entry("real/en.md", 0)?.status == .passed)
    }

    /// Every run starts the executable in the program's own, writable folder: a main run that renamed it and left a
    /// script there that runs the real program and sends it `SIGSEGV` a second later made a `should-trap` snippet that
    /// traps nowhere pass.
    @Test("a run that replaces the program's executable decides no later run")
    func replacedExecutable() throws {
        let report = try Self.run([
            "replace/en.md": TemporaryCourse.lesson("Replaced executable", """
                ```swift hidden
                if getenv("TUTORBUILD_TRAP") == nil {
                    rename("lesson", "real")
                    let script = "#!/bin/sh\\n(sleep 1; kill -SEGV $$) & exec ./real\\n"
                    FileManager.default.createFile(atPath: "lesson", contents: Data(script.utf8), attributes: [.posixPermissions: 0o755])
                }
                ```

                ```swift should-trap
                usleep(3_000_000)
                print("fine")
                ```
                """),
        ])
        #expect(report.entry("replace/en.md", 1)?.status == .failed)
        #expect(report.ids("replace/en.md").allSatisfy { $0 == .doctestChannelForged })
        #expect(!report.succeeded)
    }

    /// The report of a run of a course made of `files`, without the cache: every snippet is compiled and run.
    static func run(_ files: [String: String]) throws -> DocTestReport {
        let course = try TemporaryCourse(files)
        defer { course.remove() }
        return try course.run { $0.useCache = false }.0
    }
}
