import Diagnostics
import LessonModel

/// One Swift program generated from a lesson document, ready to compile (and run).
///
/// The text never mentions the Markdown file: each snippet is compiled as the virtual file
/// `snippet-<index>.swift` (via `#sourceLocation`), so translation twins with the same code produce
/// the same program, prose edits do not invalidate the cache, and locations map back to each twin.
struct LessonProgram: Sendable, Hashable {
    enum Role: Sendable, Hashable {
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
    var text: String
    var swiftVersion: Int
    /// Snippet indices whose verdict this program decides (spliced ones included).
    var snippets: [Int]
    /// Runs to make after compiling: `nil` is the main run, a number is a `should-trap` snippet's run.
    var runs: [Int?]

    var typecheckOnly: Bool {
        if case .compileFail = role { return true }
        return false
    }

    static let moduleName = "Lesson"
    static let supportFile = "tutorbuild-support.swift"

    static func virtualFile(_ index: Int) -> String { "snippet-\(index).swift" }

    // No `import Foundation`: UIKit re-exports it (as on iOS), and importing it directly would make the
    // model's registration-ordered NotificationCenter members ambiguous with Foundation's (docs/model.md).
    static let preamble = """
        import UIKit
        import UIKitSimulator

        """

    /// Markers and switches the generated program uses; valid in Swift 5 and Swift 6 language modes.
    static let support = """
        #sourceLocation(file: "\(supportFile)", line: 1)
        #if canImport(Glibc)
        import Glibc
        #endif
        enum __TutorbuildDocTest {
            static let trapTarget: Int = getenv("TUTORBUILD_TRAP").flatMap { Int(String(cString: $0)) } ?? -1
            static let never: Bool = getenv("TUTORBUILD_NEVER_SET_THIS") != nil && getenv("TUTORBUILD_TRAP") == nil
            static func start() {
                // Unbuffered stdout, so a crash keeps everything printed before it.
                if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "stdout") {
                    let stream = symbol.assumingMemoryBound(to: UnsafeMutablePointer<FILE>?.self).pointee
                    setvbuf(stream, nil, _IONBF, 0)
                }
            }
            static func enter(_ i: Int) { print("\\u{1E}TUTORBUILD-SNIPPET \\(i)") }
            static func trap(_ i: Int) -> Bool { trapTarget == i }
            static func afterTrap(_ i: Int) {
                if trapTarget == i {
                    print("\\u{1E}TUTORBUILD-NO-TRAP \\(i)")
                    exit(0)
                }
            }
            static func end() { print("\\u{1E}TUTORBUILD-END") }
        }
        __TutorbuildDocTest.start()
        #sourceLocation()

        """
}

/// Builds the programs of one lesson document.
struct LessonProgramBuilder {
    /// The code compiled for each snippet: comments removed (line breaks kept), so translated comments do not matter.
    var code: [Int: String]
    var snippets: [Snippet]
    var swiftVersion: Int
    /// Where rewritten lines' columns came from (`ObjCSourceRewriter`), by snippet index.
    var columnMaps: [Int: ObjCSourceRewriter.ColumnMap]

    /// A problem found while building, reported at the snippet.
    struct Problem: Sendable, Hashable {
        var snippet: Int
        var id: String
        var message: String
    }

    init(document: LessonDocument) {
        snippets = document.snippets
        swiftVersion = document.frontMatter.swiftVersion
        code = [:]
        for snippet in snippets {
            code[snippet.index] = Self.neutralizingFoundationImport(SwiftLexer.strippingComments(snippet.code))
        }
        let rewritten = ObjCSourceRewriter(code: code, snippets: snippets)
        (code, columnMaps) = (rewritten.code, rewritten.columnMaps)
    }

    /// Blanks `import Foundation` lines (keeping line numbers): redundant after `import UIKit`, and harmful here (see `preamble`).
    static func neutralizingFoundationImport(_ code: String) -> String {
        code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["import", "Foundation"] ? "" : line
        }.joined(separator: "\n")
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
                        snippet: snippet.index, id: "doctest.splice.unknown-type",
                        message: "no earlier snippet of this lesson declares a type named '\(type)' to add these members to"))
                    continue
                }
            }
            available.append(snippet)
        }
        var out = LessonProgram.preamble + LessonProgram.support
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
                out += "__TutorbuildDocTest.enter(\(i))\n"
                out += chunk(i, lines, 0..<lines.count)
            case .noRun, .shouldTrap:
                let layout = SnippetLayout(code: code[i] ?? "")
                var isDeclaration = Array(repeating: false, count: lines.count)
                for range in layout.declarations {
                    for l in range where l < lines.count { isDeclaration[l] = true }
                }
                for range in runs(of: true, in: isDeclaration) { out += chunk(i, lines, range) }
                out += mode == .noRun ? "if __TutorbuildDocTest.never {\n" : "if __TutorbuildDocTest.trap(\(i)) {\n"
                out += "__TutorbuildDocTest.enter(\(i))\n"
                for range in runs(of: false, in: isDeclaration) { out += chunk(i, lines, range) }
                out += "}\n"
                if mode == .shouldTrap { out += "__TutorbuildDocTest.afterTrap(\(i))\n" }
            }
        }
        if !compileOnly { out += "__TutorbuildDocTest.end()\n" }
        return LessonProgram(
            role: role, text: out, swiftVersion: swiftVersion,
            snippets: available.map(\.index), runs: [])
    }

    /// Each line of the snippet's code as program text, with spliced members inserted before closing braces.
    private func renderedLines(_ index: Int, insertions: [Int: [(line: Int, column: Int, child: Int)]]) -> [String] {
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

    private func chunk(_ index: Int, _ lines: [String], _ range: Range<Int>) -> String {
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
