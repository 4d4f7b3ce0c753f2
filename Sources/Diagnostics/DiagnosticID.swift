extension Diagnostic {
    /// A diagnostic's stable id, such as `lesson.front-matter.missing-title`: tests, JSON output and editors
    /// match on its text, so that text never changes.
    ///
    /// Each layer declares its ids once, as constants in an extension of this type (`Diagnostic.ID.lessonEmpty`,
    /// in the layer's `DiagnosticIDs.swift`), and code branches on those constants, never on text. A string
    /// literal is not an id, so a misspelt id does not compile; `init(rawValue:)` is for those declarations
    /// and for reading ids back from JSON.
    public struct ID: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        public static func < (a: ID, b: ID) -> Bool { a.rawValue < b.rawValue }

        /// Encoded as its text, as ids always were.
        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
