/// Turns diagnostics into compiler-style text (`path:line:col: error: message`).
public struct DiagnosticFormatter: Sendable {
    public var useColor: Bool

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    /// Most diagnostics printed as text in one run; the rest are counted (JSON output has them all).
    public static let maximumPrinted = 200

    /// One diagnostic as text, its id at the end of the first line as a compiler puts its warning flag
    /// (`[lesson.empty]`, which `tutorbuild explain` explains); what a lesson supplied (paths, messages quoting
    /// it, snippet output in a detail) has its control characters escaped (`TerminalText`), so only our
    /// colours reach the terminal.
    public func format(_ d: Diagnostic) -> String {
        var out = "\(bold(TerminalText.escaped(d.location.description))): \(label(d.severity)) \(bold(TerminalText.escaped(d.message))) [\(TerminalText.escaped(d.id.rawValue))]"
        if let detail = d.detail, !detail.isEmpty {
            out += "\n" + TerminalText.escaped(detail.trimmingTrailingNewlines())
        }
        for note in d.notes {
            out += "\n\(bold(TerminalText.escaped(note.location.description))): \(label(.note)) \(TerminalText.escaped(note.message))"
        }
        return out
    }

    /// The first `limit` diagnostics formatted, then one line counting those left out, so a hostile or
    /// broken course cannot flood the terminal or the CI log.
    public func format(_ diagnostics: [Diagnostic], limit: Int = maximumPrinted) -> [String] {
        var lines = diagnostics.prefix(limit).map(format)
        if diagnostics.count > limit {
            let rest = diagnostics[limit...]
            let errors = rest.count { $0.severity == .error }
            lines.append("note: \(rest.count) more diagnostics not shown (\(errors) errors, \(rest.count - errors) warnings); '--format json' lists them all")
        }
        return lines
    }

    private func label(_ severity: Diagnostic.Severity) -> String {
        let text = "\(severity.rawValue):"
        guard useColor else { return text }
        let code = switch severity {
        case .error: "31"
        case .warning: "35"
        case .note: "36"
        }
        return "\u{1B}[1;\(code)m\(text)\u{1B}[0m"
    }

    private func bold(_ text: String) -> String {
        useColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.last == "\n" { s = s.dropLast() }
        return String(s)
    }
}
