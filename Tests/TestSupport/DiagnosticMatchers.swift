import Diagnostics
import Testing

extension DiagnosticBag {
    /// The ids in the order they were reported.
    public var ids: [Diagnostic.ID] { diagnostics.map(\.id) }

    public func first(_ id: Diagnostic.ID) -> Diagnostic? { diagnostics.first { $0.id == id } }
}

/// Expects a diagnostic `id` in `diagnostics` of the given severity, in a file whose path ends with `path`, at
/// `line` and `column` (each checked only when given), and returns the first such diagnostic.
///
/// A failure is recorded at `sourceLocation`, the calling test's line, and names the places the id was found.
@discardableResult
public func expectDiagnostic(
    _ id: Diagnostic.ID, in diagnostics: [Diagnostic], severity: Diagnostic.Severity? = nil, path: String? = nil,
    line: Int? = nil, column: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    let candidates = diagnostics.filter { $0.id == id }
    guard !candidates.isEmpty else {
        Issue.record("no diagnostic '\(id)'; got \(diagnostics.map(\.id))", sourceLocation: sourceLocation)
        return nil
    }
    let match = candidates.first { d in
        (severity.map { d.severity == $0 } ?? true) && (path.map { d.location.path.hasSuffix($0) } ?? true)
            && (line.map { d.location.line == $0 } ?? true) && (column.map { d.location.column == $0 } ?? true)
    }
    if match == nil {
        let wanted = [
            severity.map { "severity \($0)" }, path.map { "path ending '\($0)'" }, line.map { "line \($0)" }, column.map { "column \($0)" },
        ].compactMap { $0 }
        let found = candidates.map { "\($0.severity) at \($0.location.path):\($0.location.line):\($0.location.column)" }
        Issue.record("no '\(id)' with \(wanted.joined(separator: ", ")); found \(found)", sourceLocation: sourceLocation)
    }
    return match
}

@discardableResult
public func expectDiagnostic(
    _ id: Diagnostic.ID, in bag: DiagnosticBag, severity: Diagnostic.Severity? = nil, path: String? = nil,
    line: Int? = nil, column: Int? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
) -> Diagnostic? {
    expectDiagnostic(id, in: bag.diagnostics, severity: severity, path: path, line: line, column: column, sourceLocation: sourceLocation)
}

/// Expects no diagnostic `id` in `diagnostics`, recording a failure at the calling test's line.
public func expectNoDiagnostic(_ id: Diagnostic.ID, in diagnostics: [Diagnostic], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let found = diagnostics.filter { $0.id == id }.map { "\($0.location.path):\($0.location.line):\($0.location.column)" }
    if !found.isEmpty {
        Issue.record("unexpected '\(id)' at \(found)", sourceLocation: sourceLocation)
    }
}

public func expectNoDiagnostic(_ id: Diagnostic.ID, in bag: DiagnosticBag, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    expectNoDiagnostic(id, in: bag.diagnostics, sourceLocation: sourceLocation)
}
