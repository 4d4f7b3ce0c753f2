extension Diagnostic {
    /// A diagnostic's wording, made by a factory declared beside its id (`extension Diagnostic.Message {
    /// static func … }`), so a call site names a message instead of composing one.
    public struct Message: Sendable, Hashable, CustomStringConvertible {
        public let text: String

        public init(_ text: String) {
            self.text = text
        }

        public var description: String { text }
    }

    public static func error(_ id: ID, _ location: SourceLocation, _ message: Message, notes: [Note] = []) -> Diagnostic {
        .error(id, location, message.text, notes: notes)
    }

    public static func warning(_ id: ID, _ location: SourceLocation, _ message: Message, notes: [Note] = []) -> Diagnostic {
        .warning(id, location, message.text, notes: notes)
    }
}

extension DiagnosticBag {
    public mutating func error(_ id: Diagnostic.ID, _ location: SourceLocation, _ message: Diagnostic.Message, notes: [Diagnostic.Note] = []) {
        append(.error(id, location, message, notes: notes))
    }

    public mutating func warning(_ id: Diagnostic.ID, _ location: SourceLocation, _ message: Diagnostic.Message, notes: [Diagnostic.Note] = []) {
        append(.warning(id, location, message, notes: notes))
    }
}
