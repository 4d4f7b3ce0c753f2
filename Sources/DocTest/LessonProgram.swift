import Diagnostics
import LessonModel
import TutorbuildSupport

/// One Swift program generated from a lesson document, ready to compile (and run).
///
/// The text never mentions the Markdown file: each snippet is compiled as the virtual file
/// `snippet-<index>.swift` (via `#sourceLocation`), so translation twins with the same code produce
/// the same program, prose edits do not invalidate the cache, and locations map back to each twin.
struct LessonProgram: Sendable, Hashable {
    enum Role: Sendable, Hashable, Codable {
        /// The lesson's shared program.
        case lesson
        /// A `compile-fail` snippet after the lesson's earlier snippets; type-checked only.
        case compileFail(Int)
        /// An `isolated` snippet alone.
        case isolated(Int)
        /// The lesson's snippets before the first one with a compile error.
        case prefix
    }

    var role: Role
    /// The program text; empty in a program planned from the cache (`LessonPlan`) until it must be compiled.
    var text: String
    /// The language mode it compiles in (the lesson's, or the run's override).
    var mode: LanguageMode
    /// Snippet indices whose verdict this program decides (spliced ones included).
    var snippets: [Int]
    /// Runs to make after compiling: `nil` is the main run, a number is a `should-trap` snippet's run.
    var runs: [Int?]

    /// The text to compile, with the support type named `supportName` (see `LessonProgram.supportName`).
    func text(supportName: String) -> String {
        text.replacingOccurrences(of: Self.supportName, with: supportName)
    }

    var typecheckOnly: Bool {
        if case .compileFail = role { return true }
        return false
    }

    static let moduleName = "Lesson"
    static let supportFile = "tutorbuild-support.swift"

    static func virtualFile(_ index: Int) -> String { "snippet-\(index).swift" }

    /// Makes the program's top-level code main-actor isolated in Swift 5 mode too, as it always is in Swift 6: Swift 5
    /// treats top-level code as `@MainActor` only when it contains an `await` (SE-0343). This one never suspends
    /// (`argv` always holds the program's name). Without it, Swift 5 lessons could not call a `@MainActor` type of their own.
    static let mainActorTopLevel = "if CommandLine.arguments.isEmpty { await _Concurrency.Task.yield() }\n"

    // No `import Foundation`: UIKit re-exports it (as on iOS), and importing it directly would make the
    // model's registration-ordered NotificationCenter members ambiguous with Foundation's (docs/model.md).
    static let preamble = """
        import UIKit
        import UIKitSimulator
        import DocTestProtocol

        """

    /// Stands for the support type's name in `text`; the executor puts a fresh random name in its place for
    /// each compile, so no snippet can call the code that writes the runner's records. (cmark turns U+0000
    /// in Markdown into U+FFFD, and the builder does the same, so no snippet contains it.)
    static let supportName = "\u{0}"

    /// The support type, reached by its placeholder name.
    static func supportCall(_ member: String) -> String { supportName + "." + member }

    /// Markers and switches the generated program uses; valid in Swift 5 and Swift 6 language modes.
    ///
    /// Records go to the runner's channel (`RunnerChannel`), signed with the key the runner hands over on
    /// it, never to stdout: what a snippet prints is only ever its output.
    static let support = """
        #sourceLocation(file: "\(supportFile)", line: 1)
        enum \(supportName) {
            static let never = RunnerChannel.neverTrue
            nonisolated(unsafe) private static var key = ""
            static func start() {
                RunnerChannel.unbufferStandardOutput()
                guard let received = RunnerChannel.receiveKey() else { return }
                key = received
                RunnerChannel.connect { kind, argument in send(kind, argument) }
            }
            // (A crash is told from exit(128 + n) by the launcher, which alone sees how the program ended.)
            private static func send(_ kind: RunnerChannel.Kind, _ argument: String? = nil) {
                RunnerChannel.record(key: key, kind: kind, argument: argument)
            }
            static func enter(_ i: Int) { RunnerChannel.record(key: key, kind: .snippet, snippet: i) }
            static func trap(_ i: Int) -> Bool { RunnerChannel.isTrapTarget(i) }
            static func afterTrap(_ i: Int) { RunnerChannel.noTrap(key: key, snippet: i) }
            static func end() { RunnerChannel.record(key: key, kind: .end, argument: nil) }
        }
        \(supportName).start()
        #sourceLocation()

        """
}

