/// A 1-based line and column in a source file, the column counted in UTF-8 bytes as cmark reports it.
public struct SourcePosition: Hashable, Comparable, Sendable, Codable {
    // Stored as 32-bit numbers: every copied Markdown node carries two positions, and lesson files
    // are far below 2^31 lines or bytes (the loader refuses files over 16 MB).
    private var storedLine: Int32
    private var storedColumn: Int32

    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = Int32(clamping: newValue) }
    }

    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = Int32(clamping: newValue) }
    }

    public init(line: Int, column: Int) {
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    private enum CodingKeys: String, CodingKey {
        case line, column
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(line: try container.decode(Int.self, forKey: .line), column: try container.decode(Int.self, forKey: .column))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
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
