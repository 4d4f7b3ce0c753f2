import Diagnostics
@testable import DocTest
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
import Testing

/// Numbers the runner reads from a program's output, the compiler's messages or its own cache are bounded
/// before any arithmetic (issue 30 #1: `snippet-0.swift:9223372036854775807` on stderr killed the runner
/// with SIGILL, and the cached outcome killed every later run).
@Suite("Numbers read from programs, the compiler and the cache are bounded")
struct HostileNumberTests {
    static let huge = ["9223372036854775807", "9223372036854775808", "99999999999999999999999999", "16777217"]

    @Test("issue 30 #1: a decimal number is read only up to the limit", arguments: [
        ("0", 0), ("12", 12), ("000000000000012", 12), ("16777216", ProgramNumber.limit),
        ("16777217", nil), ("9223372036854775807", nil), ("99999999999999999999999999", nil),
        ("", nil), ("-1", nil), ("+1", nil), ("1_000", nil), ("１２", nil),
    ] as [(String, Int?)])
    func bounded(text: String, value: Int?) {
        #expect(ProgramNumber.parse(text) == value)
    }

    @Test("issue 30 #1: compiler messages with lines or columns beyond the limit are not messages", arguments: huge + ["-9223372036854775808"])
    func compilerMessages(number: String) {
        let output = """
            snippet-0.swift:\(number):1: error: line out of range
            snippet-0.swift:1:\(number): warning: column out of range
            snippet-\(number).swift:1:1: error: index out of range
            snippet-0.swift:2:3: error: a real one
            """
        let messages = ProgramOutcome.parseMessages(output)
        #expect(messages.map(\.message) == ["index out of range", "a real one"])
        #expect(ProgramVerdict.snippetIndex(messages[0].file) == nil)
    }

    static func document(_ body: String) -> LessonDocument {
        var bag = DiagnosticBag()
        return LessonParser().parse(SourceFile(path: "t/en.md", text: TemporaryCourse.lesson("T", body)), slug: "t", language: .en, into: &bag)
    }

    static func verdict(_ document: LessonDocument, _ outcome: ProgramOutcome) -> ProgramVerdict {
        let program = LessonProgramBuilder(document: document).build().programs[0]
        let provenance = Provenance(toolchain: "t", modelHash: "m", swiftVersion: 5, verifiedAt: Date())
        return ProgramVerdict(
            document: document, program: program, outcome: outcome, limits: ProcessLimits(timeout: 1), provenance: provenance)
    }

    /// A compiled program's outcome: one main run with `transcript`, killed by `signal` or else exiting 0.
    static func outcome(_ transcript: RunTranscript, signal: Int32? = nil, stderr: String = "") -> ProgramOutcome {
        let run = ProgramOutcome.Run(
            trapTarget: nil,
            process: ProcessOutcome(exitCode: signal == nil ? 0 : nil, signal: signal, timedOut: false, stdout: "", stderr: stderr, seconds: 0),
            outputExceeded: false, transcript: transcript)
        return ProgramOutcome(
            compiled: true, compileTimedOut: false, compilerOutput: "", messages: [], runs: [run], compileSeconds: 0, date: Date())
    }

    @Test("issue 30 #1: a crash whose stderr names huge lines, columns and snippets is located at the snippet", arguments: huge)
    func crashLine(number: String) throws {
        let document = Self.document("```swift\nprint(1)\nprint(2)\n```\n")
        let stderr = """
            snippet-0.swift:\(number)
            Fatal error: at snippet-0.swift:\(number):\(number)
            snippet-0.swift:1:\(number)
            snippet-\(number).swift:2:1
            snippet-0.swift:99:1
            """
        var transcript = RunTranscript()
        transcript.entered = [0]
        let verdict = Self.verdict(document, Self.outcome(transcript, signal: SIGILL, stderr: stderr))
        let trap = try #require(verdict.diagnostics.first { $0.diagnostic.id == .doctestTrap })
        // No line named is one of the snippet's two (line 99 is beyond it): the crash is at the fence.
        #expect(trap.diagnostic.location.line == document.snippets[0].range.start.line)
        // Out-of-range locations are left as the program printed them.
        #expect(trap.diagnostic.detail?.contains("snippet-0.swift:\(number)") == true)
        #expect(trap.diagnostic.detail?.contains("snippet-\(number).swift:2:1") == true)
    }

    @Test("issue 30 #1: the crash line within the snippet is still found among hostile ones")
    func crashLineFound() throws {
        let document = Self.document("```swift\nprint(1)\nprint(2)\n```\n")
        var transcript = RunTranscript()
        transcript.entered = [0]
        let stderr = "snippet-0.swift:9223372036854775807\nFatal error: boom: file snippet-0.swift, line 2\nat snippet-0.swift:2:5\n"
        let outcome = Self.outcome(transcript, signal: SIGILL, stderr: stderr)
        let trap = try #require(Self.verdict(document, outcome).diagnostics.first { $0.diagnostic.id == .doctestTrap })
        #expect(trap.diagnostic.location.line == document.snippets[0].firstCodeLine + 1)
    }