/// Builds the programs of one lesson document.
struct LessonProgramBuilder {
    /// The code compiled for each snippet: comments removed (line breaks kept), so translated comments do not matter.
    var code: [Int: String]
    var snippets: [Snippet]
    var languageMode: LanguageMode
    /// Where rewritten lines' columns came from (`ObjCSourceRewriter`), by snippet index.
    var columnMaps: [Int: ObjCSourceRewriter.ColumnMap]
    /// The lesson's `@objc` methods, declared to the model's method table when a program starts.
    var methodTable: ObjCSourceRewriter.MethodTable

    /// A problem found while building, reported at the snippet.
    struct Problem: Sendable, Hashable, Codable {
        var snippet: Int
        var id: Diagnostic.ID
        var message: String
    }

    init(document: LessonDocument) {
        snippets = document.snippets
        languageMode = document.frontMatter.languageMode
        code = [:]
        for snippet in snippets {
            // U+0000 stands for the support type's name (`LessonProgram.supportName`): never in a snippet.
            let code = snippet.code.containsBytes("\u{0}") ? snippet.code.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : snippet.code
            self.code[snippet.index] = Self.namingModelTimer(Self.neutralizingFoundationImport(SwiftLexer.strippingComments(code)))
        }
        let rewritten = ObjCSourceRewriter(code: code, snippets: snippets)
        (code, columnMaps, methodTable) = (rewritten.code, rewritten.columnMaps, rewritten.methodTable)
    }

