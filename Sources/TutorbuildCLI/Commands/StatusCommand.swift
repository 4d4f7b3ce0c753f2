import Diagnostics
import DocTest
import Foundation
import LessonModel

/// `tutorbuild status`: a table of lessons by language, with translation and doc-test state.
struct StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show each lesson's languages (present, missing, stale) and its snippets' last doc-test results.",
        options: [CommonOptions.content])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: arguments[CommonOptions.content]).load(into: &bag)
        let report = LastReport.load(course: course)
        let languages = course.languages
        var anyStale = false
        var rows: [[String]] = [["lesson"] + languages.map(\.rawValue) + ["snippets"]]
        for lesson in course.lessons {
            var row = [lesson.slug]
            for language in languages {
                switch lesson.translationStatus(language) {
                case .missing: row.append("missing")
                case .isSource: row.append(lesson.declaredSource == nil ? "present" : "source")
                case .upToDate: row.append("up to date")
                case .unrecorded: row.append("unrecorded")
                case .stale(let parts): row.append("stale (\(parts.count))")
                }
            }
            let snippets = snippetSummary(lesson, report)
            row.append(snippets.text)
            anyStale = anyStale || snippets.stale > 0
            rows.append(row.map(TerminalText.escaped))
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        for (i, row) in rows.enumerated() {
            context.console.out(row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.displayWidth) }.joined(separator: "  "))
            if i == 0 { context.console.out(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        if report == nil {
            context.console.err("no doc-test results yet; run 'tutorbuild test' to fill in the snippets column")
        } else if anyStale {
            context.console.err("stale: snippets changed since their last doc-test results; run 'tutorbuild test' to verify them")
        }
        return bag.hasErrors ? .failure : .success
    }

    /// Counts of the lesson's snippets by their last result, as the site would show them: a result made
    /// before its lesson file's snippets last changed is "stale", neither passing nor failing.
    static func snippetSummary(_ lesson: Lesson, _ report: VerificationReport?) -> (text: String, stale: Int) {
        var passed = 0, failed = 0, notRun = 0, stale = 0
        for document in lesson.documents {
            let inputs = report == nil ? "" : DocTestRunner.resultInputs(of: document, in: lesson)
            for snippet in document.snippets {
                let result = report?.result(path: document.path, index: snippet.index)
                if let result, result.status != .notRun, result.inputs != inputs {
                    stale += 1
                    continue
                }
                switch result?.status {
                case .passed: passed += 1
                case .failed: failed += 1
                case .notRun, nil: notRun += 1
                }
            }
        }
        return ("\(passed) passing, \(failed) failing, \(notRun) not run" + (stale > 0 ? ", \(stale) stale" : ""), stale)
    }
}

extension String {
    /// Terminal columns: CJK characters take two.
    var displayWidth: Int {
        unicodeScalars.reduce(0) { $0 + ((0x1100...0x115F).contains($1.value) || (0x2E80...0xA4CF).contains($1.value) || (0xAC00...0xD7A3).contains($1.value) || (0xF900...0xFAFF).contains($1.value) || (0xFF00...0xFF60).contains($1.value) ? 2 : 1) }
    }
}

/// The last doc-test results saved by `tutorbuild test` or `build`, if any.
enum LastReport {
    static func load(course: Course) -> VerificationReport? {
        DocTestRunner.loadResults(from: DocTestRunner(course: course).resultsPath)
    }
}
