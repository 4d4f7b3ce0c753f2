/// A problem found in content: a stable id, a severity, where it is, and what to say.
public struct Diagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Sendable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// A secondary place involved in the problem (for example the other language's twin).
    public struct Note: Hashable, Sendable, Codable {
        public var location: SourceLocation
        public var message: String

        public init(location: SourceLocation, message: String) {
            self.location = location
            self.message = message
        }
    }

    /// Stable identifier such as `lesson.front-matter.missing-title`; tests assert on it.
    public var id: ID
    public var severity: Severity
    public var location: SourceLocation
    /// Where the problem ends, when it spans more than a point.
    public var endLocation: SourceLocation?
    public var message: String
    public var notes: [Note]
    /// Extra lines printed verbatim after the message (a diff, a program's stderr).
    public var detail: String?

    public init(
        id: ID, severity: Severity, location: SourceLocation, endLocation: SourceLocation? = nil,
        message: String, notes: [Note] = [], detail: String? = nil
    ) {
        self.id = id
        self.severity = severity
        self.location = location
        self.endLocation = endLocation
        self.message = message
        self.notes = notes
        self.detail = detail
    }

    public static func error(_ id: ID, _ location: SourceLocation, _ message: String, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: id, severity: .error, location: location, message: message, notes: notes)
    }

    public static func warning(_ id: ID, _ location: SourceLocation, _ message: String, notes: [Note] = []) -> Diagnostic {
        Diagnostic(id: id, severity: .warning, location: location, message: message, notes: notes)
    }
}