    /// Blanks `import Foundation` lines (keeping line numbers): redundant after `import UIKit`, and harmful here (see `preamble`).
    static func neutralizingFoundationImport(_ code: String) -> String {
        // Most snippets never name Foundation: no line to split into words.
        guard code.containsBytes("Foundation") else { return code }
        return code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["import", "Foundation"] ? "" : line
        }.joined(separator: "\n")
    }

    /// `Foundation.Timer` as `UIKitModel.Timer`, the simulated run loop's timer: on iOS both spellings name one class, but
    /// here Foundation's own timer waits for a run loop that never runs, so a module-qualified timer would silently never
    /// fire (docs/model.md, "Time and concurrency on the simulated clock"). Both names have ten bytes: columns keep.
    static func namingModelTimer(_ code: String) -> String {
        guard code.containsBytes("Foundation.Timer") else { return code }
        let tokens = SwiftLexer.tokens(code)
        var bytes = Array(code.utf8)
        var changed = false
        for k in tokens.indices.dropLast(2) where tokens[k].kind == .identifier && tokens[k].text == "Foundation" {
            let dot = tokens[k + 1], name = tokens[k + 2]
            guard dot.text == ".", name.text == "Timer", dot.start == tokens[k].end, name.start == dot.end,
                  k == 0 || tokens[k - 1].text != "." else { continue }
            bytes.replaceSubrange(tokens[k].start..<tokens[k].end, with: Array("UIKitModel".utf8))
            changed = true
        }
        return changed ? String(decoding: bytes, as: UTF8.self) : code
    }

    /// Attributes that place code or symbols where the linker or loader uses them: no UIKit lesson needs one.
    static let linkageAttributes: Set<String> = [
        "@section", "@_section", "@used", "@_used", "@_cdecl", "@c", "@_silgen_name", "@extern", "@_extern", "@_dynamicReplacement",
    ]

    /// The first linkage attribute in `code`, read as tokens (so comments and strings never count).
    static func linkageAttribute(in code: String) -> String? {
        guard code.containsBytes("@") else { return nil }
        return SwiftLexer.tokens(code).first { $0.kind == .attribute && linkageAttributes.contains($0.text) }?.text
    }

    static func inLessonProgram(_ snippet: Snippet) -> Bool {
        let a = snippet.attributes
        return a.mode != .ignore && a.mode != .compileFail && !a.isolated
    }

    func build() -> (programs: [LessonProgram], problems: [Problem]) {
        var programs: [LessonProgram] = []
        var problems: [Problem] = []
        let members = snippets.filter(Self.inLessonProgram)
        if let program = lessonProgram(members, problems: &problems) {
            programs.append(program)
        }
        for snippet in snippets where snippet.attributes.mode != .ignore {
            if snippet.attributes.isolated {
                var program = render([snippet], role: snippet.attributes.mode == .compileFail ? .compileFail(snippet.index) : .isolated(snippet.index), problems: &problems)
                switch snippet.attributes.mode {
                case .run: program.runs = [nil]
                case .shouldTrap: program.runs = [snippet.index]
                default: program.runs = []
                }
                programs.append(program)
            } else if snippet.attributes.mode == .compileFail {
                let earlier = members.filter { $0.index < snippet.index }
                var ignored: [Problem] = []
                var program = render(earlier + [snippet], role: .compileFail(snippet.index), problems: &ignored)
                problems += ignored.filter { $0.snippet == snippet.index }
                program.runs = []
                programs.append(program)
            }
        }
        // A problem in one snippet drops only that snippet; report it once.
        return (programs, Array(Set(problems)).sorted { ($0.snippet, $0.id) < ($1.snippet, $1.id) })
    }

    private func lessonProgram(_ members: [Snippet], problems: inout [Problem]) -> LessonProgram? {
        guard !members.isEmpty else { return nil }
        var program = render(members, role: .lesson, problems: &problems)
        let hasRun = members.contains { $0.attributes.mode == .run && $0.attributes.spliceInto == nil }
        program.runs = (hasRun ? [nil] : []) + members.filter { $0.attributes.mode == .shouldTrap }.map(\.index)
        return program
    }

    /// The lesson program cut before snippet `limit` (for a program that does not compile).
    func lessonProgram(before limit: Int) -> LessonProgram? {
        var ignored: [Problem] = []
        return lessonProgram(snippets.filter { Self.inLessonProgram($0) && $0.index < limit }, problems: &ignored)
    }

    /// Renders `included` snippets, in order, into one program.
    func render(_ included: [Snippet], role: LessonProgram.Role, problems: inout [Problem]) -> LessonProgram {
        // Where each spliced snippet goes: host snippet, 0-based line and column of the closing brace.
        var insertions: [Int: [(line: Int, column: Int, child: Int)]] = [:]
        var spliced: Set<Int> = []
        var available: [Snippet] = []
        for snippet in included {
            if let attribute = Self.linkageAttribute(in: code[snippet.index] ?? "") {
                // Left out of the program: code the linker places runs outside the snippets' order (before the
                // support code, say) and could speak for the runner.
                problems.append(Problem(
                    snippet: snippet.index, id: .doctestLinkageAttribute,
                    message: "'\(attribute)' hands code to the linker, which runs it outside the lesson's order; tutorbuild does not run such a snippet"))
                continue
            }
            if let type = snippet.attributes.spliceInto {
                var found = false
                for host in available {
                    if let end = SnippetLayout.typeBodyEnd(named: type, in: code[host.index] ?? "") {
                        insertions[host.index, default: []].append((end.line, end.column, snippet.index))
                        found = true
                        break
                    }
                }
                if found {
                    spliced.insert(snippet.index)
                } else {
                    problems.append(Problem(
                        snippet: snippet.index, id: .doctestSpliceUnknownType,
                        message: "no earlier snippet of this lesson declares a type named '\(type)' to add these members to"))
                    continue
                }
            }
            available.append(snippet)
        }
        let methods = methodTable.declarations(for: Set(available.map(\.index)))
        var out = LessonProgram.preamble + LessonProgram.support + LessonProgram.mainActorTopLevel + methods.start
        let compileOnly: Bool = {
            if case .compileFail = role { return true }
            return false
        }()
        for snippet in available where !spliced.contains(snippet.index) {
            let i = snippet.index
            let lines = renderedLines(i, insertions: insertions)
            let mode = snippet.attributes.mode == .compileFail ? SnippetAttributes.Mode.run : snippet.attributes.mode
            switch mode {
            case .run, .compileFail, .ignore:
                out += LessonProgram.supportCall("enter(\(i))\n")
                out += chunk(i, lines, 0..<lines.count)
            case .noRun, .shouldTrap:
                let layout = SnippetLayout(code: code[i] ?? "")
                var isDeclaration = Array(repeating: false, count: lines.count)
                // A no-run snippet compiles as in a file: its variables are file-scope globals too (their initial
                // values are computed when the program reaches them, as for any snippet). A should-trap snippet's
                // variables stay in its block, which runs only in its own run.
                for range in layout.declarations + (mode == .noRun ? layout.variables : []) {
                    for l in range where l < lines.count { isDeclaration[l] = true }
                }
                for range in runs(of: true, in: isDeclaration) { out += chunk(i, lines, range) }
                out += mode == .noRun ? "if " + LessonProgram.supportCall("never {\n") : "if " + LessonProgram.supportCall("trap(\(i)) {\n")
                out += LessonProgram.supportCall("enter(\(i))\n")
                for range in runs(of: false, in: isDeclaration) { out += chunk(i, lines, range) }
                out += "}\n"
                if mode == .shouldTrap { out += LessonProgram.supportCall("afterTrap(\(i))\n") }
            }
        }
        out += methods.end
        if !compileOnly { out += LessonProgram.supportCall("end()\n") }
        return LessonProgram(
            role: role, text: out, mode: languageMode,
            snippets: available.map(\.index), runs: [])
    }

    /// Each line of the snippet's code as program text, with spliced members inserted before closing braces.
    func renderedLines(_ index: Int, insertions: [Int: [(line: Int, column: Int, child: Int)]]) -> [String] {
        var lines = (code[index] ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let byLine = Dictionary(grouping: insertions[index] ?? [], by: \.line)
        for (line, items) in byLine where line < lines.count {
            let scalars = Array(lines[line].unicodeScalars)
            let column = min(items[0].column, scalars.count)
            var text = String(String.UnicodeScalarView(scalars[..<column])) + "\n"
            for item in items {
                let childLines = renderedLines(item.child, insertions: insertions)
                text += chunk(item.child, childLines, 0..<childLines.count)
            }
            // Back to the host, with the brace at its original column.
            text += "#sourceLocation(file: \"\(LessonProgram.virtualFile(index))\", line: \(line + 1))\n"
            text += String(repeating: " ", count: column) + String(String.UnicodeScalarView(scalars[column...]))
            lines[line] = text
        }
        return lines
    }

    func chunk(_ index: Int, _ lines: [String], _ range: Range<Int>) -> String {
        guard !range.isEmpty else { return "" }
        var out = "#sourceLocation(file: \"\(LessonProgram.virtualFile(index))\", line: \(range.lowerBound + 1))\n"
        for l in range { out += lines[l] + "\n" }
        return out + "#sourceLocation()\n"
    }

    private func runs(of value: Bool, in flags: [Bool]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (k, flag) in flags.enumerated() {
            if flag == value, start == nil { start = k }
            if flag != value, let s = start { result.append(s..<k); start = nil }
        }
        if let s = start { result.append(s..<flags.count) }
        return result
    }
}
