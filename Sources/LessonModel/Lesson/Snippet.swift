import Diagnostics

/// A fenced Swift block of a lesson, with its attributes and expected output.
public struct Snippet: Sendable, Hashable {
    /// Position among the lesson's snippets, from 0.
    public var index: Int
    /// The code as written, hidden lines included.
    public var code: String
    public var attributes: SnippetAttributes
    /// The whole fenced block, fences included (byte columns).
    public var range: SourceRange
    /// The 1-based line of the first code line (the line after the opening fence).
    public var firstCodeLine: Int
    public var expectedOutput: ExpectedOutput?

    public init(
        index: Int, code: String, attributes: SnippetAttributes, range: SourceRange, firstCodeLine: Int,
        expectedOutput: ExpectedOutput? = nil
    ) {
        self.index = index
        self.code = code
        self.attributes = attributes
        self.range = range
        self.firstCodeLine = firstCodeLine
        self.expectedOutput = expectedOutput
    }

    /// The code a reader sees: lines between `// snippet.hide` and `// snippet.show` are left out.
    public var displayCode: String {
        var shown: [Substring] = []
        var hiding = false
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line.trimmed {
            case "// snippet.hide": hiding = true
            case "// snippet.show": hiding = false
            default: if !hiding { shown.append(line) }
            }
        }
        return shown.joined(separator: "\n")
    }

    /// Whether any line is hidden from readers.
    public var hasHiddenLines: Bool {
        code.split(separator: "\n").contains { $0.trimmed == "// snippet.hide" }
    }

    /// The 0-based lines of `code` (counted by `\n`, as `SwiftLexer` counts them) that the page does not show:
    /// every line of a `hidden` snippet, else the lines between `// snippet.hide` and `// snippet.show`.
    public var hiddenLines: Set<Int> {
        let lines = code.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if attributes.hidden { return Set(lines.indices) }
        guard hasHiddenLines else { return [] }
        var hidden = Set<Int>()
        var hiding = false
        for (n, bytes) in lines.enumerated() {
            switch Substring(bytes).trimmed {
            case "// snippet.hide": hiding = true
            case "// snippet.show": hiding = false
            default: if hiding { hidden.insert(n) }
            }
        }
        return hidden
    }

    /// Where byte `column` (from 0) of code line `line` (from 0) stands in the lesson file: code lines follow
    /// the fence, indented as far as the fence is (inside a list item or a quote).
    public func position(codeLine line: Int, byteColumn column: Int) -> SourcePosition {
        SourcePosition(line: firstCodeLine + line, column: max(0, range.start.column - 1) + column + 1)
    }
}

/// The ```` ```output ```` block that follows a snippet.
public struct ExpectedOutput: Sendable, Hashable {
    public var text: String
    public var range: SourceRange
    /// Show as an event timeline (`output timeline`).
    public var timeline: Bool

    public init(text: String, range: SourceRange, timeline: Bool = false) {
        self.text = text
        self.range = range
        self.timeline = timeline
    }
}
