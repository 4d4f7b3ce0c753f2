/// Turns diagnostics into compiler-style text (`path:line:col: error: message`).
public struct DiagnosticFormatter: Sendable {
    public var useColor: Bool

    public init(useColor: Bool = false) {
        self.useColor = useColor
    }

    public func format(_ d: Diagnostic) -> String {
        var out = "\(bold(d.location.description)): \(label(d.severity)) \(bold(d.message))"
        if let detail = d.detail, !detail.isEmpty {
            out += "\n" + detail.trimmingTrailingNewlines()
        }
        for note in d.notes {
            out += "\n\(bold(note.location.description)): \(label(.note)) \(note.message)"
        }
        return out
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
