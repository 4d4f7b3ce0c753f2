/// A 1-based line and column in a source file, the column counted in UTF-8 bytes as cmark reports it.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourcePosition, b: SourcePosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }
}

/// A span of source text from `start` up to and including `end` (cmark's convention).
public struct SourceRange: Hashable, Sendable, Codable {
    public var start: SourcePosition
    public var end: SourcePosition

    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }

    public init(line: Int, column: Int = 1) {
        self.start = SourcePosition(line: line, column: column)
        self.end = start
    }
}