    @Test("issue 30 #1: compiler messages cached before the bound (any Int, notes naming unknown snippets) are judged without a crash",
          arguments: [Int.max, Int.min, -1, 0, ProgramNumber.limit + 1])
    func cachedMessages(number: Int) {
        let document = Self.document("```swift\nlet x: Int = \"a\"\n```\n")
        let note = ProgramOutcome.CompilerMessage(file: "snippet-99.swift", line: number, column: number, severity: "note", message: "n")
        let messages = [
            ProgramOutcome.CompilerMessage(file: "snippet-0.swift", line: number, column: number, severity: "error", message: "e", notes: [note]),
            ProgramOutcome.CompilerMessage(file: "snippet-0.swift", line: 1, column: number, severity: "warning", message: "w"),
        ]
        let outcome = ProgramOutcome(
            compiled: false, compileTimedOut: false, compilerOutput: "", messages: messages, runs: [], compileSeconds: 0, date: Date())
        let verdict = Self.verdict(document, outcome)
        #expect(verdict.diagnostics.map(\.diagnostic.id).contains(.doctestCompileError))
        #expect(verdict.diagnostics.allSatisfy { $0.diagnostic.location.line > 0 && $0.diagnostic.location.line <= ProgramNumber.limit * 2 })
        // The note names a snippet the document does not have: it is dropped, not indexed.
        #expect(verdict.diagnostics.allSatisfy { $0.diagnostic.notes.isEmpty })
    }

    @Test("issue 30 #1: channel records with huge snippet numbers are a forgery, not a crash", arguments: huge)
    func channel(number: String) {
        let key = String(repeating: "k", count: RunnerChannel.keyLength)
        for forged in ["\(key) SNIPPET \(number)", "\(key) NO-TRAP \(number)", "\(key) SIGNAL \(number)"] {
            let channel = [
                ChannelRecord(stdoutOffset: 0, bytes: Array(RunnerChannel.line(key: key, kind: .snippet, argument: "0").utf8.dropLast())),
                ChannelRecord(stdoutOffset: 4, bytes: Array(forged.utf8)),
            ]
            let run = RunTranscript(channel: channel, stdout: Array("out\n".utf8), key: key, snippets: [0, 1])
            #expect(run.forgery != nil, "\(forged)")
        }
    }

    @Test("issue 30 #1: a cached outcome or plan naming snippets its program or lesson file lacks is not used")
    func cachedIndices() {
        let document = Self.document("```swift\nprint(1)\n```\n")
        let program = LessonProgramBuilder(document: document).build().programs[0]
        var transcript = RunTranscript()
        transcript.entered = [0, 7]
        var outcome = Self.outcome(transcript)
        #expect(!outcome.fits(program))
        outcome.runs[0].transcript.entered = [0]
        #expect(outcome.fits(program))
        outcome.runs[0].trapTarget = 3
        #expect(!outcome.fits(program))

        let plan = LessonPlan(programs: [.init(key: "k", role: .lesson, mode: .xcodeAppTemplate, snippets: [0], runs: [nil])], problems: [])
        #expect(plan.fits(document))
        for wrong in [
            LessonPlan(programs: [.init(key: "k", role: .lesson, mode: .xcodeAppTemplate, snippets: [0, 5], runs: [nil])], problems: []),
            LessonPlan(programs: [.init(key: "k", role: .isolated(9), mode: .xcodeAppTemplate, snippets: [0], runs: [nil])], problems: []),
            LessonPlan(programs: [.init(key: "k", role: .lesson, mode: .xcodeAppTemplate, snippets: [0], runs: [Int.max])], problems: []),
            LessonPlan(programs: [], problems: [.init(snippet: -1, id: .doctestSpliceUnknownType, message: "m")]),
        ] {
            #expect(!wrong.fits(document))
        }
    }

    @Test("issue 30 #1: a program printing huge crash locations is judged, and judged again from the cache")
    func endToEnd() throws {
        let lesson = TemporaryCourse.lesson("Hostile", """
            ```swift
            import Foundation
            FileHandle.standardError.write("snippet-0.swift:9223372036854775807\\nsnippet-0.swift:99999999999999999999999:1\\n".data(using: .utf8)!)
            print("at snippet-0.swift:9223372036854775807:9223372036854775807")
            fatalError("snippet-0.swift:18446744073709551616")
            ```
            """)
        let course = try TemporaryCourse(["hostile/en.md": lesson])
        defer { course.remove() }
        for pass in ["compiled", "cached"] {
            let (report, _) = try course.run()
            #expect(report.entry("hostile/en.md", 0)?.status == .failed, "\(pass)")
            #expect(report.diagnostics.contains { $0.id == .doctestTrap }, "\(pass)")
        }
    }
}
