/// A place a message can point at: a file path with a 1-based line and column.
///
/// Unlike `SourcePosition`, the column here counts Unicode scalars, which is what a
/// reader sees in an editor when a line holds Chinese text.
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// A location that names a whole file.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(path: path, line: 1, column: 1)
    }

    public var description: String { "\(path):\(line):\(column)" }
}
