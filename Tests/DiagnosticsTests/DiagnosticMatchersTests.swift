import Diagnostics
import TestSupport
import Testing

extension Diagnostic.ID {
    /// An id for these tests alone: the Diagnostics layer declares none of its own.
    static let example = Self(rawValue: "test.example")
    static let other = Self(rawValue: "test.other")
}

@Suite("Diagnostic matchers report at the calling test's line")
struct DiagnosticMatchersTests {
    static let found = [
        Diagnostic(id: .example, severity: .warning, location: SourceLocation(path: "content/a/en.md", line: 3, column: 5), message: "m"),
        Diagnostic(id: .example, severity: .error, location: SourceLocation(path: "content/a/zh-Hans.md", line: 7, column: 1), message: "m"),
    ]

    @Test("a diagnostic matching every given field is returned")
    func match() throws {
        let d = try #require(expectDiagnostic(.example, in: Self.found, severity: .error, path: "zh-Hans.md", line: 7, column: 1))
        #expect(d.location.path == "content/a/zh-Hans.md")
        #expect(expectDiagnostic(.example, in: DiagnosticBag(Self.found), line: 3)?.severity == .warning)
        expectNoDiagnostic(.other, in: Self.found)
    }

    @Test("a missing id, a wrong place and an unexpected id each record one issue at the caller's line", arguments: [0, 1, 2, 3])
    func failures(kind: Int) {
        // Each call sits on the line whose number it is paired with.
        let (line, call): (Int, () -> Void) = switch kind {
        case 0: (#line, { expectDiagnostic(.other, in: Self.found) })
        case 1: (#line, { expectDiagnostic(.example, in: Self.found, line: 4) })
        case 2: (#line, { expectDiagnostic(.example, in: DiagnosticBag(Self.found), severity: .error, path: "en.md") })
        default: (#line, { expectNoDiagnostic(.example, in: Self.found) })
        }
        withKnownIssue {
            call()
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileName == "DiagnosticMatchersTests.swift"
        }
    }
}
