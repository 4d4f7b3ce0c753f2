import Diagnostics
import Foundation

/// The one place that turns collected diagnostics into output and an exit code.
struct DiagnosticReporter {
    var console: Console
    var format: OutputFormat
    var warningsAsErrors: Bool

    /// Prints every diagnostic and returns whether the run must fail.
    @discardableResult
    func report(_ bag: DiagnosticBag, summary: Bool = true) -> Bool {
        let diagnostics = bag.sorted
        if format == .json {
            console.out(Self.json(diagnostics))
        } else {
            let formatter = DiagnosticFormatter(useColor: console.useColor)
            for text in formatter.format(diagnostics) { console.err(text) }
            if summary, !diagnostics.isEmpty {
                console.err("\(count(bag.errorCount, "error")), \(count(bag.warningCount, "warning"))")
            }
        }
        return fails(bag)
    }

    func fails(_ bag: DiagnosticBag) -> Bool {
        failures(bag) > 0
    }

    /// How many of the bag's diagnostics fail the command (errors, and warnings under `--warnings-as-errors`).
    func failures(_ bag: DiagnosticBag) -> Int {
        bag.errorCount + (warningsAsErrors ? bag.warningCount : 0)
    }

    private func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }

    /// Diagnostics for editors: one JSON document with ranges and notes.
    static func json(_ diagnostics: [Diagnostic]) -> String {
        struct Output: Encodable {
            var diagnostics: [Diagnostic]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(Output(diagnostics: diagnostics))) ?? Data("{\"diagnostics\":[]}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
