/// Swift comments in code as byte ranges, so translated comments can be told apart from code.
public enum SwiftComments {
    /// UTF-8 byte ranges of every `//` and `/* */` comment, found by `SwiftLexer` (so raw and interpolated strings are skipped).
    public static func commentRanges(_ code: String) -> [Range<Int>] {
        SwiftLexer.commentRanges(Array(code.utf8))
    }

    /// The code without comments; newlines inside block comments are kept so lines still line up.
    static func stripped(_ code: String) -> String {
        SwiftLexer.removingComments(code)
    }

    /// The code without comments, trailing spaces, blank lines and hide/show markers.
    static func normalized(_ code: String) -> String {
        let stripped = stripped(code)
        // ASCII without carriage returns: Characters are bytes, so do the same on bytes (much cheaper).
        if stripped.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var out: [UInt8] = []
            for line in stripped.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                var end = line.endIndex
                while end > line.startIndex, line[line.index(before: end)] == 0x20 || line[line.index(before: end)] == 0x09 {
                    end = line.index(before: end)
                }
                if end == line.startIndex { continue }
                if !out.isEmpty { out.append(0x0A) }
                out.append(contentsOf: line[..<end])
            }
            return String(decoding: out, as: UTF8.self)
        }
        return stripped
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
