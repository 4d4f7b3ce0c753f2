import Diagnostics
import Foundation
import Testing
@testable import TutorbuildCLI

/// `tutorbuild explain` and `docs/diagnostics.md`: every declared id is explained, and the page is the command's output.
@Suite("Diagnostic explanations")
struct ExplainCommandTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(arguments, context: CommandContext(console: captured.console(), environment: [:]))
        return (status, captured.stdout, captured.stderr)
    }

    /// Every id declared in `Sources/`: the `Self(rawValue: "…")` constants of each `DiagnosticIDs.swift`, and any
    /// `Diagnostic.ID(rawValue: "…")` literal elsewhere.
    static func declaredIDs() throws -> [String] {
        let sources = package.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        var ids: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let pattern = file.hasSuffix("/DiagnosticIDs.swift") ? /(?:Self|Diagnostic\.ID)\(rawValue: "([^"]+)"\)/ : /Diagnostic\.ID\(rawValue: "([^"]+)"\)/
            ids += text.matches(of: pattern).map { String($0.output.1) }
        }
        return ids
    }

    @Test("issue 33 #3: every declared id has exactly one explanation, and every explanation a declared id")
    func everyIDExplained() throws {
        let declared = try Self.declaredIDs()
        #expect(declared.count >= 80)
        #expect(Set(declared).count == declared.count, "an id is declared twice")
        let explained = DiagnosticCatalog.explanations.map(\.id.rawValue)
        #expect(Set(explained).count == explained.count, "an id is explained twice")
        #expect(Set(declared).subtracting(explained).sorted() == [], "declared without an explanation")
        #expect(Set(explained).subtracting(declared).sorted() == [], "explained but never declared")
    }

    @Test("issue 33 #3: 'explain ID' prints what the id means, an example and a fix", arguments: DiagnosticCatalog.explanations.map(\.id.rawValue))
    func explains(id: String) throws {
        let explanation = try #require(DiagnosticCatalog.explanation(of: id))
        #expect(!explanation.summary.isEmpty && !explanation.summary.contains("\n") && !explanation.summary.hasSuffix("."))
        #expect(!explanation.details.isEmpty && !explanation.fix.isEmpty)
        #expect(!explanation.example.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
        let result = run(["explain", id])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("\(id): \(explanation.summary)\n"))
        // The summary, what it means, the example and the fix, each on lines of its own.
        #expect(result.out.split(separator: "\n").count >= 5)
        #expect(result.out.contains("\nExample") && result.out.contains("\nFix: "))
    }

    @Test("'explain --list' lists every id with its summary, one a line")
    func list() {
        let result = run(["explain", "--list"])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == DiagnosticCatalog.explanations.count)
        for (line, explanation) in zip(lines, DiagnosticCatalog.explanations) {
            #expect(line.hasPrefix(explanation.id.rawValue + " ") && line.hasSuffix(explanation.summary))
        }
    }

    @Test("an unknown id is a usage error that suggests the nearest id")
    func unknownID() {
        let result = run(["explain", "lesson.front-matter.missing-titel"])
        #expect(result.status == 2)
        #expect(result.err.contains("did you mean 'lesson.front-matter.missing-title'?"))
        #expect(run(["explain", "nothing.like.it.at.all"]).err.contains("'tutorbuild explain --list'"))
    }

    @Test("explain takes exactly one of ID, --list and --markdown", arguments: [
        ["explain"], ["explain", "--list", "--markdown"], ["explain", "lesson.empty", "--list"], ["explain", "lesson.empty", "lesson.empty"],
    ])
    func usage(arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 2)
        #expect(result.err.contains("hint: see 'tutorbuild explain --help'"))
    }

    @Test("issue 33 #3: docs/diagnostics.md is what 'explain --markdown' prints")
    func pageIsGenerated() throws {
        let page = try String(contentsOf: Self.package.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let result = run(["explain", "--markdown"])
        #expect(result.status == 0)
        #expect(page == result.out, "docs/diagnostics.md is out of date; regenerate it with: \(DiagnosticCatalog.regenerate)")
        for explanation in DiagnosticCatalog.explanations {
            #expect(page.contains("### `\(explanation.id)`"))
        }
    }

    @Test("a diagnostic's line ends with its id, which 'explain' knows")
    func idOnTheLine() {
        let captured = CapturedConsole()
        let status = Tutorbuild.main(["check", "--content", "/nonexistent/content"], context: CommandContext(console: captured.console(), environment: [:]))
        #expect(status == 1)
        let line = captured.stderr.split(separator: "\n").first ?? ""
        #expect(line.hasSuffix(" [course.content.missing]"))
        #expect(DiagnosticCatalog.explanation(of: "course.content.missing") != nil)
    }
}
