import Diagnostics
import Foundation
import TutorbuildSupport

/// Turns a `DocTestReport` into text for a terminal, JUnit XML, JSON and GitHub annotations.
public struct DocTestReporter: Sendable {
    public var useColor: Bool

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    /// The closing line: exactly `N passed, N failed`, then `, N skipped` when any were skipped.
    ///
    /// `contentFailures` are problems outside any snippet that fail the run all the same (a twin whose code
    /// differs, a broken front matter): counted as failures, so `0 failed` always means success.
    public static func summaryLine(_ report: DocTestReport, contentFailures: Int = 0) -> String {
        summaryLine(passed: report.passed, failed: report.failed + contentFailures, skipped: report.skipped)
    }

    /// The closing line for these counts (a rebuild adds the lessons it did not load to its own run's).
    public static func summaryLine(passed: Int, failed: Int, skipped: Int) -> String {
        var line = "\(passed) passed, \(failed) failed"
        if skipped > 0 { line += ", \(skipped) skipped" }
        return line
    }

    /// Compiler-style blocks for each diagnostic, then why snippets were skipped, statistics, and the summary line last.
    public func text(_ report: DocTestReport, contentFailures: Int = 0) -> String {
        let formatter = DiagnosticFormatter(useColor: useColor)
        var out: [String] = formatter.format(report.diagnostics)
        if !report.blessed.isEmpty {
            out.append("blessed: rewrote expected output in " + report.blessed.joined(separator: ", "))
        }
        if report.skipped > 0 {
            out.append("skipped: " + report.skippedByCategory.map { "\($0.count) \($0.category)" }.joined(separator: ", "))
        }
        let s = report.statistics
        let merged = s.mergedCompiles > 0
            ? " (\(s.answeredByMerged) in \(s.mergedCompiles) merged compile\(s.mergedCompiles == 1 ? "" : "s"))" : ""
        out.append(
            "\(s.programs) programs: \(s.compiled) compiled\(merged), \(s.cacheHits) from cache, "
                + "\(s.sharedWithTwin) shared with a translation twin (\(String(format: "%.1f", s.seconds)) s)")
        if contentFailures > 0 {
            out.append("\(contentFailures) problem\(contentFailures == 1 ? "" : "s") outside snippets (above) fail\(contentFailures == 1 ? "s" : "") the run")
        }
        out.append(Self.summaryLine(report, contentFailures: contentFailures))
        return out.joined(separator: "\n") + "\n"
    }

    /// JUnit XML: a test suite per lesson file, a test case per snippet.
    public static func junitXML(_ report: DocTestReport) -> String {
        let byPath = Dictionary(grouping: report.entries, by: \.key.path)
        let paths = report.entries.map(\.key.path).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"tutorbuild test\" tests=\"\(report.entries.count)\" failures=\"\(report.failed)\" skipped=\"\(report.skipped)\" time=\"\(String(format: "%.3f", report.statistics.seconds))\">\n"
        for path in paths {
            let entries = byPath[path] ?? []
            xml += "  <testsuite name=\"\(attribute(path))\" tests=\"\(entries.count)\" failures=\"\(entries.count { $0.status == .failed })\" skipped=\"\(entries.count { $0.status == .notRun })\">\n"
            for e in entries {
                xml += "    <testcase classname=\"\(attribute(e.slug + "." + e.language))\" name=\"\(attribute("snippet \(e.key.index + 1) (line \(e.line))"))\" file=\"\(attribute(path))\" line=\"\(e.line)\""
                switch e.status {
                case .passed: xml += "/>\n"
                case .notRun: xml += ">\n      <skipped message=\"\(attribute(e.reason ?? "not run"))\"/>\n    </testcase>\n"
                case .failed:
                    let details = report.diagnostics.filter { $0.location.path == path && $0.severity == .error && isAbout(e, $0, report) }
                    let body = details.map { DiagnosticFormatter().format($0) }.joined(separator: "\n")
                    xml += ">\n      <failure message=\"\(attribute(e.reason ?? "failed"))\">\(XMLEscaping.escaped(body, in: .text))</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    private static func attribute(_ value: String) -> String {
        XMLEscaping.escaped(value, in: .attribute)
    }

    /// The diagnostic lies within the snippet's block (or its output block).
    static func isAbout(_ entry: DocTestReport.Entry, _ d: Diagnostic, _ report: DocTestReport) -> Bool {
        let next = report.entries.filter { $0.key.path == entry.key.path && $0.line > entry.line }.map(\.line).min() ?? Int.max
        return d.location.line >= entry.line && d.location.line < next
    }

    /// The whole report as JSON: counts, entries, diagnostics (with ranges), statistics and provenance.
    public static func json(_ report: DocTestReport) throws -> String {
        struct Document: Encodable {
            var summary: String
            var passed: Int
            var failed: Int
            var skipped: Int
            var skippedByCategory: [String: Int]
            var toolchain: String
            var modelHash: String
            var statistics: DocTestReport.Statistics
            var blessed: [String]
            var entries: [DocTestReport.Entry]
            var diagnostics: [Diagnostic]
        }
        let doc = Document(
            summary: summaryLine(report), passed: report.passed, failed: report.failed, skipped: report.skipped,
            skippedByCategory: Dictionary(uniqueKeysWithValues: report.skippedByCategory.map { ($0.category, $0.count) }),
            toolchain: report.verification.toolchain, modelHash: report.verification.modelHash,
            statistics: report.statistics, blessed: report.blessed, entries: report.entries, diagnostics: report.diagnostics)
        return String(decoding: try JSONEncoder.doctest.encode(doc), as: UTF8.self) + "\n"
    }

    /// `::error file=…,line=…,col=…,title=…::message` lines for GitHub Actions.
    public static func githubAnnotations(_ report: DocTestReport) -> String {
        report.diagnostics.filter { $0.severity != .note }.map { d in
            let level = d.severity == .error ? "error" : "warning"
            // The log shows the message on a terminal of its own: control characters are shown, not obeyed.
            var message = TerminalText.escaped(d.message)
            if let detail = d.detail, !detail.isEmpty { message += "\n" + TerminalText.escaped(detail) }
            for note in d.notes { message += "\nnote: \(TerminalText.escaped(note.location.description)): \(TerminalText.escaped(note.message))" }
            return "::\(level) file=\(property(d.location.path)),line=\(d.location.line),col=\(d.location.column),title=\(property(d.id.rawValue))::\(data(message))"
        }.joined(separator: "\n") + (report.diagnostics.isEmpty ? "" : "\n")
    }

    /// Whether to print GitHub annotations (`GITHUB_ACTIONS=true`).
    public static var isGitHubActions: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    private static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
