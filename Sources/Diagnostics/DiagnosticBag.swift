/// Collects diagnostics as a parse or check goes on, so one bad file never stops the rest.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init(_ diagnostics: [Diagnostic] = []) {
        self.diagnostics = diagnostics
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    public mutating func error(_ id: Diagnostic.ID, _ location: SourceLocation, _ message: String, notes: [Diagnostic.Note] = []) {
        append(.error(id, location, message, notes: notes))
    }

    public mutating func warning(_ id: Diagnostic.ID, _ location: SourceLocation, _ message: String, notes: [Diagnostic.Note] = []) {
        append(.warning(id, location, message, notes: notes))
    }

    /// Sets the end of every diagnostic appended since index `start` that has none yet.
    public mutating func setEndLocation(_ end: SourceLocation, from start: Int) {
        for i in start..<diagnostics.count where diagnostics[i].endLocation == nil {
            diagnostics[i].endLocation = end
        }
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// Diagnostics in reading order: by path, then line, then column.
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if x.path != y.path { return x.path < y.path }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
