@testable import DocTest
import Foundation
import DocTestProtocol
import TestSupport
import TutorbuildSupport
import Testing

/// The pieces that need no compiler: lexing, layout, parsing markers, diffs, hashes.
@Suite("Program generation and parsing")
struct ProgramTests {
    @Test("declarations are told apart from statements", arguments: [
        ("class A {\n  func f() {}\n}\nprint(1)", [0...2]),
        ("@MainActor final class B: NSObject {\n}\nlet b = B()", [0...1]),
        ("let x = 1\nfunc f() -> Int {\n  x\n}\nstruct S { var y = 2 }", [1...3, 4...4]),
        ("import Foundation\nextension Int {\n  var twice: Int { self * 2 }\n}", [0...0, 1...3]),
        ("actor = 3\nprint(actor)", []),
        ("if true {\n  class Local {}\n}", []),
    ] as [(String, [ClosedRange<Int>])])
    func layout(code: String, declarations: [ClosedRange<Int>]) {
        #expect(SnippetLayout(code: code).declarations == declarations)
    }

    @Test("the body of a type is found for in=TypeName")
    func typeBody() throws {
        let code = """
            final class FormViewController: UIViewController {
                let field = UITextField()
                override func viewDidLoad() {
                    super.viewDidLoad()
                }
            }
            extension FormViewController: UITextFieldDelegate {}
            """
        let end = try #require(SnippetLayout.typeBodyEnd(named: "FormViewController", in: code))
        #expect(end.line == 5)
        #expect(end.column == 0)
        #expect(SnippetLayout.typeBodyEnd(named: "Missing", in: code) == nil)
    }

    /// A channel record as the runner stamps it: the line and the stdout bytes read before it.
    static func record(_ offset: Int, _ key: String, _ kind: RunnerChannel.Kind, _ argument: String? = nil) -> ChannelRecord {
        ChannelRecord(stdoutOffset: offset, bytes: Array(RunnerChannel.line(key: key, kind: kind, argument: argument).utf8.dropLast()))
    }

    @Test("stdout is split at the runner's offsets of the channel's records, pictures are decoded")
    func transcript() throws {
        let picture = Picture(width: 1, height: 1, elements: [])
        let payload = try JSONEncoder().encode(SnapshotPayload(caption: "The form", alt: "A form", picture: picture))
        let stdout = Array("hello\nno newlineafter\n".utf8)
        let key = String(repeating: "k", count: RunnerChannel.keyLength)
        let channel = [
            Self.record(0, key, .snippet, "0"), Self.record(6, key, .snippet, "2"),
            Self.record(16, key, .snapshot, payload.base64EncodedString()), Self.record(22, key, .end),
        ]
        let run = RunTranscript(channel: channel, stdout: stdout, key: key, snippets: [0, 1, 2])
        #expect(run.forgery == nil)
        #expect(run.entered == [0, 2])
        #expect(run.ended)
        #expect(run.outputs[0] == "hello\n")
        #expect(run.outputs[2] == "no newlineafter\n")
        #expect(run.snapshots[2] == [Snapshot(caption: "The form", alt: "A form", picture: picture)])
    }

    @Test("issue 20 #1: a record without the run's key, out of order, or after the end is a forgery", arguments: [
        "wrong-key SNIPPET 1",
        "KEY SNIPPET 0",
        "KEY SNIPPET 7",
        "KEY SNAPSHOT not-base64",
        "KEY WHATEVER",
        "KEY 0 SNIPPET 1",
        "KEY SIGNAL 6",
    ])
    func forgedRecords(_ forged: String) {
        let key = String(repeating: "k", count: RunnerChannel.keyLength)
        let channel = [Self.record(0, key, .snippet, "0"), ChannelRecord(stdoutOffset: 4, bytes: Array(forged.replacingOccurrences(of: "KEY", with: key).utf8))]
        let run = RunTranscript(channel: channel, stdout: Array("out\n".utf8), key: key, snippets: [0, 1, 2])
        #expect(run.forgery != nil)
    }

    @Test("issue 20 #1: a record after the end is a forgery")
    func afterEnd() {
        let key = String(repeating: "k", count: RunnerChannel.keyLength)
        let channel = [Self.record(0, key, .snippet, "0"), Self.record(0, key, .end), Self.record(0, key, .snippet, "2")]
        #expect(RunTranscript(channel: channel, stdout: [], key: key, snippets: [0, 1, 2]).forgery != nil)
    }

