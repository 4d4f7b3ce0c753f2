import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// `compile-fail=swift6`: fails in Swift 6 mode, compiles (its warnings reported) in Swift 5 mode, never skipped.
@Suite("compile-fail in one language mode: the verdict in each mode")
struct CompileFailModeRunTests {
    typealias Modes = LanguageModeTests

    static func snippet(_ attributes: String, _ code: String) -> String {
        TemporaryCourse.lesson("Mode", "```swift \(attributes)\n\(code)\n```\n")
    }

    static let observer = TemporaryCourse.lesson("Observer", LanguageModeTests.observer(
        "compile-fail=swift6 compile-fail=\"sending 'note' risks causing data races\""))

    @Test("uikit-behaviour-3 §B6.2 #166/#171: the everyday block observer fails in Swift 6 mode and compiles, with its warning, in Swift 5 mode",
          arguments: Modes.allModes)
    func observer(_ mode: LanguageMode) throws {
        let (report, bag) = try Modes.run("obs/en.md", Self.observer, in: mode)
        #expect(report.failed == 0, "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed == 1)
        let result = try #require(report.verification.results[report.entry("obs/en.md", 0)!.key])
        let warning = report.diagnostics.first { $0.id == .doctestCompileWarning && $0.message.contains("adjustForKeyboard") }
        if mode.swiftVersion == 6 {
            #expect(result.reason?.hasPrefix("fails to compile as expected") == true)
        } else {
            #expect(warning?.location.line == 15, "the warning is reported at the call, in the Markdown file")
            #expect(result.reason?.hasPrefix("compiles in \(mode) as expected (it fails to compile only in swift6), with") == true)
        }
    }

    @Test("fails where it must, compiles where it must, and each wrong outcome is reported", arguments: [
        // Fails in both modes: right in Swift 6, reported in Swift 5.
        ("let count: Int = \"three\"", Modes.swift6MainActor, nil),
        ("let count: Int = \"three\"", Modes.swift5MainActor, Diagnostic.ID.doctestCompileFailOutsideMode),
        // Compiles in both: reported in Swift 6, right in Swift 5.
        ("let count = 3", Modes.swift6MainActor, .doctestCompileFailCompiled),
        ("let count = 3", Modes.swift5Nonisolated, nil),
    ] as [(String, LanguageMode, Diagnostic.ID?)])
    func verdict(code: String, mode: LanguageMode, id: Diagnostic.ID?) throws {
        let (report, bag) = try Modes.run("m/en.md", Self.snippet("compile-fail=swift6", code), in: mode)
        #expect(report.ids("m/en.md") == (id.map { [$0] } ?? []), "\((report.diagnostics + bag.diagnostics).map(\.message))")
        #expect(report.passed + report.failed == 1, "never skipped")
        if id == .doctestCompileFailOutsideMode {
            let d = try #require(report.diagnostics.first { $0.id == id })
            #expect(d.location.line == 6, "at the error, in the Markdown file")
            #expect(d.message.contains("marked 'compile-fail=swift6', but it fails to compile in Swift 5 · MainActor too"))
        }
    }

    @Test("an isolation condition: compile-fail=nonisolated fails only with nonisolated default isolation", arguments: [
        (Modes.swift5Nonisolated, Diagnostic.ID?.none), (Modes.swift5MainActor, .doctestCompileFailOutsideMode),
    ])
    func isolation(mode: LanguageMode, id: Diagnostic.ID?) throws {
        let (report, _) = try Modes.run("m/en.md", Self.snippet("compile-fail=nonisolated", "let count: Int = \"three\""), in: mode)
        #expect(report.ids("m/en.md") == (id.map { [$0] } ?? []))
    }
}
