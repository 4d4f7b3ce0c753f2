import Diagnostics
import LessonModel
import TestSupport
import Testing

@Suite("compile-fail in one language mode")
struct CompileFailModeTests {
    let header = "---\ntitle: x\n---\n"
    typealias Condition = SnippetAttributes.FailCondition

    @Test("an unquoted value is the modes the snippet fails in, a quoted one the error's text", arguments: [
        ("swift compile-fail=swift6", Condition(swiftVersion: 6), nil),
        ("swift compile-fail=swift5", Condition(swiftVersion: 5), nil),
        ("swift compile-fail=nonisolated", Condition(defaultIsolation: .nonisolated), nil),
        ("swift compile-fail=MainActor", Condition(defaultIsolation: .mainActor), nil),
        ("swift compile-fail=swift6+MainActor", Condition(swiftVersion: 6, defaultIsolation: .mainActor), nil),
        ("swift compile-fail=nonisolated+swift5", Condition(swiftVersion: 5, defaultIsolation: .nonisolated), nil),
        ("swift compile-fail=swift6 compile-fail=\"risks causing data races\"", Condition(swiftVersion: 6), "risks causing data races"),
        ("swift compile-fail=\"swift6\"", nil, "swift6"),
        ("swift compile-fail", nil, nil),
        ("swift compile-fail isolated", nil, nil),
    ] as [(String, Condition?, String?)])
    func parsed(info: String, condition: Condition?, text: String?) throws {
        let (doc, bag) = parseLesson(header + "```\(info)\nx\n```\n")
        #expect(bag.diagnostics.isEmpty)
        let attributes = try #require(doc.snippets.first?.attributes)
        #expect(attributes.mode == .compileFail)
        #expect(attributes.failsIn == condition)
        #expect(attributes.expectedError == text)
    }

    @Test("a wrong mode, or a mode or a text given twice, is an error at the word", arguments: [
        ("swift compile-fail=swift7", Diagnostic.ID.snippetCompileFailMode, 10),
        ("swift compile-fail=Sendable", .snippetCompileFailMode, 10),
        ("swift compile-fail=mainactor", .snippetCompileFailMode, 10),
        ("swift compile-fail=swift5+swift6", .snippetCompileFailMode, 10),
        ("swift compile-fail=swift6+", .snippetCompileFailMode, 10),
        ("swift compile-fail=swift06", .snippetCompileFailMode, 10),
        ("swift no-run compile-fail=swift6x", .snippetCompileFailMode, 17),
        ("swift compile-fail=swift6 compile-fail=nonisolated", .snippetCompileFailTwice, 30),
        ("swift compile-fail=\"a\" compile-fail=\"b\"", .snippetCompileFailTwice, 27),
    ])
    func wrong(info: String, id: Diagnostic.ID, column: Int) {
        // The fence is line 4; the first attribute starts at column 10.
        let (_, bag) = parseLesson(header + "```\(info)\nx\n```\n")
        expectDiagnostic(id, in: bag, severity: .error, line: 4, column: column)
    }

    @Test("a condition matches the modes it names, and any value of what it leaves out", arguments: [
        (Condition(swiftVersion: 6), LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor), true),
        (Condition(swiftVersion: 6), LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated), true),
        (Condition(swiftVersion: 6), LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor), false),
        (Condition(defaultIsolation: .nonisolated), LanguageMode(swiftVersion: 5, defaultIsolation: .nonisolated), true),
        (Condition(defaultIsolation: .nonisolated), LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor), false),
        (Condition(swiftVersion: 6, defaultIsolation: .mainActor), LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor), true),
        (Condition(swiftVersion: 6, defaultIsolation: .mainActor), LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated), false),
    ])
    func matches(condition: Condition, mode: LanguageMode, expected: Bool) {
        #expect(condition.matches(mode) == expected)
        #expect(condition.matches(swiftVersion: mode.swiftVersion, defaultIsolation: mode.defaultIsolation.rawValue) == expected)
        #expect(Condition(parsing: condition.description) == condition)
    }
}