    @Test("compiler messages are parsed from -diagnostic-style llvm output")
    func compilerMessages() {
        let output = """
            /tmp/x/snippet-3.swift:2:14: error: cannot convert value of type 'String' to specified type 'Int'
            let x: Int = "a"
                         ^~~
            snippet-1.swift:1:5: warning: initialization of variable 'y' was never used
            snippet-0.swift:1:5: note: 'y' declared here
            """
        let messages = ProgramOutcome.parseMessages(output)
        #expect(messages.map(\.severity) == ["error", "warning"])
        #expect(messages[0].file == "/tmp/x/snippet-3.swift")
        #expect((messages[0].line, messages[0].column) == (2, 14))
        #expect(ProgramVerdict.snippetIndex(messages[0].file) == 3)
        #expect(messages[1].notes.map(\.message) == ["'y' declared here"])
    }

    @Test("unified diff of expected against actual")
    func diff() {
        #expect(UnifiedDiff.diff(expected: "a\nb\nc", actual: "a\nB\nc") == """
            --- expected
            +++ actual
            @@ -1,3 +1,3 @@
             a
            -b
            +B
             c
            """)
    }

    @Test("the build directory is found next to the running executable")
    func buildDirectory() {
        _ = TemporaryCourse.buildDirectory  // builds libUIKit.so if missing
        let directory = Toolchain.defaultBuildDirectory()
        #expect(FileManager.default.fileExists(atPath: directory + "/libUIKit.so"))
        #expect(FileManager.default.fileExists(atPath: directory + "/Modules/UIKit.swiftmodule"))
    }

    @Test("the cache forgets entries unused for 30 days")
    func prune() throws {
        let directory = TemporaryFolder.make().path + "/cache"
        let cache = ResultCache(directory: directory)
        let outcome = ProgramOutcome(compiled: true, compileTimedOut: false, compilerOutput: "", messages: [], runs: [], compileSeconds: 0, date: Date())
        cache.store(outcome, key: "aa-old")
        cache.store(outcome, key: "bb-new")
        let old = Date().addingTimeInterval(-31 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.path("aa-old"))
        cache.prune()
        #expect(cache.load("aa-old") == nil)
        #expect(cache.load("bb-new") == outcome)
    }

    @Test("the cache looks for unused entries at most once a day")
    func pruneDaily() throws {
        let directory = TemporaryFolder.make().path + "/cache"
        let cache = ResultCache(directory: directory)
        let outcome = ProgramOutcome(compiled: true, compileTimedOut: false, compilerOutput: "", messages: [], runs: [], compileSeconds: 0, date: Date())
        cache.store(outcome, key: "aa-old")
        cache.prune()
        let old = Date().addingTimeInterval(-31 * 86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: cache.path("aa-old"))
        cache.prune()
        #expect(FileManager.default.fileExists(atPath: cache.path("aa-old")))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-86_401)], ofItemAtPath: directory + "/pruned")
        cache.prune()
        #expect(!FileManager.default.fileExists(atPath: cache.path("aa-old")))
    }

    @Test("the toolchain facts folder forgets facts no run used for 30 days, once a day, and nothing else it holds")
    func pruneFacts() throws {
        let directory = TemporaryFolder.make().path + "/facts"
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        let old = Date().addingTimeInterval(-31 * 86_400)
        let names = ["jobs-old.sh", "model-old.txt", "toolchain-old.txt", "introduced-old.json", "jobs-new.sh", "notes-old.txt", "sub/jobs-old.sh"]
        for name in names {
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
            if name.contains("old") { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/" + name) }
        }
        Toolchain.pruneFacts(in: directory)
        let left = Set(names.filter { FileManager.default.fileExists(atPath: directory + "/" + $0) })
        #expect(left == ["jobs-new.sh", "notes-old.txt", "sub/jobs-old.sh"])
        // Within a day of the last look, a fact that aged meanwhile stays.
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/jobs-new.sh")
        Toolchain.pruneFacts(in: directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/jobs-new.sh"))
        Toolchain.pruneFacts(in: directory, now: Date().addingTimeInterval(86_401))
        #expect(!FileManager.default.fileExists(atPath: directory + "/jobs-new.sh"))
    }

    @Test("a used entry is marked used when it was last marked over a day ago, and left as it is otherwise")
    func touchUsedEntry() throws {
        let file = TemporaryFolder.make().path + "/jobs-x.sh"
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let recent = Date().addingTimeInterval(-3_600), old = Date().addingTimeInterval(-2 * 86_400)
        func modified() throws -> Date { try #require(FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) }
        try FileManager.default.setAttributes([.modificationDate: recent], ofItemAtPath: file)
        UnusedEntries.touch(file)
        #expect(abs(try modified().timeIntervalSince(recent)) < 1)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        UnusedEntries.touch(file)
        #expect(abs(try modified().timeIntervalSinceNow) < 60)
    }

    @Test("shards are parsed as I/N")
    func shard() {
        #expect(DocTestOptions.parseShard("2/3").map { [$0.index, $0.count] } == [2, 3])
        #expect(DocTestOptions.parseShard("0/3") == nil)
        #expect(DocTestOptions.parseShard("4/3") == nil)
    }
}
